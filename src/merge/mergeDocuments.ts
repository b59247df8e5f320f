/**
 * A merge: document A turns out to be B. In one atomic write, A's graphs are removed and its
 * tombstone says where it went (A then answers 308 to B in every format), the feed records a
 * Move (origin A, target B), and, when asked, every stored document referring to A is rewritten
 * to refer to B instead: an ordinary write of each, through the one gate (a rewrite the gate
 * refuses refuses the merge, nothing written). The documents referring to A are reported either
 * way. B is left as it is: what A said that B should say is the curator's next edit of B.
 * B's reverse links list the documents still pointing at A (discovery/mergedReverseLinks.ts), and
 * A's tombstone keeps the texts A was found by, so that name search finds B by them (mergedNames.ts).
 */
import type { Actor } from '../linkedart/Actor.js';
import { isHttpIri } from '../ingest/iris.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import type { Problem } from '../linkedart/Problem.js';
import type { Quad } from '../rdf/terms.js';
import type { Change } from '../feed/ChangeFeed.js';
import type { DocumentService } from '../service/DocumentService.js';
import { admit } from '../service/gate/admit.js';
import { digestOf, storedGraphs } from '../service/storedDocument.js';
import { entityClassOf } from '../discovery/reverseLinksOf.js';
import type { ConformancePolicy } from '../validate/conformance.js';
import { MergeRefused } from './MergeRefused.js';
import { documentsReferringTo, withIdReplaced } from './references.js';
import { mergeChainEnd } from './mergeChain.js';
import { namesOfMerged } from './mergedNames.js';

export interface MergeRequest {
  /** The id merged away (A): stored, or deleted with its tombstone standing. */
  readonly from: string;
  /** The id it is merged into (B): stored. */
  readonly to: string;
  /** Rewrite the stored documents that refer to A to refer to B. */
  readonly rewriteReferences: boolean;
  /** Who merges (the Move's `actor`; a scoped one must be allowed to write A and every rewritten document). */
  readonly actor: Actor;
  /** The conformance policy the rewritten documents are checked under (default strict). */
  readonly conformance?: ConformancePolicy;
}

export interface MergeOutcome {
  readonly merged: string;
  readonly into: string;
  /** The stored documents that referred to A (before any rewrite). */
  readonly references: string[];
  /** Of those, the ones rewritten to refer to B. */
  readonly rewritten: string[];
}

/** Merge `from` into `to` (see above); MergeRefused when it cannot be made, and then nothing is written. */
export async function mergeDocuments(documents: DocumentService, request: MergeRequest): Promise<MergeOutcome> {
  const { from, to, actor } = request;
  for (const id of [from, to])
    if (!isHttpIri(id)) throw new MergeRefused('invalid', `${JSON.stringify(id.slice(0, 200))} is not an http(s) IRI`);
  if (from === to) throw new MergeRefused('conflict', `${from} cannot be merged into itself`);
  const outcome = await documents.serialized(async () => {
    await checkIds(documents, from, to);
    const references = await documentsReferringTo(documents.store, from);
    // What the merge read, checked again in its write (another process may write between).
    const digests = await documents.digests([from, ...references]);
    const now = new Date();
    const graphs = new Map<string, readonly Quad[]>();
    const changes: Change[] = [];
    const rewritten: string[] = [];
    if (request.rewriteReferences) {
      for (const doc of await rewrites(documents, references, request)) {
        const digest = digestOf(doc);
        for (const [name, quads] of storedGraphs(doc, digest, now)) graphs.set(name, quads);
        changes.push({ kind: 'Update', id: doc.id, type: entityClassOf(doc.id, doc.quads), actor });
        rewritten.push(doc.id);
      }
    }
    const removed = await documents.removalsOf([from]);
    for (const [name, quads] of removed.graphs) graphs.set(name, quads);
    const names = await namesOfMerged(documents, from);
    changes.push({ ...removed.changes[0], kind: 'Move', target: to, actor, names });
    const expected = new Map(changes.map((c) => [c.id, digests.get(c.id)]));
    await documents.writeInTurn(graphs, changes, now, expected);
    return { merged: from, into: to, references, rewritten };
  });
  // B's reverse links now list what points at A too: what is derived of B (its `_links`, its page) is read again.
  await documents.followed([to]);
  return outcome;
}

/** B must be stored; A stored, or deleted (not merged already). */
async function checkIds(documents: DocumentService, from: string, to: string): Promise<void> {
  if (!(await documents.store.hasGraph(to))) {
    const further = await mergeChainEnd(documents.feed, to);
    throw new MergeRefused(
      further === undefined ? 'notFound' : 'conflict',
      further === undefined
        ? `No document has the id ${to}, to merge ${from} into.`
        : `${to} was merged into ${further} already; merge ${from} into ${further}.`,
    );
  }
  if (await documents.store.hasGraph(from)) return;
  const merged = await documents.feed.mergedInto(from);
  if (merged !== undefined) throw new MergeRefused('conflict', `${from} was merged into ${merged} already.`);
  if ((await documents.feed.deletedAt(from)) === undefined)
    throw new MergeRefused('notFound', `No document has the id ${from}, nor had it (no tombstone): nothing to merge.`);
}

/** The documents referring to A, rewritten to refer to B, each through the gate; every refusal refuses the merge. */
async function rewrites(
  documents: DocumentService,
  ids: readonly string[],
  { from, to, conformance }: MergeRequest,
): Promise<IngestedDocument[]> {
  const admitted: IngestedDocument[] = [];
  const problems: Problem[] = [];
  for (const [n, id] of ids.entries()) {
    const stored = await documents.read(id);
    if (!stored) continue;
    const admission = admit(
      {
        kind: 'graph',
        location: `reference ${n + 1} of ${ids.length}`,
        id,
        quads: withIdReplaced(stored.quads, from, to),
        hints: withIdReplaced(stored.hints, from, to),
      },
      `merge of ${from} into ${to}`,
      { repair: 'none', conformance },
    );
    if (admission.kind === 'admitted') admitted.push(admission.document);
    else if (admission.kind === 'rejected')
      problems.push(...admission.problems.filter((p) => p.severity === 'Violation'));
  }
  if (problems.length > 0)
    throw new MergeRefused(
      'rejected',
      `Rewriting the references to ${from} would leave documents breaking the rules; nothing was merged.`,
      problems,
    );
  return admitted;
}
