/**
 * A check worker: checks the batches CheckWorkers posts (checkBatch) and answers each with
 * its verdicts and the interned graphs to store. The context and the shapes are compiled as
 * soon as the worker starts, while the loader reads its first batch.
 */
import { WireEncoder } from '../../rdf/wireGraphs.js';
import type { Quad } from '../../rdf/terms.js';
import { answerJobs } from '../../service/offThread/answerJobs.js';
import { KeptBatchLines } from '../../keptIndexes/keptBatch.js';
import { checkBatch } from './checkBatch.js';
import { itemsOf, type BatchAnswer, type BatchJob } from './gateMessages.js';

answerJobs((job: BatchJob): { answer: BatchAnswer; transfer: ArrayBuffer[] } => {
  const encoder = new WireEncoder();
  // The kept start-up indexes' lines made here, off the load's thread, while the quads are at hand.
  const kept = job.storing && job.keeping ? new KeptBatchLines() : undefined;
  const keep = (g: string, quads: Quad[]) => {
    encoder.add(g, quads);
    kept?.add(g, quads);
  };
  const verdicts = checkBatch(itemsOf(job), new Date(job.now), job.storing ? keep : undefined, job.options);
  const wire = encoder.finish();
  return { answer: { verdicts, wire, ...(kept ? { kept: kept.finish() } : {}) }, transfer: [wire.codes.buffer] };
});
