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
import { LIMIT_FLAGS, type DocumentLimits, type LimitExceeded } from './documentLimits.js';
import type { Quad, Term } from '../rdf/terms.js';

/** Bytes counted for a triple besides its predicate and object text (the punctuation and key of its JSON, about). */
const TRIPLE_OVERHEAD = 8;

export function graphLimitsExceeded(id: string, quads: readonly Quad[], limits: DocumentLimits): LimitExceeded | undefined {
  const index = new Map<string, Map<string, Term[]>>();
  for (const q of quads) {
    const s = key(q.subject);
    let props = index.get(s);
    if (!props) index.set(s, (props = new Map()));
    const list = props.get(q.predicate.value);
    if (list) list.push(q.object);
    else props.set(q.predicate.value, [q.object]);
  }
  for (const [subject, props] of index) {
    for (const [predicate, objects] of props) {
      if (objects.length > limits.maxArrayItems) {
        return {
          rule: 'array-too-long', limit: limits.maxArrayItems, found: objects.length, path: '',
          message: `<${subject}> has ${objects.length} values of <${predicate}>, one array of its document; the limit is ${limits.maxArrayItems} (${LIMIT_FLAGS['array-too-long']})`,
        };
      }
    }
  }
  return unfolded(id, index, limits);
}

/** Depth-first through the nodes as the render nests them, one explicit stack of enter and leave steps. */
function unfolded(id: string, index: ReadonlyMap<string, Map<string, Term[]>>, limits: DocumentLimits): LimitExceeded | undefined {
  const enclosing = new Set<string>();
  const steps: Array<{ node: string; depth: number; leave: boolean }> = [{ node: id, depth: 1, leave: false }];
  let bytes = 0;
  while (steps.length > 0) {
    const step = steps.pop()!;
    if (step.leave) { enclosing.delete(step.node); continue; }
    // Each nested node is an object inside an array of its holder: two levels of JSON per node.
    if (step.depth > limits.maxDepth) {
      return {
        rule: 'nested-too-deep', limit: limits.maxDepth, found: step.depth, path: '',
        message: `the graph nests nodes inside nodes deeper than its document may (${limits.maxDepth} levels of JSON, ${LIMIT_FLAGS['nested-too-deep']}), at <${step.node}>`,
      };
    }
    enclosing.add(step.node);
    steps.push({ node: step.node, depth: step.depth, leave: true });
    for (const [predicate, objects] of index.get(step.node) ?? []) {
      for (const object of objects) {
        bytes += predicate.length + object.value.length + TRIPLE_OVERHEAD;
        if (bytes > limits.maxBytes) {
          return {
            rule: 'document-too-large', limit: limits.maxBytes, found: bytes, path: '',
            message: `the document this graph renders to is more than ${limits.maxBytes} bytes, the limit (${LIMIT_FLAGS['document-too-large']})`,
          };
        }
        const k = key(object);
        if (object.termType !== 'Literal' && index.has(k) && !enclosing.has(k)) steps.push({ node: k, depth: step.depth + 2, leave: false });
      }
    }
  }
  return undefined;
}

/** A subject's key as the render's index has it (termKey): blank nodes apart from IRIs. */
function key(term: Term): string {
  return term.termType === 'BlankNode' ? `_:${term.value}` : term.value;
}
