/**
 * The worker's side of a WorkerPool: each job posted is done (`run`) and answered, or its
 * error answered. The context and the shapes every job of the gate needs are compiled as soon
 * as the worker starts, before its first job.
 */
import { parentPort } from 'node:worker_threads';
import { linkedArtContext } from '../../context/linkedArtContext.js';
import { shaclValidator } from '../../validate/ShaclValidator.js';
import type { JobMessage, ReplyMessage } from './WorkerPool.js';

/** `run`: the answer to one job, with the buffers to transfer rather than copy. */
export function answerJobs<W, A>(run: (work: W) => { answer: A; transfer: ArrayBuffer[] }): void {
  const port = parentPort;
  if (!port) throw new Error('a pool worker must run as a worker thread');
  linkedArtContext();
  shaclValidator();
  port.on('message', ({ job, work }: JobMessage<W>) => {
    let reply: ReplyMessage<A>;
    let transfer: ArrayBuffer[] = [];
    try {
      const done = run(work);
      reply = { job, answer: done.answer };
      transfer = done.transfer;
    } catch (error) {
      reply = { job, error: (error as Error).stack ?? String(error) };
    }
    port.postMessage(reply, transfer);
  });
}
