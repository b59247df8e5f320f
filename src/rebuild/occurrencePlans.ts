/**
 * Which values each occurrence of a node shows, in which order (its plan): the values its hints
 * remember, matched to the quads (matchValues), then those no occurrence claims (new ones, or
 * ones the hints do not cover) at the node's primary occurrence, in a deterministic order.
 */
import type { ActiveContext } from '../context/ActiveContext.js';
import { linkedArtContext } from '../context/linkedArtContext.js';
import type { SkeletonNode, SkeletonValue } from '../hints/Skeleton.js';
import { RDF_TYPE, type Term } from '../rdf/terms.js';
import type { BlankSignatures } from './blankSignatures.js';
import { matchValues, newValueOrder } from './matchValues.js';
import type { Statements } from './subjectIndex.js';
import type { ValueIndexes } from './valueIndex.js';

const NO_VALUES: readonly Term[] = [];

export interface PlannedValue {
  term: Term;
  hint?: SkeletonValue;
}
/** `given`: the hints name this key here; `writtenEmpty`: the document wrote it as `[]`. */
export interface PlannedEntry {
  pred: string;
  key: string | undefined;
  values: PlannedValue[];
  given: boolean;
  writtenEmpty?: boolean;
  form?: 0 | 1;
}
export interface NodePlan {
  types: Term[];
  entries: PlannedEntry[];
}

export class OccurrencePlans {
  private readonly signature: (blank: Term) => string;
  private readonly deepSignature: (blank: Term) => string;
  /** The order of values no occurrence claims: made when there are some (most renders have none). */
  private order: ((a: Term, b: Term) => number) | undefined;
  /** The v1 context's terms, in which a hint's key without a predicate is read. */
  private readonly v1Terms = linkedArtContext().terms;
  private readonly takenBlanks = new Set<string>();
  /** Blank nodes the document named (`_:b1`), by name, once found: the same node at every place the name stands. */
  private readonly namedBlanks = new Map<string, Term>();
  private readonly occurrences = new Map<string, SkeletonNode[]>();
  /** The plans made for occurrences not yet shown (a node's other places, planned with the first one shown). */
  private readonly plans = new Map<SkeletonNode, NodePlan>();
  /** Whether nodes may stand in several places (the skeleton was indexed): else each hint is planned once, when shown. */
  private readonly indexed: boolean;

  /**
   * `skeleton`: whose nodes' places are gathered by id (undefined where no id stands twice: each
   * node's hint is its one place); `baseCtx`: the document's context, in which the hints' types are written.
   */
  constructor(
    skeleton: SkeletonNode | undefined,
    private readonly baseCtx: ActiveContext,
    blankSignatures: BlankSignatures,
    private readonly valueIndexes: ValueIndexes,
  ) {
    this.indexed = skeleton !== undefined;
    if (skeleton) this.indexOccurrences(skeleton);
    this.signature = (blank) => blankSignatures.signature(blank);
    this.deepSignature = (blank) => blankSignatures.deepSignature(blank);
  }

  private get newOrder(): (a: Term, b: Term) => number {
    return (this.order ??= newValueOrder(this.signature));
  }

  planFor(subject: Term, hint: SkeletonNode | undefined, props: Statements | undefined): NodePlan {
    if (!props) return { types: [], entries: [] };
    if (!hint) return this.fullPlan(props);
    // Each hint is shown once (the render walks the skeleton's tree): one place alone is planned as it is shown.
    if (!this.indexed) return this.planOccurrences(props, [hint], hint);
    const plan = this.plans.get(hint);
    if (plan) return plan;
    const name = subject.termType === 'NamedNode' ? subject.value : hint.b;
    const occurrences = name !== undefined ? (this.occurrences.get(name) ?? [hint]) : [hint];
    return this.planOccurrences(props, occurrences.includes(hint) ? occurrences : [hint], hint);
  }

  /** Plan every occurrence of one node at once, so values no occurrence claims go to its primary one; the plan of `wanted`. */
  private planOccurrences(props: Statements, occurrences: SkeletonNode[], wanted: SkeletonNode): NodePlan {
    // One occurrence (most nodes) needs no set of the terms claimed if its plan claims every statement (claimsAll).
    let claimed = occurrences.length === 1 ? undefined : new Set<Term>();
    const v1Terms = this.v1Terms;
    let wantedPlan: NodePlan | undefined;
    const actualTypes = props.get(RDF_TYPE) ?? [];
    // The first type with each IRI (a node may have thousands: looked up, not scanned; one, the most common, is compared).
    const typeByIri = actualTypes.length > 1 ? new Map<string, Term>() : undefined;
    if (typeByIri) for (const a of actualTypes) if (!typeByIri.has(a.value)) typeByIri.set(a.value, a);
    const only = actualTypes.length === 1 ? actualTypes[0] : undefined;
    for (const occ of occurrences) {
      const types: Term[] = [];
      // (One type, the most common, cannot repeat: no set.)
      const placed = (occ.t?.length ?? 0) > 1 ? new Set<Term>() : undefined;
      for (const t of occ.t ?? []) {
        const iri = this.baseCtx.expandVocab(t);
        const found =
          iri === undefined ? undefined : typeByIri ? typeByIri.get(iri) : only?.value === iri ? only : undefined;
        if (found && !placed?.has(found)) {
          types.push(found);
          placed?.add(found);
          claimed?.add(found);
        }
      }
      const entries: PlannedEntry[] = [];
      const given = occ.e;
      const count = given === undefined ? 0 : given.length;
      for (let e = 0; e < count; e++) {
        // (Read by index: this runs for every key of every node the gate renders.)
        const entry = given![e];
        const key = entry[0];
        const hints = entry[2];
        const pred = entry[1] || v1Terms.get(key)?.iri;
        if (pred === undefined) continue;
        const matches = matchValues(
          hints,
          props.get(pred) ?? NO_VALUES,
          this.takenBlanks,
          this.signature,
          this.deepSignature,
          this.namedBlanks,
          this.valueIndexes,
        );
        if (claimed) for (const m of matches) claimed.add(m.term);
        entries.push({ pred, key, values: matches, given: true, writtenEmpty: hints.length === 0, form: entry[3] });
      }
      const plan = { types, entries };
      if (occ === wanted) wantedPlan = plan;
      if (this.indexed) this.plans.set(occ, plan);
    }
    if (claimed === undefined) {
      if (claimsAll(props, wantedPlan!)) return wantedPlan!;
      claimed = claimedBy(wantedPlan!);
    }
    // Values no occurrence shows (new ones, or ones the hints do not cover) go to the primary occurrence.
    // Claimed are only terms of `props`: as many claimed as the statements there, every one is (most nodes).
    let statements = 0;
    for (const terms of props.values()) statements += terms.length;
    if (claimed.size === statements) return wantedPlan!;
    const primary = occurrences.find((o) => (o.e ?? []).some(([k]) => k !== '_label')) ?? occurrences[0];
    const plan = primary === wanted ? wantedPlan! : this.plans.get(primary)!;
    // (Pushed one by one: a spread of a very long list overflows the stack.)
    const freshTypes = unclaimed(actualTypes, claimed);
    if (freshTypes) for (const t of freshTypes.sort(this.newOrder)) plan.types.push(t);
    let entryFor: Map<string, PlannedEntry> | undefined;
    for (const [pred, terms] of props) {
      if (pred === RDF_TYPE) continue;
      const fresh = unclaimed(terms, claimed)?.sort(this.newOrder);
      if (fresh === undefined) continue;
      if (!entryFor) {
        entryFor = new Map();
        for (const e of plan.entries) if (!entryFor.has(e.pred)) entryFor.set(e.pred, e);
      }
      const entry = entryFor.get(pred);
      const values = fresh.map((term) => ({ term }));
      if (entry) for (const v of values) entry.values.push(v);
      else plan.entries.push({ pred, key: undefined, values, given: false });
    }
    return wantedPlan!;
  }

  /** Without hints (a node nobody described in the document): everything, in a deterministic order. */
  private fullPlan(props: Statements): NodePlan {
    const types = [...(props.get(RDF_TYPE) ?? [])].sort(this.newOrder);
    const entries: PlannedEntry[] = [];
    for (const [pred, terms] of props) {
      if (pred === RDF_TYPE) continue;
      entries.push({
        pred,
        key: undefined,
        values: [...terms].sort(this.newOrder).map((term) => ({ term })),
        given: false,
      });
    }
    return { types, entries };
  }

  private indexOccurrences(node: SkeletonNode): void {
    const name = node.i ?? node.b;
    if (name !== undefined) {
      const list = this.occurrences.get(name);
      if (list) list.push(node);
      else this.occurrences.set(name, [node]);
    }
    if (node.e === undefined) return;
    // (Indexed loops: this runs over every value of every document the gate renders.)
    for (let e = 0; e < node.e.length; e++) {
      const values = node.e[e][2];
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (typeof v === 'object') this.indexOccurrences(v);
      }
    }
  }

  /**
   * The label this occurrence showed: one IRI may carry a label per place it was written
   * (each occurrence's hint names its own), otherwise the first.
   */
  labelAt(labels: readonly Term[], hint: SkeletonNode | undefined): Term | undefined {
    const literals = labels.filter((t) => t.termType === 'Literal');
    const written = hint?.e?.find(([key]) => key === '_label')?.[2] ?? [];
    const [match] = matchValues(written, literals, this.takenBlanks, this.signature, this.deepSignature);
    return match?.term ?? literals[0];
  }
}

/**
 * Whether one occurrence's plan claims every statement of its node: its types, and each predicate's
 * objects matched whole by one entry (distinct terms of the list, as many as it holds). False when
 * unsure (two entries of one predicate, many keys): the terms claimed are then gathered and counted.
 */
function claimsAll(props: Statements, plan: NodePlan): boolean {
  const entries = plan.entries;
  if (entries.length > 16) return false;
  let whole = 0;
  const types = props.get(RDF_TYPE);
  if (types !== undefined) {
    // The plan's types are distinct terms of this list (planOccurrences places each once).
    if (plan.types.length !== types.length) return false;
    whole++;
  }
  for (let i = 0; i < entries.length; i++) {
    const { pred, values } = entries[i];
    if (values.length === 0) continue;
    if (pred === RDF_TYPE) return false;
    for (let j = 0; j < i; j++) if (entries[j].pred === pred) return false;
    // The values matched are terms of this list (matchValues finds them there).
    const objects = props.get(pred);
    if (objects === undefined || values.length !== objects.length || !distinctTerms(values)) return false;
    whole++;
  }
  return whole === props.size;
}

function distinctTerms(values: readonly PlannedValue[]): boolean {
  if (values.length > 8) return new Set(values.map((v) => v.term)).size === values.length;
  for (let i = 1; i < values.length; i++)
    for (let j = 0; j < i; j++) if (values[i].term === values[j].term) return false;
  return true;
}

/** The terms one occurrence's plan claims. */
function claimedBy(plan: NodePlan): Set<Term> {
  const claimed = new Set<Term>(plan.types);
  for (const entry of plan.entries) for (const v of entry.values) claimed.add(v.term);
  return claimed;
}

/** The terms of `terms` not in `claimed`, in order; undefined when there are none (most often: no list is made). */
function unclaimed(terms: readonly Term[], claimed: ReadonlySet<Term>): Term[] | undefined {
  let fresh: Term[] | undefined;
  for (const t of terms) if (!claimed.has(t)) (fresh ??= []).push(t);
  return fresh;
}
