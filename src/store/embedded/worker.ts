/**
 * The store worker thread: answers EmbeddedStore's messages (protocol.ts) with the store that
 * StoreWorker.ts keeps (the Oxigraph store, its write-ahead log and its snapshots).
 */
import { parentPort, workerData } from 'node:worker_threads';
// Before StoreWorker.js (and so engine.js): it catches Oxigraph's WebAssembly memory as the module loads.
import './wasmMemory.js';
import { FatalError } from './FatalError.js';
import { StoreWorker } from './StoreWorker.js';
import { StoreFull } from '../StoreFull.js';
import { collectWhenIdle } from '../idleCollection.js';
import type { WireGraphs } from '../../rdf/wireGraphs.js';
import type { Request, Response, SerializedError, WorkerInit } from './protocol.js';
import type { ShapeApart } from './shapeApart.js';

/** A message's answer: a Promise, or the answer itself. */
function answer(worker: StoreWorker, req: Request): unknown {
  if (req.op !== 'stats') worker.idle.touch();
  switch (req.op) {
    case 'open':
      return worker.open(req.keptSince);
    case 'replaceGraphs':
      return new Promise<number>((resolve, reject) =>
        worker.write({ kind: 'replace', graphs: req.graphs, copies: req.copies, resolve, reject }),
      );
    case 'update':
      return new Promise<number>((resolve, reject) =>
        worker.write({ kind: 'update', sparql: req.sparql, resolve, reject }),
      );
    case 'attachReplica':
      worker.checkUsable();
      // While the store opens (an attach may come then: EmbeddedStore's seedWhileOpening), from the files it replays.
      return worker.replicas.attach(req.replica, req.port, !worker.isOpen());
    case 'detachReplica':
      return worker.replicas.detach(req.replica);
    case 'close':
      return worker.close();
    // Even when the store failed: /metrics goes on answering (and says how far the log got).
    case 'stats':
      return worker.stats();
    default:
      break;
  }
  worker.checkUsable();
  switch (req.op) {
    case 'readGraphs':
      return worker.engine.readGraphs(req.names);
    case 'readGraphTexts': {
      const shapes: Array<ShapeApart | null> = [];
      return { texts: worker.engine.graphTexts(req.names, shapes), shapes };
    }
    case 'hasGraph':
      return worker.engine.hasGraph(req.name);
    case 'listGraphs':
      return worker.engine.listGraphs();
    case 'query':
      return worker.engine.query(req.sparql);
    case 'size':
      return worker.engine.size();
    case 'compact':
      return worker.compact();
    default:
      throw new Error(`unknown operation ${(req as { op: string }).op}`);
  }
}

function isWire(value: unknown): value is WireGraphs {
  return typeof value === 'object' && value !== null && (value as { codes?: unknown }).codes instanceof Int32Array;
}

function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) {
    return {
      name: err.name,
      message: err.message,
      stack: err.stack,
      fatal: err instanceof FatalError,
      ...(err instanceof StoreFull ? { full: err.details } : {}),
    };
  }
  return { name: 'Error', message: String(err) };
}

const port = parentPort;
if (!port) throw new Error('worker.js must run as a worker thread');
// The garbage of the open's replay, the start-up's big reads and idle snapshots, freed once quiet.
collectWhenIdle();
const worker = new StoreWorker(workerData as WorkerInit, (message) =>
  port.postMessage({ id: null, notice: 'warning', message }),
);

port.on('message', (req: Request) => {
  // Wire graphs' codes are transferred, not copied.
  const reply = (res: Response) => port.postMessage(res, res.ok && isWire(res.value) ? [res.value.codes.buffer] : []);
  let result: unknown;
  try {
    result = answer(worker, req);
  } catch (err) {
    reply({ id: req.id, ok: false, error: serializeError(err) });
    return;
  }
  if (result instanceof Promise) {
    result.then(
      (value: unknown) => reply({ id: req.id, ok: true, value }),
      (err: unknown) => reply({ id: req.id, ok: false, error: serializeError(err) }),
    );
  } else {
    reply({ id: req.id, ok: true, value: result });
  }
});
