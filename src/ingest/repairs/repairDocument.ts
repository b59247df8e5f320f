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
import { dateNumber } from './dateNumber.js';
import { dateOrder } from './dateOrder.js';
import { datePadding } from './datePadding.js';
import { datePrecision } from './datePrecision.js';
import { dateTimeSpace } from './dateTimeSpace.js';
import { emptyId } from './emptyId.js';
import { emptyUnmappedKey } from './emptyUnmappedKey.js';
import { identifierAssigner } from './identifierAssigner.js';
import { escapedId, iriEscape } from './iriEscape.js';
import { legacyClass } from './legacyClass.js';
import { legacyTerm } from './legacyTerm.js';
import { linksDropped } from './linksDropped.js';
import { nameContent } from './nameContent.js';
import { nullValue } from './nullValue.js';
import { numberString } from './numberString.js';
import { redundantContext } from './redundantContext.js';
import { relativeId, resolvedId } from './relativeId.js';
import { missesColon, schemeColon, withSchemeColon } from './schemeColon.js';
import { typeCase } from './typeCase.js';
import { typeFromRange } from './typeFromRange.js';
import { isEmptyObject, isObject, join, KeyScan, typesOf } from './Repair.js';
import type { Json, JsonObject, Note, NodeVisit, Repair } from './Repair.js';
import type { RepairNote } from './RepairNote.js';
import type { SourceConventions } from './SourceConventions.js';

/**
 * Every repair, in the order they run on a node: nulls first (nothing after sees them); a type's
 * case before the legacy class names (`manmadeobject` → `ManMadeObject` → `HumanMadeObject`);
 * an IRI's missing colon before anything reads IRIs (a relative id would resolve under the base;
 * a bare reference must be absolute); an empty id dropped before relative ids are resolved (it
 * would resolve to the document); a date read year-day-month (when the source is said to write
 * so) before any padding, padding and the space's `T` before precision; a Name's content after
 * the keys are renamed.
 */
const ALL: readonly Repair[] = [
  contextAlias,
  linksDropped,
  redundantContext,
  nullValue,
  typeCase,
  legacyClass,
  legacyTerm,
  crmKey,
  emptyUnmappedKey,
  identifierAssigner,
  schemeColon,
  typeFromRange,
  bareReference,
  emptyId,
  relativeId,
  iriEscape,
  dateNumber,
  dateOrder,
  datePadding,
  dateTimeSpace,
  datePrecision,
  numberString,
  nameContent,
];

/**
 * Which repairs a node calls for, as bits (the repairs' places in ALL), read in one pass over
 * its keys and values (a map lookup a key): a node that needs nothing costs that pass, not a
 * call of every repair. A repair is asked when its keys allow it (UNKEYED: those that name no
 * key; ON_KEY: by a key present, or holding text) and its needs do too (UNNEEDED: those that
 * need nothing more; ON_SCAN: by the KeyScan bit they need).
 *
 * ON_KEY: per key, the repairs its presence calls for (`present`), and those it calls for when it
 * holds text (`text`).
 */
const ON_KEY = new Map<string, { present: number; text: number }>();
let UNKEYED = 0;
let UNNEEDED = 0;
const ON_SCAN = new Map<number, number>();
ALL.forEach((repair, i) => {
  const bit = 1 << i;
  for (const key of repair.keys ?? []) {
    let on = ON_KEY.get(key);
    if (!on) ON_KEY.set(key, (on = { present: 0, text: 0 }));
    if (repair.keysHoldText) on.text |= bit;
    else on.present |= bit;
  }
  if (repair.keys === undefined) UNKEYED |= bit;
  if (repair.needs === undefined) UNNEEDED |= bit;
  for (const flag of Object.values(KeyScan))
    if ((repair.needs ?? 0) & flag) ON_SCAN.set(flag, (ON_SCAN.get(flag) ?? 0) | bit);
});
const onScan = (flag: number): number => ON_SCAN.get(flag) ?? 0;
const ON_COLON_KEY = onScan(KeyScan.colonKey);
const ON_EMPTY_VALUE = onScan(KeyScan.emptyValue);
const ON_NULL_VALUE = onScan(KeyScan.nullValue);
const ON_EMPTY_STRING = onScan(KeyScan.emptyString);
const ON_SCHEME_WITHOUT_COLON = onScan(KeyScan.schemeWithoutColon);

function triggered(node: JsonObject): number {
  let keyed = UNKEYED;
  let needed = UNNEEDED;
  for (const key in node) {
    const value = node[key];
    const on = ON_KEY.get(key);
    if (on) keyed |= on.present;
    if (typeof value === 'string') {
      if (value === '') needed |= ON_EMPTY_STRING;
      else if (missesColon(value)) needed |= ON_SCHEME_WITHOUT_COLON;
      if (on) keyed |= on.text;
    } else if (typeof value === 'object') {
      if (value === null) needed |= ON_NULL_VALUE;
      else if (Array.isArray(value)) {
        if (value.length === 0) needed |= ON_EMPTY_VALUE;
        for (let i = 0; i < value.length; i++) {
          const item = value[i];
          if (item === null) needed |= ON_NULL_VALUE;
          else if (typeof item === 'string') {
            if (on) keyed |= on.text;
            if (missesColon(item)) needed |= ON_SCHEME_WITHOUT_COLON;
          }
        }
      } else if (isEmptyObject(value)) needed |= ON_EMPTY_VALUE;
    }
    if (key.charCodeAt(0) !== 64 /* @ */ && key.includes(':')) needed |= ON_COLON_KEY;
  }
  return keyed & needed;
}

/** Every repair, for documentation and tests. */
export const REPAIRS: readonly { name: string; cites: string; summary: string }[] = ALL.map(
  ({ name, cites, summary }) => ({ name, cites, summary }),
);

/** Whether a write repairs what it is given: 'all' (load, bulk and validate by default), 'none'. */
export type RepairPolicy = 'all' | 'none';

export const REPAIR_POLICIES: readonly RepairPolicy[] = ['all', 'none'];

export function repairPolicyNamed(name: string): RepairPolicy | undefined {
  return (REPAIR_POLICIES as readonly string[]).includes(name) ? (name as RepairPolicy) : undefined;
}

export interface RepairOptions {
  /** What a relative `id` resolves against (none: relative ids stay, and are refused). */
  readonly base?: string;
  /** What the source is known to do differently (none: nothing is read any other way). */
  readonly conventions?: SourceConventions;
}

export function repairDocument(
  json: unknown,
  options: RepairOptions = {},
): { document: unknown; repairs: RepairNote[] } {
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
  const walk = new Walk(repairs, {
    documentContext: doc['@context'],
    base: options.base,
    conventions: options.conventions ?? {},
  });
  return { document: walk.node(doc, new Visit(walk.settings, undefined, undefined, -1, null, ctx)), repairs };
}

/**
 * A document's id as the repairs will leave it (scheme-colon, relative-id, then iri-escape), for
 * a loader that reads ids before the gate (to find the stored copy, and the same id twice in one load).
 */
export function repairedId(given: string, options: RepairOptions = {}): string {
  const id = withSchemeColon(given) ?? given;
  const resolved = options.base === undefined ? id : (resolvedId(id, options.base) ?? id);
  return escapedId(resolved) ?? resolved;
}

function noteFor(repair: Repair, notes: RepairNote[]): Note {
  return (path, message) => {
    notes.push({ repair: repair.name, path, message });
  };
}

/** What stays the same over a walk of one document. */
interface WalkSettings {
  readonly documentContext: Json | undefined;
  readonly base: string | undefined;
  readonly conventions: SourceConventions;
}

/**
 * Where a node stands (NodeVisit), made for every node; its JSON path is spelt out only when a
 * repair asks for it (to note what it did), from the path of the node it stands in.
 */
class Visit implements NodeVisit {
  private spelt: string | undefined;

  /** `parent` and `index` (-1: not in an array) place the node under `property`; no parent: the document. */
  constructor(
    private readonly settings: WalkSettings,
    private readonly parent: Visit | undefined,
    readonly property: string | undefined,
    private readonly index: number,
    readonly via: TermDefinition | null,
    readonly ctx: ActiveContext,
  ) {}

  get path(): string {
    if (this.spelt === undefined) {
      const keyPath = this.parent ? join(this.parent.path, this.property!) : '';
      this.spelt = this.index < 0 ? keyPath : `${keyPath}[${this.index}]`;
    }
    return this.spelt;
  }

  get documentContext(): Json | undefined {
    return this.settings.documentContext;
  }
  get base(): string | undefined {
    return this.settings.base;
  }
  get conventions(): SourceConventions {
    return this.settings.conventions;
  }
}

class Walk {
  /** Each repair's note, made the first time the repair is asked about a node. */
  private readonly notes: Note[] = [];

  constructor(
    private readonly repairs: RepairNote[],
    readonly settings: WalkSettings,
  ) {}

  node(given: JsonObject, at: Visit): JsonObject {
    let node = given;
    // The keys scanned once, and again only after a repair changed the node.
    let bits = triggered(node);
    for (let i = 0; bits >>> i !== 0; i++) {
      const repair = ALL[i];
      if ((bits & (1 << i)) === 0 || !repair.node) continue;
      const before = node;
      const next = repair.node(node, at, (this.notes[i] ??= noteFor(repair, this.repairs)));
      if (next) node = next;
      if (node !== before) bits = triggered(node) & ~((2 << i) - 1);
    }
    // Its values, in the context its types give; a changed value means a copy of the node (once).
    const inner = withTypesOf(node, at.ctx);
    let owned = node !== given;
    for (const key in node) {
      const value = node[key];
      if (value === null || typeof value !== 'object' || key === '@context') continue;
      const def = inner.terms.get(key) ?? null;
      const childCtx = inner.enterNode(def);
      const next = Array.isArray(value)
        ? this.array(value, at, key, def, childCtx)
        : this.node(value, new Visit(this.settings, at, key, -1, def, childCtx));
      if (next !== value) {
        if (!owned) {
          node = { ...node };
          owned = true;
        }
        node[key] = next;
      }
    }
    return node;
  }

  private array(
    items: Json[],
    parent: Visit,
    property: string,
    via: TermDefinition | null,
    ctx: ActiveContext,
  ): Json[] {
    let out: Json[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (!isObject(item)) continue;
      const next = this.node(item, new Visit(this.settings, parent, property, i, via, ctx));
      if (next !== item) (out ??= items.slice())[i] = next;
    }
    return out ?? items;
  }
}

/** The context inside a node of its types (a single type, as most nodes have, without an array). */
function withTypesOf(node: JsonObject, ctx: ActiveContext): ActiveContext {
  const t = node['type'] ?? node['@type'];
  return typeof t === 'string' ? ctx.withType(t) : ctx.withTypes(typesOf(node));
}
