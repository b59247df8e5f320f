/**
 * A full page of the feed, kept whole: written in the same atomic write as the activity that
 * fills it, one quad whose literal lists the page's activities. A full page never changes, so
 * reading it is one graph lookup instead of one per activity (7 ms a page at a million
 * activities, one graph per activity, read as one query). Derived from the activity graphs and
 * rebuildable from them; a page sealed at another page size is simply not found, and the page is
 * read from its activity graphs.
 *
 *   <urn:linkedart-service:feed-page:100:42> <urn:linkedart-service:activities> "[[4101,\"Update\",\"https://…\",\"Person\",\"2026-…Z\"],…]" .
 */
import { df, type Quad } from '../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX, SEALED_PAGE_PREFIX } from '../store/internalGraphs.js';
import type { Activity, ActivityKind } from './activityGraph.js';
import { readExtras, storedExtras, type StoredExtras } from './activityExtras.js';

const ACTIVITIES = `${INTERNAL_GRAPH_PREFIX}activities`;

export function sealedPageGraphOf(pageSize: number, page: number): string {
  return `${SEALED_PAGE_PREFIX}${pageSize}:${page}`;
}

/** An activity's row; the extras (activityExtras.ts) only when it has any. */
type Row =
  | [number, ActivityKind, string, string | null, string]
  | [number, ActivityKind, string, string | null, string, StoredExtras];

export function sealedPageQuads(pageSize: number, page: number, activities: readonly Activity[]): Quad[] {
  const graph = df.namedNode(sealedPageGraphOf(pageSize, page));
  const rows: Row[] = activities.map((a) => {
    const extras = storedExtras(a);
    return extras
      ? [a.seq, a.kind, a.object, a.type ?? null, a.endTime, extras]
      : [a.seq, a.kind, a.object, a.type ?? null, a.endTime];
  });
  return [df.quad(graph, df.namedNode(ACTIVITIES), df.literal(JSON.stringify(rows)), graph)];
}

/** The activities of a sealed page's quads; undefined when there is no such page (or it does not hold `expected` activities). */
export function sealedPageActivities(quads: readonly Quad[], expected: number): Activity[] | undefined {
  const quad = quads.find((q) => q.predicate.value === ACTIVITIES);
  if (!quad) return undefined;
  const rows = JSON.parse(quad.object.value) as Row[];
  if (!Array.isArray(rows) || rows.length !== expected) return undefined;
  return rows.map(([seq, kind, object, type, endTime, extras]) => ({
    seq,
    kind,
    object,
    type: type ?? undefined,
    endTime,
    ...(extras === undefined ? {} : readExtras(extras)),
  }));
}
