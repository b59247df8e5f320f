/**
 * Issue 32 §1 and §2 in a real browser (`linkedart serve --demo` as a process, Debian's chromium driven by
 * playwright-core): the landing page's Export and change-feed links open pages, not JSON; a "Referenced by" full
 * list opens as a list; 404, 400, 406 and 410 are pages in the site's layout with the search box; kinds in words.
 * On every page kind (PAGE_KINDS: landing, search, an entity of each kind, lists, export, feed, validation, SPARQL,
 * the problem pages) axe-core finds no violation at all and nothing scrolls sideways at 360 px. Screenshots at
 * 1280 and 390 px go to pages/ under test-output/ (support/browser.ts).
 */
import { expect } from 'chai';
import { type Page } from 'playwright-core';
import { demoDocuments, DEMO_BASE_URL } from '../../src/service/demoCollection.js';
import { axeFindings, keepScreenshot } from './support/browser.js';
import { demoInBrowser } from './support/demoInBrowser.js';

const TOKEN = 'a-curator-token-for-the-page-tests';
const RELATION_LIST = `/_links/workAboutActivity?id=${encodeURIComponent(`${DEMO_BASE_URL}event/harbour-light-exhibition`)}`;
const V1 = 'https://linked.art/ns/v1/linked-art.json';
/** A record with a property of its own whose IRI RDF/XML cannot write: its RDF/XML link answers 406. */
const EXTENDED = {
  '@context': [{ rank: 'https://example.org/vocab/123' }, V1],
  id: `${DEMO_BASE_URL}object/extended`,
  type: 'HumanMadeObject',
  _label: 'Extended',
  rank: 'first',
};
/** A record stored under `?conformance=report` with a violation (a Name without content): its page has a banner and a report. */
const UNNAMED = {
  '@context': V1,
  id: `${DEMO_BASE_URL}object/unnamed-jug`,
  type: 'HumanMadeObject',
  _label: 'Jug',
  classified_as: [{ id: 'http://vocab.getty.edu/aat/300042184', type: 'Type', _label: 'jugs' }],
  identified_by: [{ type: 'Name' }],
};

/** Every kind of page a visitor meets: [its name under test-output/pages/, its path]. */
const PAGE_KINDS: ReadonlyArray<readonly [string, string]> = [
  ['landing', '/'],
  ['search', '/search'],
  ['search-results', '/search?q=harbour'],
  ['search-none', '/search?q=zeppelin'],
  ['entity', '/object/harbour-at-dusk'],
  ...entityOfEachKind(),
  ['entity-violations', '/object/unnamed-jug'],
  ['validation', `/_validation?id=${encodeURIComponent(UNNAMED.id)}`],
  ['export', '/_export'],
  ['feed', '/activity-stream'],
  ['relation-list', RELATION_LIST],
  ['entity-list', '/_entities/Person'],
  ['sparql', '/sparql'],
  ['400', '/_entities/Person?page=x'],
  ['404', '/object/no-such-thing'],
  ['406', '/object/extended?format=rdf'],
  ['410', '/object/short-lived'],
];

/** The first demo record of each kind of path (concept, digital, event, group, object, person, …). */
function entityOfEachKind(): Array<readonly [string, string]> {
  const first = new Map<string, string>();
  for (const doc of demoDocuments(DEMO_BASE_URL)) {
    const path = new URL(doc.id).pathname;
    const kind = path.split('/')[1];
    if (!first.has(kind)) first.set(kind, path);
  }
  return [...first].map(([kind, path]) => [`entity-${kind}`, path] as const);
}

describe('pages for people instead of raw JSON, in a browser', function () {
  this.timeout(180000);
  const demo = demoInBrowser('linkedart-pages-', ['--token', TOKEN]);

  before(async () => {
    // A record deleted, for the 410 page.
    const put = await fetch(`${demo.server.url}/object/short-lived`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify({
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: `${DEMO_BASE_URL}object/short-lived`,
        type: 'HumanMadeObject',
        _label: 'Short-lived',
      }),
    });
    expect(put.status).to.be.within(200, 201);
    const removed = await fetch(`${demo.server.url}/object/short-lived`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(removed.status).to.be.within(200, 204);
    for (const [doc, query] of [
      [EXTENDED, ''],
      [UNNAMED, '?conformance=report'],
    ] as const) {
      const stored = await fetch(`${demo.server.url}${new URL(doc.id).pathname}${query}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(doc),
      });
      expect(stored.status, doc.id).to.equal(201);
    }
  });

  async function newPage(width = 1280): Promise<Page> {
    return (await demo.browser.newContext({ viewport: { width, height: 800 } })).newPage();
  }

  it("the landing page's Export and change-feed links open pages; a Referenced by list opens as a list", async () => {
    const page = await newPage();
    await page.goto(demo.server.url + '/');
    await Promise.all([page.waitForURL(/_export$/), page.locator('main a', { hasText: 'Export' }).click()]);
    expect(await page.locator('main h1').innerText()).to.equal('Export the collection');
    expect(await page.locator('main table tbody tr').count()).to.equal(5);
    await page.goto(demo.server.url + '/');
    await Promise.all([
      page.waitForURL(/activity-stream$/),
      page.locator('main a', { hasText: 'Every change' }).click(),
    ]);
    expect(await page.locator('main h1').innerText()).to.equal('Latest changes');
    expect(await page.locator('main table tbody tr').count()).to.be.greaterThan(0);
    await page.goto(demo.server.url + '/event/harbour-light-exhibition');
    await Promise.all([
      page.waitForURL(/_links\/workAboutActivity/),
      page.locator('#referenced-by ~ table a').first().click(),
    ]);
    expect(await page.locator('main h1').innerText()).to.match(/^Works that are about/);
    expect(await page.locator('ol.entities li').count()).to.equal(1);
    await page.context().close();
  });

  it('404, 400 and 410 are pages with the site header and search box; the 410 says when and links to the feed', async () => {
    const page = await newPage();
    for (const [path, status, heading] of [
      ['/object/no-such-thing', 404, 'Nothing here'],
      ['/_entities/Person?page=x', 400, 'This request cannot be answered as asked'],
      ['/object/short-lived', 410, 'This record was deleted'],
    ] as const) {
      const response = await page.goto(demo.server.url + path);
      expect(response!.status(), path).to.equal(status);
      expect(await page.locator('main h1').innerText(), path).to.equal(heading);
      expect(await page.locator('header form.search input#q').isVisible(), path).to.equal(true);
    }
    expect(await page.locator('main time').getAttribute('datetime')).to.match(/^\d{4}-\d\d-\d\dT/);
    await Promise.all([
      page.waitForURL(/activity-stream$/),
      page.locator('main a', { hasText: 'latest changes' }).click(),
    ]);
    expect(await page.locator('main').innerText()).to.contain('Removed');
    await page.context().close();
  });

  it('a browser following a link to a format the record cannot be written in (406) sees a page, not JSON', async () => {
    const page = await newPage();
    await page.goto(demo.server.url + '/object/extended');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/object/extended?format=rdf')),
      page.locator('ul.formats a', { hasText: 'RDF/XML' }).click(),
    ]);
    expect(answer.status()).to.equal(406);
    expect(answer.headers()['content-type']).to.match(/^text\/html/);
    expect(await page.locator('main h1').innerText()).to.equal('Not available in the format asked for');
    expect(await page.locator('main .problem').innerText()).to.contain('RDF/XML');
    expect(await page.locator('header form.search input#q').isVisible()).to.equal(true);
    await page.context().close();
  });

  it('an entity page says kinds in words, keeping the raw class in a title', async () => {
    const page = await newPage();
    await page.goto(demo.server.url + '/object/harbour-at-dusk');
    expect(await page.locator('p.kind').getAttribute('title')).to.equal('HumanMadeObject');
    expect(await page.locator('main').innerText()).not.to.match(/AttributeAssignment|LinguisticObject/);
    await page.context().close();
  });

  /** A page wide `width` px in a context that bypasses the CSP (for axe), the demo's picture fetched from this server. */
  async function shownPage(width: number): Promise<Page> {
    const context = await demo.browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
    // The demo's picture is named under the demo's base URL; this server listens elsewhere.
    await context.route(`${DEMO_BASE_URL}media/**`, async (route) =>
      route.fulfill({
        response: await route.fetch({ url: demo.server.url + new URL(route.request().url()).pathname }),
      }),
    );
    return context.newPage();
  }

  it('axe-core finds no violation on any page kind, each has a description; screenshots at 1280 px', async function () {
    // axe-core takes a second or more a page on a busy machine, and there are some thirty pages.
    this.timeout(360000);
    const found: string[] = [];
    const page = await shownPage(1280);
    for (const [name, path] of PAGE_KINDS) {
      await page.goto(demo.server.url + path);
      await keepScreenshot(page, `pages/${name}-1280.png`, { fullPage: true });
      found.push(...(await axeFindings(page, path)));
      // What a search engine shows of the page (Lighthouse's SEO): one description, not empty.
      if (!(await page.locator('meta[name="description"]').getAttribute('content')))
        found.push(`${path}: no meta description`);
    }
    await page.context().close();
    expect(found).to.deep.equal([]);
  });

  it('screenshots of every page kind at 390 px', async () => {
    const page = await shownPage(390);
    for (const [name, path] of PAGE_KINDS) {
      await page.goto(demo.server.url + path);
      await keepScreenshot(page, `pages/${name}-390.png`, { fullPage: true });
    }
    await page.context().close();
  });

  it('the SPARQL page with a results table: no axe violation at 1280 px, no sideways scrolling at 360 px', async () => {
    const found: string[] = [];
    for (const width of [1280, 360]) {
      const page = await shownPage(width);
      await page.goto(demo.server.url + '/sparql');
      await page.getByRole('button', { name: 'Dimensions of objects' }).click();
      await page.locator('.tabPanel.active .yasqe_queryButton').click();
      await page.locator('.tabPanel.active .yasr table.dataTable tbody tr').first().waitFor({ timeout: 30000 });
      await keepScreenshot(page, `pages/sparql-results-${width}.png`, { fullPage: true });
      if (width === 1280) found.push(...(await axeFindings(page, '/sparql with results')));
      else expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(360);
      await page.context().close();
    }
    expect(found).to.deep.equal([]);
  });

  it('no page kind scrolls sideways at 360 px', async () => {
    const page = await newPage(360);
    const wider: string[] = [];
    for (const [, path] of PAGE_KINDS) {
      await page.goto(demo.server.url + path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) wider.push(`${path}: ${width} px`);
    }
    await page.context().close();
    expect(wider).to.deep.equal([]);
  });
});
