/**
 * A --server flag (export, query, update): the base URL of a running service, and one of the
 * service's paths under it.
 */

/**
 * `path` (`/sparql`, `/_export`) under the server's base URL, its query and fragment dropped;
 * `fail` makes the error for a value that is not an http or https URL.
 */
export function serverPathUrl(server: string, path: string, fail: (message: string) => Error): URL {
  let base: URL;
  try {
    base = new URL(server);
  } catch {
    throw fail(`--server ${JSON.stringify(server)}: not a URL; give the server's base URL, e.g. http://localhost:8080`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw fail(`--server ${server}: an http or https URL is needed`);
  base.search = '';
  base.hash = '';
  return new URL(base.href.replace(/\/+$/, '') + path);
}
