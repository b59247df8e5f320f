/**
 * Child process for the store tests (compiled to dist/test/unit/store/crash-writer.js).
 *
 *   node crash-writer.js write <dataDir> <firstDoc> <compactAfterBytes> <concurrency>
 *     opens the store and writes document after document (each a replaceGraphs of two graphs,
 *     see fixtures.documentGraphs), `concurrency` at a time, printing "ack <i>" once each
 *     write has resolved, until it is killed. Each document is written twice, the same both
 *     times: the second write makes the first dead data, so the store compacts as it goes.
 *   node crash-writer.js open <dataDir>
 *     tries to open the store and prints "opened" or "error <message>".
 *   node crash-writer.js snapshot <dataDir>
 *     opens the store, prints "snapshot", writes a snapshot (compact) and prints "done", then
 *     waits to be killed (the test kills it while the snapshot is being written).
 */
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { documentGraphs } from './fixtures.js';

const [mode, dataDir, ...rest] = process.argv.slice(2);

async function write(): Promise<void> {
  const [first = '0', compactAfter = String(256 * 1024), concurrency = '4'] = rest;
  const store = await EmbeddedStore.open({
    dataDir: dataDir,
    compactAfterBytes: Number(compactAfter),
    onWarning: () => undefined,
  });
  process.stdout.write('ready\n');
  let next = Number(first);
  const worker = async (): Promise<void> => {
    for (;;) {
      const i = next++;
      // Every 5th document has a large hint so records vary in size (some span many pages).
      await store.replaceGraphs(documentGraphs(i, 1, i % 5 === 0 ? 200_000 : 600));
      await store.replaceGraphs(documentGraphs(i, 1, i % 5 === 0 ? 200_000 : 600));
      process.stdout.write(`ack ${i}\n`);
    }
  };
  await Promise.all(Array.from({ length: Number(concurrency) }, worker));
}

async function tryOpen(): Promise<void> {
  try {
    const store = await EmbeddedStore.open({ dataDir: dataDir });
    process.stdout.write('opened\n');
    await store.close();
  } catch (err) {
    process.stdout.write(`error ${(err as Error).message}\n`);
  }
}

async function snapshot(): Promise<void> {
  const store = await EmbeddedStore.open({ dataDir: dataDir, onWarning: () => undefined });
  process.stdout.write('snapshot\n');
  await store.compact();
  process.stdout.write('done\n');
  await new Promise(() => undefined);
}

if (mode === 'write') await write();
else if (mode === 'snapshot') await snapshot();
else if (mode === 'open') await tryOpen();
else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
