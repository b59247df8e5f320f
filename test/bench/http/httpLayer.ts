/**
 * What the service's HTTP layer costs a GET of a document (issue 35), apart from the store and the
 * render: the real app (createApp) and a bare express app answering the same bytes, in one process,
 * over in-memory connections (no sockets: the kernel's share, the same for both, is left out), so
 * that a few microseconds show. Every document is rendered once first; then
 *   - `warm`: the render cache answers, as on a warm GET;
 *   - `cold`: each answer is a fresh copy of its representation, so the headers are made again as
 *     on a cold GET (the store's read and the render are all that is left out).
 * CPU of this process a request (µs), the median of the rounds; builds and bare in turn (A, B, A,
 * B...), each round's figures set against bare's and the other build's of the same round: a paired
 * comparison on a busy machine.
 *
 *   node dist/test/bench/http/httpLayer.js [--docs N] [--requests N] [--rounds N] [--log-level L]
 *     [--against OTHER/dist] [--only bare|warm|cold] [--dist DIST]
 * `--only`: that one alone (under `node --cpu-prof`, a profile of it alone); `--dist`: serve another
 * build's app as ours (under `perf stat -e instructions:u`, one build's count, free of the load).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bareExpressApp, type BareAnswer } from './bareExpressApp.js';
import { richCollection } from '../scale/richCollection.js';
import { inMemoryConnection, type InMemoryConnection } from './inMemoryConnection.js';
import type { Representation } from '../../../src/service/represent.js';

const BASE = 'https://example.org/';
const ACCEPT = 'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"';

/** A build's app on a store of `docs` rich documents, from its dist/ (so that two builds serve the same way). */
interface Served {
  /** The app as served with the render cache on. */
  readonly warm: Server;
  /**
   * The app as served with it off (`--cache-mb 0`), on the same representations, each answer a fresh copy
   * of its cached one: a cold GET's work in the HTTP layer, without the store's read and the render.
   */
  readonly cold: Server;
  close(): Promise<void>;
}

async function serveBuild(dist: string, docs: readonly string[], work: string, logLevel: string): Promise<Served> {
  const from = async <T>(path: string): Promise<T> => (await import(pathToFileURL(`${dist}/src/${path}`).href)) as T;
  const { resolveConfig } = await from<typeof import('../../../src/config/Config.js')>('config/Config.js');
  const { createApp } = await from<typeof import('../../../src/http/createApp.js')>('http/createApp.js');
  const { createLogger } = await from<typeof import('../../../src/log/logger.js')>('log/logger.js');
  const { EmbeddedStore } = await from<typeof import('../../../src/store/embedded/EmbeddedStore.js')>(
    'store/embedded/EmbeddedStore.js',
  );
  const { DocumentService } =
    await from<typeof import('../../../src/service/DocumentService.js')>('service/DocumentService.js');
  const { Representations } =
    await from<typeof import('../../../src/service/Representations.js')>('service/Representations.js');
  const { ingestDocument } =
    await from<typeof import('../../../src/ingest/ingestDocument.js')>('ingest/ingestDocument.js');
  const dataDir = await mkdtemp(join(work, 'store-'));
  const settings = { dataDir, port: '0', baseUrl: BASE, logLevel, queryReplicas: '0' };
  const config = resolveConfig(settings, {});
  const store = await EmbeddedStore.open({ dataDir, queryReplicas: 0, snapshotWhenIdleMs: 0, onWarning: () => {} });
  const documents = new DocumentService(store);
  await documents.putAll(docs.map((text) => ingestDocument(JSON.parse(text))));
  const representations = new Representations(documents, config.cacheBytes, {
    links: config.links ? { baseUrl: config.baseUrl } : undefined,
    pages: { siteTitle: config.title, baseUrl: config.baseUrl, sparql: true },
  });
  const copies = new Representations(documents, config.cacheBytes, {
    links: config.links ? { baseUrl: config.baseUrl } : undefined,
    pages: { siteTitle: config.title, baseUrl: config.baseUrl, sparql: true },
  });
  const get = copies.get.bind(copies);
  copies.get = async (...args: Parameters<typeof get>): Promise<Representation | undefined> => {
    const found = await get(...args);
    return found && { ...found };
  };
  const logger = createLogger(config.logLevel);
  const coldConfig = resolveConfig({ ...settings, cacheMb: '0' }, {});
  return {
    warm: createServer(createApp({ config, documents, representations, logger })),
    cold: createServer(createApp({ config: coldConfig, documents, representations: copies, logger })),
    close: async () => {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bare express app (bareExpressApp.ts) answering each path with the bytes and Content-Type the service sent. */
function bareServer(answers: ReadonlyMap<string, BareAnswer>): Server {
  return createServer(bareExpressApp(answers));
}

const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** `requests` GETs over the paths in turn, on `connections` connections at once: µs of CPU a request. */
async function timed(connections: readonly InMemoryConnection[], paths: readonly string[], requests: number) {
  let next = 0;
  const from = cpuMicros();
  await Promise.all(
    connections.map(async (c) => {
      while (next < requests) {
        const path = paths[next++ % paths.length];
        const { status } = await c.get(path, ACCEPT);
        if (status !== 200) throw new Error(`GET ${path}: ${status}`);
      }
    }),
  );
  return (cpuMicros() - from) / requests;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const docs = Number(option('--docs') ?? 500);
  const requests = Number(option('--requests') ?? 20000);
  const rounds = Number(option('--rounds') ?? 5);
  const logLevel = option('--log-level') ?? 'silent';
  const against = option('--against');
  const only = option('--only');
  const measured = (kind: string) => only === undefined || only === kind;
  const ours = option('--dist') ?? new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
  const collection = richCollection(docs);
  const texts = Array.from({ length: docs }, (_, i) => collection.documentAt(i));
  const paths = Array.from({ length: docs }, (_, i) => new URL(collection.idOf(i)).pathname);
  const work = await mkdtemp(join(tmpdir(), 'linkedart-http-layer-'));
  try {
    const builds = [ours, ...(against ? [against] : [])];
    const served: Served[] = [];
    for (const dist of builds) served.push(await serveBuild(dist, texts, work, logLevel));
    const connect = (server: Server) => Array.from({ length: 4 }, () => inMemoryConnection(server));
    // Every document rendered once (the cache filled), and its answer kept for the bare app.
    const answers = new Map<string, { contentType: string; body: Buffer }>();
    const first = connect(served[0].warm);
    for (const path of paths) {
      const { headers, body } = await first[0].get(path, ACCEPT);
      answers.set(path, { contentType: headers.get('content-type') ?? '', body });
    }
    const bare = connect(bareServer(answers));
    const apps = served.flatMap((s, i) =>
      (['warm', 'cold'] as const).map((kind) => ({
        name: `${i === 0 ? 'ours' : 'other build'}, ${kind}`,
        kind,
        connections: connect(s[kind]),
      })),
    );
    for (const { connections } of apps) for (const c of connections) for (const p of paths) await c.get(p, ACCEPT);
    const figures = new Map<string, number[]>();
    const note = (name: string, us: number) => figures.set(name, [...(figures.get(name) ?? []), us]);
    const BARE = 'bare express, the same bytes';
    const runs = [
      ...(measured('bare') ? [{ name: BARE, connections: bare }] : []),
      ...apps.filter(({ kind }) => measured(kind)),
    ];
    for (let round = 0; round < rounds; round++) {
      // Every other round in the reverse order: a drift of the machine's load does not favour one.
      for (const { name, connections } of round % 2 ? [...runs].reverse() : runs)
        note(name, await timed(connections, paths, requests));
    }
    // Each round's figure over bare's (or over the other build's) in the same round, the median of those.
    const pairedWith = (name: string, reference: string | undefined) => {
      const over = figures.get(reference ?? '');
      if (!over) return '';
      return median(figures.get(name)!.map((us, i) => us - over[i])).toFixed(1);
    };
    const ratioTo = (name: string, reference: string) => {
      const over = figures.get(reference);
      if (!over || name === reference) return '';
      return median(figures.get(name)!.map((us, i) => us / over[i])).toFixed(3);
    };
    console.log(
      `| HTTP layer: ${docs} rich documents, ${requests} GETs a round, log ${logLevel}, load ${loadavg()[0].toFixed(1)} ` +
        `| µs CPU a request (median of ${rounds}) | rounds | more than bare (median of rounds) | to the other build (median of rounds) |`,
    );
    console.log('|---|---|---|---|---|');
    for (const [name, us] of figures)
      console.log(
        `| ${name} | ${median(us).toFixed(1)} | ${us.map((u) => u.toFixed(1)).join(', ')} | ` +
          `${name === BARE ? '' : pairedWith(name, BARE)} | ${name.startsWith('ours') ? ratioTo(name, name.replace('ours', 'other build')) : ''} |`,
      );
    for (const s of served) await s.close();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
