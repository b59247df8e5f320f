/**
 * One version of a document as its history records it: its number (from 1, never reused), what
 * the write did (Create, Update, Delete: a deletion is a version with no content), when (to the
 * second, as Memento-Datetime and Last-Modified give it), who wrote it (its name), and the digest of its
 * content once known. One quad per past version, in its own graph (versionGraphs.ts), its parts
 * in a JSON literal (as the change feed's activities):
 *
 *   <id> <urn:linkedart-service:pastVersion> "[3,\"Update\",\"2026-11-27T09:40:00Z\",\"curator\",\"…\"]" .
 *
 * The live version has none: its record is read from its hint graph (liveVersion.ts).
 */
import type { ActivityKind } from '../feed/activityGraph.js';
import { df, type Quad } from '../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';

/** What the write did: as the change feed's activity (a Move: merged into another document, no content left). */
export type VersionKind = ActivityKind;

export interface VersionRecord {
  readonly n: number;
  readonly kind: VersionKind;
  /** UTC, to the second: `2026-11-27T09:40:00Z`. */
  readonly time: string;
  /** Who wrote it: a curator's token name, `curator`, `linkedart load`, `harvest <feed>`, `bulk`; null when unknown (written before versions were kept). */
  readonly actor: string | null;
  /** The digest of its content (hints/digest.ts); null for a deletion or when not known. */
  readonly digest: string | null;
}

export const VERSION_PREDICATE = `${INTERNAL_GRAPH_PREFIX}pastVersion`;
const KINDS: readonly VersionKind[] = ['Create', 'Update', 'Delete', 'Move'];

/** A past version's record, as the quad that stores it in `graph`. */
export function recordQuad(id: string, record: VersionRecord, graph: string): Quad {
  const { n, kind, time, actor, digest } = record;
  return df.quad(
    df.namedNode(id),
    df.namedNode(VERSION_PREDICATE),
    df.literal(JSON.stringify([n, kind, time, actor, digest])),
    df.namedNode(graph),
  );
}

/** The records in these quads, oldest first, each number once; a quad that is not one is skipped. */
export function recordsFrom(quads: readonly Quad[]): VersionRecord[] {
  return recordsOfTexts(quads.filter((q) => q.predicate.value === VERSION_PREDICATE).map((q) => q.object.value));
}

/** The records stored as these literals, oldest first, each number once (the head repeats the newest). */
export function recordsOfTexts(texts: Iterable<string>): VersionRecord[] {
  const byNumber = new Map<number, VersionRecord>();
  for (const text of texts) {
    const record = readRecord(text);
    if (record) byNumber.set(record.n, record);
  }
  return [...byNumber.values()].sort((a, b) => a.n - b.n);
}

function readRecord(text: string): VersionRecord | undefined {
  let parts: unknown;
  try {
    parts = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts) || parts.length !== 5) return undefined;
  const [n, kind, time, actor, digest] = parts as unknown[];
  if (
    typeof n !== 'number' ||
    !Number.isSafeInteger(n) ||
    n < 1 ||
    !KINDS.includes(kind as VersionKind) ||
    typeof time !== 'string' ||
    (actor !== null && typeof actor !== 'string') ||
    (digest !== null && typeof digest !== 'string')
  )
    return undefined;
  return { n, kind: kind as VersionKind, time, actor, digest };
}

/** Whether the version has content to show (a deletion, or a merge into another document, has none). */
export function hasContent(record: VersionRecord): boolean {
  return record.kind !== 'Delete' && record.kind !== 'Move';
}
