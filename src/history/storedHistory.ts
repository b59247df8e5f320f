/**
 * A document's history as stored (versionGraphs.ts): its versions' records, and one version's
 * quads — from its version graphs once past, from the document's own graphs while it is live.
 */
import { feedTime } from '../feed/activityGraph.js';
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { modifiedFrom } from '../hints/lastModified.js';
import { hintGraphOf } from '../hints/Skeleton.js';
import { df, type Quad } from '../rdf/terms.js';
import type { QuadStore } from '../store/QuadStore.js';
import { hasContent, recordsFrom, type VersionRecord } from './versionRecord.js';
import { historyGraphOf, versionGraphOf, versionHintGraphOf } from './versionGraphs.js';

/** One version as stored: its record, and its quads (none for a deletion). */
export interface StoredVersion {
  readonly record: VersionRecord;
  readonly quads: Quad[];
  readonly hints: Quad[];
}

/**
 * The versions of a document, oldest first; for a document stored before versions were kept
 * (or with --keep-versions 0), its live version as version 1. Empty: no document, no history.
 */
export async function versionsOf(store: QuadStore, id: string): Promise<VersionRecord[]> {
  const history = historyGraphOf(id);
  const quads = await store.readGraphs([history, hintGraphOf(id)]);
  const records = recordsFrom(quads.filter((q) => q.graph.value === history));
  if (records.length > 0) return records;
  const hints = quads.filter((q) => q.graph.value !== history);
  const modified = modifiedFrom(hints);
  if (!modified) return [];
  const digest = hints.find((q) => q.predicate.value === DIGEST_PREDICATE)?.object.value ?? null;
  return [{ n: 1, kind: 'Create', time: feedTime(modified), actor: null, digest }];
}

/** Version `n` of the document; undefined when it has none (never written, or dropped past the retention). */
export async function storedVersion(store: QuadStore, id: string, n: number): Promise<StoredVersion | undefined> {
  const history = historyGraphOf(id);
  const [graph, hintGraph] = [versionGraphOf(id, n), versionHintGraphOf(id, n)];
  const read = await store.readGraphs([history, graph, hintGraph]);
  const quads = read.filter((q) => q.graph.value === graph);
  const hints = read.filter((q) => q.graph.value === hintGraph);
  let records = recordsFrom(read.filter((q) => q.graph.value === history));
  if (records.length === 0) records = await versionsOf(store, id);
  const record = records.find((r) => r.n === n);
  if (!record) return undefined;
  // As the live graphs hold them: the render knows a document's quads and hints by their graphs.
  if (!hasContent(record) || quads.length > 0)
    return { record, quads: inGraph(quads, id), hints: inGraph(hints, hintGraphOf(id)) };
  // Not copied out: the live version, while it is the newest.
  if (record !== records.at(-1)) return undefined;
  const live = await store.readGraphs([id, hintGraphOf(id)]);
  const own = live.filter((q) => q.graph.value === id);
  if (own.length === 0) return undefined;
  return { record, quads: own, hints: live.filter((q) => q.graph.value !== id) };
}

function inGraph(quads: readonly Quad[], graph: string): Quad[] {
  const name = df.namedNode(graph);
  return quads.map((q) => df.quad(q.subject, q.predicate, q.object, name));
}

/** The version in force at `when`: the newest not after it, else the first (RFC 7089 §4.1.1); undefined with none. */
export function versionAt(records: readonly VersionRecord[], when: Date): VersionRecord | undefined {
  let found: VersionRecord | undefined;
  for (const record of records) if (Date.parse(record.time) <= when.getTime()) found = record;
  return found ?? records[0];
}

/** The newest version with content (a deleted document's last). */
export function lastWithContent(records: readonly VersionRecord[]): VersionRecord | undefined {
  return records.filter(hasContent).at(-1);
}
