/**
 * A check worker: checks the batches CheckWorkers posts (checkBatch) and answers each with
 * its verdicts and the interned graphs to store. The context and the shapes are compiled as
 * soon as the worker starts, while the loader reads its first batch.
 */
import { parentPort } from 'node:worker_threads';
import { WireEncoder } from '../../rdf/wireGraphs.js';
import { linkedArtContext } from '../../context/linkedArtContext.js';
import { shaclValidator } from '../../validate/ShaclValidator.js';
import { checkBatch } from './checkBatch.js';
import { itemsOf, type JobMessage, type ResultMessage } from './gateMessages.js';

const port = parentPort;
if (!port) throw new Error('checkWorker.js must run as a worker thread');

linkedArtContext();
shaclValidator();

port.on('message', (message: JobMessage) => {
  let answer: ResultMessage;
  const transfer: ArrayBuffer[] = [];
  try {
    const encoder = new WireEncoder();
    const verdicts = checkBatch(
      itemsOf(message),
      new Date(message.now),
      message.storing ? (g, quads) => encoder.add(g, quads) : undefined,
      message.options,
    );
    const wire = encoder.finish();
    transfer.push(wire.codes.buffer);
    answer = { job: message.job, verdicts, wire };
  } catch (error) {
    answer = { job: message.job, error: (error as Error).stack ?? String(error) };
  }
  port.postMessage(answer, transfer);
});
