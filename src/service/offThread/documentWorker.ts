/**
 * A document worker: does the jobs DocumentWorkers posts (runJob) and answers each. The
 * context and the shapes are compiled as soon as it starts, before its first job.
 */
import { parentPort } from 'node:worker_threads';
import { linkedArtContext } from '../../context/linkedArtContext.js';
import { shaclValidator } from '../../validate/ShaclValidator.js';
import { runJob, type DocumentJob } from './documentJobs.js';

const port = parentPort;
if (!port) throw new Error('documentWorker.js must run as a worker thread');

linkedArtContext();
shaclValidator();

port.on('message', ({ job, work }: { job: number; work: DocumentJob }) => {
  try {
    const { answer, transfer } = runJob(work);
    port.postMessage({ job, answer }, transfer);
  } catch (error) {
    port.postMessage({ job, error: (error as Error).stack ?? String(error) });
  }
});
