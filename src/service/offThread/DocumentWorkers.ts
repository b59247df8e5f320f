/**
 * Document workers: the heavy work on one large document (its render, or a PUT's parse,
 * ingest and shapes) in worker threads, so that the request thread keeps answering meanwhile.
 * Done there, a 40,000-Identifier document held the event loop for seconds: /health and every
 * small GET waited. Small documents stay on the request thread (a worker's round trip costs
 * more than their work): LARGE_RENDER_QUADS and LARGE_PUT_BYTES say where large begins.
 *
 * The workers start on the first large document, do not keep the process alive, and are
 * started again after a crash (its jobs fail, naming the cause).
 */
import { availableParallelism } from 'node:os';
import type { Quad } from '../../rdf/terms.js';
import { WireEncoder, type WireGraphs } from '../../rdf/wireGraphs.js';
import { eachInSlices } from '../inSlices.js';
import { WorkerPool } from './WorkerPool.js';
import type {
  AdmitAnswer,
  AdmitJob,
  DocumentAnswer,
  DocumentJob,
  RepresentAnswer,
  RepresentJob,
} from './documentJobs.js';

/**
 * Quads of a stored document (entity graph) from which it is rendered in a worker: about
 * 1,000 Identifiers, some 30 ms of render here on a loaded two-core machine.
 */
export const LARGE_RENDER_QUADS = 4_000;
/** Bytes of a PUT body from which it is checked in a worker: some 400 Identifiers, about 30 ms of parse, ingest and shapes here. */
export const LARGE_PUT_BYTES = 64 * 1024;
/** Quads encoded at a time before the request thread looks at what waits (slices of some milliseconds). */
const QUADS_PER_SLICE = 2_000;

export class DocumentWorkers {
  private readonly pool: WorkerPool<DocumentJob, DocumentAnswer>;

  constructor(count = defaultDocumentWorkers()) {
    this.pool = new WorkerPool({
      script: new URL('./documentWorker.js', import.meta.url),
      size: count,
      name: 'document worker',
      keepAlive: false,
    });
  }

  represent(job: RepresentJob): Promise<RepresentAnswer> {
    return this.pool.run(job, [job.graphs.codes.buffer]) as Promise<RepresentAnswer>;
  }

  admit(job: AdmitJob): Promise<AdmitAnswer> {
    return this.pool.run(job) as Promise<AdmitAnswer>;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** One worker per core besides the request thread's, from 1 to 2: large documents are few, and their work waits its turn. */
export function defaultDocumentWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

let shared: DocumentWorkers | undefined;

/** The process's document workers (started on first use). */
export function documentWorkers(): DocumentWorkers {
  shared ??= new DocumentWorkers();
  return shared;
}

/** Graphs as wire graphs, encoded a slice at a time (a graph's quads in runs under its name): readers wait on this thread. */
export async function wireInSlices(graphs: ReadonlyArray<readonly [string, readonly Quad[]]>): Promise<WireGraphs> {
  const encoder = new WireEncoder();
  const runs: Array<() => void> = [];
  for (const [name, quads] of graphs) {
    if (quads.length === 0) runs.push(() => encoder.add(name, quads));
    for (let at = 0; at < quads.length; at += QUADS_PER_SLICE) {
      const from = at;
      runs.push(() => encoder.add(name, quads.slice(from, from + QUADS_PER_SLICE)));
    }
  }
  await eachInSlices(runs, (run) => run());
  return encoder.finish();
}
