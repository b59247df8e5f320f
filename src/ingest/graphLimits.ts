/**
 * The limits on one document (src/ingest/documentLimits.ts) for a graph record read from RDF
 * (N-Quads, TriG, Turtle, N-Triples), before the graph is rendered as its document: the render
 * recurses into every node a triple reaches from the root, so a chain of 100,000 blank nodes
 * overflows the stack, and blank nodes that each reach the next twice render 2^n nodes. The
 * walk here follows the render's nesting (a node with triples of its own is shown inside the
 * one that refers to it, except where it encloses it already) with a loop, and stops at the
 * first limit passed:
 * - items in one array: the objects of one subject and predicate;
 * - depth: the JSON the document renders to nests at least one level per node, plus the array around each;
 * - size: the document rendered, counted as its triples' text as the render would repeat them.
 */
import { LIMIT_FLAGS, type DocumentLimits, type LimitExceeded, type LimitRule } from './documentLimits.js';
import type { Quad, Term } from '../rdf/terms.js';

/** Bytes counted for a triple besides its predicate and object text (the punctuation and key of its JSON, about). */
const TRIPLE_OVERHEAD = 8;

export function graphLimitsExceeded(
  id: string,
  quads: readonly Quad[],
  limits: DocumentLimits,
): LimitExceeded | undefined {
  const index = new SubjectIndex(quads);
  // An array holds some of one subject's triples: only a subject with more triples than an array may hold can hold one too long.
  for (const list of index.lists) {
    if (list.length <= limits.maxArrayItems) continue;
    for (const [predicate, those] of byPredicate(list)) {
      if (those.length > limits.maxArrayItems) {
        return exceeded(
          'array-too-long',
          limits.maxArrayItems,
          those.length,
          `<${key(list[0].subject)}> has ${those.length} values of <${predicate}>, one array of its document; the limit is ${limits.maxArrayItems} (${LIMIT_FLAGS['array-too-long']})`,
        );
      }
    }
  }
  return unfolded(id, index, limits);
}

/**
 * Each subject's triples in one list, IRIs and blank nodes apart (as the render's index keeps
 * them, termKey), each looked up by the string its term holds: no key is made per triple, and
 * no map per subject. (An IRI never reads `_:…`, so this tells apart what key() does.)
 */
class SubjectIndex {
  /** The lists, in the order their subjects first come. */
  readonly lists: Quad[][] = [];
  private readonly named = new Map<string, Quad[]>();
  private readonly blank = new Map<string, Quad[]>();

  constructor(quads: readonly Quad[]) {
    for (const q of quads) {
      const map = q.subject.termType === 'BlankNode' ? this.blank : this.named;
      const list = map.get(q.subject.value);
      if (list) {
        list.push(q);
      } else {
        const created = [q];
        map.set(q.subject.value, created);
        this.lists.push(created);
      }
    }
  }

  /** The triples of the IRI `iri` as a subject. */
  ofIri(iri: string): Quad[] | undefined {
    return this.named.get(iri);
  }

  /** The triples of `term` as a subject (an IRI or a blank node); undefined when it has none. */
  of(term: Term): Quad[] | undefined {
    if (term.termType === 'BlankNode') return this.blank.get(term.value);
    return term.termType === 'Literal' ? undefined : this.named.get(term.value);
  }
}

/** A subject's triples by predicate, the predicates in the order they first come (as the render groups them). */
function byPredicate(list: readonly Quad[]): Map<string, Quad[]> {
  const grouped = new Map<string, Quad[]>();
  for (const q of list) {
    const those = grouped.get(q.predicate.value);
    if (those) those.push(q);
    else grouped.set(q.predicate.value, [q]);
  }
  return grouped;
}

/** Predicates of one subject past which its triples are grouped with a map rather than checked by a scan. */
const FEW_PREDICATES = 32;

/**
 * A subject's triples in the render's order: by predicate, in the order each first comes,
 * objects in their order. Usually each predicate's triples come together already: then the list itself.
 */
function inPredicateOrder(list: readonly Quad[]): readonly Quad[] {
  let current = list[0].predicate.value;
  const seen = [current];
  for (let i = 1; i < list.length; i++) {
    const predicate = list[i].predicate.value;
    if (predicate === current) continue;
    if (seen.length > FEW_PREDICATES || seen.includes(predicate)) return [...byPredicate(list).values()].flat();
    seen.push(predicate);
    current = predicate;
  }
  return list;
}

/** Depth-first through the nodes as the render nests them, one explicit stack of enter and leave steps. */
function unfolded(id: string, index: SubjectIndex, limits: DocumentLimits): LimitExceeded | undefined {
  // The nodes being shown, by their triples (the list stands for its subject).
  const enclosing = new Set<Quad[]>();
  const root = index.ofIri(id);
  const steps: Step[] = [{ node: root, name: id, depth: 1, leave: false }];
  let bytes = 0;
  while (steps.length > 0) {
    const step = steps.pop()!;
    if (step.leave) {
      enclosing.delete(step.node!);
      continue;
    }
    // Each nested node is an object inside an array of its holder: two levels of JSON per node.
    if (step.depth > limits.maxDepth) {
      return exceeded(
        'nested-too-deep',
        limits.maxDepth,
        step.depth,
        `the graph nests nodes inside nodes deeper than its document may (${limits.maxDepth} levels of JSON, ${LIMIT_FLAGS['nested-too-deep']}), at <${step.name ?? key(step.node![0].subject)}>`,
      );
    }
    if (!step.node) continue;
    enclosing.add(step.node);
    steps.push({ node: step.node, depth: step.depth, leave: true });
    for (const { predicate, object } of inPredicateOrder(step.node)) {
      bytes += predicate.value.length + object.value.length + TRIPLE_OVERHEAD;
      if (bytes > limits.maxBytes) {
        return exceeded(
          'document-too-large',
          limits.maxBytes,
          bytes,
          `the document this graph renders to is more than ${limits.maxBytes} bytes, the limit (${LIMIT_FLAGS['document-too-large']})`,
        );
      }
      const nested = index.of(object);
      if (nested && !enclosing.has(nested)) steps.push({ node: nested, depth: step.depth + 2, leave: false });
    }
  }
  return undefined;
}

/** `node`: the triples of the node (none for a root without any); `name`: the root's IRI (the others are named by their subject). */
interface Step {
  readonly node: Quad[] | undefined;
  readonly name?: string;
  readonly depth: number;
  readonly leave: boolean;
}

/** `rule`'s limit passed, `found` against `limit`: the graph as a whole, no JSON path. */
function exceeded(rule: LimitRule, limit: number, found: number, message: string): LimitExceeded {
  return { rule, limit, found, path: '', message };
}

/** A subject's key as the render's index has it (termKey): blank nodes apart from IRIs. */
function key(term: Term): string {
  return term.termType === 'BlankNode' ? `_:${term.value}` : term.value;
}
