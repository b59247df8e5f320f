/**
 * Several `linkedart serve` processes on one remote store, as a deployment behind a load balancer
 * runs them: started as child processes, written to over HTTP, and the store's change feed read
 * back to count what each write left. Used by severalProcesses.remote.test.ts and
 * `npm run bench:processes`.
 */
import { ChangeFeed } from '../../../src/feed/ChangeFeed.js';
import type { Activity } from '../../../src/feed/activityGraph.js';
import type { QuadStore } from '../../../src/store/QuadStore.js';
import { startServer, type ServerProcess } from './serverProcess.js';

export const BASE = 'http://localhost:8080/processes/';
export const TOKEN = 'several-processes-token-0123456789';
export const AUTH = { Authorization: `Bearer ${TOKEN}` };

/** `count` service processes on the store `storeArgs` names (testStoreArgs), all writable. */
/** `root`: the project whose build is started (startServer), this one unless given. */
export async function startProcesses(
  count: number,
  storeArgs: readonly string[],
  root?: string,
): Promise<ServerProcess[]> {
  const args = [...storeArgs, '--base-url', BASE, '--token', TOKEN];
  return Promise.all(Array.from({ length: count }, () => startServer(args, root)));
}

export async function stopProcesses(processes: readonly ServerProcess[]): Promise<void> {
  await Promise.all(processes.map((p) => p.stop()));
}

/** The id of object `name`. */
export function objectId(name: string): string {
  return `${BASE}object/${name}`;
}

/** A small object document, its label telling which write made it. */
export function objectDocument(name: string, label: string): object {
  return {
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: objectId(name),
    type: 'HumanMadeObject',
    _label: label,
    identified_by: [{ type: 'Name', content: `Object ${name}` }],
  };
}

/** What one PUT answered. */
export interface PutAnswer {
  readonly status: number;
  readonly etag: string | undefined;
  /** created, replaced or unchanged, on success. */
  readonly result: string | undefined;
  /** What a refusal (412) said: the current ETag it names. */
  readonly detail?: string;
}

/** PUT `document` at object `name` through the process at `url`; `ifMatch`: a conditional write. */
export async function putObject(url: string, name: string, label: string, ifMatch?: string): Promise<PutAnswer> {
  const response = await fetch(`${url}/processes/object/${name}`, {
    method: 'PUT',
    headers: { ...AUTH, 'Content-Type': 'application/ld+json', ...(ifMatch ? { 'If-Match': ifMatch } : {}) },
    body: JSON.stringify(objectDocument(name, label)),
  });
  const body = (await response.json()) as { result?: string; detail?: string };
  if (response.status !== 200 && response.status !== 201 && response.status !== 412)
    throw new Error(`PUT ${name} through ${url}: ${response.status} ${JSON.stringify(body)}`);
  return {
    status: response.status,
    etag: response.headers.get('etag') ?? undefined,
    result: body.result,
    detail: body.detail,
  };
}

/** The document's label and ETag as the process at `url` serves it (undefined: none). */
export async function readObject(url: string, name: string): Promise<{ label: string; etag: string } | undefined> {
  const response = await fetch(`${url}/processes/object/${name}`);
  if (response.status === 404 || response.status === 410) return undefined;
  const body = (await response.json()) as { _label: string };
  return { label: body._label, etag: response.headers.get('etag') ?? '' };
}

/** Activities read in one query: Virtuoso refuses a VALUES of a few thousand graphs (SP030, too many arguments). */
const FEED_PART = 1000;

/** The whole change feed as stored, read a part at a time. */
export async function storedFeed(store: QuadStore): Promise<Activity[]> {
  const feed = new ChangeFeed(store);
  const length = await feed.length();
  const activities: Activity[] = [];
  for (let from = 1; from <= length; from += FEED_PART)
    activities.push(...(await feed.activities(from, Math.min(length, from + FEED_PART - 1))));
  return activities;
}

/** What the feed says of the writes: activities per document, and numbers out of place (a gap or a repeat). */
export function feedCounts(activities: readonly Activity[]): { perDocument: Map<string, number>; outOfPlace: number } {
  const perDocument = new Map<string, number>();
  let outOfPlace = 0;
  activities.forEach((activity, i) => {
    if (activity.seq !== i + 1) outOfPlace++;
    perDocument.set(activity.object, (perDocument.get(activity.object) ?? 0) + 1);
  });
  return { perDocument, outOfPlace };
}

/** Activities stored under a number another activity has too (two writes that took one place in the feed). */
export async function duplicatedActivities(store: QuadStore): Promise<number> {
  const result = await store.query(
    `SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?g <urn:linkedart-service:activity> ?o } FILTER (STRSTARTS(STR(?g), "urn:linkedart-service:activity:")) }`,
  );
  const quads = result.kind === 'bindings' ? Number(result.rows[0]?.n?.v ?? 0) : 0;
  return quads - (await new ChangeFeed(store).length());
}
