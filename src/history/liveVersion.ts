/**
 * The live version's record, never stored as one (so a Create writes nothing for the history):
 * its number and kind follow the newest past version's (none: version 1, a Create; a deletion
 * or a merge before it: a Create again; else an Update), its time is the document's modification
 * stamp, its digest the stored one, and who wrote it one quad that the write puts in the
 * document's hint graph beside them:
 *
 *   <id> <urn:linkedart-service:writtenBy> "linkedart load" .
 *
 * A write that replaces the live version copies its hints out with it, and its record then. The
 * record of the newest past version (where the next number starts) is kept in the same hint graph,
 * which every write of the document rewrites anyway, rather than in a graph of its own:
 *
 *   <id> <urn:linkedart-service:newestPastVersion> "[4,\"Update\",…]" .
 *
 * A document with no such quad (created, re-created after a deletion, or written by a build that kept
 * it in `urn:linkedart-service:history:<id>`) has its newest past record in that graph, if any.
 */
import { feedTime } from '../feed/activityGraph.js';
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { MODIFIED_PREDICATE } from '../hints/lastModified.js';
import { hintGraphOf } from '../hints/Skeleton.js';
import { df, type Quad } from '../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX, NEWEST_PAST_PREDICATE } from '../store/internalGraphs.js';
import { hasContent, recordQuad, recordsOfTexts, type VersionRecord } from './versionRecord.js';

export const WRITTEN_BY_PREDICATE = `${INTERNAL_GRAPH_PREFIX}writtenBy`;
/** The live version's record as an export with history states it (in the head graph): a load puts it back in the hints. */
export const LIVE_VERSION_PREDICATE = `${INTERNAL_GRAPH_PREFIX}liveVersion`;

/** The hint quad naming who wrote the live version. */
export function writtenByQuad(id: string, actor: string): Quad {
  return df.quad(
    df.namedNode(id),
    df.namedNode(WRITTEN_BY_PREDICATE),
    df.literal(actor),
    df.namedNode(hintGraphOf(id)),
  );
}

/** The hint quad holding the record of the newest past version, `record`. */
export function newestPastQuad(id: string, record: VersionRecord): Quad {
  const { subject, object } = recordQuad(id, record, hintGraphOf(id));
  return df.quad(subject, df.namedNode(NEWEST_PAST_PREDICATE), object, df.namedNode(hintGraphOf(id)));
}

/** The newest past version's record as these hint quads hold it (undefined: they hold none). */
export function newestPastIn(hints: readonly Quad[]): VersionRecord | undefined {
  return recordsOfTexts(hints.filter((q) => q.predicate.value === NEWEST_PAST_PREDICATE).map((q) => q.object.value)).at(
    -1,
  );
}

/** Hint quads as a past version keeps them: without the newest past record (NEWEST_PAST_PREDICATE). */
export function copiedHints(hints: readonly Quad[]): Quad[] {
  return hints.filter((q) => q.predicate.value !== NEWEST_PAST_PREDICATE);
}

/** The live version's record as an export states it (LIVE_VERSION_PREDICATE), in `graph`. */
export function liveRecordQuad(id: string, record: VersionRecord, graph: string): Quad {
  const { subject, object, graph: name } = recordQuad(id, record, graph);
  return df.quad(subject, df.namedNode(LIVE_VERSION_PREDICATE), object, name);
}

/** What the live version's hints say of it. */
export interface LiveHints {
  /** Its modification stamp; undefined: no live document. */
  readonly modified: Date | undefined;
  readonly digest: string | null;
  readonly actor: string | null;
}

/** The live hints as predicate and value pairs say them (from quads, or from a query's rows). */
export function liveHintsOf(pairs: Iterable<readonly [string, string]>): LiveHints {
  let modified: Date | undefined;
  let digest: string | null = null;
  let actor: string | null = null;
  for (const [predicate, value] of pairs) {
    if (predicate === MODIFIED_PREDICATE) {
      const when = new Date(value);
      if (!Number.isNaN(when.getTime())) modified = when;
    } else if (predicate === DIGEST_PREDICATE) digest = value;
    else if (predicate === WRITTEN_BY_PREDICATE) actor = value;
  }
  return { modified, digest, actor };
}

/** The live hints in a hint graph's quads. */
export function liveHintsFrom(hints: readonly Quad[]): LiveHints {
  return liveHintsOf(hints.map((q): [string, string] => [q.predicate.value, q.object.value]));
}

/**
 * The live version's record after `newestPast` (the newest past version's; undefined: none),
 * stamped `modified` (or `otherwise` when the hints have no stamp); undefined with neither.
 */
export function liveRecord(
  newestPast: VersionRecord | undefined,
  hints: LiveHints,
  otherwise?: Date,
): VersionRecord | undefined {
  const when = hints.modified ?? otherwise;
  if (!when) return undefined;
  return {
    n: (newestPast?.n ?? 0) + 1,
    kind: newestPast && hasContent(newestPast) ? 'Update' : 'Create',
    time: feedTime(when),
    actor: hints.actor,
    digest: hints.digest,
  };
}
