/** The minimal dereference: the demo served by the real app on an embedded store, table-driven. */
import { expect } from 'chai';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from '../../src/config/Config.js';
import { createApp } from '../../src/http/createApp.js';
import { LINKED_ART_MEDIA_TYPE } from '../../src/http/mediaTypes.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { DEMO_DIR, readDocuments } from '../support/corpus.js';

describe('HTTP dereference of the demo collection', function () {
  this.timeout(60000);
  let dataDir: string;
  let store: EmbeddedStore;
  let server: Server;
  let origin: string;
  const base = 'https://museum.example.org/collection/';

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-http-'));
    store = await EmbeddedStore.open({ dataDir });
    const documents = new DocumentService(store);
    await documents.putAll(demoDocuments(base));
    const config = resolveConfig({ baseUrl: base, dataDir, port: '0' }, {});
    server = createApp({ config, documents }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address() as { port: number };
    origin = `http://127.0.0.1:${address.port}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const { file, json } of readDocuments(DEMO_DIR)) {
    it(`GET ${file.replace('.json', '')} answers the document as loaded, ids under the base URL`, async () => {
      const expected = JSON.parse(JSON.stringify(json).split('http://localhost:8080/').join(base)) as { id: string };
      const response = await fetch(origin + new URL(expected.id).pathname);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal(LINKED_ART_MEDIA_TYPE);
      expect(await response.json()).to.deep.equal(expected);
    });
  }

  const cases: Array<[string, string, number, string]> = [
    ['a path no document has', '/collection/object/nope', 404, 'application/problem+json'],
    ['a path outside the base URL', '/object/harbour-at-dusk', 404, 'application/problem+json'],
    ['a path that is no IRI', '/collection/object/%3E%20%7D', 404, 'application/problem+json'],
    ['a very long path', '/collection/' + 'x'.repeat(5000), 404, 'application/problem+json'],
  ];
  for (const [name, path, status, type] of cases) {
    it(`GET ${name}: ${status}`, async () => {
      const response = await fetch(origin + path);
      expect(response.status).to.equal(status);
      expect(response.headers.get('content-type')).to.contain(type);
      expect(((await response.json()) as { status: number }).status).to.equal(status);
    });
  }

  it('HEAD sends the headers without a body; POST gets 405 with Allow', async () => {
    const head = await fetch(origin + '/collection/object/harbour-at-dusk', { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(Number(head.headers.get('content-length'))).to.be.greaterThan(1000);
    expect(await head.text()).to.equal('');
    const post = await fetch(origin + '/collection/object/harbour-at-dusk', { method: 'POST' });
    expect(post.status).to.equal(405);
    expect(post.headers.get('allow')).to.equal('GET, HEAD');
  });
});
