/**
 * Issue 32 §1, §2 and §6 over HTTP on the real app and the demo: a browser never gets raw JSON (404, 410 and 400
 * as pages in the site's layout, the export page), machines still get problem+json and the dump; classes and
 * properties in words with the raw term in a title; "Referenced by" in English, each entity once; a reference
 * without `_label` named from the store; `Prefer: links=off`; and the W3C Nu HTML Checker (npm vnu-jar, Java)
 * finds no error on any page kind.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const PAINTING = '/collection/object/harbour-at-dusk';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** The path of the Nu checker's jar (the vnu-jar package exports it). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

describe('HTTP: pages for people instead of raw JSON, words instead of class names, strict clients', function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, title: 'Whitby Harbour Museum' });
  });
  after(async () => {
    await app.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(app.origin + path, { headers });

  it('404 is a page in the site layout, with the search box, for a browser; problem+json for a machine', async () => {
    const page = await get('/collection/object/no-such-thing', { Accept: BROWSER });
    expect(page.status).to.equal(404);
    expect(page.headers.get('content-type')).to.equal('text/html;charset=utf-8');
    expect(page.headers.get('cache-control')).to.equal('no-store');
    const html = await page.text();
    expect(html).to.contain('<form class="search" role="search"');
    expect(html).to.contain('No document has the id https://museum.example.org/collection/object/no-such-thing.');
    const machine = await get('/collection/object/no-such-thing');
    expect(machine.status).to.equal(404);
    expect(machine.headers.get('content-type')).to.equal('application/problem+json');
    for (const path of ['/collection/_links/noSuchRelation?id=x', '/collection/_entities/Unicorn']) {
      const list = await get(path, { Accept: BROWSER });
      expect([list.status, list.headers.get('content-type')], path).to.deep.equal([404, 'text/html;charset=utf-8']);
    }
  });

  it('400 is a page for a browser', async () => {
    const page = await get('/collection/_entities/Person?page=x', { Accept: BROWSER });
    expect(page.status).to.equal(400);
    expect(await page.text()).to.contain('is not a page number');
    expect((await get('/collection/_entities/Person?page=x', { Accept: 'application/json' })).status).to.equal(400);
  });

  it('410 says when the entity was deleted and links to the latest changes', async () => {
    const sketch = {
      '@context': 'https://linked.art/ns/v1/linked-art.json',
      id: `${BASE}object/short-lived`,
      type: 'HumanMadeObject',
      _label: 'Short-lived',
    };
    await app.documents.put(sketch);
    await app.documents.delete(sketch.id);
    const page = await get('/collection/object/short-lived', { Accept: BROWSER });
    expect(page.status).to.equal(410);
    expect(page.headers.get('last-modified')).to.be.a('string');
    const html = await page.text();
    expect(html).to.contain('This record was deleted');
    expect(html).to.match(/Deleted <time datetime="\d{4}-\d\d-\d\dT[^"]+">/);
    expect(html).to.contain('href="/collection/activity-stream"');
    expect((await get('/collection/object/short-lived')).headers.get('content-type')).to.equal(
      'application/problem+json',
    );
  });

  it('the export: a page of formats, sizes and the command line for a browser; the dump itself with ?format=', async () => {
    const page = await get('/_export', { Accept: BROWSER });
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.contain('<h1>Export the collection</h1>');
    expect(html).to.match(/\d+ documents, [\d,]+ statements/);
    expect(html).to.contain('href="/collection/_export?format=nquads"');
    expect(html).to.contain(`linkedart export --server ${BASE} --format nquads`);
    const dump = await get('/_export?format=nquads', { Accept: BROWSER });
    expect(dump.headers.get('content-type')).to.equal('application/n-quads');
    expect((await get('/_export')).status).to.equal(400);
  });

  it('a "Referenced by" full list opens as a list with names and kinds for a browser; JSON for a machine', async () => {
    const path = `/collection/_links/workAboutActivity?id=${encodeURIComponent(`${BASE}event/harbour-light-exhibition`)}`;
    const html = await (await get(path, { Accept: BROWSER })).text();
    expect(html).to.contain('<h1 title="workAboutActivity">Works that are about or have a subject of');
    expect(html).to.contain('Of <a href="/collection/event/harbour-light-exhibition">');
    expect(html).to.match(
      /<li><a href="\/collection\/text\/harbour-light-catalogue">[^<]+<\/a> <span class="type" title="LinguisticObject">\(Text\)/,
    );
    const json = (await (await get(path)).json()) as { type: string };
    expect(json.type).to.equal('OrderedCollection');
  });

  it("the change feed has a page for people: the newest changes, paged by the feed's own pages", async () => {
    const newest = await get('/collection/activity-stream', { Accept: BROWSER });
    expect(newest.headers.get('content-type')).to.equal('text/html;charset=utf-8');
    const html = await newest.text();
    expect(html).to.contain('<h1>Latest changes</h1>');
    expect(html).to.match(/<td>(Added|Changed|Removed)<\/td>/);
    const first = await (await get('/collection/activity-stream/page/1', { Accept: BROWSER })).text();
    expect(first).to.match(/<h1>(Latest changes|Changes, page 1 of \d+)<\/h1>/);
    const landing = await (await get('/collection/', { Accept: BROWSER })).text();
    expect(landing).to.contain('href="/collection/activity-stream"');
    expect(((await (await get('/collection/activity-stream')).json()) as { type: string }).type).to.equal(
      'OrderedCollection',
    );
  });

  it('classes and properties in words, the raw term in a title', async () => {
    const html = await (await get(PAINTING, { Accept: BROWSER })).text();
    expect(html).to.contain('<p class="kind" title="HumanMadeObject">Object · ');
    expect(html).to.contain('<span class="type" title="AttributeAssignment">Assignment</span>');
    expect(html).to.contain('<dt title="assigned_property">Assigned property</dt>');
    expect(html).to.contain('<span title="former_or_current_owner">former or current owner</span>');
    expect(html).not.to.match(/>\s*(AttributeAssignment|LinguisticObject|HumanMadeObject)\s*</);
    const list = await (await get('/collection/_entities/Person', { Accept: BROWSER })).text();
    expect(list).to.contain('<h1 title="Person">Every person (1)</h1>');
  });

  it('"Referenced by" reads as English about this entity, each entity once with every relation that found it', async () => {
    const html = await (await get('/collection/event/harbour-light-exhibition', { Accept: BROWSER })).text();
    expect(html).to.contain('Works that are about or represent this activity');
    const hits = [...html.matchAll(/<li><a href="\/collection\/text\/harbour-light-catalogue">/g)];
    expect(hits).to.have.length(1);
    expect(html).to.match(
      /harbour-light-catalogue">[^<]+<\/a> <span[^>]*>\(Text\)<\/span>: Works that are about or have a subject of this activity; Works that are about or represent this activity/,
    );
  });

  it('a reference without _label shows the name the store holds', async () => {
    const id = `${BASE}object/unlabelled-reference`;
    await app.documents.put({
      '@context': 'https://linked.art/ns/v1/linked-art.json',
      id,
      type: 'HumanMadeObject',
      _label: 'A copy',
      shows: [{ id: `${BASE}visual/harbour-at-dusk`, type: 'VisualItem' }],
    });
    try {
      const html = await (await get('/collection/object/unlabelled-reference', { Accept: BROWSER })).text();
      expect(html).to.contain('<a href="/collection/visual/harbour-at-dusk">Harbour at Dusk</a>');
    } finally {
      await app.documents.delete(id);
    }
  });

  it('Prefer: links=off answers the JSON-LD without _links; without it, _links stays', async () => {
    const bare = await get(PAINTING, { Prefer: 'links=off' });
    expect(bare.headers.get('preference-applied')).to.equal('links=off');
    expect(bare.headers.get('vary')).to.equal('Accept, Prefer, Accept-Datetime');
    const document = (await bare.json()) as Record<string, unknown>;
    expect(document).not.to.have.property('_links');
    expect(document.id).to.equal(`${BASE}object/harbour-at-dusk`);
    const linked = await get(PAINTING);
    expect(linked.headers.get('preference-applied')).to.equal(null);
    expect((await linked.json()) as object).to.have.property('_links');
    // Another preference, or none understood, changes nothing.
    expect((await (await get(PAINTING, { Prefer: 'respond-async, wait=5' })).json()) as object).to.have.property(
      '_links',
    );
    expect(bare.headers.get('etag')).not.to.equal(linked.headers.get('etag'));
  });

  it('the W3C Nu HTML Checker finds no error on any page kind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkedart-nu-'));
    try {
      const paths = [
        '/collection/',
        PAINTING,
        '/collection/person/edith-marrow',
        '/collection/event/harbour-light-exhibition',
        '/collection/_entities/Person',
        '/collection/search?q=harbour',
        '/collection/search?q=',
        '/collection/_export',
        '/collection/object/no-such-thing',
        '/collection/_entities/Person?page=x',
        '/collection/activity-stream',
        `/collection/_links/workAboutActivity?id=${encodeURIComponent(`${BASE}event/harbour-light-exhibition`)}`,
      ];
      const files = await Promise.all(
        paths.map(async (path, i) => {
          const file = join(dir, `page-${i}.html`);
          writeFileSync(file, await (await get(path, { Accept: BROWSER })).text());
          return file;
        }),
      );
      const { stdout, stderr } = await promisify(execFile)(
        'java',
        ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
        { maxBuffer: 1 << 24 },
      ).catch((error: { stdout: string; stderr: string }) => error);
      const messages = (
        JSON.parse(stderr || stdout || '{"messages":[]}') as { messages: Array<{ url: string; message: string }> }
      ).messages;
      const named = messages.map((m) => `${paths[files.findIndex((f) => m.url.endsWith(f))] ?? m.url}: ${m.message}`);
      expect(named).to.deep.equal([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
