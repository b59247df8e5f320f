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

/** A path as steps: a key, or an array's index. */
type Steps = Array<string | number>;

/** `at`: the path as steps, joined only for what is lost: most documents lose nothing. */
function compare(given: unknown, rendered: unknown, at: Steps, lost: LostValue[], walk?: GivenWalk): void {
  if (given === rendered) {
    if (walk && typeof given === 'object' && given !== null) walk.whole(given, keyOf(at));
    return;
  }
  if (Array.isArray(given)) {
    // A one-value array may come back as the value itself (`type: ["Person"]`), and the
    // reverse (a single value under an `@set` property), below.
    const many = Array.isArray(rendered);
    const shown = many ? (rendered as unknown[]).length : rendered === undefined ? 0 : 1;
    for (let i = 0; i < given.length; i++) {
      const g: unknown = given[i];
      const r = i < shown ? (many ? (rendered as unknown[])[i] : rendered) : undefined;
      if (i < shown && sameScalar(g, r)) continue;
      at.push(i);
      if (i < shown) compare(g, r, at, lost, walk);
      else lose(g, at, lost, walk);
      at.pop();
    }
    return;
  }
  if (Array.isArray(rendered) && rendered.length === 1) return compare(given, rendered[0], at, lost, walk);
  if (isObject(given)) {
    if (!isObject(rendered)) return lose(given, at, lost, walk);
    walk?.node(given);
    for (const key in given) {
      const g = given[key];
      const r = rendered[key];
      if (sameScalar(g, r)) continue;
      at.push(key);
      if (r !== undefined || key in rendered) compare(g, r, at, lost, walk);
      else lose(g, at, lost, walk);
      at.pop();
    }
    return;
  }
  lose(given, at, lost, walk);
}

/** The same string, number, boolean or null (compare's first test, without a call: most values are these). */
function sameScalar(given: unknown, rendered: unknown): boolean {
  return given === rendered && given !== undefined && (given === null || typeof given !== 'object');
}

function lose(value: unknown, at: Steps, lost: LostValue[], walk: GivenWalk | undefined): void {
  lost.push({ path: pathOf(at), value });
  walk?.whole(value, keyOf(at));
}

/** The key a value stands under (an array's item: the array's key); undefined at the root. */
function keyOf(steps: Steps): string | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i];
    if (typeof step === 'string') return step;
  }
  return undefined;
}

function pathOf(steps: Steps): string {
  let path = '';
  for (const step of steps) {
    if (typeof step === 'number') path = `${path}[${step}]`;
    // (A key written as `[…]` joins as an index would, as it always has: the paths stay as they were.)
    else path = step[0] === '[' ? path + step : path === '' ? step : `${path}.${step}`;
  }
  return path;
}
