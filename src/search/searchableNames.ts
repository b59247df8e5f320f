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
import { entityClassOf } from '../discovery/reverseLinksOf.js';

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

/** The predicates read along paths below (statements, classifications' labels, beginnings' dates): only theirs are kept. */
const ALONG = new Set([REFERRED_TO_BY, RDFS_LABEL, TIMESPAN, BEGIN_OF_THE_BEGIN, ...BEGINNINGS]);

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
 * The searchable names of the document `id` whose entity graph is (or includes) `quads`:
 * only the entity's own names and identifiers count, not those of things it embeds.
 */
export function searchableNamesOf(id: string, quads: readonly Quad[]): SearchableNames {
  const appellations: string[] = [];
  const labels: string[] = [];
  const classes = new Map<string, Set<string>>();
  const contents = new Map<string, Set<string>>();
  const others = new Map<string, Set<string>>();
  for (const q of quads) {
    const s = q.subject.value;
    const p = q.predicate.value;
    if (s === id && p === IDENTIFIED_BY) appellations.push(q.object.value);
    else if (s === id && p === RDFS_LABEL && q.object.termType === 'Literal') labels.push(q.object.value);
    else if (p === RDF_TYPE || p === CLASSIFIED_AS) addTo(classes, s, q.object.value);
    else if (p === CONTENT && q.object.termType === 'Literal') addTo(contents, s, q.object.value);
    // Statements, classifications' labels, events' time-spans and their beginnings: read below.
    else if (ALONG.has(p)) addTo(others, `${s} ${p}`, q.object.value);
  }
  const along = (from: readonly string[], p: string): string[] =>
    from.flatMap((s) => [...(others.get(`${s} ${p}`) ?? [])]);
  const primary: string[] = [];
  const names: string[] = [];
  const identifiers: string[] = [];
  for (const node of appellations) {
    const kinds = classes.get(node);
    for (const text of contents.get(node) ?? []) {
      if (kinds?.has(IDENTIFIER_CLASS)) identifiers.push(text);
      else if (kinds?.has(NAME_CLASS)) (kinds.has(PRIMARY_NAME) ? primary : names).push(text);
    }
  }
  return {
    id,
    type: entityClassOf(id, quads),
    names: [...unique(primary), ...unique(names).filter((n) => !primary.includes(n))],
    labels: unique(labels),
    identifiers: unique(identifiers),
    statements: unique(along([id], REFERRED_TO_BY).flatMap((s) => [...(contents.get(s) ?? [])])),
    classifications: unique([...(classes.get(id) ?? [])].flatMap((c) => [...(others.get(`${c} ${RDFS_LABEL}`) ?? [])])),
    ...yearOf(
      along(
        along(
          BEGINNINGS.flatMap((p) => along([id], p)),
          TIMESPAN,
        ),
        BEGIN_OF_THE_BEGIN,
      ),
    ),
  };
}

/** The earliest year among dates (`1887-01-01T00:00:00Z`, `-0300…`); nothing when there is none. */
function yearOf(dates: readonly string[]): { year?: number } {
  const years = dates
    .map((d) => /^(-?\d{1,6})(?:-|$)/.exec(d)?.[1])
    .filter((y) => y !== undefined)
    .map(Number);
  return years.length === 0 ? {} : { year: Math.min(...years) };
}

/** A value added to the list (or set) kept under a key, made on first use. */
function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
