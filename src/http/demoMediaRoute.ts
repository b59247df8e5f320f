/**
 * GET /media/{file}: the demo collection's pictures (data/demo-media/; harbour.png drawn by
 * scripts/draw-demo-image.mjs), which its digital image's `access_point` names, so the demo's
 * pages show a picture rather than a broken one. Served whatever loaded the demo (`serve --demo`,
 * or `linkedart load data/demo` then `serve`): the files are the service's own. Each file of the
 * folder (of an image type) is a route of its own, listed at start: no path from a request
 * reaches the file system, and no other id under /media/ is taken. Cached for a day, validated by its ETag.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AssetFile } from '../render/html/deepZoomAssets.js';
import { staticFiles, type FileHandler } from './staticFiles.js';

export const DEMO_MEDIA_PATH = '/media/';

const DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../data/demo-media/' : '../../data/demo-media/', import.meta.url),
);

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Each demo picture's path (under /media/) and its handler. */
export function demoMediaRoutes(): Array<[string, FileHandler]> {
  const files = new Map<string, AssetFile>();
  for (const name of readdirSync(DIR)) {
    const type = IMAGE_TYPES[/\.(\w+)$/.exec(name)?.[1]?.toLowerCase() ?? ''];
    if (type && /^[\w.-]+$/.test(name)) files.set(name, { file: `${DIR}${name}`, type });
  }
  const handler = staticFiles(DEMO_MEDIA_PATH, files, () => 'public, max-age=86400');
  return [...files.keys()].map((name) => [`${DEMO_MEDIA_PATH}${name}`, handler]);
}
