/**
 * Where a harvest of a feed ended, kept in the store it harvests into: one internal graph per
 * feed URL (so one store can harvest several feeds), written in the same atomic write as the
 * documents it covers. The graph says which activity was the newest harvested (its page, its
 * index there, its id when it has one, its endTime), so a crash mid-harvest leaves it at the
 * last batch stored and the next run goes on from there: nothing is skipped.
 *
 *   GRAPH <urn:linkedart-service:harvest:{feed URL, percent-encoded}> {
 *     <that graph> harvest:feed <feed URL> ; harvest:page "page URL" ; harvest:index 41 ;
 *       harvest:activity "activity URL" ; harvest:endTime "2026-11-25T07:00:00Z" ;
 *       harvest:harvestedAt "..."^^xsd:dateTime }
 * (harvest: = urn:linkedart-service:harvest-; the publisher's page and activity URLs are kept as
 * literals, as given, whatever characters they hold)
 */
import { df, XSD, type Quad } from '../rdf/terms.js';
import type { QuadStore } from '../store/QuadStore.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';
import type { FeedActivity } from './activities.js';
import type { ResumePoint } from './walkBack.js';

export const HARVEST_GRAPH_PREFIX = `${INTERNAL_GRAPH_PREFIX}harvest:`;
const P = `${INTERNAL_GRAPH_PREFIX}harvest-`;
const FEED = P + 'feed',
  PAGE = P + 'page',
  INDEX = P + 'index',
  ACTIVITY = P + 'activity',
  END_TIME = P + 'endTime',
  HARVESTED_AT = P + 'harvestedAt';

/** The internal graph that holds the harvest state of this feed. */
export function harvestGraphOf(feedUrl: string): string {
  return HARVEST_GRAPH_PREFIX + encodeURIComponent(feedUrl);
}

/** What the store remembers of a feed's harvests. */
export interface HarvestState extends ResumePoint {
  readonly harvestedAt?: string;
}

/** The state of this feed's harvest, or undefined when the store never harvested it. */
export async function readHarvestState(store: QuadStore, feedUrl: string): Promise<HarvestState | undefined> {
  const quads = await store.readGraphs([harvestGraphOf(feedUrl)]);
  const value = (predicate: string) => quads.find((q) => q.predicate.value === predicate)?.object.value;
  const page = value(PAGE);
  const index = Number(value(INDEX));
  if (page === undefined || !Number.isInteger(index)) return undefined;
  const activity = value(ACTIVITY),
    endTime = value(END_TIME),
    harvestedAt = value(HARVESTED_AT);
  return {
    page,
    index,
    ...(activity !== undefined ? { activity } : {}),
    ...(endTime !== undefined ? { endTime } : {}),
    ...(harvestedAt !== undefined ? { harvestedAt } : {}),
  };
}

/** The state graph saying `activity` is the newest harvested: to write alongside the documents it covers. */
export function harvestStateGraph(feedUrl: string, activity: FeedActivity, now: Date): [string, Quad[]] {
  const name = harvestGraphOf(feedUrl);
  const graph = df.namedNode(name);
  const quad = (predicate: string, object: Parameters<typeof df.quad>[2]) =>
    df.quad(graph, df.namedNode(predicate), object, graph);
  const quads = [
    quad(FEED, df.namedNode(feedUrl)),
    quad(PAGE, df.literal(activity.page)),
    quad(INDEX, df.literal(String(activity.index), df.namedNode(XSD + 'integer'))),
    quad(HARVESTED_AT, df.literal(now.toISOString(), df.namedNode(XSD + 'dateTime'))),
  ];
  if (activity.id !== undefined) quads.push(quad(ACTIVITY, df.literal(activity.id)));
  // As the publisher spelled it: not every publisher's spelling is an xsd:dateTime (`+0000`).
  if (activity.endTime !== undefined) quads.push(quad(END_TIME, df.literal(activity.endTime)));
  return [name, quads];
}
