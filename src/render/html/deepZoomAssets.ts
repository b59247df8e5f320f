/**
 * The files of the deep-zoom viewer, served by the service itself (the pages' CSP takes scripts
 * from this origin only): OpenSeadragon's build from npm (its script and its buttons' images)
 * under a path that names its version, and our script that starts it on a page's IIIF pictures
 * (data/page-scripts/deep-zoom.js), named with a hash of its content. A new version is a new
 * URL, so both may be cached for a year.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file served under a path: where it is on disk and its media type. */
export interface AssetFile {
  readonly file: string;
  readonly type: string;
}

const OPENSEADRAGON_PACKAGE = createRequire(import.meta.url).resolve('openseadragon/package.json');
const OPENSEADRAGON_BUILD = `${dirname(OPENSEADRAGON_PACKAGE)}/build/openseadragon/`;
const OPENSEADRAGON_VERSION = (JSON.parse(readFileSync(OPENSEADRAGON_PACKAGE, 'utf8')) as { version: string }).version;
const DEEP_ZOOM_FILE = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/')
      ? '../../../../data/page-scripts/deep-zoom.js'
      : '../../../data/page-scripts/deep-zoom.js',
    import.meta.url,
  ),
);

/** OpenSeadragon's files, under this path (from the server's root; pages put it under the base URL's path). */
export const OPENSEADRAGON_PATH = `/_assets/openseadragon-${OPENSEADRAGON_VERSION}/`;
/** Our script that starts the viewer. */
export const DEEP_ZOOM_SCRIPT_PATH = '/_assets/deep-zoom.js';

const JAVASCRIPT = 'text/javascript; charset=utf-8';

/** OpenSeadragon's files by their name under OPENSEADRAGON_PATH: its minified script and its buttons' images. */
export function openSeadragonFiles(): ReadonlyMap<string, AssetFile> {
  const files = new Map<string, AssetFile>([
    ['openseadragon.min.js', { file: `${OPENSEADRAGON_BUILD}openseadragon.min.js`, type: JAVASCRIPT }],
  ]);
  for (const name of readdirSync(`${OPENSEADRAGON_BUILD}images/`))
    if (name.endsWith('.png'))
      files.set(`images/${name}`, { file: `${OPENSEADRAGON_BUILD}images/${name}`, type: 'image/png' });
  return files;
}

/** Our starting script, as a file served at DEEP_ZOOM_SCRIPT_PATH. */
export const DEEP_ZOOM_SCRIPT: AssetFile = { file: DEEP_ZOOM_FILE, type: JAVASCRIPT };

let scriptVersion: string | undefined;

/** A short hash of our script's content: its URL's `?v=`, so that a cached copy is never stale. */
export function deepZoomScriptVersion(): string {
  scriptVersion ??= createHash('sha256').update(readFileSync(DEEP_ZOOM_FILE)).digest('hex').slice(0, 12);
  return scriptVersion;
}
