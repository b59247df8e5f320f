/**
 * The URIs of a document's history (RFC 7089): each version's (a Memento, immutable) and its
 * TimeMap's, under the service's own paths beside the base URL: `{base}_version/{n}{path}` and
 * `{base}_timemap{path}`, where `{path}` is the document's own path (ids are the base URL's
 * origin plus a path).
 */
export const VERSION_PATH = '/_version/';
export const TIMEMAP_PATH = '/_timemap/';

/** The base URL's path without its last slash (`/la` for `https://data.example.org/la/`; empty for `/`). */
function rootOf(baseUrl: string): string {
  // A service has one base URL: parsed once, not for every live document's Link (a cold GET makes it each time).
  if (baseUrl !== lastRoot.baseUrl) {
    const base = new URL(baseUrl);
    lastRoot = { baseUrl, root: base.origin + base.pathname.replace(/\/$/, '') };
  }
  return lastRoot.root;
}
let lastRoot = { baseUrl: '', root: '' };

export function versionUri(baseUrl: string, id: string, n: number): string {
  return versionUris(baseUrl, id)(n);
}

/** versionUri for one document, its URLs parsed once (a TimeMap lists a thousand versions). */
export function versionUris(baseUrl: string, id: string): (n: number) => string {
  const [before, after] = [`${rootOf(baseUrl)}${VERSION_PATH}`, new URL(id).pathname];
  return (n) => `${before}${n}${after}`;
}

export function timeMapUri(baseUrl: string, id: string): string {
  return `${rootOf(baseUrl)}${TIMEMAP_PATH.slice(0, -1)}${new URL(id).pathname}`;
}

/**
 * A request path under one of the history's paths (with or without the base URL's path before
 * it), as the history path's rest: `/3/la/object/1` for `/la/_version/3/la/object/1`; undefined
 * when it is not under `prefix`.
 */
export function afterHistoryPath(basePath: string, path: string, prefix: string): string | undefined {
  const inner = basePath !== '/' && path.startsWith(basePath) ? path.slice(basePath.length - 1) : path;
  const marker = prefix.slice(0, -1);
  return inner.startsWith(marker + '/') ? inner.slice(marker.length) : undefined;
}
