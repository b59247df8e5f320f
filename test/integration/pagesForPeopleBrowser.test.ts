/**
 * Issue 32 §1 and §2 in a real browser (`linkedart serve --demo` as a process, Debian's chromium driven by
 * playwright-core): the landing page's Export and change-feed links open pages, not JSON; a "Referenced by" full
 * list opens as a list; 404, 400 and 410 are pages in the site's layout with the search box; kinds in words.
 * axe-core finds no violation at all on each new page kind. Screenshots at 1280 and 390 px go to pages/ under test-output/ (support/browser.ts).
 */
import { expect } from 'chai';
import { type Page } from 'playwright-core';
import { DEMO_BASE_URL } from '../../src/service/demoCollection.js';
import { axeFindings, keepScreenshot } from './support/browser.js';
import { demoInBrowser } from './support/demoInBrowser.js';

const TOKEN = 'a-curator-token-for-the-page-tests';
const RELATION_LIST = `/_links/workAboutActivity?id=${encodeURIComponent(`${DEMO_BASE_URL}event/harbour-light-exhibition`)}`;

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

  it('an entity page says kinds in words, keeping the raw class in a title', async () => {
    const page = await newPage();
    await page.goto(demo.server.url + '/object/harbour-at-dusk');
    expect(await page.locator('p.kind').getAttribute('title')).to.equal('HumanMadeObject');
    expect(await page.locator('main').innerText()).not.to.match(/AttributeAssignment|LinguisticObject/);
    await page.context().close();
  });

  it('axe-core finds no violation on each new page kind; screenshots at 1280 and 390 px', async () => {
    const found: string[] = [];
    const pages: ReadonlyArray<readonly [string, string]> = [
      ['404', '/object/no-such-thing'],
      ['400', '/_entities/Person?page=x'],
      ['410', '/object/short-lived'],
      ['export', '/_export'],
      ['feed', '/activity-stream'],
      ['relation-list', RELATION_LIST],
      ['entity-list', '/_entities/Person'],
      ['entity', '/object/harbour-at-dusk'],
    ];
    for (const width of [1280, 390]) {
      const context = await demo.browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
      const page = await context.newPage();
      for (const [name, path] of pages) {
        await page.goto(demo.server.url + path);
        await keepScreenshot(page, `pages/${name}-${width}.png`, { fullPage: true });
        if (width === 1280) found.push(...(await axeFindings(page, path)));
      }
      await context.close();
    }
    expect(found).to.deep.equal([]);
  });
});
