/**
 * The value a problem is about, found in the document as given at the problem's JSON path
 * (`produced_by.part[0].carried_out_by[1]`) and written as short JSON for a report line.
 */

/** Characters of a value shown, at most; longer values are cut and end with `…`. */
export const VALUE_WIDTH = 80;

/**
 * The value at `path` in `json`, or undefined when the path leads nowhere. Keys may hold dots
 * (an IRI written as a key), so at each object the longest key the rest of the path starts
 * with is taken.
 */
export function valueAt(json: unknown, path: string): unknown {
  let here: unknown = json;
  let rest = path;
  while (rest !== '') {
    if (rest.startsWith('[')) {
      const m = /^\[(\d+)\]\.?/.exec(rest);
      if (!m || !Array.isArray(here)) return undefined;
      here = here[Number(m[1])];
      rest = rest.slice(m[0].length);
      continue;
    }
    if (here === null || typeof here !== 'object' || Array.isArray(here)) return undefined;
    const object = here as Record<string, unknown>;
    let key: string | undefined;
    for (const k of Object.keys(object)) {
      if (
        rest.startsWith(k) &&
        (rest.length === k.length || rest[k.length] === '.' || rest[k.length] === '[') &&
        k.length > (key?.length ?? -1)
      )
        key = k;
    }
    if (key === undefined) return undefined;
    here = object[key];
    rest = rest.slice(key.length);
    if (rest.startsWith('.')) rest = rest.slice(1);
  }
  return here;
}

/** `value` as JSON, cut at VALUE_WIDTH characters with `…`. */
export function shortJson(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  if (text === undefined) return undefined;
  return text.length <= VALUE_WIDTH ? text : text.slice(0, VALUE_WIDTH - 1) + '…';
}

/** The short JSON of the value at `path` in `json`, when there is one. */
export function shortValueAt(json: unknown, path: string): string | undefined {
  return shortJson(valueAt(json, path));
}
