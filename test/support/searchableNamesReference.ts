/**
 * searchableNamesOf as it was first written (before issue 35 made it one walk with a record a node):
 * every fact of every node kept in maps keyed by subject (and predicate), then read along the paths.
 * Slower and plainly right: the derivation's tests hold the faster one to it, graph for graph.
 */
import { entityClassOf } from '../../src/discovery/reverseLinksOf.js';
import { RDF_TYPE, type Quad } from '../../src/rdf/terms.js';
import {
  BEGIN_OF_THE_BEGIN,
  BEGINNINGS,
  CLASSIFIED_AS,
  CONTENT,
  IDENTIFIED_BY,
  IDENTIFIER_CLASS,
  NAME_CLASS,
  PRIMARY_NAME,
  RDFS_LABEL,
  REFERRED_TO_BY,
  TIMESPAN,
  type SearchableNames,
} from '../../src/search/searchableNames.js';

const ALONG = new Set([REFERRED_TO_BY, RDFS_LABEL, TIMESPAN, BEGIN_OF_THE_BEGIN, ...BEGINNINGS]);

export function referenceSearchableNamesOf(id: string, quads: readonly Quad[]): SearchableNames {
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
  const years = along(
    along(
      BEGINNINGS.flatMap((p) => along([id], p)),
      TIMESPAN,
    ),
    BEGIN_OF_THE_BEGIN,
  )
    .map((d) => /^(-?\d{1,6})(?:-|$)/.exec(d)?.[1])
    .filter((y) => y !== undefined)
    .map(Number);
  return {
    id,
    type: entityClassOf(id, quads),
    names: [...unique(primary), ...unique(names).filter((n) => !primary.includes(n))],
    labels: unique(labels),
    identifiers: unique(identifiers),
    statements: unique(along([id], REFERRED_TO_BY).flatMap((s) => [...(contents.get(s) ?? [])])),
    classifications: unique([...(classes.get(id) ?? [])].flatMap((c) => [...(others.get(`${c} ${RDFS_LABEL}`) ?? [])])),
    ...(years.length === 0 ? {} : { year: Math.min(...years) }),
  };
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
