/**
 * Pictures, forgiving search with facets, and small screens, in a real browser: `linkedart serve
 * --demo` as a process, Debian's chromium driven by playwright-core. The painting's page shows
 * its picture (loaded, not broken) and carries a description and Open Graph tags; a search with
 * a typo finds the painting and its facets narrow it; at 360 px no page scrolls sideways and at
 * 390 px the header's search button is in view; axe-core finds nothing serious. Screenshots at
 * 1280 and 390 px go to pictures-search/ in test-output/ (support/browser.ts: or where LINKEDART_TEST_SCREENSHOTS says).
 */
import { expect } from 'chai';
import { type Page } from 'playwright-core';
import { DEMO_BASE_URL } from '../../src/service/demoCollection.js';
import { keepScreenshot, seriousAxeFindings } from './support/browser.js';
import { demoInBrowser } from './support/demoInBrowser.js';

const PAGES: Array<[string, string]> = [
  ['landing', '/'],
  ['painting', '/object/harbour-at-dusk'],
  ['search', '/search?q=harbor'],
  ['search-narrowed', '/search?q=harbour&kind=HumanMadeObject'],
  ['person', '/person/edith-marrow'],
];

describe('pictures, search that forgives and narrows, small screens, in a browser', function () {
  this.timeout(180000);
  const demo = demoInBrowser('linkedart-pictures-');

  async function pageAt(width: number, bypassCSP = false): Promise<Page> {
    return (await demo.browser.newContext({ viewport: { width, height: 800 }, bypassCSP })).newPage();
  }

  it("the painting's page shows its picture, loaded; its Open Graph image is that picture", async () => {
    const page = await pageAt(1280);
    // The demo's ids (and its picture's URL) are under the demo's base URL; this server listens elsewhere.
    await page.route(`${DEMO_BASE_URL}**`, async (route) =>
      route.fulfill({
        response: await route.fetch({ url: demo.server.url + new URL(route.request().url()).pathname }),
      }),
    );
    await page.goto(demo.server.url + '/object/harbour-at-dusk');
    const img = page.locator('figure.images img').first();
    await img.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const i = document.querySelector<HTMLImageElement>('figure.images img');
      return i !== null && i.complete;
    });
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).to.equal(480);
    expect(await img.getAttribute('alt')).to.equal('Digital image of Harbour at Dusk');
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).to.match(/\/media\/harbour\.png$/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).to.contain('fishing fleet');
    await page.close();
  });

  it('a search with a typo finds the painting first; a facet link narrows it', async () => {
    const page = await pageAt(1280);
    await page.goto(demo.server.url + '/');
    await page.fill('header.site input[name="q"]', 'harbor at dusk');
    await page.click('header.site button[type="submit"]');
    await page.waitForURL(/\/search\?q=/);
    expect(await page.locator('ol.hits li a').first().textContent()).to.equal('Harbour at Dusk');
    await page.goto(demo.server.url + '/search?q=harbour');
    const all = Number((await page.locator('p.count').textContent())!.replace(/\D/g, ''));
    await page.locator('aside.facets a', { hasText: 'Object' }).first().click();
    await page.waitForURL(/kind=HumanMadeObject/);
    const narrowed = Number((await page.locator('p.count').textContent())!.replace(/\D/g, ''));
    expect(narrowed).to.be.greaterThan(0).and.lessThan(all);
    expect(await page.locator('ul.narrowed li').textContent()).to.contain('Kind: Object');
    await page.close();
  });

  it('no sideways scrolling at 360 px; the search button in view at 390 px; screenshots at 1280 and 390 px', async () => {
    const wide = await pageAt(1280);
    const phone = await pageAt(390);
    const narrow = await pageAt(360);
    for (const [name, path] of PAGES) {
      await wide.goto(demo.server.url + path);
      await keepScreenshot(wide, `pictures-search/${name}-1280.png`, { fullPage: true });
      await phone.goto(demo.server.url + path);
      await keepScreenshot(phone, `pictures-search/${name}-390.png`, { fullPage: true });
      const button = (await phone.locator('header.site button[type="submit"]').boundingBox())!;
      expect(button.x + button.width, `${path}: the search button at 390 px`).to.be.at.most(390);
      await narrow.goto(demo.server.url + path);
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth), `${path} at 360 px`).to.be.at.most(360);
    }
    await Promise.all([wide.close(), phone.close(), narrow.close()]);
  });

  it('axe-core finds no serious or critical problem on these pages', async () => {
    const page = await pageAt(1280, true);
    const found: string[] = [];
    for (const [name, path] of PAGES) {
      await page.goto(demo.server.url + path);
      found.push(...(await seriousAxeFindings(page, name)));
    }
    await page.close();
    expect(found).to.deep.equal([]);
  });
});
