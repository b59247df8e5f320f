/**
 * One id given to nodes of different kinds (a VisualItem and the DigitalObject that shows it,
 * a Production and its TimeSpan): RDF makes them one node, so neither comes back as written
 * and the shapes of each kind judge both. Found in the JSON as given, so the message names the
 * places exactly whatever the render makes of them.
 */
import type { GivenWalk } from './lostValues.js';

/** Where one node with this id stands, and the classes written there. */
export interface IdUse {
  readonly path: string;
  readonly types: readonly string[];
}

/**
 * An id written on nodes of different classes: the first place of each class, and every place
 * of a class other than the first one's (where a fresh id would part them).
 */
export interface SharedId {
  readonly id: string;
  readonly uses: readonly IdUse[];
  readonly others: readonly string[];
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The ids of `given` written on nodes of different classes, in document order. */
export function sharedIds(given: unknown): SharedId[] {
  // Most documents share no id: a first walk without paths says so cheaply.
  const classes = new IdClasses();
  classes.whole(given, undefined);
  return classes.shared ? sharedIdsOf(given) : [];
}

/**
 * Whether some id stands on nodes of two classes, told node by node (in any order: the first
 * class seen with each id is kept), or a whole value at a time (walked here). A GivenWalk, so
 * that the lossless check's comparison, which walks the document anyway, tells it.
 */
export class IdClasses implements GivenWalk {
  shared = false;
  private readonly classes = new Map<string, string>();

  node(node: JsonObject): void {
    if (this.shared) return;
    const id = node['id'] ?? node['@id'];
    if (typeof id !== 'string' || id === '') return;
    const key = classKey(node);
    if (key === '') return;
    const seen = this.classes.get(id);
    if (seen === undefined) this.classes.set(id, key);
    else if (seen !== key) this.shared = true;
  }

  /** Every node of `value` (not within a `@context`: it holds no nodes of the document). */
  whole(value: unknown, key: string | undefined): void {
    if (key !== '@context' && typeof value === 'object' && value !== null) this.walk(value);
  }

  private walk(value: object): void {
    if (this.shared) return;
    if (Array.isArray(value)) {
      for (const v of value as unknown[]) if (typeof v === 'object' && v !== null) this.walk(v);
      return;
    }
    const node = value as JsonObject;
    this.node(node);
    for (const key in node) {
      const v = node[key];
      if (key !== '@context' && typeof v === 'object' && v !== null) this.walk(v);
    }
  }
}

/** The ids of `given` written on nodes of different classes (some are: IdClasses said so), in document order. */
export function sharedIdsOf(given: unknown): SharedId[] {
  const uses = new Map<string, IdUse[]>();
  walk(given, '', uses);
  const shared: SharedId[] = [];
  for (const [id, list] of uses) {
    const byClass = new Map<string, IdUse>();
    for (const use of list) {
      const key = [...use.types].sort().join(' ');
      if (use.types.length > 0 && !byClass.has(key)) byClass.set(key, use);
    }
    if (byClass.size < 2) continue;
    const first = [...byClass.keys()][0];
    const others = list.filter((u) => u.types.length > 0 && [...u.types].sort().join(' ') !== first).map((u) => u.path);
    shared.push({ id, uses: [...byClass.values()], others });
  }
  return shared;
}

function typesOf(node: JsonObject): string[] {
  const type = node['type'] ?? node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
}

/** The classes of a node as one string; one type written as a string is its own key (most nodes: nothing made). */
function classKey(node: JsonObject): string {
  const type = node['type'] ?? node['@type'];
  return typeof type === 'string' ? type : typesOf(node).sort().join(' ');
}

function walk(value: unknown, path: string, uses: Map<string, IdUse[]>): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, `${path}[${i}]`, uses));
    return;
  }
  if (!isObject(value)) return;
  const id = value['id'] ?? value['@id'];
  if (typeof id === 'string' && id !== '') {
    const types = typesOf(value);
    const list = uses.get(id);
    if (list) list.push({ path, types });
    else uses.set(id, [{ path, types }]);
  }
  for (const [key, v] of Object.entries(value)) {
    if (key !== '@context' && typeof v === 'object') walk(v, path === '' ? key : `${path}.${key}`, uses);
  }
}

/** `the id X is used for a VisualItem at representation[0] and for a DigitalObject at …; RDF makes them one thing`. */
export function describeSharedId(shared: SharedId): string {
  const places = shared.uses.map(
    (u) => `for ${article(u.types.join(' and '))} at ${u.path === '' ? 'the document itself' : u.path}`,
  );
  const listed =
    places.length === 2 ? places.join(' and ') : `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}`;
  return `the id ${shared.id} is used ${listed}; RDF makes them one thing`;
}

function article(word: string): string {
  return `${/^[AEIOU]/.test(word) ? 'an' : 'a'} ${word}`;
}
