/**
 * A check worker: checks the batches CheckWorkers posts (checkBatch) and answers each with
 * its verdicts and the interned graphs to store. The context and the shapes are compiled as
 * soon as the worker starts, while the loader reads its first batch.
 */
import { WireEncoder } from '../../rdf/wireGraphs.js';
import { answerJobs } from '../../service/offThread/answerJobs.js';
import { checkBatch } from './checkBatch.js';
import { itemsOf, type BatchAnswer, type BatchJob } from './gateMessages.js';

answerJobs((job: BatchJob): { answer: BatchAnswer; transfer: ArrayBuffer[] } => {
  const encoder = new WireEncoder();
  const verdicts = checkBatch(
    itemsOf(job),
    new Date(job.now),
    job.storing ? (g, quads) => encoder.add(g, quads) : undefined,
    job.options,
  );
  const wire = encoder.finish();
  return { answer: { verdicts, wire }, transfer: [wire.codes.buffer] };
});
