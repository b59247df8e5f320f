/**
 * When a document last changed: one `xsd:dateTime` in its hint graph, written by every write
 * path (so it lives in the store, where every process reading it sees the same value). It
 * gives `Last-Modified`; it is bookkeeping, not data, so it never shows in the document.
 */
import { df, XSD, type Quad } from '../rdf/terms.js';
import { hintGraphOf } from './Skeleton.js';

export const MODIFIED_PREDICATE = 'urn:linkedart-service:modified';

/** The stamp saying that the document `graph` changed at `when`. */
export function modifiedStamp(graph: string, when: Date): Quad {
  return df.quad(
    df.namedNode(graph),
    df.namedNode(MODIFIED_PREDICATE),
    df.literal(when.toISOString(), df.namedNode(XSD + 'dateTime')),
    df.namedNode(hintGraphOf(graph)),
  );
}

/** The stamp read back from the hint quads; undefined when there is none (or it is unreadable). */
export function modifiedFrom(hints: readonly Quad[]): Date | undefined {
  for (const q of hints) {
    if (q.predicate.value !== MODIFIED_PREDICATE) continue;
    const when = new Date(q.object.value);
    if (!Number.isNaN(when.getTime())) return when;
  }
  return undefined;
}
