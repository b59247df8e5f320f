/**
 * The page for people of every entity, over HTTP on the real app and a store holding the demo:
 * what a browser gets (headers, the describedby link, the embedded JSON-LD, links that resolve
 * here), that every text is escaped, that a page follows the writes of other documents (its
 * "Referenced by"), the stylesheet, and that export knows nothing of HTML.
 */
import { expect } from 'chai';
import { withoutLinks } from '../support/withoutLinks.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { PAGE_CSP } from '../../src/http/pageHeaders.js';
import { STYLESHEET_PATH } from '../../src/render/html/stylesheet.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const PAINTING = '/collection/object/harbour-at-dusk';
const PAINTING_ID = 'https://museum.example.org' + PAINTING;
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The JSON embedded in a page's `<script type="application/ld+json">`. */
function embeddedJson(html: string): unknown {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(scripts).to.have.length(1);
  return JSON.parse(scripts[0][1]);
}

describe('HTTP: the pages for people', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, title: 'Whitby Harbour Museum' });
  });
  after(async () => {
    await app.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(app.origin + path, { headers });

  it('a browser gets the page: its own headers, CSP, and exactly one describedby link to the Linked Art JSON-LD', async () => {
    const response = await get(PAINTING, { Accept: BROWSER });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/html;charset=utf-8');
    expect(response.headers.get('vary')).to.equal('Accept, Accept-Datetime');
    expect(response.headers.get('content-security-policy'))
      .to.equal(PAGE_CSP)
      .and.match(/^default-src 'self'; img-src 'self' https: http: data:/);
    const link = response.headers.get('link')!;
    expect(link).to.contain(
      `<${PAINTING_ID}>; rel="describedby"; type="application/ld+json"; profile="https://linked.art/ns/v1/linked-art.json"`,
    );
    expect(link).to.contain(`<${PAINTING_ID}?format=ttl>; rel="alternate"`);
    const html = await response.text();
    expect(html.match(/<link rel="describedby"[^>]*>/g)).to.deep.equal([
      `<link rel="describedby" href="${PAINTING_ID}" type="application/ld+json;profile=&quot;https://linked.art/ns/v1/linked-art.json&quot;"/>`,
    ]);
    expect(html).to.contain('<title>Harbour at Dusk · Whitby Harbour Museum</title>');
  });

  it("shows the painting in Linked Art's terms: name, kind, names, statements, events with dates, dimensions, materials, membership", async () => {
    const html = await (await get(PAINTING, { Accept: BROWSER })).text();
    expect(html).to.contain('<h1>Harbour at Dusk</h1>');
    expect(html).to.contain('Object · Painting, Artwork, Marine painting');
    for (const text of [
      'Whitby Harbour, Evening',
      'WHM 1923.4',
      'Accession Number',
      'Material Statement',
      'Oil on canvas',
      'Production: Production of Harbour at Dusk',
      '<dd>1887</dd>',
      '<dd>September 1887</dd>',
      'Edith Anne Marrow',
      '61 ',
      'centimeters',
      '(60.5–61.5)',
      'Oil Paint',
      'Collection of the Whitby Harbour Museum',
      '14 June 1923',
    ]) {
      expect(html, text).to.contain(text);
    }
    // What no section is for is still shown: the generic table.
    expect(html).to.contain('Current permanent location');
    expect(html).to.contain('former_or_current_owner');
  });

  it('links entities of this service by path, vocabulary terms as external links, and the other formats', async () => {
    const html = await (await get(PAINTING, { Accept: BROWSER })).text();
    expect(html).to.contain('<a href="/collection/person/edith-marrow">Edith Anne Marrow</a>');
    expect(html).to.contain('<a href="http://vocab.getty.edu/aat/300033618" rel="external noopener">Painting</a>');
    for (const ext of ['jsonld', 'ttl', 'nt', 'nq', 'trig', 'rdf'])
      expect(html).to.contain(`href="/collection/object/harbour-at-dusk?format=${ext}"`);
    const internal = [...html.matchAll(/href="(\/collection\/[^"?#]+)"/g)].map((m) => m[1]);
    expect(internal.length).to.be.greaterThan(5);
    for (const path of new Set(internal.filter((p) => !p.includes('/media/') && !p.includes('/service/')))) {
      expect((await get(path, { Accept: BROWSER })).status, path).to.equal(200);
    }
  });

  it('embeds the JSON-LD as served (without _links)', async () => {
    const html = await (await get(PAINTING, { Accept: BROWSER })).text();
    const json = (await (await get(PAINTING)).json()) as object;
    expect(embeddedJson(html)).to.deep.equal(withoutLinks(json));
  });

  it('shows "Referenced by" with counts and the first hits by name, linking to the full search page', async () => {
    const html = await (await get('/collection/person/edith-marrow', { Accept: BROWSER })).text();
    expect(html).to.contain('Referenced by');
    expect(html).to.match(
      /href="\/collection\/_links\/objectProducedByAgent\?id=https%3A%2F%2Fmuseum\.example\.org%2Fcollection%2Fperson%2Fedith-marrow&amp;page=1"/,
    );
    expect(html).to.contain('<a href="/collection/object/harbour-at-dusk">Harbour at Dusk</a>');
  });

  it('escapes everything: a name <script>alert(1)</script> is text, and the embedded JSON cannot end its element', async () => {
    const id = `${BASE}object/hostile`;
    const hostile = {
      '@context': 'https://linked.art/ns/v1/linked-art.json',
      id,
      type: 'HumanMadeObject',
      _label: '<script>alert(1)</script>',
      identified_by: [{ type: 'Name', content: '<script>alert(1)</script>' }],
      referred_to_by: [{ type: 'LinguisticObject', content: '</script><!-- <img src=x onerror=alert(2)> & \u2028' }],
    };
    await app.documents.put(hostile);
    try {
      const html = await (await get('/collection/object/hostile', { Accept: BROWSER })).text();
      expect(html).not.to.contain('<script>alert');
      expect(html).not.to.contain('<img src=x');
      expect(html).to.contain('<h1>&lt;script>alert(1)&lt;/script></h1>');
      expect(html.match(/<\/script/g)).to.have.length(1);
      expect(html).not.to.contain('<!--');
      expect(embeddedJson(html)).to.deep.equal(hostile);
    } finally {
      await app.documents.delete(id);
    }
  });

  it('a write to another document that references this one changes its page (and its ETag)', async () => {
    const target = '/collection/place/whitby';
    const before = await get(target, { Accept: BROWSER });
    const etag = before.headers.get('etag')!;
    expect(await before.text()).not.to.contain('object/new-sketch');
    const sketch = {
      '@context': 'https://linked.art/ns/v1/linked-art.json',
      id: `${BASE}object/new-sketch`,
      type: 'HumanMadeObject',
      _label: 'New sketch',
      produced_by: {
        type: 'Production',
        took_place_at: [{ id: `${BASE}place/whitby`, type: 'Place', _label: 'Whitby' }],
      },
    };
    await app.documents.put(sketch);
    try {
      const after = await get(target, { Accept: BROWSER });
      expect(after.headers.get('etag')).not.to.equal(etag);
      expect(await after.text()).to.contain('<a href="/collection/object/new-sketch">New sketch</a>');
      // Renamed, it keeps its place in the list, under its new name.
      await app.documents.put({ ...sketch, _label: 'Sketch of the quay' });
      const renamed = await (await get(target, { Accept: BROWSER })).text();
      expect(renamed).to.contain('<a href="/collection/object/new-sketch">Sketch of the quay</a>');
      expect(renamed).not.to.contain('New sketch');
    } finally {
      await app.documents.delete(sketch.id);
    }
    expect((await get(target, { Accept: BROWSER })).headers.get('etag')).to.equal(etag);
  });

  it("shows the object's picture (representation → digitally_shown_by → access_point), served with the demo", async () => {
    const html = await (await get(PAINTING, { Accept: BROWSER })).text();
    expect(html).to.contain(
      '<img src="https://museum.example.org/collection/media/harbour.png" alt="Digital image of Harbour at Dusk"',
    );
    const image = await get('/collection/media/harbour.png');
    expect(image.status).to.equal(200);
    expect(image.headers.get('content-type')).to.equal('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).to.equal('PNG');
    const visual = await (await get('/collection/visual/harbour-at-dusk', { Accept: BROWSER })).text();
    expect(visual).to.contain('src="https://museum.example.org/collection/media/harbour.png"');
  });

  it('has a description and Open Graph tags (title, description, image) for a shared link', async () => {
    const html = await (await get(PAINTING, { Accept: BROWSER })).text();
    expect(html).to.match(/<meta name="description" content="The fishing fleet of Whitby returns[^"]*"\/>/);
    expect(html).to.contain('<meta property="og:title" content="Harbour at Dusk"/>');
    expect(html).to.match(/<meta property="og:description" content="The fishing fleet[^"]*"\/>/);
    expect(html).to.contain(
      '<meta property="og:image" content="https://museum.example.org/collection/media/harbour.png"/>',
    );
    const person = await (await get('/collection/person/edith-marrow', { Accept: BROWSER })).text();
    expect(person).to.match(/<meta name="description" content="[^"]+"\/>/);
    expect(person).to.contain('<meta property="og:title" content="Edith Anne Marrow"/>');
  });

  it('serves the stylesheet with a long Cache-Control and an ETag (304 when current)', async () => {
    const response = await get(STYLESHEET_PATH);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/css;charset=utf-8');
    expect(response.headers.get('cache-control')).to.equal('public, max-age=86400');
    expect(await response.text()).to.contain('@media print');
    const etag = response.headers.get('etag')!;
    expect(etag).to.match(/^"[^"]+"$/);
    expect((await get(STYLESHEET_PATH, { 'If-None-Match': etag })).status).to.equal(304);
    expect((await get(`/collection${STYLESHEET_PATH}`)).status).to.equal(200);
  });

  it('export knows no HTML', async () => {
    const response = await get('/_export?format=html');
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { detail: string }).detail).not.to.contain('html');
  });
});
