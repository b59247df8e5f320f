/**
 * Where a cold GET's CPU goes (issue 35), part by part, in one process without HTTP: for each of
 * COUNT distinct documents of a loaded store, one at a time, the read of its two graphs (the store
 * worker's work, the message both ways and the parse here), its render, and the rest of its JSON-LD
 * (`_links`, the text, its bytes and ETag). CPU is the process's (every thread: the store worker's
 * read counts), in µs a document, the median of the rounds. With `--against OTHER/dist`, another
 * build's parts measured in turn on the same store (A, B, A, B...): a paired comparison.
 *   node dist/test/bench/scale/coldGetParts.js DATA_DIR [DOCS] [--count N] [--rounds N] [--against OTHER/dist]
 * DATA_DIR: a store loaded with DOCS rich documents (coldGet.ts --data-dir keeps one).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { richCollection } from './richCollection.js';
import type { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import type { Quad } from '../../../src/rdf/terms.js';
import type { RenderedDocument } from '../../../src/rebuild/renderDocument.js';
import type { StoredDocument } from '../../../src/service/storedDocument.js';
import type { Format } from '../../../src/render/formats.js';
import type { HalInput, Representation } from '../../../src/service/represent.js';

/** What is measured, from one build's dist/ (so that two builds run the same steps). */
interface Build {
  readonly name: string;
  open(dataDir: string): Promise<EmbeddedStore>;
  hintGraphOf(id: string): string;
  render(stored: StoredDocument): RenderedDocument;
  represent(
    stored: StoredDocument,
    format: Format,
    hal: HalInput,
    page: undefined,
    rendered: RenderedDocument,
  ): Representation;
  readonly jsonLd: Format;
}

async function build(dist: string): Promise<Build> {
  const from = async <T>(path: string): Promise<T> => (await import(pathToFileURL(`${dist}/src/${path}`).href)) as T;
  const { EmbeddedStore: Store } = await from<typeof import('../../../src/store/embedded/EmbeddedStore.js')>(
    'store/embedded/EmbeddedStore.js',
  );
  const skeleton = await from<typeof import('../../../src/hints/Skeleton.js')>('hints/Skeleton.js');
  const stored = await from<typeof import('../../../src/service/storedDocument.js')>('service/storedDocument.js');
  const represent = await from<typeof import('../../../src/service/represent.js')>('service/represent.js');
  const formats = await from<typeof import('../../../src/render/formats.js')>('render/formats.js');
  return {
    name: dist,
    open: (dataDir) => Store.open({ dataDir, queryReplicas: 0, snapshotWhenIdleMs: 0, onWarning: () => undefined }),
    hintGraphOf: skeleton.hintGraphOf,
    render: stored.render,
    represent: represent.represent,
    jsonLd: formats.FORMATS[0],
  };
}

interface Parts {
  /** A read of a graph that does not exist: the message both ways. */
  readonly trip: number;
  /** The entity graph alone, and the hint graph alone (each with its own message). */
  readonly entity: number;
  readonly hints: number;
  readonly read: number;
  readonly render: number;
  readonly rest: number;
}

const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** µs of CPU a document for each part, over `ids` (the first 50 to warm up, not counted). */
async function measure(b: Build, dataDir: string, ids: readonly string[]): Promise<Parts> {
  const store = await b.open(dataDir);
  try {
    await untilIdle();
    const read = async (id: string): Promise<StoredDocument> => {
      const hintGraph = b.hintGraphOf(id);
      const quads: Quad[] = [];
      const hints: Quad[] = [];
      for (const q of await store.readGraphs([id, hintGraph])) (q.graph.value === id ? quads : hints).push(q);
      return { id, quads, hints, lastModified: undefined };
    };
    const hal: HalInput = { baseUrl: 'https://example.org/', counts: new Map() };
    for (const id of ids.slice(0, 50)) {
      const stored = await read(id);
      b.represent(stored, b.jsonLd, hal, undefined, b.render(stored));
    }
    const measured = ids.slice(50);
    const each = async (names: (id: string) => string[]): Promise<number> => {
      const from = cpuMicros();
      for (const id of measured) await store.readGraphs(names(id));
      return (cpuMicros() - from) / measured.length;
    };
    const trip = await each((id) => [`urn:linkedart-bench:none:${id}`]);
    const entity = await each((id) => [id]);
    const hints = await each((id) => [b.hintGraphOf(id)]);
    // Each document read, rendered and made JSON-LD in turn, as a GET does (none kept: a batch kept alive costs the GC more).
    let readCpu = 0;
    let renderCpu = 0;
    let restCpu = 0;
    for (const id of measured) {
      const t0 = cpuMicros();
      const stored = await read(id);
      const t1 = cpuMicros();
      const rendered = b.render(stored);
      const t2 = cpuMicros();
      b.represent(stored, b.jsonLd, hal, undefined, rendered);
      const t3 = cpuMicros();
      readCpu += t1 - t0;
      renderCpu += t2 - t1;
      restCpu += t3 - t2;
    }
    const n = measured.length;
    return { trip, entity, hints, read: readCpu / n, render: renderCpu / n, rest: restCpu / n };
  } finally {
    await store.close();
  }
}

/** Until the process used under 5% of a CPU for a second (what the open left running has ended). */
async function untilIdle(): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const before = cpuMicros();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuMicros() - before < 50000) return;
  }
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const [dataDir, docsArg] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (dataDir === undefined)
    throw new Error('usage: coldGetParts.js DATA_DIR [DOCS] [--count N] [--rounds N] [--against OTHER/dist]');
  const docs = Number(docsArg ?? 20000);
  const count = Number(option('--count') ?? 3000);
  const rounds = Number(option('--rounds') ?? 3);
  const collection = richCollection(docs);
  const ids = Array.from({ length: docs }, (_, i) => collection.idOf(i));
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  const own = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
  const builds = [await build(own)];
  const against = option('--against');
  if (against) builds.push(await build(against.replace(/\/$/, '')));
  const results = builds.map(() => [] as Parts[]);
  for (let round = 0; round < rounds; round++) {
    // Each round its own documents, the same for every build.
    const chosen = ids
      .slice((round * count) % docs)
      .concat(ids)
      .slice(0, count + 50);
    // Each build first in turn (the first of a round may pay for what the other left behind).
    const order = builds.map((_, b) => b);
    if (round % 2 === 1) order.reverse();
    for (const b of order) results[b].push(await measure(builds[b], dataDir, chosen));
  }
  console.log(
    `cold GET parts, µs of CPU a document (median of ${rounds} rounds of ${count}), load ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    "build | message alone | entity graph alone | hint graph alone | both graphs (a GET's read) | render | the rest of the JSON-LD | total",
  );
  for (let b = 0; b < builds.length; b++) {
    const part = (k: keyof Parts) => median(results[b].map((r) => r[k]));
    const total = median(results[b].map((r) => r.read + r.render + r.rest));
    const parts = (['trip', 'entity', 'hints', 'read', 'render', 'rest'] as const).map((k) => part(k).toFixed(0));
    console.log(`${builds[b].name} | ${parts.join(' | ')} | ${total.toFixed(0)}`);
  }
}
