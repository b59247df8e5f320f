/**
 * A document's digest: a hash of its quads and shape hints as ingested, kept in its hint
 * graph. Loading the same document again finds the same digest and leaves the stored one
 * alone (counted as unchanged, not rewritten), so a rerun of a load only does what is left.
 * Ingest writes quads in document order, so the same JSON gives the same quads in the same
 * order, up to blank node labels (which are unique per process): blank nodes are numbered
 * by first appearance before hashing. A change of data or of array order gives another digest,
 * and so does a change of the shapes (`gateVersion`): a document is then checked again.
 */
import { createHash } from 'node:crypto';
import { df, termKey, type Quad, type Term } from '../rdf/terms.js';
import { hintGraphOf } from './Skeleton.js';

export const DIGEST_PREDICATE = 'urn:linkedart-service:digest';

export function documentDigest(quads: readonly Quad[], hints: readonly Quad[], gateVersion: string): string {
  const hash = createHash('sha256').update(gateVersion).update('\u0000');
  const blanks = new Map<string, number>();
  const key = (t: Term): string => {
    if (t.termType !== 'BlankNode') return termKey(t);   // an IRI as is, a literal quoted: never the same
    let n = blanks.get(t.value);
    if (n === undefined) blanks.set(t.value, n = blanks.size);
    return `B:${n}`;
  };
  for (const list of [quads, hints]) {
    for (const q of list) hash.update(`${key(q.subject)} ${key(q.predicate)} ${key(q.object)}\n`);
    hash.update('\u0000');
  }
  return hash.digest('base64url');
}

export function digestQuad(graph: string, digest: string): Quad {
  return df.quad(df.namedNode(graph), df.namedNode(DIGEST_PREDICATE), df.literal(digest), df.namedNode(hintGraphOf(graph)));
}
