/**
 * `--name-index store`: name search served by Virtuoso's own free-text index, on a process that
 * holds no index. The demo collection searched as the index in memory ranks it where the store's
 * index allows (StoredNameSearch.ts says where it differs); the pages still show names; a write is
 * found within the follower's bound; a narrowing the store cannot make is a clear 400.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from './support/serverProcess.js';
import { testStoreArgs } from '../support/testStore.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'stored-names-token-0123456789';
const JSON_ACCEPT = { Accept: 'application/json' };

describe('--name-index store: name search in the remote store itself', function () {
  this.timeout(300000);
  let dir: string;
  let server: ServerProcess;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-stored-names-'));
    const args = await testStoreArgs(dir);
    server = await startServer([...args, '--demo', '--base-url', BASE, '--token', TOKEN, '--name-index', 'store']);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const search = async (query: string) => {
    const response = await fetch(`${server.url}/collection/search?${query}`, { headers: JSON_ACCEPT });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const ids = (body: Record<string, unknown>) =>
    ((body.orderedItems ?? []) as Array<{ id: string }>).map((hit) => hit.id.slice(BASE.length));

  const ranked: Array<[string, string[]]> = [
    // Her name first, then the documents whose statements name her.
    ['q=edith%20marrow', ['person/edith-marrow']],
    ['q=pike', ['group/pike-and-hallam']],
    [
      'q=harbour%20dusk',
      ['digital/harbour-at-dusk-catalogue-page', 'digital/harbour-at-dusk-image', 'object/harbour-at-dusk'],
    ],
    ['q=marrow&kind=Person', ['person/edith-marrow']],
  ];
  for (const [query, first] of ranked)
    it(`${query}: ${first.join(', ')} first`, async () => {
      const { status, body } = await search(query);
      expect(status).to.equal(200);
      expect(ids(body).slice(0, first.length)).to.deep.equal(first);
    });

  it('a hit as the index in memory gives it: id, type, name, classification, year; no facets counted', async () => {
    const { body } = await search('q=marrow&kind=Person');
    expect((body.orderedItems as unknown[])[0]).to.deep.equal({
      id: `${BASE}person/edith-marrow`,
      type: 'Person',
      name: 'Edith Anne Marrow',
      classification: ['British'],
      year: 1852,
    });
    expect(body.facets).to.deep.equal({ kind: [], classification: [], date: [] });
  });

  it('a narrowing by classification or years is a 400 that says why', async () => {
    for (const query of ['q=harbour&classification=British', 'q=harbour&from=1800&to=1900']) {
      const { status, body } = await search(query);
      expect(status, query).to.equal(400);
      expect(body.detail).to.match(/--name-index store\), a search narrows by kind only/);
    }
  });

  it("the lists' thumbnails, read from the store for each page's rows: the search page and the class list show the picture", async () => {
    const pages: Array<[string, boolean]> = [
      ['/collection/search?q=harbour%20dusk', true],
      ['/collection/_entities/HumanMadeObject', true],
      ['/collection/search?q=marrow&kind=Person', false],
    ];
    for (const [path, pictured] of pages) {
      const html = await (await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } })).text();
      expect(html.includes('src="https://museum.example.org/collection/media/harbour.png"'), path).to.equal(pictured);
      expect(html.includes('class="pictured"'), path).to.equal(pictured);
    }
  });

  it("the pages still show names: the entity's page names the people it refers to", async () => {
    const response = await fetch(`${server.url}/collection/object/harbour-at-dusk`, {
      headers: { Accept: 'text/html' },
    });
    expect(await response.text()).to.include('Edith Anne Marrow');
  });

  it('a write is found within 2 s (the follower has the store index it)', async () => {
    const response = await fetch(`${server.url}/collection/object/saltburn`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify({
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: `${BASE}object/saltburn`,
        type: 'HumanMadeObject',
        _label: 'Saltburn Pier',
        identified_by: [{ type: 'Name', content: 'Saltburn Pier' }],
      }),
    });
    expect(response.status).to.equal(201);
    const started = Date.now();
    while (!ids((await search('q=saltburn')).body).includes('object/saltburn')) {
      expect(Date.now() - started, 'found within 2 s').to.be.below(2000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
