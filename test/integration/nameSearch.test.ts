/**
 * Name search and the landing page over HTTP, on the real app and a store holding the demo
 * (under a base URL with a path): what a browser gets and what a machine gets, that names are
 * escaped, paging, the 400s, and that `/` still answers JSON to machines.
 */
import { expect } from 'chai';
import { PAGE_CSP } from '../../src/http/pageHeaders.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const LA = 'https://linked.art/ns/v1/linked-art.json';
const EVIL = '<script>alert(1)</script>';

function object(path: string, name: string) {
  return admitDocument({
    '@context': LA,
    id: BASE + path,
    type: 'HumanMadeObject',
    _label: name,
    identified_by: [{ type: 'Name', content: name }],
  });
}

describe('HTTP: name search and the landing page', function () {
  this.timeout(60000);
  let app: TestApp;
  const boats = Array.from({ length: 5 }, (_, i) => object(`object/boat-${i}`, `Trawler model ${i}`));
  before(async () => {
    app = await startTestApp([...demoDocuments(BASE), object('object/evil', EVIL), ...boats], {
      baseUrl: BASE,
      title: 'Whitby <Harbour> Museum',
      pageSize: '2',
    });
  });
  after(async () => {
    await app.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(app.origin + path, { headers });

  it("JSON for machines: the search page shape with query, totalItems and each hit's id, type, name", async () => {
    for (const accept of ['application/json', 'application/ld+json', '*/*', undefined]) {
      const response = await get('/collection/search?q=harbour%20DUSK', accept ? { Accept: accept } : {});
      expect(response.status, String(accept)).to.equal(200);
      expect(response.headers.get('content-type')).to.match(
        accept === 'application/json'
          ? /^application\/json/
          : /^application\/ld\+json;profile="https:\/\/linked.art\/ns\/v1\/search.json"/,
      );
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).to.include({
        type: 'OrderedCollectionPage',
        query: 'harbour DUSK',
        id: `${BASE}search?q=harbour%20DUSK&page=1`,
      });
      expect(body.totalItems).to.be.greaterThan(2);
      const items = body.orderedItems as Array<Record<string, unknown>>;
      expect(items).to.have.length(2);
      // "Harbour at Dusk" is the painting's, the visual item's and the catalogue entry's exact name: they come first.
      expect(items[0]).to.deep.include({ type: 'HumanMadeObject', name: 'Harbour at Dusk' });
      expect(body.next).to.deep.equal({ id: `${BASE}search?q=harbour%20DUSK&page=2`, type: 'OrderedCollectionPage' });
      expect(body).to.not.have.property('prev');
    }
  });

  it('pages: page 2 follows page 1, the last has prev and no next; past the last is 404', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map(
        async (n) =>
          (await get(`/collection/search?q=trawler%20mo&page=${n}`)).json() as Promise<Record<string, unknown>>,
      ),
    );
    const ids = pages.flatMap((p) => (p.orderedItems as Array<{ id: string }>).map((h) => h.id));
    expect(ids.sort()).to.deep.equal(boats.map((b) => b.id).sort());
    expect(pages[2]).to.have.property('prev').and.not.have.property('next');
    expect((await get('/collection/search?q=trawler&page=4')).status).to.equal(404);
  });

  it('an identifier is found and named as the one that matched', async () => {
    const body = (await (await get('/collection/search?q=WHM%202019.7')).json()) as {
      orderedItems: Array<Record<string, unknown>>;
    };
    expect(body.orderedItems[0]).to.deep.equal({
      id: `${BASE}object/harbour-at-dusk-frame`,
      type: 'HumanMadeObject',
      name: 'Original frame of Harbour at Dusk',
      identifier: 'WHM 2019.7',
      // Its classifications' labels, shown in the result row (and narrowing a search).
      classification: ['Artwork'],
    });
  });

  it('400 problem+json for an empty or too long query or a bad page; a friendly page with 400 for a browser', async () => {
    for (const query of ['q=', 'q=%20%20', '', `q=${'a'.repeat(201)}`, 'q=boat&page=0', 'q=boat&page=x']) {
      const response = await get(`/collection/search?${query}`, { Accept: 'application/json' });
      expect(response.status, query).to.equal(400);
      expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(((await response.json()) as { detail: string }).detail).to.match(/\?q=|\?page=/);
      const page = await get(`/collection/search?${query}`, { Accept: BROWSER });
      if (query === '') {
        expect(page.status).to.equal(200);
        continue;
      }
      expect(page.status, query).to.equal(400);
      expect(await page.text()).to.contain('role="alert"');
    }
  });

  it('HTML for a browser: hits linked to their pages with kind and identifier, paging links, the query in the box, the CSP', async () => {
    const response = await get('/collection/search?q=trawler', { Accept: BROWSER });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-security-policy')).to.equal(PAGE_CSP);
    const html = await response.text();
    expect(html).to.contain('value="trawler"');
    expect(html).to.contain('5 matches');
    expect(html).to.match(
      /<a href="\/collection\/object\/boat-\d">Trawler model \d<\/a><span class="kind"> · Object<\/span>/,
    );
    expect(html).to.contain('href="/collection/search?q=trawler&amp;page=2"');
    const frame = await (await get('/collection/search?q=WHM%202019.7', { Accept: BROWSER })).text();
    expect(frame).to.contain('identifier WHM 2019.7');
    const none = await (await get('/collection/search?q=zeppelin', { Accept: BROWSER })).text();
    expect(none).to.contain('No names match “zeppelin”');
  });

  it('forgives a typo of one letter in a word of 5 or more, exact matches first; statements found below names', async () => {
    const names = async (q: string) =>
      (
        (await (await get(`/collection/search?q=${encodeURIComponent(q)}`, { Accept: 'application/json' })).json()) as {
          orderedItems: Array<{ name: string; id: string }>;
        }
      ).orderedItems;
    expect((await names('harbor dusk'))[0].name).to.equal('Harbour at Dusk');
    expect((await names('marow'))[0].id).to.equal(`${BASE}person/edith-marrow`);
    // "cobles" is in statements only (the painting's and the visual item's descriptions).
    expect((await names('cobles')).length).to.be.greaterThan(0);
    expect(await names('xyz')).to.deep.equal([]);
  });

  it('facets with counts in JSON and HTML, each narrowing the search; a bad narrowing is a 400', async () => {
    const body = (await (await get('/collection/search?q=harbour', { Accept: 'application/json' })).json()) as {
      totalItems: number;
      facets: { kind: Array<{ value: string; count: number }>; date: Array<{ from: number; count: number }> };
    };
    const objects = body.facets.kind.find((k) => k.value === 'HumanMadeObject')!;
    expect(objects.count).to.be.greaterThan(0);
    expect(body.facets.date.map((d) => d.from)).to.include(1800);
    const narrowed = (await (
      await get('/collection/search?q=harbour&kind=HumanMadeObject', { Accept: 'application/json' })
    ).json()) as { totalItems: number; kind: string; orderedItems: Array<{ type: string }> };
    expect(narrowed.totalItems).to.equal(objects.count);
    expect(narrowed.kind).to.equal('HumanMadeObject');
    expect(narrowed.orderedItems.every((h) => h.type === 'HumanMadeObject')).to.equal(true);
    const dated = (await (
      await get('/collection/search?q=harbour&from=1800&to=1899', { Accept: 'application/json' })
    ).json()) as { totalItems: number };
    expect(dated.totalItems).to.equal(body.facets.date.find((d) => d.from === 1800)!.count);
    const html = await (await get('/collection/search?q=harbour', { Accept: BROWSER })).text();
    expect(html).to.contain('Narrow the search');
    expect(html).to.contain('href="/collection/search?q=harbour&amp;kind=HumanMadeObject"');
    expect(html).to.contain('href="/collection/search?q=harbour&amp;from=1800&amp;to=1899"');
    for (const bad of ['kind=Painting', 'from=18x', 'from=1900&to=1800', 'classification=']) {
      const response = await get(`/collection/search?q=harbour&${bad}`, { Accept: 'application/json' });
      expect(response.status, bad).to.equal(400);
      expect((await get(`/collection/search?q=harbour&${bad}`, { Accept: BROWSER })).status, bad).to.equal(400);
    }
  });

  it('escapes names and queries: <script>alert(1)</script> is shown as text', async () => {
    const html = await (await get(`/collection/search?q=${encodeURIComponent(EVIL)}`, { Accept: BROWSER })).text();
    expect(html).to.not.contain('<script>');
    expect(html).to.contain('&lt;script>alert(1)&lt;/script></a>');
    expect(html).to.contain('value="&lt;script>alert(1)&lt;/script>"');
    const json = (await (await get(`/collection/search?q=${encodeURIComponent(EVIL)}`)).json()) as {
      orderedItems: Array<{ name: string }>;
    };
    expect(json.orderedItems[0].name).to.equal(EVIL);
  });

  it('the landing page for a browser: title, counts linking to lists, latest changes, search box, SPARQL', async () => {
    const response = await get('/collection/', { Accept: BROWSER });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/html;charset=utf-8');
    const html = await response.text();
    expect(html).to.contain('<h1>Whitby &lt;Harbour> Museum</h1>');
    expect(html).to.match(
      /<a href="\/collection\/_entities\/HumanMadeObject">Object<\/a> <span class="count">\(9\)<\/span>/,
    );
    expect(html).to.contain('<a href="/collection/object/boat-4">Trawler model 4</a>');
    expect(html).to.contain('&lt;script>alert(1)&lt;/script>');
    expect(html).to.not.contain('<script>');
    expect(html).to.contain('action="/collection/search"').and.contain('href="/collection/sparql"');
  });

  it('a list by kind for a browser, by name, paged; the same path gives machines JSON', async () => {
    const html = await (await get('/collection/_entities/Person', { Accept: BROWSER })).text();
    expect(html).to.contain('<a href="/collection/person/edith-marrow">Edith Anne Marrow</a>');
    const second = await (await get('/collection/_entities/HumanMadeObject?page=2', { Accept: BROWSER })).text();
    expect(second).to.contain('Page 2 of 5').and.contain('rel="prev"');
    expect((await get('/collection/_entities/Nothing', { Accept: BROWSER })).status).to.equal(404);
    const json = await get('/collection/_entities/Person?page=1');
    expect(json.headers.get('content-type')).to.match(/^application\/ld\+json/);
  });

  it('machines still get the root as JSON: no Accept, */*, JSON', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/ld+json']) {
      const response = await get('/collection/', accept ? { Accept: accept } : {});
      expect(response.headers.get('content-type'), String(accept)).to.match(/^application\/json/);
      expect(((await response.json()) as { type: string }).type).to.equal('Service');
    }
  });

  it('a write is found at once, a delete is gone at once', async () => {
    await app.documents.putAll([object('object/new-quay', 'Quay in Snow')]);
    const found = (await (await get('/collection/search?q=snow%20qu')).json()) as { totalItems: number };
    expect(found.totalItems).to.equal(1);
    await app.documents.delete(`${BASE}object/new-quay`);
    const gone = (await (await get('/collection/search?q=snow')).json()) as { totalItems: number };
    expect(gone.totalItems).to.equal(0);
  });
});
