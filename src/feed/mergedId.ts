/**
 * A merged-away id: when document A is merged into B, A's tombstone (tombstone.ts) also says
 * where it went, so A answers 308 to B instead of 410. Written by the merge in the same atomic
 * write as the Move activity and A's removal; like any tombstone, taken down by a write that
 * creates A again, and kept across restarts on either store (it is a graph like any other).
 * It also keeps the texts A was found by in name search (its names, labels and identifiers, and
 * those of the ids merged into A before), so that a search for them finds B (search/NameIndex.ts,
 * search/stored/StoredNameSearch.ts): as `rdfs:label`s, which Virtuoso's text index already covers.
 *
 *   <A> <urn:linkedart-service:deletedAt> "2026-11-27T10:00:00Z"^^xsd:dateTime .
 *   <A> <urn:linkedart-service:mergedInto> <B> .
 *   <A> rdfs:label "Edith Marrow", "1923.4" .
 */
import { df, type Quad } from '../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';
import { tombstoneGraphOf, tombstoneQuads } from './tombstone.js';

export const MERGED_INTO = `${INTERNAL_GRAPH_PREFIX}mergedInto`;
/** The predicate of a merged-away id's names in its tombstone (rdfs:label). */
export const MERGED_NAME = 'http://www.w3.org/2000/01/rdf-schema#label';

/** The tombstone of `id`, merged into `target` at `endTime`; `names`: the texts it was found by. */
export function mergedQuads(id: string, target: string, endTime: string, names: readonly string[] = []): Quad[] {
  const graph = df.namedNode(tombstoneGraphOf(id));
  return [
    ...tombstoneQuads(id, endTime),
    df.quad(df.namedNode(id), df.namedNode(MERGED_INTO), df.namedNode(target), graph),
    ...[...new Set(names)].map((name) => df.quad(df.namedNode(id), df.namedNode(MERGED_NAME), df.literal(name), graph)),
  ];
}

/** The texts a merged-away id was found by, from its tombstone graph's quads (none when it was not merged). */
export function mergedNamesFrom(id: string, quads: readonly Quad[]): string[] {
  if (mergedIntoFrom(id, quads) === undefined) return [];
  return quads.filter((q) => q.subject.value === id && q.predicate.value === MERGED_NAME).map((q) => q.object.value);
}

/** Where `id` was merged into, from its tombstone graph's quads; undefined when it was not. */
export function mergedIntoFrom(id: string, quads: readonly Quad[]): string | undefined {
  return quads.find((q) => q.subject.value === id && q.predicate.value === MERGED_INTO)?.object.value;
}
