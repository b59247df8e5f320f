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
import * as crypto from 'node:crypto';
import { df, termKey, type Quad, type Term } from '../rdf/terms.js';
import { formThatMatters } from '../render/renderDocument.js';
import { compareEntries, hintGraphOf, SHAPE_PREDICATE, type SkeletonEntry, type SkeletonNode } from './Skeleton.js';

export const DIGEST_PREDICATE = 'urn:linkedart-service:digest';

/**
 * `skeleton`: the document's skeleton as an object, when the caller has it (an ingested
 * document): its shape hint's JSON then need not be read back to be normalized.
 */
export function documentDigest(quads: readonly Quad[], hints: readonly Quad[], gateVersion: string, skeleton?: SkeletonNode): string {
  const key = blankNodeNames(quads);
  const lines = new Array<string>(quads.length);
  for (let i = 0; i < quads.length; i++) {
    const q = quads[i]!;
    lines[i] = `${key(q.subject)} ${key(q.predicate)} ${key(q.object)}\n`;
  }
  lines.sort();
  const hintLines = hints.map((q) => q.predicate.value === SHAPE_PREDICATE && q.object.termType === 'Literal'
    ? `shape ${skeleton ? normalizedSkeleton(skeleton, q.object.value) : normalizedShape(q.object.value)}\n`
    : `${termKey(q.subject)} ${termKey(q.predicate)} ${termKey(q.object)}\n`).sort();
  // One update: hashing is cheap, each call into it is not.
  return hashText('sha256', `${gateVersion}\u0000${lines.join('')}\u0000${hintLines.join('')}\u0000`);
}

/**
 * A text's hash in base64url: Node's one-shot crypto.hash where it has it (from 20.12; a digest
 * hashes a dozen short texts, where making a Hash object for each cost more than hashing).
 */
const hashText: (algorithm: 'sha1' | 'sha256', text: string) => string = typeof crypto.hash === 'function'
  ? (algorithm, text) => crypto.hash(algorithm, text, 'base64url')
  : (algorithm, text) => crypto.createHash(algorithm).update(text).digest('base64url');

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
    if (q.subject.termType === 'BlankNode') {
      const label = q.subject.value;
      if (!order.has(label)) order.set(label, order.size);
      let list = statements.get(label);
      if (!list) statements.set(label, list = []);
      list.push(q);
    }
    if (q.object.termType === 'BlankNode' && !order.has(q.object.value)) order.set(q.object.value, order.size);
  }
  const names = new Map<string, string>();
  const naming = new Set<string>();
  const name = (label: string): string => {
    const known = names.get(label);
    if (known !== undefined) return known;
    if (naming.has(label)) return `B#${order.get(label)}`;
    naming.add(label);
    const lines = (statements.get(label) ?? []).map((q) => `${termKey(q.predicate)} ${key(q.object)}`).sort();
    const named = `B:${hashText('sha1', lines.join('\n'))}`;
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
  return normalizedSkeleton(root);
}

/**
 * normalizedShape of a skeleton object, written straight out: JSON.stringify of the skeleton
 * with each node's entries sorted by key (then predicate) and their written forms reduced to
 * those the render uses (formThatMatters), without copying the tree first.
 */
export function normalizedSkeleton(n: SkeletonNode, text?: string): string {
  // Ingest writes skeletons in their normal form (entries sorted, only forms that matter):
  // then the JSON it wrote is the answer.
  if (text !== undefined && isNormal(n)) return text;
  if (!n.e) return JSON.stringify(n);
  let out = '{';
  for (const [k, v] of Object.entries(n)) {
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += quoted(k) + ':' + (k === 'e' ? normalizedEntries(n.e) : typeof v === 'string' ? quoted(v) : JSON.stringify(v));
  }
  return out + '}';
}

/** JSON.stringify of a string, without the call for the common case (no character JSON escapes). */
function quoted(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(text);
  }
  return '"' + text + '"';
}

/** Whether every node's entries are sorted and carry only written forms that matter. */
function isNormal(n: SkeletonNode): boolean {
  const e = n.e;
  if (!e) return true;
  for (let i = 0; i < e.length; i++) {
    const [k, , values, form] = e[i]!;
    if (form !== undefined && formThatMatters(k, form) === undefined) return false;
    if (i > 0 && compareEntries(e[i - 1]!, e[i]!) > 0) return false;
    for (const v of values) if (typeof v !== 'string' && !isNormal(v)) return false;
  }
  return true;
}

function normalizedEntries(entries: readonly SkeletonEntry[]): string {
  const sorted = [...entries].sort(compareEntries);
  let out = '[';
  for (const [k, iri, values, form] of sorted) {
    if (out.length > 1) out += ',';
    out += '[' + quoted(k) + ',' + (iri === 0 ? '0' : quoted(iri)) + ',[';
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      out += (i > 0 ? ',' : '') + (typeof v === 'string' ? quoted(v) : normalizedSkeleton(v));
    }
    const shown = formThatMatters(k, form);
    out += shown === undefined ? ']]' : '],' + shown + ']';
  }
  return out + ']';
}

export function digestQuad(graph: string, digest: string): Quad {
  return df.quad(df.namedNode(graph), df.namedNode(DIGEST_PREDICATE), df.literal(digest), df.namedNode(hintGraphOf(graph)));
}
