/**
 * What of a document as given would not come back: the given JSON against the document
 * rendered from its quads, path by path. The documented normalizations are not losses (README
 * "What comes back"): key order, one value shown as a one-element array (an `@set` property, or a
 * property written in the spec's array form), `type` with one value as a string, a number
 * written in another form (JSON does not tell `1.0` from `1`). Values the render adds (a type
 * the merged node carries from elsewhere) are no loss either: only what was given is looked for.
 */

/** A JSON path of the document as given and the value there that would be lost. */
export interface LostValue {
  readonly path: string;
  readonly value: unknown;
}

type JsonObject = Record<string, unknown>;

/**
 * What a comparison tells of the document as given as it goes, so that a look at every node
 * (sharedIds.ts) need not walk it again: each node it compares key by key, and each value it
 * does not go into (lost, or given back as the very same value) with the key it stands under.
 */
export interface GivenWalk {
  node(node: JsonObject): void;
  whole(value: unknown, key: string | undefined): void;
}

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The given values the rendered document does not hold, outermost first, in document order; `walk` is told of every part of `given`. */
export function lostValues(given: unknown, rendered: unknown, walk?: GivenWalk): LostValue[] {
  const lost: LostValue[] = [];
  compare(given, rendered, [], lost, walk);
  return lost;
}

/** `at`: the path as steps (`key` or `[0]`), joined only for what is lost: most documents lose nothing. */
function compare(given: unknown, rendered: unknown, at: string[], lost: LostValue[], walk?: GivenWalk): void {
  if (given === rendered) {
    if (walk && typeof given === 'object' && given !== null) walk.whole(given, keyOf(at));
    return;
  }
  const lose = (value: unknown) => {
    lost.push({ path: pathOf(at), value });
    walk?.whole(value, keyOf(at));
  };
  if (Array.isArray(given)) {
    // A one-value array may come back as the value itself (`type: ["Person"]`), and the
    // reverse (a single value under an `@set` property), below.
    const shown = Array.isArray(rendered) ? rendered : rendered === undefined ? [] : [rendered];
    for (let i = 0; i < given.length; i++) {
      at.push(`[${i}]`);
      if (i < shown.length) compare(given[i], shown[i], at, lost, walk);
      else lose(given[i]);
      at.pop();
    }
    return;
  }
  if (Array.isArray(rendered) && rendered.length === 1) return compare(given, rendered[0], at, lost, walk);
  if (isObject(given)) {
    if (!isObject(rendered)) return lose(given);
    walk?.node(given);
    for (const key of Object.keys(given)) {
      at.push(key);
      if (key in rendered) compare(given[key], rendered[key], at, lost, walk);
      else lose(given[key]);
      at.pop();
    }
    return;
  }
  lose(given);
}

/** The key a value stands under (an array's item: the array's key); undefined at the root. */
function keyOf(steps: readonly string[]): string | undefined {
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i][0] !== '[') return steps[i];
  return undefined;
}

function pathOf(steps: readonly string[]): string {
  let path = '';
  for (const step of steps) path = step[0] === '[' ? path + step : path === '' ? step : `${path}.${step}`;
  return path;
}
