/**
 * The repairs, run over one document in one walk before the write gate: each node is offered
 * to every repair in turn (in REPAIRS' order: a renamed class or key is seen renamed by the
 * repairs after it), then its values are visited with the context in force for them, so a
 * repair that asks the context (a CIDOC-CRM key, an unmapped key) sees the scoped terms the
 * gate will.
 *
 * Copy on write: the input is never changed (a rejects file shows the document as it came),
 * and a document that needs nothing comes back as the same object, with no notes.
 */
import type { ActiveContext } from '../../context/ActiveContext.js';
import { contextFromDocumentValue } from '../../context/linkedArtContext.js';
import { ContextError, type TermDefinition } from '../../context/TermDefinition.js';
import { contextAlias } from './contextAlias.js';
import { bareReference } from './bareReference.js';
import { crmKey } from './crmKey.js';
import { dateOrder } from './dateOrder.js';
import { datePrecision } from './datePrecision.js';
import { emptyUnmappedKey } from './emptyUnmappedKey.js';
import { identifierAssigner } from './identifierAssigner.js';
import { escapedId, iriEscape } from './iriEscape.js';
import { legacyClass } from './legacyClass.js';
import { legacyTerm } from './legacyTerm.js';
import { linksDropped } from './linksDropped.js';
import { numberString } from './numberString.js';
import { redundantContext } from './redundantContext.js';
import { relativeId, resolvedId } from './relativeId.js';
import { typeFromRange } from './typeFromRange.js';
import { isEmptyObject, isObject, join, KeyScan, typesOf, type Json, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';
import type { RepairNote } from './RepairNote.js';
import type { SourceConventions } from './SourceConventions.js';

/** Every repair, in the order they run on a node. */
const ALL: readonly Repair[] = [
  contextAlias, linksDropped, redundantContext,
  legacyClass, legacyTerm, crmKey, emptyUnmappedKey, identifierAssigner, typeFromRange, bareReference,
  relativeId, iriEscape, dateOrder, datePrecision, numberString,
];

/**
 * Which repairs a node's keys call for, as bits (the repairs' places in ALL): one map lookup a
 * key, so a node that needs nothing costs a pass over its keys, not a call of every repair.
 */
const TRIGGERS = new Map<string, number>();
let ON_COLON_KEY = 0;
let ON_EMPTY_VALUE = 0;
let ALWAYS = 0;
ALL.forEach((repair, i) => {
  const bit = 1 << i;
  for (const key of repair.keys ?? []) TRIGGERS.set(key, (TRIGGERS.get(key) ?? 0) | bit);
  if ((repair.needs ?? 0) & KeyScan.colonKey) ON_COLON_KEY |= bit;
  if ((repair.needs ?? 0) & KeyScan.emptyValue) ON_EMPTY_VALUE |= bit;
  if (repair.keys === undefined && repair.needs === undefined) ALWAYS |= bit;
});

function triggered(node: JsonObject): number {
  let bits = ALWAYS;
  for (const key in node) {
    bits |= TRIGGERS.get(key) ?? 0;
    const value = node[key];
    if (value !== null && typeof value === 'object' && (Array.isArray(value) ? value.length === 0 : isEmptyObject(value))) bits |= ON_EMPTY_VALUE;
    if (key.charCodeAt(0) !== 64 /* @ */ && key.includes(':')) bits |= ON_COLON_KEY;
  }
  return bits;
}

/** Every repair, for documentation and tests. */
export const REPAIRS: readonly { name: string; cites: string; summary: string }[] =
  ALL.map(({ name, cites, summary }) => ({ name, cites, summary }));

/** Whether a write repairs what it is given: 'all' (load, bulk and validate by default), 'none'. */
export type RepairPolicy = 'all' | 'none';

export const REPAIR_POLICIES: readonly RepairPolicy[] = ['all', 'none'];

export function repairPolicyNamed(name: string): RepairPolicy | undefined {
  return (REPAIR_POLICIES as readonly string[]).includes(name) ? name as RepairPolicy : undefined;
}

export interface RepairOptions {
  /** What a relative `id` resolves against (none: relative ids stay, and are refused). */
  readonly base?: string;
  /** What the source is known to do differently (none: nothing is read any other way). */
  readonly conventions?: SourceConventions;
}

export function repairDocument(json: unknown, options: RepairOptions = {}): { document: unknown; repairs: RepairNote[] } {
  if (!isObject(json)) return { document: json, repairs: [] };
  const repairs: RepairNote[] = [];
  let doc: JsonObject = json;
  for (const repair of ALL) {
    if (!repair.document) continue;
    const next = repair.document(doc, noteFor(repair, repairs));
    if (next) doc = next;
  }
  let ctx: ActiveContext;
  try {
    ctx = contextFromDocumentValue(doc['@context']);
  } catch (error) {
    // A context the gate refuses: nothing else can be read for sure.
    if (error instanceof ContextError) return { document: doc, repairs };
    throw error;
  }
  const walk = new Walk(repairs, doc['@context'], options.base, options.conventions ?? {});
  return { document: walk.node(doc, '', undefined, null, ctx), repairs };
}

/**
 * A document's id as the repairs will leave it (relative-id, then iri-escape), for a loader that
 * reads ids before the gate (to find the stored copy, and the same id twice in one load).
 */
export function repairedId(id: string, options: RepairOptions = {}): string {
  const resolved = options.base === undefined ? id : resolvedId(id, options.base) ?? id;
  return escapedId(resolved) ?? resolved;
}

function noteFor(repair: Repair, notes: RepairNote[]): Note {
  return (path, message) => { notes.push({ repair: repair.name, path, message }); };
}

class Walk {
  private readonly notes: ReadonlyMap<Repair, Note>;

  constructor(repairs: RepairNote[], private readonly documentContext: Json | undefined, private readonly base: string | undefined,
    private readonly conventions: SourceConventions) {
    this.notes = new Map(ALL.map((r) => [r, noteFor(r, repairs)]));
  }

  node(given: JsonObject, path: string, property: string | undefined, via: TermDefinition | null, ctx: ActiveContext): JsonObject {
    let node = given;
    const at: NodeVisit = { path, property, via, ctx, documentContext: this.documentContext, base: this.base, conventions: this.conventions };
    // The keys scanned once, and again only after a repair changed the node.
    let bits = triggered(node);
    for (let i = 0; bits >>> i !== 0; i++) {
      const repair = ALL[i]!;
      if ((bits & (1 << i)) === 0 || !repair.node) continue;
      const before = node;
      const next = repair.node(node, at, this.notes.get(repair)!);
      if (next) node = next;
      if (node !== before) bits = triggered(node) & ~((2 << i) - 1);
    }
    // Its values, in the context its types give; a changed value means a copy of the node (once).
    const types = typesOf(node);
    const inner = types.length > 0 ? ctx.withTypes(types) : ctx;
    let owned = node !== given;
    for (const key in node) {
      const value = node[key];
      if (value === null || typeof value !== 'object' || key === '@context') continue;
      const def = inner.terms.get(key) ?? null;
      const childCtx = inner.enterNode(def);
      const keyPath = join(path, key);
      const next = Array.isArray(value) ? this.array(value, keyPath, key, def, childCtx) : this.node(value, keyPath, key, def, childCtx);
      if (next !== value) {
        if (!owned) { node = { ...node }; owned = true; }
        node[key] = next;
      }
    }
    return node;
  }

  private array(items: Json[], path: string, property: string, via: TermDefinition | null, ctx: ActiveContext): Json[] {
    let out: Json[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (!isObject(item)) continue;
      const next = this.node(item, `${path}[${i}]`, property, via, ctx);
      if (next !== item) (out ??= items.slice())[i] = next;
    }
    return out ?? items;
  }
}
