/**
 * Render: the quads of an entity's graph (and its shape hints) back into the Linked Art
 * document, as JSON-LD framing against the v1 context would, but exact:
 * - arrays in the order they were loaded; values the hints do not know (added by SPARQL
 *   Update) after the known ones, in a deterministic order;
 * - each occurrence of an IRI shows what it showed when loaded (a Type that carried its
 *   own `classified_as` in one place does not grow it everywhere), and a reference back to
 *   an enclosing node, the root included, is a reference object {id, type, _label}, unless
 *   the document described it there (one id given to two nodes: each shows its own);
 * - the key that was written where two terms share an IRI (`part_of`/`broader`);
 * - single-valued properties as objects, `@set` properties as arrays, `_label` never an array;
 * - keys in the order of the spec's tables.
 * The quads are the truth: nothing is shown that they do not hold, and everything they hold
 * about nodes reachable from the root is shown.
 */
import type { ActiveContext } from '../context/ActiveContext.js';
import { contextFromDocumentValue, LINKED_ART_CONTEXT_URI, linkedArtContext } from '../context/linkedArtContext.js';
import type { TermDefinition } from '../context/TermDefinition.js';
import { hintGraphOf, skeletonFrom, writtenLiteral, type SkeletonNode } from '../hints/Skeleton.js';
import { SPEC_FORM_OVER_CONTEXT } from '../linkedart/specForms.js';
import { PROVENANCE_ACTIVITY } from '../linkedart/kinds.js';
import type { Quad, Term } from '../rdf/terms.js';
import { BlankSignatures } from './blankSignatures.js';
import { SubjectIndex, type Statements } from './subjectIndex.js';
import { orderKeys, tableFor } from './keyOrder.js';
import { literalValue, typesShown, type JsonValue } from './renderTerms.js';
import { writtenStringValue } from './matchValues.js';
import { OccurrencePlans, type PlannedValue } from './occurrencePlans.js';
import { ValueIndexes } from './valueIndex.js';

export type { JsonValue } from './renderTerms.js';
export type JsonObject = { [key: string]: JsonValue };

export interface RenderedDocument {
  document: JsonObject;
  /** What could not be shown as the spec wants it (e.g. a second `_label`), for the log. */
  warnings: string[];
}

const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
/**
 * Whether one value is shown in an array: `@set` properties always (the context says so),
 * single-valued ones when they were written as an array, and the spec's form where the
 * spec and context disagree.
 */
function arrayForm(key: string, def: TermDefinition | undefined, written: 0 | 1 | undefined): boolean {
  const spec = SPEC_FORM_OVER_CONTEXT.get(key);
  if (spec !== undefined) return written !== undefined ? written === 1 : spec;
  if (def?.container === '@set') return true;
  return written === 1;
}

const TERM_ALIASES: Readonly<Record<string, string>> = { represents_entity_of_type: 'represents_instance_of_type' };

/** The values shown under one key, and what the key means there. */
interface Group {
  def: TermDefinition | undefined;
  values: JsonValue[];
}

/**
 * Render the entity `id` from its quads (graph `id`) and hints (its hint graph); other
 * graphs' quads are ignored. Undefined when the entity's graph is empty.
 */
export function renderDocument(id: string, quads: readonly Quad[]): RenderedDocument | undefined {
  const hintGraph = hintGraphOf(id);
  const entity: Quad[] = [];
  const hints: Quad[] = [];
  for (const q of quads) {
    if (q.graph.value === id) entity.push(q);
    else if (q.graph.value === hintGraph) hints.push(q);
  }
  if (entity.length === 0) return undefined;
  return new DocumentRender(id, new SubjectIndex(entity), skeletonFrom(hints)).run();
}

/** How the gate's lossless check has the render made (GET uses none of these). */
export interface GateRenderOptions {
  /** The skeleton node ingest made for each blank node it did not name, by label: its `s` and `d` are the node's signatures. */
  readonly signedBlanks?: ReadonlyMap<string, SkeletonNode>;
  /** False: the keys of each node in the order they were found, not the spec's (a comparison that looks keys up). */
  readonly keyOrder?: boolean;
  /** The key (literalKey) of literals of the quads, as ingest computed them: looked up, not hashed again. */
  readonly literalKeys?: ReadonlyMap<Term, string>;
  /** True: only the document is wanted (a comparison with what was given): no warnings, no `@context` first. */
  readonly documentOnly?: boolean;
  /** True: no id stands on two nodes of the skeleton (ingest says so): each node's one place is its hint. */
  readonly idsOnce?: boolean;
  /** The statements of the entity's quads by subject, as ingest made them: not indexed again. */
  readonly subjects?: SubjectIndex;
}

/**
 * Render from the entity's quads and its skeleton as ingest made it (what its hint graph holds,
 * not yet written out): the gate's lossless check, which renders every document it admits.
 */
export function renderWithSkeleton(
  id: string,
  quads: readonly Quad[],
  skeleton: SkeletonNode,
  options: GateRenderOptions = {},
): RenderedDocument | undefined {
  const index = options.subjects ?? new SubjectIndex(quads.filter((q) => q.graph.value === id));
  if (index.size === 0) return undefined;
  return new DocumentRender(id, index, skeleton, options).run();
}

class DocumentRender {
  private readonly plans: OccurrencePlans;
  /** The subjects shown, and those being shown (each by its statements: a subject without any has no children). */
  private readonly visited = new Set<Statements>();
  private readonly ancestors = new Set<Statements>();
  /** The occurrences (hint nodes) being shown, outermost first: each is shown once on a path. */
  private readonly ancestorHints = new Set<SkeletonNode>();
  private readonly warnings: string[] = [];
  private readonly valueIndexes: ValueIndexes;
  private readonly baseCtx: ActiveContext;

  private readonly keyOrder: boolean;
  private readonly documentOnly: boolean;

  constructor(
    private readonly id: string,
    private readonly index: SubjectIndex,
    private readonly skeleton: SkeletonNode | undefined,
    options: GateRenderOptions = {},
  ) {
    let ctx = linkedArtContext();
    if (skeleton?.x !== undefined) {
      try {
        ctx = contextFromDocumentValue(skeleton.x);
      } catch {
        this.warnings.push('the stored @context could not be compiled; the v1 context is used');
        if (skeleton) delete skeleton.x;
      }
    }
    this.baseCtx = ctx;
    this.keyOrder = options.keyOrder ?? true;
    this.documentOnly = options.documentOnly ?? false;
    this.valueIndexes = new ValueIndexes(undefined, options.literalKeys);
    const signatures = new BlankSignatures(this.index, options.signedBlanks);
    this.plans = new OccurrencePlans(options.idsOnce ? undefined : skeleton, ctx, signatures, this.valueIndexes);
  }

  run(): RenderedDocument {
    const root = this.node(
      { termType: 'NamedNode', value: this.id } as Term,
      this.skeleton,
      this.baseCtx,
      null,
      null,
      true,
    );
    // The warnings only go to a log, and a comparison skips the `@context` (the given one is compared as given).
    if (this.documentOnly) return { document: root, warnings: [] };
    const document: JsonObject = {
      '@context': (this.skeleton?.x as JsonValue | undefined) ?? LINKED_ART_CONTEXT_URI,
      ...root,
    };
    const unreachable = this.index.subjectsNotIn(this.visited);
    if (this.valueIndexes.budgetSpent) {
      this.warnings.push(
        `the stored hints of <${this.id}> fit its quads too little to place every blank node by similarity; some are shown after the others`,
      );
    }
    if (unreachable.length > 0) {
      this.warnings.push(
        `${unreachable.length} subject(s) in the graph of <${this.id}> are not reachable from it and are not shown: ${unreachable.slice(0, 5).join(', ')}`,
      );
    }
    return { document, warnings: this.warnings };
  }

  // --- Nodes -------------------------------------------------------------------------

  private node(
    subject: Term,
    hint: SkeletonNode | undefined,
    parentCtx: ActiveContext,
    via: TermDefinition | null,
    viaKey: string | null,
    isRoot: boolean,
  ): JsonObject {
    const ctx0 = parentCtx.enterNode(via);
    const props = this.index.of(subject);
    // (Only for the warning of what is not reachable, which a comparison does not ask for.)
    if (props && !this.documentOnly) this.visited.add(props);
    const plan = this.plans.planFor(subject, hint, props);

    const typeStrings = typesShown(plan.types, hint, ctx0);
    const ctx = ctx0.withTypes(typeStrings);
    const out: JsonObject = {};
    if (subject.termType === 'NamedNode') out['id'] = subject.value;
    else if (hint?.b !== undefined) out['id'] = hint.b;
    if (typeStrings.length > 0) out['type'] = typeStrings.length === 1 ? typeStrings[0] : typeStrings;

    const outer = props !== undefined && this.ancestors.has(props);
    if (outer && !this.describedAnew(hint)) {
      // A reference back to an enclosing node: {id, type, _label}, never the node again.
      const label = this.plans.labelAt(props?.get(RDFS_LABEL) ?? [], hint);
      if (label) out['_label'] = label.value;
      if (subject.termType === 'BlankNode' && hint?.b === undefined)
        this.warnings.push('a blank node refers back to an enclosing one; the cycle is cut');
      return out;
    }
    if (hint?.c !== undefined) out['_complete'] = hint.c;

    // One id the document gave to nodes of two kinds (a Production and its TimeSpan) is one node
    // here: each place the hints describe shows what it was given, the outer one staying an ancestor.
    if (props) this.ancestors.add(props);
    if (hint) this.ancestorHints.add(hint);
    const grouped = new Map<string, Group>();
    let writtenForm: Map<string, 0 | 1> | undefined;
    for (const entry of plan.entries) {
      // The key as written, where it means the predicate here (its definition looked up once).
      const writtenDef = entry.key === undefined ? undefined : this.definition(ctx, entry.key);
      const written = writtenDef !== undefined && writtenDef.iri === entry.pred ? entry.key : undefined;
      // The hint stores the form only where it is not the context's; the context's form is arrayForm's
      // own answer but for the keys whose spec form differs, so only those and stored forms are kept.
      if (written && entry.given && (entry.form !== undefined || SPEC_FORM_OVER_CONTEXT.has(written))) {
        (writtenForm ??= new Map()).set(written, entry.form ?? (writtenDef?.container === '@set' ? 1 : 0));
      }
      if (entry.values.length === 0 && entry.writtenEmpty && written && !grouped.has(written))
        grouped.set(written, { def: writtenDef, values: [] });
      for (const v of entry.values) {
        const k = written ?? this.preferredKey(ctx, entry.pred, v.term);
        const def = written ? writtenDef : this.definition(ctx, k);
        const rendered = this.value(v, def, k, ctx);
        const group = grouped.get(k);
        if (group) group.values.push(rendered);
        else grouped.set(k, { def, values: [rendered] });
      }
    }
    if (props && !outer) this.ancestors.delete(props);
    if (hint) this.ancestorHints.delete(hint);

    for (const k of this.keyOrder ? this.orderedKeys(grouped, typeStrings, isRoot, viaKey, props) : grouped.keys()) {
      const { values, def } = grouped.get(k)!;
      if (k === '_label') {
        if (values.length > 1)
          this.warnings.push(`<${subject.value}> has ${values.length} labels; only the first is shown as "_label"`);
        if (values.length > 0) out[k] = values[0]!;
      } else if (values.length !== 1 || arrayForm(k, def, writtenForm?.get(k))) out[k] = values;
      else out[k] = values[0]!;
    }
    // Keys for developers (not semantic, so not in the quads): as written, after the model's.
    if (hint?.a !== undefined) for (const [k, v] of Object.entries(hint.a)) if (!(k in out)) out[k] = v as JsonValue;
    return out;
  }

  /** The keys in the order of the spec's table for this node. */
  private orderedKeys(
    grouped: Map<string, Group>,
    typeStrings: readonly string[],
    isRoot: boolean,
    viaKey: string | null,
    props: Statements | undefined,
  ): string[] {
    const isProvenance =
      isRoot &&
      (props?.get(this.baseCtx.terms.get('classified_as')!.iri) ?? []).some((t) => t.value === PROVENANCE_ACTIVITY);
    return orderKeys([...grouped.keys()], tableFor(typeStrings, isRoot, viaKey, isProvenance));
  }

  private value(v: PlannedValue, def: TermDefinition | undefined, key: string, ctx: ActiveContext): JsonValue {
    const term = v.term;
    if (term.termType === 'Literal') {
      // A date-time written in a form the store canonicalized: the value matched, so give the written form.
      const written = typeof v.hint === 'string' ? writtenLiteral(v.hint) : undefined;
      if (written !== undefined && def?.coerce === (term as { datatype?: { value: string } }).datatype?.value)
        return written;
      return literalValue(term, def, ctx);
    }
    if (typeof v.hint === 'string' && v.hint[0] === '=' && (def?.coerce === '@id' || def?.coerce === '@vocab')) {
      return writtenStringValue(v.hint);
    }
    if (term.termType === 'NamedNode' && def?.coerce === '@vocab') {
      return (def.scoped ? ctx.withLocal(def.scoped) : ctx).compactIri(term.value);
    }
    const hint = typeof v.hint === 'object' ? v.hint : undefined;
    return this.node(term, hint, ctx, def ?? null, key, false);
  }

  /**
   * Whether an occurrence of an enclosing node is shown whole: where the document described it
   * there (keys besides `_label`) and that place is not itself being shown. The hints are a
   * finite tree, so this ends; a node the hints do not place is cut as a reference.
   */
  private describedAnew(hint: SkeletonNode | undefined): boolean {
    return hint !== undefined && !this.ancestorHints.has(hint) && (hint.e ?? []).some(([k]) => k !== '_label');
  }

  // --- Terms -------------------------------------------------------------------------

  private definition(ctx: ActiveContext, key: string): TermDefinition | undefined {
    const def = ctx.terms.get(key);
    if (def) return def;
    const alias = TERM_ALIASES[key];
    if (alias) return ctx.terms.get(alias);
    const iri = key.includes(':') ? ctx.expandIri(key) : undefined;
    return iri === undefined ? undefined : { term: key, iri, prefix: false };
  }

  /** The term jsonld.js would choose for this IRI and value: matching coercion, then shortest. */
  private preferredKey(ctx: ActiveContext, pred: string, term: Term): string {
    const defs = ctx.termsFor(pred);
    const wanted =
      term.termType === 'Literal'
        ? [(term as { datatype?: { value: string } }).datatype?.value, undefined]
        : ['@id', '@vocab', undefined];
    for (const coerce of wanted) {
      const def = defs.find((d) => d.coerce === coerce);
      if (def) return def.term;
    }
    return defs[0]?.term ?? ctx.compactIri(pred);
  }
}
