/**
 * Readers while a bulk load streams into the live server (issue 21: "the load yields to readers").
 * A store of `stored` documents of the rich collection (richCollection.ts) is served; one client GETs stored documents it has not
 * read before (so each is rendered from the store, not answered from the render cache), one after
 * another: first with the server idle, then while `POST /_bulk` streams `streamed` more documents
 * into it. Target (issue 35): p99 during the load ≤ 30 ms. `main`: the CLI to run (another build, or a wrapper that
 * profiles it).
 *
 * Where a reader's time goes during the load (issue 35, profiled): the store worker applies each batch
 * in one synchronous turn (its N-Quads made, Oxigraph's load: 80–460 ms of CPU for 500 rich documents on a
 * busy machine), and a GET's read of the document's graphs waits behind it; on the request thread the
 * derived indexes are told of each batch in slices (WriteObservers.ts).
 */
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { runMeasured } from '../load/measuredChild.js';
import { startChildServer, untilSettled, type ChildServer } from '../http/childServer.js';
import { writeRichDumps } from './richCollection.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE = 'https://example.org/';
const TOKEN = 'scale-bench-token-0123456789abcdef';
const ACCEPT = 'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"';

export interface ReaderFigures {
  readonly idle: { p50: number; p99: number; n: number };
  readonly duringLoad: { p50: number; p99: number; n: number };
  /** The bulk load's own rate, documents/s. */
  readonly bulkRate: number;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const summary = (times: number[]) => {
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), n: times.length };
};

/** GET of `path` on the server, body read; its time in ms. */
async function timedGet(server: ChildServer, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(server.url + path, { headers: { accept: ACCEPT } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return performance.now() - started;
}

export async function readersDuringBulk(
  work: string,
  stored: number,
  streamed: number,
  progress: (m: string) => void,
  serveArgs: readonly string[] = [],
  main = MAIN,
  /** `/_bulk?batchSize=`: each batch is one write the store worker applies whole, a GET's read waiting behind it (absent: the service's default). */
  batchSize?: number,
): Promise<ReaderFigures> {
  const all = join(work, 'readers-all.ndjson');
  await writeRichDumps(stored + streamed, join(work, 'readers-all.nq'), all);
  const lines = (await readFile(all, 'utf8')).split('\n').filter((l) => l !== '');
  await writeFile(join(work, 'readers-stored.ndjson'), lines.slice(0, stored).join('\n') + '\n');
  await writeFile(join(work, 'readers-streamed.ndjson'), lines.slice(stored).join('\n') + '\n');
  const paths = lines.slice(0, stored).map((l) => new URL((JSON.parse(l) as { id: string }).id).pathname);
  // Each document read once, in an order unrelated to the store's.
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [paths[i], paths[j]] = [paths[j], paths[i]];
  }

  const dataDir = join(work, 'readers-data');
  progress(`readers: loading ${stored} documents`);
  const loaded = await runMeasured([
    main,
    'load',
    '--data-dir',
    dataDir,
    '--no-progress',
    join(work, 'readers-stored.ndjson'),
  ]);
  if (loaded.code !== 0) throw new Error(`load failed: ${loaded.stderr.slice(-2000)}`);
  const server = await startChildServer(
    main,
    [
      'serve',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--base-url',
      BASE,
      '--log-level',
      'silent',
      '--token',
      TOKEN,
      ...serveArgs,
    ],
    600000,
  );
  try {
    // Measured on a settled server: its SPARQL replicas seeded (the seeding would share the cores).
    await untilSettled(server);
    progress('readers: idle');
    const idle: number[] = [];
    const idleCount = Math.min(500, Math.floor(paths.length / 3));
    for (const path of paths.splice(0, idleCount)) idle.push(await timedGet(server, path));

    progress(`readers: while /_bulk streams ${streamed} documents`);
    const started = performance.now();
    let done = false;
    const bulk = fetch(`${server.url}/_bulk?format=ndjson${batchSize === undefined ? '' : `&batchSize=${batchSize}`}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson', accept: 'application/json' },
      body: Readable.toWeb(createReadStream(join(work, 'readers-streamed.ndjson'))) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit)
      .then(async (response) => {
        const text = await response.text();
        if (response.status !== 200) throw new Error(`/_bulk answered ${response.status}: ${text.slice(0, 500)}`);
        return performance.now() - started;
      })
      .finally(() => {
        done = true;
      });
    const during: number[] = [];
    while (!done && paths.length > 0) during.push(await timedGet(server, paths.pop()!));
    const bulkMs = await bulk;
    return { idle: summary(idle), duringLoad: summary(during), bulkRate: streamed / (bulkMs / 1000) };
  } finally {
    await server.stop();
  }
}
