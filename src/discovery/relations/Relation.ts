/**
 * A Linked Art HAL relation (test/fixtures/hal_links.tsv): "given an entity of kind X,
 * the entities of kind Y whose documents point to it along path P". The link is published on
 * X's document; the hits are Y's documents. Evaluated on Y's document alone when it is written
 * (src/discovery/reverseLinksOf.ts), so reading the hits costs no query. The relations are data:
 * data/relations.tsv, read by relationTable.ts.
 */
import type { Path } from './paths.js';

/** A relation as data: what it is called, joins and returns, and its path. */
export interface RelationDefinition {
  /** The relation's name as hal_links.tsv and the Linked Art API spell it (`objectProducedByAgent`). */
  readonly name: string;
  /** The classes of an entity whose document offers the link (Person, Group for "Agent"). */
  readonly given: readonly string[];
  /** The classes a hit's document may have at its top level (HumanMadeObject). */
  readonly returns: readonly string[];
  /** What the relation returns, in hal_links.tsv's words. */
  readonly description: string;
  /** From a hit's top-level entity to the given entity, inside the hit's own document. */
  readonly path: Path;
  /** How the query differs from hal_links.tsv's sketch, where that sketch is wrong (the query is then written from the path). */
  readonly sketchDiffers?: string;
  /**
   * For a relation whose path leaves the hit's document: its hits also include the hits of
   * `through` for every entity that `step` (a relation kept in the index but not published)
   * finds for the given entity. objectCuratedByAgent: objects that are members of a set
   * whose curating was carried out by the agent.
   */
  readonly via?: { readonly step: string; readonly through: string };
  /** Kept in the index for a `via`, never offered as a link. */
  readonly internal?: true;
}

/** A relation with its query. */
export interface Relation extends RelationDefinition {
  /**
   * The relation as a SPARQL query over all documents (default graph = their union), with the
   * given entity written `<%current%>`, as hal_links.tsv writes its sketches: for curators to
   * reuse, and for the differential test to check `path` against. hal_links.tsv's sketch where
   * it is kept as written (sketches.ts), else written from the path (relationQuery.ts).
   */
  readonly sparql: string;
}
