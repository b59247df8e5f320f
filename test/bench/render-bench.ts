/**
 * `npm run bench:render`: render time against a document's size (issue 28: render was
 * quadratic in repeated values, 48x the time for 10x the Identifiers). A HumanMadeObject with
 * 4,000 / 8,000 / 16,000 / 40,000 Identifiers is rendered from its quads (the render alone:
 * no store, no HTTP), the sizes interleaved over several rounds, the median of each; the
 * target is a 40k/4k ratio of at most 10x. Then the same 40,000-Identifier document PUT and
 * read through the app (embedded store), with the longest the request thread's event loop
 * stood still meanwhile (target: about 100 ms; large documents are worked on in document workers).
 * `npm run bench:render -- 3` sets the rounds; `-- 3 skip-http` leaves out the HTTP part.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { renderDocument } from '../../src/rebuild/renderDocument.js';
import { documentWorkers } from '../../src/service/offThread/DocumentWorkers.js';
import { startTestApp } from '../integration/support/testApp.js';
import { printTable } from './stats.js';

const SIZES = [4_000, 8_000, 16_000, 40_000];
const rounds = Number(process.argv[2] ?? 3);
const withHttp = process.argv[3] !== 'skip-http';
const BASE = 'https://museum.example.org/collection/';
const ACCESSION = { id: 'http://vocab.getty.edu/aat/300312355', type: 'Type', _label: 'accession number' };

function manyIdentifiers(n: number, id = 'https://example.org/object/many'): Record<string, unknown> {
  const identified_by = Array.from({ length: n }, (_, i) => ({
    type: 'Identifier',
    content: `ACC-${i}`,
    classified_as: [ACCESSION],
  }));
  return {
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id,
    type: 'HumanMadeObject',
    _label: 'Many identifiers',
    identified_by,
  };
}

const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const inputs = SIZES.map((n) => {
  const ingested = ingestDocument(manyIdentifiers(n));
  return {
    n,
    id: ingested.id,
    quads: [...ingested.quads, ...ingested.hintQuads],
    bytes: JSON.stringify(manyIdentifiers(n)).length,
  };
});
const times = new Map<number, number[]>(SIZES.map((n) => [n, []]));
// One untimed render of each first (the compiler warms up), then the sizes in turn, round after round.
for (const input of inputs) renderDocument(input.id, input.quads);
for (let r = 0; r < rounds; r++) {
  for (const input of inputs) {
    collect();
    const start = performance.now();
    renderDocument(input.id, input.quads);
    times.get(input.n)!.push(performance.now() - start);
  }
}
const base = median(times.get(SIZES[0])!);
printTable(
  `Render of a HumanMadeObject by its number of Identifiers (median of ${rounds} rounds, one run)`,
  ['Identifiers', 'JSON bytes', 'quads', 'render ms', `vs ${SIZES[0].toLocaleString('en')}`],
  inputs.map((i) => [
    i.n.toLocaleString('en'),
    i.bytes.toLocaleString('en'),
    i.quads.length.toLocaleString('en'),
    median(times.get(i.n)!).toFixed(0),
    `${(median(times.get(i.n)!) / base).toFixed(1)}x`,
  ]),
);
const ratio = median(times.get(40_000)!) / base;
console.log(
  `\n40k/4k render time: ${ratio.toFixed(1)}x (target at most 10x for 10x the size): ${ratio <= 10 ? 'met' : 'NOT MET'}`,
);

if (withHttp) {
  const TOKEN = 'bench-token-0123456789abcdef';
  const app = await startTestApp([], { baseUrl: BASE, token: TOKEN, maxBodyMb: '64', maxArrayItems: '50000' });
  const id = BASE + 'object/many';
  const body = JSON.stringify(manyIdentifiers(40_000, id));
  const watched = async (request: () => Promise<number>): Promise<string[]> => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const start = performance.now();
    const status = await request();
    const took = performance.now() - start;
    delay.disable();
    return [String(status), took.toFixed(0), (delay.max / 1e6).toFixed(0)];
  };
  const put = await watched(async () => {
    const r = await fetch(`${app.origin}/collection/object/many`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body,
    });
    await r.arrayBuffer();
    return r.status;
  });
  const get = await watched(async () => {
    const r = await fetch(`${app.origin}/collection/object/many`);
    await r.arrayBuffer();
    return r.status;
  });
  printTable(
    'A 40,000-Identifier document through HTTP (embedded store): the request thread meanwhile',
    ['request', 'status', 'took ms', 'longest event-loop stall ms'],
    [
      ['PUT', ...put],
      ['GET (not cached)', ...get],
    ],
  );
  await app.close();
  await documentWorkers().close();
}
