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
import { crmKey } from './crmKey.js';
import { datePrecision } from './datePrecision.js';
import { emptyUnmappedKey } from './emptyUnmappedKey.js';
import { identifierAssigner } from './identifierAssigner.js';
import { iriEscape } from './iriEscape.js';
import { legacyClass } from './legacyClass.js';
import { legacyTerm } from './legacyTerm.js';
import { linksDropped } from './linksDropped.js';
import { numberString } from './numberString.js';
import { redundantContext } from './redundantContext.js';
import { relativeId } from './relativeId.js';
import { typeFromRange } from './typeFromRange.js';
import { isObject, join, typesOf, type Json, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';
import type { RepairNote } from './RepairNote.js';

/** Every repair, in the order they run on a node. */
const ALL: readonly Repair[] = [
  contextAlias, linksDropped, redundantContext,
  legacyClass, legacyTerm, crmKey, emptyUnmappedKey, identifierAssigner, typeFromRange,
  relativeId, iriEscape, datePrecision, numberString,
];

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
  const walk = new Walk(repairs, doc['@context'], options.base);
  return { document: walk.node(doc, '', undefined, null, ctx), repairs };
}

function noteFor(repair: Repair, notes: RepairNote[]): Note {
  return (path, message) => { notes.push({ repair: repair.name, path, message }); };
}

class Walk {
  private readonly notes: ReadonlyMap<Repair, Note>;

  constructor(repairs: RepairNote[], private readonly documentContext: Json | undefined, private readonly base: string | undefined) {
    this.notes = new Map(ALL.map((r) => [r, noteFor(r, repairs)]));
  }

  node(given: JsonObject, path: string, property: string | undefined, via: TermDefinition | null, ctx: ActiveContext): JsonObject {
    let node = given;
    const at: NodeVisit = { path, property, via, ctx, documentContext: this.documentContext, base: this.base };
    for (const repair of ALL) {
      if (!repair.node) continue;
      const next = repair.node(node, at, this.notes.get(repair)!);
      if (next) node = next;
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
