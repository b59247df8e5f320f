/**
 * How the change feed is stored: one internal graph per activity, named by its place in the
 * feed's sequence (1, 2, 3…), written in the same atomic write as the change it records. The
 * sequence has no gaps (writes are atomic and one at a time), so the feed's length is the
 * highest number whose graph exists, and a page is a fixed range of numbers: full pages never
 * change, and reading one costs the same at any length of the feed.
 *
 * An activity is one quad, its parts in a JSON literal (as a sealed page's rows): a quarter of
 * the quads (and a third of the bytes) of the four-triple Activity Streams form, which made a
 * 100,000-document load 6% slower; that form, written before, is still read.
 *
 *   <urn:linkedart-service:activity:42> <urn:linkedart-service:activity>
 *       "[\"Update\",\"https://…/object/1\",\"HumanMadeObject\",\"2026-11-25T07:00:00Z\"]" .
 */
import { classNamesByIri } from '../linkedart/kinds.js';
import { df, fromPlainTerm, RDF_TYPE, type PlainTerm, type Quad } from '../rdf/terms.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { Quad_Object } from '@rdfjs/types';
import { ACTIVITY_GRAPH_PREFIX, INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';
import type { Actor } from '../linkedart/Actor.js';
import { readExtras, storedExtras, type ActivityExtras } from './activityExtras.js';

/** Move: the document was merged into another (`target`), its id answers 308 there (IIIF Change Discovery's Move). */
export type ActivityKind = 'Create' | 'Update' | 'Delete' | 'Move';

/** One recorded change: what happened to which document, of which class, when. */
export interface Activity {
  /** Its place in the feed, from 1. */
  readonly seq: number;
  readonly kind: ActivityKind;
  /** The document's id. */
  readonly object: string;
  /** The document's Linked Art class (e.g. HumanMadeObject); undefined when it had none of the top-level classes. */
  readonly type: string | undefined;
  /** The change's time, to the second (as Last-Modified gives it). */
  readonly endTime: string;
  /** A Move's: the id the document was merged into. */
  readonly target?: string;
  /** Who made the change, when the write said. */
  readonly actor?: Actor;
}

export { ACTIVITY_GRAPH_PREFIX };
const AS = 'https://www.w3.org/ns/activitystreams#';
const ACTIVITY = `${INTERNAL_GRAPH_PREFIX}activity`;
/** The literal's parts: kind, object, class (null: none), endTime, and the extras when there are any. */
type Parts =
  [ActivityKind, string, string | null, string] | [ActivityKind, string, string | null, string, ActivityExtras];
const KINDS: readonly ActivityKind[] = ['Create', 'Update', 'Delete', 'Move'];

export function activityGraphOf(seq: number): string {
  return ACTIVITY_GRAPH_PREFIX + seq;
}

export function isActivityGraph(graph: string): boolean {
  return graph.startsWith(ACTIVITY_GRAPH_PREFIX);
}

/** A time as the feed states it: UTC, to the second (HTTP dates have no fractions). */
export function feedTime(when: Date): string {
  return new Date(Math.floor(when.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The quads of an activity's graph: one. */
export function activityQuads(activity: Activity): Quad[] {
  const graph = df.namedNode(activityGraphOf(activity.seq));
  const extras = storedExtras(activity);
  const parts = [activity.kind, activity.object, activity.type ?? null, activity.endTime, ...(extras ? [extras] : [])];
  return [df.quad(graph, df.namedNode(ACTIVITY), df.literal(JSON.stringify(parts)), graph)];
}

/**
 * The activities in these quads (of activity graphs, each quad carrying its graph), in sequence
 * order. A graph that does not hold a whole activity is an error: the feed must never skip one.
 */
export function activitiesFrom(quads: readonly Quad[]): Activity[] {
  const parts = new Map<
    number,
    { kind?: ActivityKind; object?: string; endTime?: string; extras?: ActivityExtras; types: Map<string, string> }
  >();
  for (const q of quads) {
    const graph = q.graph.value;
    if (!isActivityGraph(graph)) continue;
    const seq = Number(graph.slice(ACTIVITY_GRAPH_PREFIX.length));
    let part = parts.get(seq);
    if (!part) parts.set(seq, (part = { types: new Map() }));
    if (q.predicate.value === ACTIVITY) {
      const fields = readParts(q.object.value);
      if (fields) [part.kind, part.object, , part.endTime, part.extras] = fields;
      if (fields?.[2]) part.types.set(fields[1], fields[2]);
    } else if (q.subject.value === graph) {
      // The four-triple form, as written before.
      if (q.predicate.value === RDF_TYPE) part.kind = KINDS.find((k) => AS + k === q.object.value);
      else if (q.predicate.value === AS + 'object') part.object = q.object.value;
      // As this service writes it, whatever spelling the store gives back (Virtuoso: +00:00, fractions).
      else if (q.predicate.value === AS + 'endTime')
        part.endTime = Number.isNaN(Date.parse(q.object.value)) ? q.object.value : feedTime(new Date(q.object.value));
    } else if (q.predicate.value === RDF_TYPE) {
      const name = classNamesByIri().get(q.object.value);
      if (name) part.types.set(q.subject.value, name);
    }
  }
  return [...parts]
    .sort(([a], [b]) => a - b)
    .map(([seq, part]) => {
      if (!part.kind || !part.object || !part.endTime)
        throw new Error(
          `the change feed's activity ${seq} (graph <${activityGraphOf(seq)}>) is incomplete in the store`,
        );
      const { kind, object, endTime, extras } = part;
      return { seq, kind, object, type: part.types.get(object), endTime, ...extras };
    });
}

/** An activity literal's parts; undefined when it is not one (the activity is then incomplete, and said so). */
function readParts(text: string): Parts | undefined {
  let parts: unknown;
  try {
    parts = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts) || (parts.length !== 4 && parts.length !== 5)) return undefined;
  const [kind, object, type, endTime, stored] = parts as unknown[];
  const extras = parts.length === 5 ? readExtras(stored) : undefined;
  if (
    (parts.length === 5 && !extras) ||
    !KINDS.includes(kind as ActivityKind) ||
    typeof object !== 'string' ||
    (type !== null && typeof type !== 'string') ||
    typeof endTime !== 'string'
  )
    return undefined;
  return extras ? [kind as ActivityKind, object, type, endTime, extras] : [kind as ActivityKind, object, type, endTime];
}

/**
 * One SELECT for the quads of these activity graphs. Kept to the plainest pattern: a join of the
 * activity's own triples with OPTIONAL made Oxigraph scan every graph (1.5 s a page at 200,000
 * activities); `GRAPH ?g { ?s ?p ?o }` over the VALUES is a lookup per graph.
 */
export function activitiesQuery(names: readonly string[]): string {
  return `SELECT ?g ?s ?p ?o WHERE { VALUES ?g { ${names.map(iri).join(' ')} } GRAPH ?g { ?s ?p ?o } }`;
}

/** A row of activitiesQuery as its quad (activitiesFrom reads them). */
export function activityRowQuads(row: Readonly<Record<string, PlainTerm>>): Quad[] {
  const { g, s, p, o } = row;
  if (!g || !s || !p || !o || s.t !== 'N' || p.t !== 'N') return [];
  return [df.quad(df.namedNode(s.v), df.namedNode(p.v), fromPlainTerm(o) as Quad_Object, df.namedNode(g.v))];
}
