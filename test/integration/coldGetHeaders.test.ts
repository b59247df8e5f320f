/**
 * A cold GET (the render cache off, `--cache-mb 0`) answers with exactly the headers of a warm one:
 * without a cache the dereference makes a representation's headers for every answer instead of
 * keeping them with it (issue 35), and the `Link` it makes then is the same, byte for byte.
 */
import type { Server } from 'node:http';
import { expect } from 'chai';
import { pino } from 'pino';
import { resolveConfig } from '../../src/config/Config.js';
import { createApp } from '../../src/http/createApp.js';
import { FORMATS } from '../../src/render/formats.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { Representations } from '../../src/service/Representations.js';
import { nameLookupOf } from '../../src/search/attachNameIndex.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const PAINTING = '/collection/object/harbour-at-dusk';
const PAINTING_ID = 'https://museum.example.org' + PAINTING;
/** Each format's first media type (render/formats.ts), Linked Art's JSON-LD first. */
const ACCEPTS = FORMATS.map((f) => f.mediaTypes[0]);
/** What differs between two answers whatever the app does. */
const PER_ANSWER = new Set(['date', 'keep-alive', 'connection']);

describe('HTTP: a cold GET has the headers of a warm one', function () {
  this.timeout(60000);
  let warm: TestApp;
  /** The same store served by a second app with the render cache off (so the same Last-Modified). */
  let cold: { origin: string; representations: Representations; server: Server };
  before(async () => {
    warm = await startTestApp(demoDocuments(BASE), { baseUrl: BASE });
    const config = resolveConfig({ dataDir: '/nonexistent', port: '0', baseUrl: BASE, cacheMb: '0' }, {});
    const representations = new Representations(warm.documents, config.cacheBytes, {
      links: { baseUrl: BASE },
      pages: { siteTitle: config.title, baseUrl: BASE, sparql: true },
      names: (ids) => nameLookupOf(warm.documents, ids),
    });
    const logger = pino({ level: 'silent' });
    const server = createApp({ config, documents: warm.documents, representations, logger }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    cold = { origin: `http://127.0.0.1:${port}`, representations, server };
  });
  after(async () => {
    if (cold) {
      cold.server.closeAllConnections();
      await new Promise((resolve) => cold.server.close(resolve));
    }
    await warm?.close();
  });

  const headersOf = async (app: { origin: string }, accept: string, extra: Record<string, string> = {}) => {
    const response = await fetch(app.origin + PAINTING, { headers: { Accept: accept, ...extra } });
    expect(response.status, accept).to.equal(200);
    await response.arrayBuffer();
    return [...response.headers].filter(([name]) => !PER_ANSWER.has(name));
  };

  for (const accept of ACCEPTS) {
    it(`${accept}: the same headers, the second time too`, async () => {
      const first = await headersOf(warm, accept);
      // The warm app's second answer comes from its cache (headers kept); the cold app's are made each time.
      expect(await headersOf(warm, accept)).to.deep.equal(first);
      expect(await headersOf(cold, accept)).to.deep.equal(first);
      expect(await headersOf(cold, accept)).to.deep.equal(first);
      expect(cold.representations.stats().entries).to.equal(0);
    });
  }

  it('Prefer: links=off: the same headers, Preference-Applied among them', async () => {
    const accept = ACCEPTS[0];
    const first = await headersOf(warm, accept, { Prefer: 'links=off' });
    expect(new Map(first).get('preference-applied')).to.equal('links=off');
    expect(await headersOf(cold, accept, { Prefer: 'links=off' })).to.deep.equal(first);
  });

  it("the JSON-LD's Link, exactly: the other formats, then the document as its own TimeGate and its TimeMap", async () => {
    const link = new Map(await headersOf(cold, ACCEPTS[0])).get('link');
    const alternate = (extension: string, type: string) =>
      `<${PAINTING_ID}?format=${extension}>; rel="alternate"; type="${type}"`;
    expect(link).to.equal(
      [
        alternate('ttl', 'text/turtle'),
        alternate('nt', 'application/n-triples'),
        alternate('nq', 'application/n-quads'),
        alternate('trig', 'application/trig'),
        alternate('rdf', 'application/rdf+xml'),
        alternate('html', 'text/html'),
        `<${PAINTING_ID}>; rel="original timegate"`,
        `<https://museum.example.org/collection/_timemap${PAINTING}>; rel="timemap"; type="application/link-format"`,
      ].join(', '),
    );
  });
});
