/**
 * A Linked Art HAL relation (test/fixtures/hal_links.tsv): "given an entity of kind X,
 * the entities of kind Y whose documents point to it along path P". The link is published on
 * X's document; the hits are Y's documents. Evaluated on Y's document alone when it is written
 * (src/discovery/reverseLinksOf.ts), so reading the hits costs no query.
 */
import type { Path } from './paths.js';

export interface Relation {
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
  /**
   * The relation as a SPARQL query over all documents (default graph = their union), with the
   * given entity written `<%current%>`, as hal_links.tsv writes its sketches: for curators to
   * reuse, and for the differential test to check `path` against.
   */
  readonly sparql: string;
  /** How the query differs from hal_links.tsv's sketch, where that sketch is wrong; absent when it is the sketch. */
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

/** The class groups hal_links.tsv names, as Linked Art classes. */
export const AGENT = ['Person', 'Group'] as const;
export const WORK = ['LinguisticObject', 'VisualItem'] as const;
export const CONCEPT = ['Type', 'Material', 'Language', 'Currency', 'MeasurementUnit'] as const;
export const EVENT_OR_ACTIVITY = ['Event', 'Activity'] as const;
export const TEMPORAL = ['Period', 'Event', 'Activity'] as const;
export const OBJECT = ['HumanMadeObject'] as const;
export const PLACE = ['Place'] as const;
export const SET = ['Set'] as const;

/** The prefixes the queries use without declaring them, as hal_links.tsv's sketches do. */
export const QUERY_PREFIXES: Readonly<Record<string, string>> = {
  crm: 'http://www.cidoc-crm.org/cidoc-crm/',
  sci: 'http://www.ics.forth.gr/isl/CRMsci/',
  la: 'https://linked.art/ns/terms/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  aat: 'http://vocab.getty.edu/aat/',
};
