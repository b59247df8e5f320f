/**
 * A deleted document's tombstone: an internal graph beside where its graphs were, written by
 * the delete in the same atomic write as its Delete activity, removed by the write that creates
 * the id again. While it stands, the id answers 410 Gone with the time of the deletion (the
 * Delete activity stays in the feed for good, and so does the tombstone).
 *
 *   <document> <urn:linkedart-service:deletedAt> "2026-11-25T07:00:00Z"^^xsd:dateTime .
 */
import { df, XSD, type Quad } from '../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX, TOMBSTONE_GRAPH_PREFIX } from '../store/internalGraphs.js';

export { TOMBSTONE_GRAPH_PREFIX };
export const DELETED_AT = `${INTERNAL_GRAPH_PREFIX}deletedAt`;

export function tombstoneGraphOf(id: string): string {
  return TOMBSTONE_GRAPH_PREFIX + id;
}

export function tombstoneQuads(id: string, endTime: string): Quad[] {
  return [
    df.quad(
      df.namedNode(id),
      df.namedNode(DELETED_AT),
      df.literal(endTime, df.namedNode(XSD + 'dateTime')),
      df.namedNode(tombstoneGraphOf(id)),
    ),
  ];
}

/** When the document was deleted, from its tombstone graph's quads; undefined when there is none. */
export function deletedAtFrom(id: string, quads: readonly Quad[]): Date | undefined {
  for (const q of quads) {
    if (q.subject.value !== id || q.predicate.value !== DELETED_AT) continue;
    const when = new Date(q.object.value);
    if (!Number.isNaN(when.getTime())) return when;
  }
  return undefined;
}
