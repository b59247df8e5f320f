/**
 * The query replica: a second Oxigraph store, in a worker of its own, holding the entity graphs
 * only (the store worker feeds it: worker.ts attachReplica). Curators' SPARQL runs here, so a
 * long query holds neither the thread that answers HTTP nor the store that serves documents,
 * and stopping a runaway query is simply terminating this worker (Oxigraph cannot be
 * interrupted) and seeding a new one. Internal graphs are not here at all, so GRAPH ?g sees
 * documents only; the default graph is their union, kept as a set (engine.replaceGraphsKeepingUnion).
 *
 * A request waits until the replica is seeded and has applied the write it names (`afterSeq`:
 * the last write acknowledged to the caller), so a query sees every write done before it. While
 * seeding, the replica says how far it is after each chunk (ReplicaPool estimates waits from it).
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { Engine, withDefaultCopy } from './engine.js';
import { isInternalGraph } from '../internalGraphs.js';
import { iri } from '../../rdf/sparqlTerm.js';
import { tryUpdate } from './trialUpdate.js';
import { seedFromFiles } from './seedFromFiles.js';
import { SeedEnd } from './seedEnd.js';
import { isOrderPanic, withTotalOrder } from './totalOrder.js';
import { collectWhenIdle } from '../idleCollection.js';
import type {
  ReplicaFeed,
  ReplicaFeedAck,
  ReplicaNotice,
  ReplicaRequest,
  ReplicaResponse,
  SerializedError,
} from './protocol.js';

const port = parentPort;
if (!port) throw new Error('queryWorker.js must run as a worker thread');
const feed = (workerData as { feed: MessagePort }).feed;
// The seeding's garbage (the files' text, chunk by chunk) freed once the replica is quiet.
collectWhenIdle();

const engine = new Engine(false);
let seeded = false;
let appliedSeq = 0;
const waiting: ReplicaRequest[] = [];
/** Seeding progress, reported to EmbeddedStore after every chunk (it estimates the wait from it). */
let seedGraphs = 0;
let seededGraphs = 0;
/** While the replica reads its seed from the data directory's files: the feed's later messages, kept for after it. */
let held: ReplicaFeed[] | null = null;

function notify(notice: ReplicaNotice): void {
  port!.postMessage(notice);
}

feed.on('message', (m: ReplicaFeed) => {
  if (held) held.push(m);
  else take(m);
});

/** A SPARQL update fed (or replayed from the log): applied, then the union made a set again. */
function applyUpdate(sparql: string): void {
  engine.update(sparql);
  // The store's own update may have written its internal graphs: they have no place here.
  const internal = engine.listGraphs().filter(isInternalGraph);
  if (internal.length > 0) engine.update(internal.map((g) => `DROP SILENT GRAPH ${iri(g)}`).join(' ;\n'));
  engine.rebuildUnion();
}

/**
 * Seeds from the snapshot and log (seedFromFiles.ts) up to write `seq`, or, while the store is
 * still opening, up to the write `end` will say (seedEnd.ts); the messages fed meanwhile follow it.
 */
function seedFromDirectory(m: Extract<ReplicaFeed, { kind: 'seedFromFiles' }>): void {
  held = [];
  const end = m.end ? new SeedEnd(m.end) : null;
  seedGraphs = m.graphs;
  notify({ id: null, progress: { graphs: 0, total: seedGraphs } });
  const progress = (n: number) => {
    if (end) seedGraphs = end.graphs();
    seededGraphs = Math.min(n, seedGraphs);
    notify({ id: null, progress: { graphs: seededGraphs, total: seedGraphs } });
  };
  seedFromFiles(engine, m.dir, end ?? m.seq, m.chunkChars, applyUpdate, progress).then(
    () => {
      const seq = end?.now() ?? m.seq;
      feed.postMessage({ kind: 'filesRead' } satisfies ReplicaFeedAck);
      if (end) seedGraphs = end.graphs();
      seededGraphs = seedGraphs;
      take({ kind: 'seeded', seq });
      const later = held ?? [];
      held = null;
      for (const message of later) take(message);
    },
    (err: unknown) => {
      // The replica cannot be what the store was at `seq`: it ends, and the pool starts another.
      throw new Error(`seeding from the data directory failed: ${(err as Error).message}`, { cause: err });
    },
  );
}

function take(m: ReplicaFeed): void {
  switch (m.kind) {
    case 'seedFromFiles':
      seedFromDirectory(m);
      return;
    case 'seedStart':
      seedGraphs = m.graphs;
      notify({ id: null, progress: { graphs: 0, total: seedGraphs } });
      break;
    case 'seed':
      engine.replaceGraphsKeepingUnion(m.names, m.withUnion, m.fresh);
      feed.postMessage({ kind: 'seedLoaded' } satisfies ReplicaFeedAck);
      seededGraphs += m.names.length;
      notify({ id: null, progress: { graphs: seededGraphs, total: seedGraphs } });
      break;
    case 'seeded':
      seeded = true;
      appliedSeq = Math.max(appliedSeq, m.seq);
      notify({ id: null, seeded: { quads: engine.size() } });
      break;
    case 'replace':
      engine.replaceGraphsKeepingUnion(m.names, withDefaultCopy(m.nquads));
      appliedSeq = m.seq;
      break;
    case 'update':
      applyUpdate(m.sparql);
      appliedSeq = m.seq;
      break;
  }
  drain();
}

port.on('message', (req: ReplicaRequest) => {
  waiting.push(req);
  drain();
});

function drain(): void {
  while (seeded && waiting.length > 0 && waiting[0].afterSeq <= appliedSeq) answer(waiting.shift()!);
}

/** A query; if Oxigraph's sort panics on its ORDER BY, again with the order made total (totalOrder.ts). */
function orderedQuery(sparql: string, dataset: Parameters<Engine['query']>[1]): ReturnType<Engine['query']> {
  try {
    return engine.query(sparql, dataset);
  } catch (error) {
    const total = isOrderPanic(error) ? withTotalOrder(sparql) : undefined;
    if (total === undefined) throw error;
    return engine.query(total, dataset);
  }
}

function answer(req: ReplicaRequest): void {
  port!.postMessage({ id: req.id, started: true }); // the caller's clock starts now
  let reply: ReplicaResponse;
  try {
    const value =
      req.op === 'query' ? orderedQuery(req.sparql, datasetFor(req.dataset)) : tryUpdate(engine, req.sparql);
    reply = { id: req.id, ok: true, value };
  } catch (err) {
    reply = { id: req.id, ok: false, error: serializeError(err) };
  }
  port!.postMessage(reply);
}

/**
 * The protocol's dataset wins; without one, a query runs on its own FROM / FROM NAMED, or on
 * the stored default graph (the union of the entity graphs) and the entity graphs as named graphs.
 */
function datasetFor(dataset: { defaultGraphs?: string[]; namedGraphs?: string[] }): Parameters<Engine['query']>[1] {
  return dataset.defaultGraphs || dataset.namedGraphs ? dataset : 'asWritten';
}

function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { name: 'Error', message: String(err) };
}
