/**
 * What name search knows of one document, derived from its entity graph: its Linked Art class,
 * its names (`identified_by` Names' `content`), its `_label` and its identifiers (`identified_by`
 * Identifiers' `content`); for narrowing and lower-weighted matches, its statements
 * (`referred_to_by` contents), its classifications' `_label`s and the year its production,
 * creation or birth began. The quads are the truth: the same derivation runs on every write and
 * when the index is built from the store at start.
 */
import type { Quad } from '../rdf/terms.js';
import { RDF_TYPE } from '../rdf/terms.js';
import { entityClassAmong } from '../discovery/reverseLinksOf.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
export const IDENTIFIED_BY = `${CRM}P1_is_identified_by`;
export const CONTENT = `${CRM}P190_has_symbolic_content`;
export const CLASSIFIED_AS = `${CRM}P2_has_type`;
export const NAME_CLASS = `${CRM}E33_E41_Linguistic_Appellation`;
export const IDENTIFIER_CLASS = `${CRM}E42_Identifier`;
export const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
/** AAT's "primary name" (Linked Art's mark of the name to show first). */
export const PRIMARY_NAME = 'http://vocab.getty.edu/aat/300404670';
export const REFERRED_TO_BY = `${CRM}P67i_is_referred_to_by`;
export const TIMESPAN = `${CRM}P4_has_time-span`;
export const BEGIN_OF_THE_BEGIN = `${CRM}P82a_begin_of_the_begin`;
/** The events whose beginning dates a document for search: produced_by, created_by, born. */
export const BEGINNINGS = [`${CRM}P108i_was_produced_by`, `${CRM}P94i_was_created_by`, `${CRM}P98i_was_born`];

/** One document as name search sees it. */
export interface SearchableNames {
  readonly id: string;
  /** Its top-level Linked Art class (HumanMadeObject, Person…); undefined for none of them. */
  readonly type: string | undefined;
  /** Name contents, the primary name first, then the others in code-point order. */
  readonly names: readonly string[];
  /** Its `_label`s. */
  readonly labels: readonly string[];
  /** Identifier contents, in code-point order. */
  readonly identifiers: readonly string[];
  /** Its statements' contents (descriptions, provenance…): searched, at a lower weight than names. */
  readonly statements?: readonly string[];
  /** Its classifications' `_label`s (a search narrows by one). */
  readonly classifications?: readonly string[];
  /** The year its production, creation or birth began (a search narrows by a range of them). */
  readonly year?: number;
  /**
   * The texts the ids merged into it were found by (their tombstones keep them: feed/mergedId.ts),
   * searched as labels; set by the index in memory, never read from the document's own quads.
   */
  readonly merged?: readonly string[];
}

/** The name a person sees for a document: its primary name, else another name, else its `_label`, else its id. */
export function displayName(entry: SearchableNames): string {
  return entry.names[0] ?? entry.labels[0] ?? entry.id;
}

/**
 * What one node of the graph says that the derivation below reads, by slot (a list each, as the
 * quads give it): numbered rather than named, so the walk files a quad with one indexed store.
 */
type NodeFacts = Array<string[] | undefined>;
/** Its `rdf:type`s and `classified_as`. */
const CLASSES = 0;
/** Its `content`s that are literals. */
const CONTENTS = 1;
/** Its `_label`s (the document's own literal ones are its labels instead). */
const LABELS = 2;
/** What it is `referred_to_by`. */
const STATEMENTS = 3;
/** Its time-spans. */
const TIMESPANS = 4;
/** Its `begin_of_the_begin`s. */
const BEGINS = 5;
/** Its production, creation or birth. */
const EVENTS = 6;
/** The document's `identified_by` (the appellations its names and identifiers are read from). */
const APPELLATION = 7;

/** The predicates read, and where: every other quad is passed over after one look-up. */
const READ = new Map<string, number>([
  [IDENTIFIED_BY, APPELLATION],
  [RDF_TYPE, CLASSES],
  [CLASSIFIED_AS, CLASSES],
  [CONTENT, CONTENTS],
  [RDFS_LABEL, LABELS],
  [REFERRED_TO_BY, STATEMENTS],
  [TIMESPAN, TIMESPANS],
  [BEGIN_OF_THE_BEGIN, BEGINS],
  ...BEGINNINGS.map((p): [string, number] => [p, EVENTS]),
]);

/**
 * The searchable names of the document `id` whose entity graph is (or includes) `quads`:
 * only the entity's own names and identifiers count, not those of things it embeds.
 */
export function searchableNamesOf(id: string, quads: readonly Quad[]): SearchableNames {
  // One walk, each node's facts in one record: a load keeping the start-up indexes makes this for every document (issue 35).
  const appellations: string[] = [];
  const labels: string[] = [];
  const types: string[] = [];
  const nodes = new Map<string, NodeFacts>();
  // A node's quads mostly come together: its record is looked up once for them.
  let subject: string | undefined;
  let facts: NodeFacts | undefined;
  for (const q of quads) {
    const p = q.predicate.value;
    const slot = READ.get(p);
    if (slot === undefined) continue;
    const s = q.subject.value;
    const o = q.object;
    if (slot === APPELLATION) {
      if (s === id) appellations.push(o.value);
      continue;
    }
    if (slot === CONTENTS && o.termType !== 'Literal') continue;
    if (slot === LABELS && s === id && o.termType === 'Literal') {
      labels.push(o.value);
      continue;
    }
    // The document's own classes, as entityClassOf reads them.
    if (slot === CLASSES && s === id && p === RDF_TYPE && q.subject.termType === 'NamedNode') types.push(o.value);
    if (s !== subject || facts === undefined) {
      subject = s;
      facts = nodes.get(s);
      if (facts === undefined) nodes.set(s, (facts = []));
    }
    (facts[slot] ??= []).push(o.value);
  }
  /** The values in `slot` of the nodes `from`. */
  const along = (from: readonly string[] | undefined, slot: number): string[] => {
    const found: string[] = [];
    for (const s of from ?? []) for (const value of nodes.get(s)?.[slot] ?? []) found.push(value);
    return found;
  };
  const primary: string[] = [];
  const names: string[] = [];
  const identifiers: string[] = [];
  for (const node of appellations) {
    const kinds = nodes.get(node)?.[CLASSES];
    for (const text of nodes.get(node)?.[CONTENTS] ?? []) {
      if (kinds?.includes(IDENTIFIER_CLASS)) identifiers.push(text);
      else if (kinds?.includes(NAME_CLASS)) (kinds.includes(PRIMARY_NAME) ? primary : names).push(text);
    }
  }
  const own = nodes.get(id);
  const entry: { -readonly [K in keyof SearchableNames]: SearchableNames[K] } = {
    id,
    type: entityClassAmong(types),
    names: [...unique(primary), ...unique(names).filter((n) => !primary.includes(n))],
    labels: unique(labels),
    identifiers: unique(identifiers),
    statements: unique(along(own?.[STATEMENTS], CONTENTS)),
    classifications: unique(along(own?.[CLASSES], LABELS)),
  };
  // Set only when there is one (the kept file's lines say no year by its absence).
  const year = yearOf(along(along(own?.[EVENTS], TIMESPANS), BEGINS));
  if (year !== undefined) entry.year = year;
  return entry;
}

/** The earliest year among dates (`1887-01-01T00:00:00Z`, `-0300…`); undefined when there is none. */
function yearOf(dates: readonly string[]): number | undefined {
  const years = dates
    .map((d) => /^(-?\d{1,6})(?:-|$)/.exec(d)?.[1])
    .filter((y) => y !== undefined)
    .map(Number);
  return years.length === 0 ? undefined : Math.min(...years);
}

function unique(values: readonly string[]): string[] {
  if (values.length < 2) return [...values];
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
