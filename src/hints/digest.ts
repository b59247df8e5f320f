/**
 * A document's digest: a hash of its quads and shape hints, kept in its hint graph. Loading
 * the same document again finds the same digest and leaves the stored one alone (counted as
 * unchanged, not rewritten), so a rerun of a load only does what is left.
 *
 * "The same document" whatever path it came by: the JSON as written, or the graph rendered
 * and ingested again (an N-Quads dump, a SPARQL Update that changed nothing) give their quads
 * in different orders, with other blank node labels, and skeletons whose keys are in another
 * order (the render writes keys in the spec's order). So the digest is of the quads in a
 * canonical text (canonicalQuads.ts: the same for any order and labels, another for any other
 * quads) and of the skeleton with each node's keys sorted; the order of values within a key,
 * which the render keeps, stays in, and so does a key's written form where the render uses it
 * (formThatMatters). A change of data or of array order gives another digest, and so does a
 * change of the shapes (`gateVersion`): a document is then checked again.
 *
 * Form 2 (issue 29): the quads' text writes a tree of blank nodes in place instead of naming
 * each blank node by a hash of its own, a third of the cost; digests stored by form 1 differ,
 * so their documents are checked and written once more (as any change of the shapes does).
 */
import * as crypto from 'node:crypto';
import { df, termKey, type Quad } from '../rdf/terms.js';
import { formThatMatters } from '../linkedart/specForms.js';
import { canonicalQuads } from './canonicalQuads.js';
import { compareEntries, hintGraphOf, SHAPE_PREDICATE, type SkeletonEntry, type SkeletonNode } from './Skeleton.js';

export const DIGEST_PREDICATE = 'urn:linkedart-service:digest';

/**
 * `skeleton`: the document's skeleton as an object, when the caller has it (an ingested
 * document): its shape hint's JSON then need not be read back to be normalized.
 */
export function documentDigest(
  quads: readonly Quad[],
  hints: readonly Quad[],
  gateVersion: string,
  skeleton?: SkeletonNode,
): string {
  const hintLines = hints.map((q) => {
    const line =
      q.predicate.value === SHAPE_PREDICATE && q.object.termType === 'Literal'
        ? `shape ${skeleton ? normalizedSkeleton(skeleton, q.object.value) : normalizedShape(q.object.value)}`
        : `${termKey(q.subject)} ${termKey(q.predicate)} ${termKey(q.object)}`;
    // Each line by its length: a literal may hold a line break.
    return line.length + ':' + line;
  });
  // One update: hashing is cheap, each call into it is not.
  return hashText(`2:${gateVersion.length}:${gateVersion}${canonicalQuads(quads)}\u0000${hintLines.sort().join('')}`);
}

/**
 * A text's SHA-256 in base64url: Node's one-shot crypto.hash where it has it (from 20.12; cheaper
 * than making a Hash object for one text).
 */
const hashText: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'base64url')
    : (text) => crypto.createHash('sha256').update(text).digest('base64url');

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
    out +=
      quoted(k) + ':' + (k === 'e' ? normalizedEntries(n.e) : typeof v === 'string' ? quoted(v) : JSON.stringify(v));
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
    const [k, , values, form] = e[i];
    if (form !== undefined && formThatMatters(k, form) === undefined) return false;
    if (i > 0 && compareEntries(e[i - 1], e[i]) > 0) return false;
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
      const v = values[i];
      out += (i > 0 ? ',' : '') + (typeof v === 'string' ? quoted(v) : normalizedSkeleton(v));
    }
    const shown = formThatMatters(k, form);
    out += shown === undefined ? ']]' : '],' + shown + ']';
  }
  return out + ']';
}

export function digestQuad(graph: string, digest: string): Quad {
  return df.quad(
    df.namedNode(graph),
    df.namedNode(DIGEST_PREDICATE),
    df.literal(digest),
    df.namedNode(hintGraphOf(graph)),
  );
}
