/**
 * Files the service serves as they are, from a fixed list made at start: the deep-zoom viewer's
 * and the demo's picture. A request names a file of the list or gets a 404: no path from a
 * request reaches the file system, so nothing can climb out of the folder. Each file is read on
 * first use and kept (gzipped too when it is text), answered with its ETag, a 304 when the client
 * has it, and the cache lifetime the caller chooses.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { AssetFile } from '../render/html/deepZoomAssets.js';
import { sendAsset, type Asset } from './assetAnswer.js';
import { etagOf } from './conditionalAnswer.js';
import { NotFound } from './HttpError.js';

/** What answers a request for one of the files. */
export type FileHandler = (req: Request, res: Response) => void;

/** A year: for a URL that changes whenever its content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET (and HEAD) of the files under `mount` (a path prefix, also found under the base URL's path): `files` by
 * their name below it; `cacheControl` says how long a copy keeps, from the request (e.g. a `?v=` that matches).
 */
export function staticFiles(
  mount: string,
  files: ReadonlyMap<string, AssetFile>,
  cacheControl: (req: Request, name: string) => string,
): FileHandler {
  const loaded = new Map<string, Asset>();
  return (req: Request, res: Response): void => {
    const url = req.originalUrl;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const at = path.indexOf(mount);
    const name = at < 0 ? '' : path.slice(at + mount.length);
    const file = files.get(name);
    if (!file) throw new NotFound(`There is no file ${JSON.stringify(path.slice(0, 200))} here.`);
    let content = loaded.get(name);
    if (!content) loaded.set(name, (content = load(file)));
    const common = [
      'Content-Type',
      file.type,
      'ETag',
      content.etag,
      'Cache-Control',
      cacheControl(req, name),
      'X-Content-Type-Options',
      'nosniff',
      ...(content.gzip ? ['Vary', 'Accept-Encoding'] : []),
    ];
    sendAsset(req, res, content, common);
  };
}

function load(file: AssetFile): Asset {
  const body = readFileSync(file.file);
  const etag = etagOf(body);
  return file.type.startsWith('text/') ? { body, etag, gzip: gzipSync(body, { level: 9 }) } : { body, etag };
}
