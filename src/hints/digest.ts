/**
 * A document's digest: a hash of its quads and shape hints, kept in its hint graph. Loading
 * the same document again finds the same digest and leaves the stored one alone (counted as
 * unchanged, not rewritten), so a rerun of a load only does what is left.
 *
 * "The same document" whatever path it came by: the JSON as written, or the graph rendered
 * and ingested again (an N-Quads dump, a SPARQL Update that changed nothing) give their quads
 * in different orders, with other blank node labels, and skeletons whose keys are in another
 * order (the render writes keys in the spec's order). So the digest is of the quads as a
 * sorted list, each blank node named by a hash of what hangs below it (exact for the trees
 * Linked Art's embedded structures are), and of the skeleton with each node's keys sorted;
 * the order of values within a key, which the render keeps, stays in, and so does a key's
 * written form where the render uses it (formThatMatters). A change of data or of
 * array order gives another digest, and so does a change of the shapes (`gateVersion`): a
 * document is then checked again.
 */
import { createHash } from 'node:crypto';
import { df, termKey, type Quad, type Term } from '../rdf/terms.js';
import { formThatMatters } from '../render/renderDocument.js';
import { hintGraphOf, SHAPE_PREDICATE, type SkeletonNode, type SkeletonValue } from './Skeleton.js';

export const DIGEST_PREDICATE = 'urn:linkedart-service:digest';

export function documentDigest(quads: readonly Quad[], hints: readonly Quad[], gateVersion: string): string {
  const hash = createHash('sha256').update(gateVersion).update('\u0000');
  const key = blankNodeNames(quads);
  const lines = quads.map((q) => `${key(q.subject)} ${key(q.predicate)} ${key(q.object)}\n`).sort();
  for (const line of lines) hash.update(line);
  hash.update('\u0000');
  const hintLines = hints.map((q) => q.predicate.value === SHAPE_PREDICATE && q.object.termType === 'Literal'
    ? `shape ${normalizedShape(q.object.value)}\n`
    : `${termKey(q.subject)} ${termKey(q.predicate)} ${termKey(q.object)}\n`).sort();
  for (const line of hintLines) hash.update(line);
  hash.update('\u0000');
  return hash.digest('base64url');
}

/**
 * Term keys with each blank node named by a hash of its statements, its blank objects named
 * the same way (bottom up). On a cycle of blank nodes (not Linked Art's shape) the node is
 * named by its first appearance instead: the digest then depends on order, which can only
 * make a document look changed when it is not, never the reverse.
 */
function blankNodeNames(quads: readonly Quad[]): (t: Term) => string {
  const statements = new Map<string, Quad[]>();
  const order = new Map<string, number>();
  for (const q of quads) {
    for (const t of [q.subject, q.object]) if (t.termType === 'BlankNode' && !order.has(t.value)) order.set(t.value, order.size);
    if (q.subject.termType !== 'BlankNode') continue;
    let list = statements.get(q.subject.value);
    if (!list) statements.set(q.subject.value, list = []);
    list.push(q);
  }
  const names = new Map<string, string>();
  const naming = new Set<string>();
  const name = (label: string): string => {
    const known = names.get(label);
    if (known !== undefined) return known;
    if (naming.has(label)) return `B#${order.get(label)}`;
    naming.add(label);
    const lines = (statements.get(label) ?? []).map((q) => `${termKey(q.predicate)} ${key(q.object)}`).sort();
    const named = `B:${createHash('sha1').update(lines.join('\n')).digest('base64url')}`;
    naming.delete(label);
    names.set(label, named);
    return named;
  };
  const key = (t: Term): string => (t.termType === 'BlankNode' ? name(t.value) : termKey(t));
  return key;
}

/** The skeleton with every node's keys in sorted order (values keep theirs); unreadable text as is. */
function normalizedShape(text: string): string {
  let root: SkeletonNode;
  try {
    root = JSON.parse(text) as SkeletonNode;
  } catch {
    return text;
  }
  const node = (n: SkeletonNode): SkeletonNode => {
    if (!n.e) return n;
    const entries = n.e.map(([k, iri, values, form]) => {
      const shown = formThatMatters(k, form);
      return (shown === undefined ? [k, iri, values.map(value)] : [k, iri, values.map(value), shown]) as typeof n.e[number];
    });
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : String(a[1]) < String(b[1]) ? -1 : String(a[1]) > String(b[1]) ? 1 : 0));
    return { ...n, e: entries };
  };
  const value = (v: SkeletonValue): SkeletonValue => (typeof v === 'string' ? v : node(v));
  return JSON.stringify(node(root));
}

export function digestQuad(graph: string, digest: string): Quad {
  return df.quad(df.namedNode(graph), df.namedNode(DIGEST_PREDICATE), df.literal(digest), df.namedNode(hintGraphOf(graph)));
}
