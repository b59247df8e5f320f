/**
 * The Linked Art protocol over HTTP, table-driven, on the real app and a store (embedded, or
 * remote: test/support/testStore.ts) holding the demo: dereference, content negotiation,
 * conditional requests, CORS, methods, errors and hostile paths.
 */
import { expect } from 'chai';
import { withoutLinks } from '../support/withoutLinks.js';
import { Parser } from 'n3';
import { parse as parseWithOxigraph } from 'oxigraph';
import { pino } from 'pino';
import { resolveConfig } from '../../src/config/Config.js';
import { createApp } from '../../src/http/createApp.js';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { LINKED_ART_MEDIA_TYPE } from '../../src/render/formats.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { Representations } from '../../src/service/Representations.js';
import { MemoryStore } from '../support/memoryStore.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { DEMO_DIR, readDocuments } from '../support/corpus.js';
import { rawRequest, startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const PAINTING = '/collection/object/harbour-at-dusk';
const PAINTING_ID = 'https://museum.example.org' + PAINTING;

/** How a body in each format is read back, to check it is what it says it is. */
function triplesIn(contentType: string, body: string): number {
  const type = contentType.split(';')[0].trim();
  switch (type) {
    case 'application/ld+json':
      return Object.keys(JSON.parse(body) as object).length;
    case 'text/turtle':
      return new Parser({ format: 'text/turtle' }).parse(body).length;
    case 'application/n-triples':
      return new Parser({ format: 'N-Triples' }).parse(body).length;
    case 'application/n-quads':
      return new Parser({ format: 'N-Quads' }).parse(body).length;
    case 'application/trig':
      return new Parser({ format: 'application/trig' }).parse(body).length;
    case 'application/rdf+xml':
      return parseWithOxigraph(body, { format: 'application/rdf+xml' }).length;
    // The page embeds the JSON-LD: its keys, as for the JSON-LD itself.
    case 'text/html':
      return Object.keys(JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)![1]) as object)
        .length;
    default:
      throw new Error(`unexpected content type ${contentType}`);
  }
}

describe('HTTP: the Linked Art protocol', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE });
  });
  after(async () => {
    await app.close();
  });
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(app.origin + path, { method, headers });

  describe('dereference', () => {
    for (const { file, json } of readDocuments(DEMO_DIR)) {
      it(`GET ${file.replace('.json', '')} answers the document as loaded, ids under the base URL`, async () => {
        const expected = JSON.parse(JSON.stringify(json).split('http://localhost:8080/').join(BASE)) as { id: string };
        const response = await get(new URL(expected.id).pathname);
        expect(response.status).to.equal(200);
        expect(response.headers.get('content-type')).to.equal(LINKED_ART_MEDIA_TYPE);
        expect(withoutLinks((await response.json()) as object)).to.deep.equal(expected);
      });
    }
  });

  describe('content negotiation', () => {
    // Accept header, status, Content-Type (start), why.
    const table: Array<[string | undefined, number, string]> = [
      [undefined, 200, LINKED_ART_MEDIA_TYPE],
      ['*/*', 200, LINKED_ART_MEDIA_TYPE],
      ['application/ld+json', 200, LINKED_ART_MEDIA_TYPE],
      [LINKED_ART_MEDIA_TYPE, 200, LINKED_ART_MEDIA_TYPE],
      ['application/ld+json; profile="https://linked.art/ns/v1/linked-art.json"', 200, LINKED_ART_MEDIA_TYPE],
      ['application/ld+json;profile="http://www.w3.org/ns/json-ld#compacted"', 200, LINKED_ART_MEDIA_TYPE],
      ['application/json', 200, LINKED_ART_MEDIA_TYPE],
      ['text/turtle', 200, 'text/turtle'],
      ['application/n-triples', 200, 'application/n-triples'],
      ['application/n-quads', 200, 'application/n-quads'],
      ['application/trig', 200, 'application/trig'],
      ['application/rdf+xml', 200, 'application/rdf+xml'],
      ['text/*', 200, 'text/turtle'],
      ['text/turtle;q=0.5, application/ld+json;q=0.9', 200, LINKED_ART_MEDIA_TYPE],
      ['application/ld+json;q=0.2, text/turtle', 200, 'text/turtle'],
      ['application/n-triples;q=0.8, application/rdf+xml;q=0.9, */*;q=0.1', 200, 'application/rdf+xml'],
      ['application/ld+json;q=0, application/json;q=0, */*', 200, 'text/turtle'],
      // People's browsers get the page (Firefox/Safari, Firefox before 2024, Chrome); application/xml;q=0.9 is not RDF/XML.
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 200, 'text/html'],
      ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', 200, 'text/html'],
      [
        'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
        200,
        'text/html',
      ],
      ['text/html', 200, 'text/html'],
      ['image/png, text/html;q=0.9', 200, 'text/html'],
      ['text/html;q=0.5, application/ld+json', 200, LINKED_ART_MEDIA_TYPE],
      ['application/xml', 406, 'application/problem+json'],
      ['image/png', 406, 'application/problem+json'],
      ['application/ld+json;profile="https://example.org/another-profile"', 406, 'application/problem+json'],
      ['text/turtle;q=0', 406, 'application/problem+json'],
    ];
    for (const [accept, status, type] of table) {
      it(`Accept ${accept ?? '(none)'}: ${status} ${type}`, async () => {
        const response = await get(PAINTING, accept === undefined ? {} : { Accept: accept });
        expect(response.status).to.equal(status);
        expect(response.headers.get('content-type')).to.match(
          new RegExp('^' + type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        );
        // The JSON-LD with `_links` varies with Prefer too (`Prefer: links=off` asks for it without them); with
        // kept versions, every answer varies with Accept-Datetime (the document is its own TimeGate: src/history).
        expect(response.headers.get('vary')).to.equal(
          status !== 200
            ? null
            : type.startsWith('application/ld+json')
              ? 'Accept, Prefer, Accept-Datetime'
              : 'Accept, Accept-Datetime',
        );
        const body = await response.text();
        if (status === 200) {
          expect(triplesIn(type, body)).to.be.greaterThan(3);
        } else {
          const problem = JSON.parse(body) as { status: number; available: string[]; detail: string };
          expect(problem.status).to.equal(406);
          expect(problem.available).to.include('text/turtle').and.to.include(LINKED_ART_MEDIA_TYPE);
          expect(problem.detail).to.contain('available');
        }
      });
    }

    const formats: Array<[string, string]> = [
      ['jsonld', LINKED_ART_MEDIA_TYPE],
      ['json', LINKED_ART_MEDIA_TYPE],
      ['ttl', 'text/turtle'],
      ['turtle', 'text/turtle'],
      ['nt', 'application/n-triples'],
      ['nq', 'application/n-quads'],
      ['trig', 'application/trig'],
      ['rdf', 'application/rdf+xml'],
      ['TTL', 'text/turtle'],
      ['html', 'text/html'],
    ];
    for (const [format, type] of formats) {
      it(`?format=${format} overrides Accept: ${type}`, async () => {
        const response = await get(`${PAINTING}?format=${format}`, { Accept: 'application/ld+json' });
        expect(response.status).to.equal(200);
        expect(response.headers.get('content-type')).to.contain(type);
        expect(triplesIn(type, await response.text())).to.be.greaterThan(3);
      });
    }

    it('?format= with an unknown value is a 400 naming the formats', async () => {
      const response = await get(`${PAINTING}?format=csv`);
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { detail: string }).detail).to.contain('ttl, nt, nq, trig, rdf');
    });

    it('every format carries the same graph', async () => {
      const counts = new Map<string, number>();
      for (const format of ['ttl', 'nt', 'nq', 'trig', 'rdf']) {
        const response = await get(`${PAINTING}?format=${format}`);
        counts.set(format, triplesIn(response.headers.get('content-type')!, await response.text()));
      }
      expect(new Set(counts.values()).size, JSON.stringify([...counts])).to.equal(1);
    });

    it('Link names the other formats of the same description', async () => {
      const link = (await get(PAINTING)).headers.get('link')!;
      expect(link).to.contain(`<${PAINTING_ID}?format=ttl>; rel="alternate"; type="text/turtle"`);
      expect(link).not.to.contain('format=jsonld');
      const fromTurtle = (await get(PAINTING, { Accept: 'text/turtle' })).headers.get('link')!;
      expect(fromTurtle).to.contain(
        `<${PAINTING_ID}?format=jsonld>; rel="alternate"; type="application/ld+json"; profile="https://linked.art/ns/v1/linked-art.json"`,
      );
    });
  });

  describe('conditional requests and caching', () => {
    const ACCEPTS = [
      'application/ld+json',
      'text/turtle',
      'application/n-triples',
      'application/n-quads',
      'application/trig',
      'application/rdf+xml',
      'text/html',
    ];

    it('each format has its own strong ETag', async () => {
      const tags = await Promise.all(
        ACCEPTS.map(async (accept) => (await get(PAINTING, { Accept: accept })).headers.get('etag')!),
      );
      for (const tag of tags) expect(tag).to.match(/^"[^"]+"$/);
      expect(new Set(tags).size).to.equal(ACCEPTS.length);
      // application/json is the same representation as application/ld+json: the same bytes, the same tag.
      expect((await get(PAINTING, { Accept: 'application/json' })).headers.get('etag')).to.equal(tags[0]);
    });

    for (const accept of ACCEPTS) {
      it(`If-None-Match on ${accept}: 304 with the same headers and no body`, async () => {
        const first = await get(PAINTING, { Accept: accept });
        await first.arrayBuffer();
        const etag = first.headers.get('etag')!;
        const second = await get(PAINTING, { Accept: accept, 'If-None-Match': etag });
        expect(second.status).to.equal(304);
        expect(await second.text()).to.equal('');
        for (const header of [
          'etag',
          'cache-control',
          'vary',
          'last-modified',
          'link',
          'content-type',
          'access-control-allow-origin',
        ]) {
          expect(second.headers.get(header), header).to.equal(first.headers.get(header));
        }
      });
    }

    const matching: Array<[string, (etag: string) => string, number]> = [
      ['a list holding the tag', (e) => `"nope", ${e}`, 304],
      ['the weak form of the tag', (e) => `W/${e}`, 304],
      ['*', () => '*', 304],
      ['another tag', () => '"another"', 200],
    ];
    for (const [name, header, status] of matching) {
      it(`If-None-Match with ${name}: ${status}`, async () => {
        const etag = (await get(PAINTING)).headers.get('etag')!;
        expect((await get(PAINTING, { 'If-None-Match': header(etag) })).status).to.equal(status);
      });
    }

    it('a JSON-LD ETag does not validate the Turtle', async () => {
      const etag = (await get(PAINTING)).headers.get('etag')!;
      const turtle = await get(PAINTING, { Accept: 'text/turtle', 'If-None-Match': etag });
      expect(turtle.status).to.equal(200);
      expect(turtle.headers.get('etag')).not.to.equal(etag);
    });

    it('Last-Modified and If-Modified-Since', async () => {
      const lastModified = (await get(PAINTING)).headers.get('last-modified')!;
      expect(Date.parse(lastModified)).to.be.closeTo(Date.now(), 10 * 60 * 1000);
      expect((await get(PAINTING, { 'If-Modified-Since': lastModified })).status).to.equal(304);
      const before = new Date(Date.parse(lastModified) - 60000).toUTCString();
      expect((await get(PAINTING, { 'If-Modified-Since': before })).status).to.equal(200);
      // If-None-Match wins over If-Modified-Since.
      expect(
        (await get(PAINTING, { 'If-Modified-Since': lastModified, 'If-None-Match': '"another"' })).status,
      ).to.equal(200);
    });

    it('Cache-Control is the configured one', async () => {
      expect((await get(PAINTING)).headers.get('cache-control')).to.equal('public, max-age=60');
    });

    it('a write to a document drops its cached renders in every format', async () => {
      const before = await Promise.all(
        ACCEPTS.map(async (a) => (await get(PAINTING, { Accept: a })).headers.get('etag')),
      );
      const doc = (await (await get(PAINTING)).json()) as { _label: string };
      await app.documents.put({ ...doc, _label: 'Harbour at Dusk (relabelled)' });
      const after = await Promise.all(
        ACCEPTS.map(async (a) => (await get(PAINTING, { Accept: a })).headers.get('etag')),
      );
      for (let i = 0; i < ACCEPTS.length; i++) expect(after[i], ACCEPTS[i]).not.to.equal(before[i]);
      expect(((await (await get(PAINTING)).json()) as { _label: string })._label).to.equal(
        'Harbour at Dusk (relabelled)',
      );
      expect(await (await get(PAINTING, { Accept: 'text/turtle' })).text()).to.contain('Harbour at Dusk (relabelled)');
      expect(await (await get(PAINTING, { Accept: 'text/html' })).text()).to.contain('Harbour at Dusk (relabelled)');
      await app.documents.put(doc);
    });

    it('a deleted document is gone at once, also from the cache', async () => {
      const doc = (await (await get(PAINTING)).json()) as { id: string };
      await app.documents.delete(doc.id);
      expect((await get(PAINTING)).status).to.equal(410);
      expect((await get(PAINTING, { Accept: 'text/turtle' })).status).to.equal(410);
      await app.documents.put(doc);
      expect((await get(PAINTING)).status).to.equal(200);
    });
  });

  describe('CORS and methods', () => {
    // Requests of every kind of answer; each must carry CORS.
    const requests: Array<[string, string, string, Record<string, string>, number]> = [
      ['a document', 'GET', PAINTING, {}, 200],
      ['a 304', 'GET', PAINTING, { 'If-None-Match': '*' }, 304],
      ['a HEAD', 'HEAD', PAINTING, {}, 200],
      ['a 404', 'GET', '/collection/object/nope', {}, 404],
      ['a 406', 'GET', PAINTING, { Accept: 'image/png' }, 406],
      ['a 400', 'GET', PAINTING + '?format=csv', {}, 400],
      ['a 405', 'DELETE', PAINTING, {}, 405],
      [
        'a preflight',
        'OPTIONS',
        PAINTING,
        { Origin: 'https://viewer.example.net', 'Access-Control-Request-Method': 'GET' },
        204,
      ],
      ['/health', 'GET', '/health', {}, 200],
      ['/ready', 'GET', '/ready', {}, 200],
    ];
    for (const [name, method, path, headers, status] of requests) {
      it(`${name}: ${status} with Access-Control-Allow-Origin: * and the validators exposed`, async () => {
        const response = await get(path, headers, method);
        expect(response.status).to.equal(status);
        expect(response.headers.get('access-control-allow-origin')).to.equal('*');
        expect(response.headers.get('access-control-expose-headers'))
          .to.contain('ETag')
          .and.to.contain('Link')
          .and.to.contain('Last-Modified');
      });
    }

    it('OPTIONS preflight answers the allowed methods and request headers', async () => {
      const response = await get(
        PAINTING,
        {
          Origin: 'https://viewer.example.net',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'if-none-match',
        },
        'OPTIONS',
      );
      expect(response.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
      expect(response.headers.get('access-control-allow-methods')).to.equal('GET, HEAD, OPTIONS');
      expect(response.headers.get('access-control-allow-headers')).to.contain('If-None-Match').and.to.contain('Accept');
      expect(Number(response.headers.get('access-control-max-age'))).to.be.greaterThan(0);
    });

    for (const accept of ['application/ld+json', 'text/turtle', 'application/rdf+xml', 'text/html']) {
      it(`HEAD sends exactly GET's headers without a body (${accept})`, async () => {
        const getResponse = await get(PAINTING, { Accept: accept });
        const body = await getResponse.arrayBuffer();
        const head = await get(PAINTING, { Accept: accept }, 'HEAD');
        expect(await head.text()).to.equal('');
        const strip = (h: Headers) =>
          [...h.entries()].filter(([k]) => k !== 'date' && k !== 'keep-alive' && k !== 'connection');
        expect(strip(head.headers)).to.deep.equal(strip(getResponse.headers));
        expect(Number(head.headers.get('content-length'))).to.equal(body.byteLength);
      });
    }

    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      it(`${method} on a read-only path: 405 with Allow`, async () => {
        const response = await get(PAINTING, {}, method);
        expect(response.status).to.equal(405);
        expect(response.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
        expect(response.headers.get('content-type')).to.equal('application/problem+json');
        expect(((await response.json()) as { detail: string }).detail).to.contain(method);
      });
    }
  });

  describe('errors and hostile paths', () => {
    // Path as sent on the wire, expected status.
    const hostile: Array<[string, string, number]> = [
      ['a SPARQL fragment', '/collection/object/x>%20}%20;%20DROP%20ALL%20;%20{', 400],
      ['a raw > and }', '/collection/object/x>}', 400],
      ['a raw quote', '/collection/object/x"y', 400],
      ['a raw backslash', '/collection/object/x\\y', 400],
      ['an encoded > } and quote', '/collection/object/x%3E%7D%22', 404],
      ['an encoded newline', '/collection/object/x%0A%3E', 400],
      ['an encoded NUL', '/collection/object/%00', 400],
      ['an encoded DEL', '/collection/object/a%7Fb', 400],
      ['a very long path', '/collection/' + 'x'.repeat(5000), 400],
      ['a path outside the base URL', '/object/harbour-at-dusk', 404],
      ['dot segments', '/collection/../collection/object/harbour-at-dusk', 404],
      ['a malformed escape', '/collection/object/%E0%A4%A', 400],
      ['a broken escape', '/collection/object/%zz', 400],
      ['a GRAPH injection', '/collection/object/a%3E%20%7B%20?s%20?p%20?o%20%7D%20%23', 404],
      ['a query string only', '/collection/object/nope?query=DROP%20ALL', 404],
    ];
    for (const [name, path, status] of hostile) {
      it(`${name}: a clean ${status}, the store unchanged`, async () => {
        const before = await app.store.size();
        const response = await rawRequest(app.origin, 'GET', path);
        expect(response.status).to.equal(status);
        expect(response.headers['content-type']).to.equal('application/problem+json');
        const problem = JSON.parse(response.body) as { status: number; title: string; detail: string };
        expect(problem.status).to.equal(status);
        expect(problem.detail.length).to.be.lessThan(400);
        expect(await app.store.size()).to.equal(before);
        expect((await get(PAINTING)).status).to.equal(200);
      });
    }

    it('an id with characters beyond ASCII is served at its percent-encoded path', async () => {
      const id = BASE + 'person/café-müller';
      await app.documents.put({
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id,
        type: 'Person',
        _label: 'Café Müller',
      });
      const response = await get('/collection/person/caf%C3%A9-m%C3%BCller');
      expect(response.status).to.equal(200);
      expect(((await response.json()) as { id: string }).id).to.equal(id);
      await app.documents.delete(id);
    });

    it('a graph RDF/XML cannot carry: 406 naming the predicate, the other formats still served', async () => {
      const id = BASE + 'object/extended';
      await app.documents.put({
        '@context': [{ rank: 'https://example.org/vocab/123' }, 'https://linked.art/ns/v1/linked-art.json'],
        id,
        type: 'HumanMadeObject',
        _label: 'Extended',
        rank: 'first',
      });
      try {
        const xml = await get('/collection/object/extended?format=rdf');
        expect(xml.status).to.equal(406);
        expect(((await xml.json()) as { detail: string }).detail).to.contain('https://example.org/vocab/123');
        expect((await get('/collection/object/extended?format=ttl')).status).to.equal(200);
      } finally {
        await app.documents.delete(id);
      }
    });

    it('a failure inside: 500 problem+json without the cause, which goes to the log', async () => {
      const store = new MemoryStore();
      const documents = new DocumentService(store);
      await documents.putAll([
        ingestDocument(
          {
            '@context': 'https://linked.art/ns/v1/linked-art.json',
            id: PAINTING_ID,
            type: 'HumanMadeObject',
            _label: 'x',
          },
          'test',
        ),
      ]);
      store.failReads = new Error('disk on fire at /secret/path');
      const logged: string[] = [];
      const logger = pino(
        { level: 'info' },
        {
          write: (line: string) => {
            logged.push(line);
          },
        },
      );
      const config = resolveConfig({ baseUrl: BASE, port: '0' }, {});
      const server = createApp({
        config,
        documents,
        representations: new Representations(documents, 0),
        logger,
      }).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const response = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}${PAINTING}`);
        expect(response.status).to.equal(500);
        expect(response.headers.get('access-control-allow-origin')).to.equal('*');
        const text = await response.text();
        expect(text).not.to.contain('secret').and.not.to.contain('fire').and.not.to.contain(' at ');
        expect(JSON.parse(text)).to.include({ status: 500, title: 'Internal error' });
        expect(logged.join('')).to.contain('disk on fire at /secret/path');
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('a request body larger than the limit: 413', async () => {
      // An app of its own on a MemoryStore: a second test store would clear a remote store under this suite's app (test/support/testStore.ts).
      const documents = new DocumentService(new MemoryStore());
      const config = resolveConfig({ baseUrl: BASE, port: '0', maxBodyMb: '0.001' }, {});
      const server = createApp({
        config,
        documents,
        representations: new Representations(documents, 0),
        logger: pino({ level: 'silent' }),
      }).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
        const response = await rawRequest(
          origin,
          'GET',
          PAINTING,
          { 'Content-Type': 'text/plain', 'Content-Length': '5000' },
          'x'.repeat(5000),
        );
        expect(response.status).to.equal(413);
        expect(JSON.parse(response.body)).to.include({ status: 413, title: 'Payload too large' });
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('operations', () => {
    it('/health says up and /ready says ready with the cache in use', async () => {
      expect(await (await get('/health')).json()).to.deep.equal({ status: 'up', store: { state: 'ok' } });
      const ready = (await (await get('/ready')).json()) as {
        status: string;
        renderCache: { entries: number; bytes: number };
      };
      expect(ready.status).to.equal('ready');
      expect(ready.renderCache.entries).to.be.greaterThan(0);
    });

    it('until the store is ready: /ready and dereferences are 503, /health is 200', async () => {
      app.readiness.ready = false;
      app.readiness.reason = 'loading';
      try {
        expect((await get('/ready')).status).to.equal(503);
        const response = await get(PAINTING);
        expect(response.status).to.equal(503);
        expect(response.headers.get('retry-after')).to.equal('1');
        expect((await get('/health')).status).to.equal(200);
      } finally {
        app.readiness.ready = true;
      }
    });

    it("answers the service's own paths under the base URL's path too (behind a path-prefix proxy), and still at the root", async () => {
      for (const prefix of ['', '/collection']) {
        expect(await (await get(`${prefix}/health`)).json(), prefix).to.deep.equal({
          status: 'up',
          store: { state: 'ok' },
        });
        expect((await get(`${prefix}/ready`)).status, prefix).to.equal(200);
        const exported = await get(`${prefix}/_export?format=ndjson&id=${encodeURIComponent(PAINTING_ID)}`);
        expect(exported.status, prefix).to.equal(200);
        expect((JSON.parse((await exported.text()).split('\n')[0]) as { id: string }).id).to.equal(PAINTING_ID);
        const page = await (await get(`${prefix}/sparql`, { Accept: 'text/html' })).text();
        const script = /src="(sparql-ui\/query-page\.js[^"]*)"/.exec(page)![1];
        expect((await get(`${prefix}/${script}`)).status, `${prefix}/${script}`).to.equal(200);
        const ask = await get(`${prefix}/sparql?query=${encodeURIComponent('ASK { ?s ?p ?o }')}`, {
          Accept: 'application/sparql-results+json',
        });
        expect(((await ask.json()) as { boolean: boolean }).boolean, prefix).to.equal(true);
      }
    });

    it('logs one structured line per request: method, path, status, ms, bytes', async () => {
      const ofThisPath = () => app.log.filter((l) => l.path === `${PAINTING}?format=ttl`);
      const before = ofThisPath().length;
      const response = await get(`${PAINTING}?format=ttl`);
      const length = Number(response.headers.get('content-length'));
      await response.text();
      // The line is written when the server has finished the response, which may come after the
      // client has read it: wait for the line itself (polled; the deadline only stops a hung test).
      for (const deadline = Date.now() + 10_000; ofThisPath().length === before && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const line = ofThisPath()[before];
      expect(line).to.include({ method: 'GET', status: 200, bytes: length });
      expect(line.ms).to.be.a('number');
    });
  });
});
