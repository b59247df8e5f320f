/**
 * A repair: a change of form, never of meaning, that lets a document written in an older or
 * looser way through the write gate. Each is named, cites the Linked Art (CIDOC-CRM, JSON-LD,
 * RFC) text it follows, and does nothing where it cannot apply unambiguously: the gate then
 * refuses the document as it would have.
 *
 * A repair never changes what it is given: it answers a new object, sharing what it left
 * alone, or undefined when the node needs nothing (the common case, which must cost nearly
 * nothing).
 */
import type { ActiveContext } from '../../context/ActiveContext.js';
import type { TermDefinition } from '../../context/TermDefinition.js';
import type { SourceConventions } from './SourceConventions.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Where a node stands, as repairs see it. */
export interface NodeVisit {
  /** The node's JSON path ('' for the document). */
  readonly path: string;
  /** The key the node stands under (undefined for the document). */
  readonly property: string | undefined;
  /** What that key means where it stands (null: the document, or a key the context does not map). */
  readonly via: TermDefinition | null;
  /** The context in force at the node, before its own types' scoped contexts. */
  readonly ctx: ActiveContext;
  /** The document's own `@context` value. */
  readonly documentContext: Json | undefined;
  /** What relative ids resolve against, when the write gives one. */
  readonly base: string | undefined;
  /** What the write says its source does differently (--date-order). */
  readonly conventions: SourceConventions;
}

export type Note = (path: string, message: string) => void;

export interface Repair {
  /** Kebab-case, as the load report counts it. */
  readonly name: string;
  /** The text or change it follows. */
  readonly cites: string;
  readonly summary: string;
  /** The whole document, before any node is visited (the root `@context`). */
  document?(doc: JsonObject, note: Note): JsonObject | undefined;
  /**
   * When this repair is asked about a node: most nodes need no repair, and a repair is asked only
   * about the nodes that could need it (one pass over each node's keys and values tells which).
   * `keys`: the node has one of them (any node, if none are given); with `keysHoldText`, one of
   * them holds text (a string, or an array with one). `needs` (KeyScan bits): and the pass shows
   * one of these.
   */
  readonly keys?: readonly string[];
  readonly keysHoldText?: boolean;
  readonly needs?: number;
  /** One node object (the document too), before its values are visited. */
  node?(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined;
}

/** What one pass over a node's keys and values shows (bits). */
export const KeyScan = {
  /** A key with a colon (an IRI or compact IRI), not a keyword. */
  colonKey: 1,
  /** A key whose value is [] or {}. */
  emptyValue: 2,
  /** A key whose value is null, or an array holding null. */
  nullValue: 4,
  /** A key whose value is "". */
  emptyString: 8,
  /** A string value, or one in an array, written `http//…` or `https//…` (schemeColon.ts). */
  schemeWithoutColon: 16,
} as const;

export function isEmptyObject(value: JsonObject): boolean {
  for (const _ in value) return false;
  return true;
}

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A node's types as strings (`type` or `@type`, one or many). */
export function typesOf(node: JsonObject): string[] {
  const t = node['type'] ?? node['@type'];
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}

export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** The node with `key` set to `value`, in the key's place (at the end when new). */
export function withValue(node: JsonObject, key: string, value: Json): JsonObject {
  return { ...node, [key]: value };
}

/** The node without `key`. */
export function without(node: JsonObject, key: string): JsonObject {
  const { [key]: _dropped, ...rest } = node;
  return rest;
}

/** The node with the key `from` renamed `to`, in the same place among the keys. */
export function renamed(node: JsonObject, from: string, to: string): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(node)) out[key === from ? to : key] = node[key]!;
  return out;
}

/**
 * A repair of the node's id (`id`, else `@id`): `rewritten` gives the new id, or undefined to
 * leave it; the note says what `says` makes of the id and the new one.
 */
export function idRewritten(
  node: JsonObject,
  at: NodeVisit,
  note: Note,
  rewritten: (id: string) => string | undefined,
  says: (id: string, value: string) => string,
): JsonObject | undefined {
  const key = 'id' in node ? 'id' : '@id';
  const id = node[key];
  if (typeof id !== 'string') return undefined;
  const value = rewritten(id);
  if (value === undefined) return undefined;
  note(join(at.path, key), says(id, value));
  return withValue(node, key, value);
}

/**
 * A repair key by key, over the node's keys as they were: `repair` gives the node with the key
 * repaired (from the node as repaired so far), or undefined to leave it. Undefined when no key was.
 */
export function keysRepaired(
  node: JsonObject,
  repair: (key: string, sofar: JsonObject) => JsonObject | undefined,
): JsonObject | undefined {
  let out: JsonObject | undefined;
  for (const key in node) out = repair(key, out ?? node) ?? out;
  return out;
}
