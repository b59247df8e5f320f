/**
 * GET /metrics: the Prometheus text format, counting what a client did (requests by kind and
 * status, their latency), and reading the render cache, the store, the SPARQL replicas and
 * the loads as they are; who may read it (--metrics public, token, off).
 */
import { expect } from 'chai';
import { pino } from 'pino';
import { resolveConfig, type ConfigInput } from '../../src/config/Config.js';
import { entityClassOf } from '../../src/discovery/reverseLinksOf.js';
import { createApp } from '../../src/http/createApp.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { Representations } from '../../src/service/Representations.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { MemoryStore } from '../support/memoryStore.js';
import { REMOTE_STORE_URL } from '../support/testStore.js';
import { parsePrometheusText, sampleValue, type Sample } from './support/promText.js';
import { sendQuery } from './support/sparqlClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const READ_TOKEN = 'read-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const PAINTING = '/collection/object/harbour-at-dusk';
const DEMO = demoDocuments(BASE);
const painting = (n: string) => ({
  '@context': V1,
  id: `${BASE}object/metrics-${n}`,
  type: 'HumanMadeObject',
  _label: `Metrics ${n}`,
});
const auth = { Authorization: `Bearer ${TOKEN}` };
/** A cross join of every statement with itself, twice: billions of rows to look at (sparqlTimeout.test.ts). */
const HEAVY = `SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . FILTER(CONCAT(STR(?a), STR(?e), STR(?i)) = "never") }`;

describe('GET /metrics', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(DEMO, { baseUrl: BASE, token: TOKEN, queryTimeoutS: '0.5', queryReplicas: '2' });
  });
  after(async () => {
    await app.close();
  });

  const scrape = async (origin = app.origin, headers: Record<string, string> = {}): Promise<Sample[]> => {
    const response = await fetch(`${origin}/metrics`, { headers });
    expect(response.status).to.equal(200);
    return parsePrometheusText(await response.text());
  };
  /** How much a sample grew between two scrapes (absent counts as 0). */
  const delta = (before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}): number =>
    (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
  const requests = 'linkedart_http_requests_total';
  const seconds = 'linkedart_http_request_duration_seconds';

  it('answers the Prometheus text format, never cached, with CORS, HELP and TYPE for each metric', async () => {
    const response = await fetch(`${app.origin}/metrics`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(response.headers.get('access-control-allow-origin')).to.equal('*');
    const text = await response.text();
    for (const name of [
      requests,
      seconds,
      'linkedart_render_cache_hits_total',
      'linkedart_sparql_timeouts_total',
      'linkedart_bulk_loads_in_progress',
      'linkedart_ready',
    ]) {
      expect(text).to.match(new RegExp(`^# HELP ${name} \\S`, 'm'));
      expect(text).to.match(new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, 'm'));
    }
    // Node's process metrics, under the service's prefix.
    const samples = parsePrometheusText(text);
    expect(sampleValue(samples, 'linkedart_process_resident_memory_bytes')).to.be.greaterThan(0);
    expect(sampleValue(samples, 'linkedart_ready')).to.equal(1);
    expect((await fetch(`${app.origin}/metrics`, { method: 'HEAD' })).status).to.equal(200);
  });

  it('counts requests by route kind and status, and times them by route kind', async () => {
    const before = await scrape();
    const read = async (path: string, headers: Record<string, string> = {}): Promise<number> => {
      const response = await fetch(app.origin + path, { headers });
      await response.arrayBuffer();
      return response.status;
    };
    expect(await read(PAINTING)).to.equal(200);
    expect(await read(PAINTING)).to.equal(200);
    expect(await read('/collection/object/no-such-thing')).to.equal(404);
    expect(await read(PAINTING, { Accept: 'text/html' })).to.equal(200);
    expect(
      await read('/collection/sparql?query=' + encodeURIComponent('SELECT * WHERE { ?s ?p ?o } LIMIT 1')),
    ).to.equal(200);
    const put = await fetch(`${app.origin}/collection/object/metrics-put`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify(painting('put')),
    });
    expect(put.status).to.equal(201);
    const update = await fetch(`${app.origin}/sparql`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/sparql-update' },
      body: `DELETE DATA { GRAPH <${BASE}object/metrics-put> { <${BASE}object/metrics-put> <http://www.w3.org/2000/01/rdf-schema#label> "Metrics put" } }`,
    });
    await update.arrayBuffer();
    expect((await fetch(`${app.origin}${PAINTING}`, { method: 'PATCH' })).status).to.equal(405);
    const after = await scrape();

    const counted: Array<[string, string, number]> = [
      ['document', '200', 2],
      ['document', '404', 1],
      ['page', '200', 1],
      ['sparql_query', '200', 1],
      ['write', '201', 1],
      ['sparql_update', String(update.status), 1],
      ['other', '405', 1],
      // The first scrape itself, counted once its answer was sent.
      ['service', '200', 1],
    ];
    for (const [route, status, n] of counted)
      expect(delta(before, after, requests, { route, status }), `${route} ${status}`).to.equal(n);
    for (const [route, n] of [
      ['document', 3],
      ['page', 1],
      ['sparql_query', 1],
      ['write', 1],
    ] as const) {
      expect(delta(before, after, `${seconds}_count`, { route }), route).to.equal(n);
      expect(delta(before, after, `${seconds}_bucket`, { route, le: '+Inf' }), route).to.equal(n);
      expect(delta(before, after, `${seconds}_sum`, { route }), route).to.be.greaterThan(0);
    }
    // No label holds a path: the ids asked for appear nowhere.
    expect(
      after.some((s) => Object.values(s.labels).some((v) => v.includes('harbour') || v.includes('no-such-thing'))),
    ).to.equal(false);
  });

  it('reads the render cache: a miss renders, a hit is answered from the cache', async () => {
    const path = '/collection/object/harbour-at-dusk?format=ttl';
    const before = await scrape();
    await (await fetch(app.origin + path)).arrayBuffer();
    await (await fetch(app.origin + path)).arrayBuffer();
    const after = await scrape();
    expect(delta(before, after, 'linkedart_render_cache_misses_total')).to.equal(1);
    expect(delta(before, after, 'linkedart_render_cache_hits_total')).to.equal(1);
    expect(sampleValue(after, 'linkedart_render_cache_bytes'))
      .to.equal(app.representations.stats().bytes)
      .and.to.be.greaterThan(0);
    expect(sampleValue(after, 'linkedart_render_cache_entries')).to.equal(app.representations.stats().entries);
  });

  it('reads the store: its documents by class, quads, log and snapshot', async function () {
    const samples = await scrape();
    if (REMOTE_STORE_URL) {
      // A remote store says its kind only: counting there is a query over the whole store.
      expect(sampleValue(samples, 'linkedart_store_info', { kind: 'sparql' })).to.equal(1);
      this.skip();
    }
    expect(sampleValue(samples, 'linkedart_store_info', { kind: 'embedded' })).to.equal(1);
    const documents = samples.filter((s) => s.name === 'linkedart_store_documents');
    const total = documents.reduce((sum, s) => sum + s.value, 0);
    // The demo and the documents the tests wrote (all HumanMadeObjects), as the store lists its graphs.
    const graphs = await app.store.listGraphs();
    const written = graphs.filter((g) => g.startsWith(`${BASE}object/metrics-`)).length;
    expect(total)
      .to.equal(graphs.filter((g) => DEMO.some((d) => d.id === g)).length + written)
      .and.to.equal(DEMO.length + written);
    expect(sampleValue(samples, 'linkedart_store_documents', { class: 'HumanMadeObject' })).to.equal(
      DEMO.filter((d) => entityClassOf(d.id, d.quads) === 'HumanMadeObject').length + written,
    );
    expect(sampleValue(samples, 'linkedart_store_quads')).to.equal(await app.store.size());
    expect(sampleValue(samples, 'linkedart_store_log_bytes')).to.be.greaterThan(0);
    expect(sampleValue(samples, 'linkedart_store_snapshot_bytes')).to.be.at.least(0);
    expect(sampleValue(samples, 'linkedart_store_memory_bytes')).to.be.greaterThan(0);
  });

  it('counts a query stopped at the time limit, and the replica started after it', async function () {
    const before = await scrape();
    const heavy = await sendQuery(app.origin, 'POST sparql-query', HEAVY);
    expect(heavy.status).to.equal(503);
    await heavy.arrayBuffer();
    const again = await sendQuery(app.origin, 'GET', 'SELECT * WHERE { ?s ?p ?o } LIMIT 1');
    expect(again.status).to.equal(200);
    await again.arrayBuffer();
    const after = await scrape();
    expect(delta(before, after, 'linkedart_sparql_timeouts_total')).to.equal(1);
    expect(delta(before, after, requests, { route: 'sparql_query', status: '503' })).to.equal(1);
    if (REMOTE_STORE_URL) this.skip(); // the remote store's engine has no replicas
    // The replica that ran out of time is started again; the other answered meanwhile.
    expect(delta(before, after, 'linkedart_sparql_replica_starts_total')).to.equal(1);
    const ready = sampleValue(after, 'linkedart_sparql_replicas', { state: 'ready' }) ?? NaN;
    expect(ready).to.be.at.least(1);
    const byState = ['ready', 'seeding', 'stopped'].map(
      (state) => sampleValue(after, 'linkedart_sparql_replicas', { state }) ?? NaN,
    );
    expect(
      byState.reduce((a, b) => a + b, 0),
      'replicas, whatever their state',
    ).to.equal(2);
    expect(sampleValue(after, 'linkedart_sparql_replica_seed_seconds')).to.be.greaterThan(0);
    expect(sampleValue(after, 'linkedart_sparql_requests', { state: 'running' })).to.equal(0);
  });

  it('follows a bulk load while it streams: in progress, and the documents of each stored batch', async () => {
    const before = await scrape();
    const line = (n: string): Uint8Array => new TextEncoder().encode(JSON.stringify(painting(n)) + '\n');
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(line('bulk-1'));
        controller.enqueue(line('bulk-2'));
        await rest;
        controller.enqueue(line('bulk-3'));
        // A Name without content: refused by the gate.
        controller.enqueue(
          new TextEncoder().encode(
            JSON.stringify({ ...painting('bulk-bad'), identified_by: [{ type: 'Name' }] }) + '\n',
          ),
        );
        controller.close();
      },
    });
    const response = await fetch(`${app.origin}/_bulk?format=ndjson&batchSize=2`, {
      method: 'POST',
      headers: { ...auth, Accept: 'application/x-ndjson' },
      body,
      duplex: 'half',
    } as RequestInit);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).to.contain('acknowledged');
    const during = await scrape();
    expect(sampleValue(during, 'linkedart_bulk_loads_in_progress')).to.equal(1);
    expect(delta(before, during, 'linkedart_bulk_documents_total', { outcome: 'created' })).to.equal(2);
    finish();
    let answer = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      answer += new TextDecoder().decode(chunk.value);
    expect(answer).to.contain('"report"');
    const after = await scrape();
    expect(sampleValue(after, 'linkedart_bulk_loads_in_progress')).to.equal(0);
    expect(delta(before, after, 'linkedart_bulk_documents_total', { outcome: 'created' })).to.equal(3);
    expect(delta(before, after, 'linkedart_bulk_documents_total', { outcome: 'rejected' })).to.equal(1);
    expect(delta(before, after, requests, { route: 'bulk', status: '200' })).to.equal(1);
  });

  describe('who may read it', () => {
    /** An app of its own on a MemoryStore (a second test store would clear a remote store under the suite's app). */
    async function withApp(settings: ConfigInput, run: (origin: string) => Promise<void>): Promise<void> {
      const documents = new DocumentService(new MemoryStore());
      const config = resolveConfig({ baseUrl: BASE, port: '0', ...settings }, {});
      const server = createApp({
        config,
        documents,
        representations: new Representations(documents, 0),
        logger: pino({ level: 'silent' }),
      }).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        await run(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }

    it('--metrics token: the read token or the curator token, else 401', async () => {
      await withApp({ metrics: 'token', token: TOKEN, readToken: READ_TOKEN }, async (origin) => {
        const refused = await fetch(`${origin}/metrics`);
        expect(refused.status).to.equal(401);
        expect(((await refused.json()) as { detail: string }).detail).to.contain('--metrics token');
        expect(
          (await fetch(`${origin}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all-0000' } })).status,
        ).to.equal(401);
        // An app of its own has a registry of its own: the other app's requests are not here.
        const samples = await scrape(origin, { Authorization: `Bearer ${READ_TOKEN}` });
        expect(sampleValue(samples, requests, { route: 'document' })).to.equal(undefined);
        expect(sampleValue(samples, requests, { route: 'service', status: '401' })).to.equal(2);
        expect((await fetch(`${origin}/metrics`, { headers: auth })).status).to.equal(200);
      });
    });

    it('--metrics off: /metrics is an id like any other (404 here)', async () => {
      await withApp({ metrics: 'off' }, async (origin) => {
        const response = await fetch(`${origin}/collection/metrics`);
        expect(response.status).to.equal(404);
        expect((await fetch(`${origin}/metrics`)).status).to.equal(404);
      });
    });

    it('with a base URL path, /metrics answers under it too', async () => {
      await withApp({}, async (origin) => {
        expect((await fetch(`${origin}/collection/metrics`)).status).to.equal(200);
      });
    });
  });
});
