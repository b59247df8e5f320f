/** The real app on a real store (embedded, or remote: test/support/testStore.ts), in-process, on a free port: for table-driven HTTP tests. */
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { resolveConfig, type ConfigInput } from '../../../src/config/Config.js';
import { createApp } from '../../../src/http/createApp.js';
import { answerClientErrors } from '../../../src/http/clientErrors.js';
import type { Readiness } from '../../../src/http/operations.js';
import type { IngestedDocument } from '../../../src/ingest/ingestDocument.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { Representations } from '../../../src/service/Representations.js';
import { nameLookupOf, turnNameIndexOff } from '../../../src/search/attachNameIndex.js';
import { SparqlService } from '../../../src/service/SparqlService.js';
import type { QuadStore } from '../../../src/store/QuadStore.js';
import { openTestStore, REMOTE_STORE_URL } from '../../support/testStore.js';

export interface TestApp {
  readonly origin: string;
  readonly store: QuadStore;
  readonly documents: DocumentService;
  readonly representations: Representations;
  readonly sparql: SparqlService;
  /** Every log line written, parsed. */
  readonly log: Array<Record<string, unknown>>;
  readonly readiness: Readiness;
  close(): Promise<void>;
}

/** `openStore`: the store to serve instead of the suite's (e.g. the remote store queried as its dba). */
export async function startTestApp(
  documents: readonly IngestedDocument[],
  settings: ConfigInput = {},
  openStore?: (dataDir: string) => Promise<QuadStore>,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkedart-http-'));
  const config = resolveConfig({ dataDir, port: '0', ...settings }, {});
  const store = openStore
    ? await openStore(dataDir)
    : await openTestStore(
        dataDir,
        // As `serve` opens it: a large write applied in pieces while a read waits (replaceInPieces.ts).
        config.store.kind === 'embedded' ? { queryReplicas: config.store.queryReplicas, yieldToReaders: true } : {},
      );
  const service = new DocumentService(store);
  service.keepVersions = config.keepVersions;
  if (config.nameIndex === 'off') turnNameIndexOff(service);
  await service.putAll(documents);
  const representations = new Representations(service, config.cacheBytes, {
    // On the remote store (a store of another kind given instead, e.g. a publisher's own embedded one, keeps no generation).
    revalidate: REMOTE_STORE_URL !== undefined && store.writeGeneration !== undefined,
    links: config.links ? { baseUrl: config.baseUrl } : undefined,
    pages: { siteTitle: config.title, baseUrl: config.baseUrl, sparql: true },
    names: (ids) => nameLookupOf(service, ids),
  });
  const sparql = new SparqlService(store.sparqlEngine(), service, {
    timeoutMs: config.queryTimeoutMs,
    maxRows: config.maxRows,
    maxQueryBytes: config.maxQueryBytes,
    documentLimits: config.documentLimits,
    conformance: config.conformance,
  });
  const log: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) log.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info', base: undefined }, sink);
  const readiness: Readiness = { ready: true };
  // On a free port unless `settings.port` names one (a service whose base URL is its own address).
  const server: Server = createApp({ config, documents: service, representations, logger, readiness, sparql }).listen(
    config.port,
    '127.0.0.1',
  );
  await new Promise((resolve) => server.once('listening', resolve));
  answerClientErrors(server, logger);
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    store,
    documents: service,
    representations,
    sparql,
    log,
    readiness,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request with exactly this path (no client-side escaping), for hostile paths. */
export async function rawRequest(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { request } = await import('node:http');
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
