/**
 * A merged-away id: when document A is merged into B, A's tombstone (tombstone.ts) also says
 * where it went, so A answers 308 to B instead of 410. Written by the merge in the same atomic
 * write as the Move activity and A's removal; like any tombstone, taken down by a write that
 * creates A again, and kept across restarts on either store (it is a graph like any other).
 *
 *   <A> <urn:linkedart-service:deletedAt> "2026-11-27T10:00:00Z"^^xsd:dateTime .
 *   <A> <urn:linkedart-service:mergedInto> <B> .
 */
import { df, type Quad } from '../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';
import { tombstoneGraphOf, tombstoneQuads } from './tombstone.js';

export const MERGED_INTO = `${INTERNAL_GRAPH_PREFIX}mergedInto`;

/** The tombstone of `id`, merged into `target` at `endTime`. */
export function mergedQuads(id: string, target: string, endTime: string): Quad[] {
  return [
    ...tombstoneQuads(id, endTime),
    df.quad(df.namedNode(id), df.namedNode(MERGED_INTO), df.namedNode(target), df.namedNode(tombstoneGraphOf(id))),
  ];
}

/** Where `id` was merged into, from its tombstone graph's quads; undefined when it was not. */
export function mergedIntoFrom(id: string, quads: readonly Quad[]): string | undefined {
  return quads.find((q) => q.subject.value === id && q.predicate.value === MERGED_INTO)?.object.value;
}
