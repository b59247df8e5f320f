/**
 * The live version's record, never stored as one (so a Create writes nothing for the history):
 * its number and kind follow the newest past version's (none: version 1, a Create; a deletion
 * or a merge before it: a Create again; else an Update), its time is the document's modification
 * stamp, its digest the stored one, and who wrote it one quad that the write puts in the
 * document's hint graph beside them:
 *
 *   <id> <urn:linkedart-service:writtenBy> "linkedart load" .
 *
 * A write that replaces the live version copies its hints out with it, and its record then.
 */
import { feedTime } from '../feed/activityGraph.js';
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { MODIFIED_PREDICATE } from '../hints/lastModified.js';
import { hintGraphOf } from '../hints/Skeleton.js';
import { df, type Quad } from '../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';
import { hasContent, recordQuad, type VersionRecord } from './versionRecord.js';

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
