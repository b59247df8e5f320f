/** A setting that names a web address: an http or https URL, nothing else. */

/** `value`, trimmed, as an http or https URL; undefined where it is not one. */
export function httpUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}
