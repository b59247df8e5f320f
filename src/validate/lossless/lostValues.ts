/**
 * What of a document as given would not come back: the given JSON against the document
 * rendered from its quads, path by path. The documented normalizations are not losses (README
 * "What comes back"): key order, one value shown as a one-element array (an `@set` property, or a
 * property written in the spec's array form), `type` with one value as a string, a number
 * written in another form (JSON does not tell `1.0` from `1`). Values the render adds (a type
 * the merged node carries from elsewhere) are no loss either: only what was given is looked for.
 */

/** A JSON path of the document as given and the value there that would be lost. */
export interface LostValue { readonly path: string; readonly value: unknown }

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
const child = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** The given values the rendered document does not hold, outermost first, in document order. */
export function lostValues(given: unknown, rendered: unknown): LostValue[] {
  const lost: LostValue[] = [];
  compare(given, rendered, '', lost);
  return lost;
}

function compare(given: unknown, rendered: unknown, path: string, lost: LostValue[]): void {
  if (given === rendered) return;
  if (Array.isArray(given)) {
    // A one-value array may come back as the value itself (`type: ["Person"]`), and the
    // reverse (a single value under an `@set` property), below.
    const shown = Array.isArray(rendered) ? rendered : rendered === undefined ? [] : [rendered];
    given.forEach((g, i) => {
      const at = `${path}[${i}]`;
      if (i < shown.length) compare(g, shown[i], at, lost);
      else lost.push({ path: at, value: g });
    });
    return;
  }
  if (Array.isArray(rendered) && rendered.length === 1) return compare(given, rendered[0], path, lost);
  if (isObject(given)) {
    if (!isObject(rendered)) return void lost.push({ path, value: given });
    for (const [key, value] of Object.entries(given)) {
      if (key in rendered) compare(value, rendered[key], child(path, key), lost);
      else lost.push({ path: child(path, key), value });
    }
    return;
  }
  if (typeof given === 'number' && typeof rendered === 'number' && given === rendered) return;
  lost.push({ path, value: given });
}
