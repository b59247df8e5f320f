/**
 * The deep-zoom viewer's files (deepZoomAssets.ts): OpenSeadragon's under a path that names its
 * version, and our starting script, each cached for a year when asked for by the URL pages use
 * (our script's `?v=` its content's hash; any other, five minutes).
 */
import {
  DEEP_ZOOM_SCRIPT,
  DEEP_ZOOM_SCRIPT_PATH,
  deepZoomScriptVersion,
  openSeadragonFiles,
  OPENSEADRAGON_PATH,
} from '../render/html/deepZoomAssets.js';
import { IMMUTABLE, staticFiles, type FileHandler } from './staticFiles.js';

/** OpenSeadragon's files: a handler for every path under OPENSEADRAGON_PATH. */
export function openSeadragonRoute(): FileHandler {
  return staticFiles(OPENSEADRAGON_PATH, openSeadragonFiles(), () => IMMUTABLE);
}

/** Our script at DEEP_ZOOM_SCRIPT_PATH. */
export function deepZoomScriptRoute(): FileHandler {
  const name = DEEP_ZOOM_SCRIPT_PATH.slice(DEEP_ZOOM_SCRIPT_PATH.lastIndexOf('/') + 1);
  return staticFiles(DEEP_ZOOM_SCRIPT_PATH.slice(0, -name.length), new Map([[name, DEEP_ZOOM_SCRIPT]]), (req) =>
    new URL(req.url, 'http://x').searchParams.get('v') === deepZoomScriptVersion() ? IMMUTABLE : 'public, max-age=300',
  );
}
