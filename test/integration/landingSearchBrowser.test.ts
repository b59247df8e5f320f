/**
 * The landing page and name search in a real browser: `linkedart serve --demo` as a process,
 * Debian's chromium driven by playwright-core. The landing page loads without script errors or
 * CSP violations and is not blank; a search typed in its box lands on the results, whose first
 * link opens the entity's page; a kind's list opens from the counts; axe-core finds no serious
 * or critical accessibility problem on these pages. Screenshots go to search/ in the folder
 * test-output/ (or where LINKEDART_TEST_SCREENSHOTS says: support/browser.ts).
 */
import { expect } from 'chai';
import { type Page } from 'playwright-core';
import { DEMO_BASE_URL } from '../../src/service/demoCollection.js';
import { keepScreenshot, seriousAxeFindings, cspViolations, watchCspViolations } from './support/browser.js';
import { demoInBrowser } from './support/demoInBrowser.js';

describe('the landing page and name search, in a browser', function () {
  this.timeout(180000);
  const demo = demoInBrowser('linkedart-search-', ['--page-size', '5']);

  /** A page that records script errors, failed requests, console errors and CSP violations. */
  async function watchedPage(): Promise<{ page: Page; problems: () => Promise<string[]> }> {
    const page = await (await demo.browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
    // The demo's picture is named under the demo's base URL; this server listens elsewhere.
    await page.route(`${DEMO_BASE_URL}media/**`, async (route) =>
      route.fulfill({
        response: await route.fetch({ url: demo.server.url + new URL(route.request().url()).pathname }),
      }),
    );
    const problems: string[] = [];
    page.on('pageerror', (error) => {
      problems.push(`script error: ${error.message}`);
    });
    page.on('requestfailed', (request) => {
      problems.push(`request failed: ${request.url()}`);
    });
    // Failed loads are named by the response check (a browser's own favicon.ico, and the demo's image URLs, lead nowhere).
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      const kind = response.request().resourceType();
      if (response.status() >= 400 && kind !== 'image' && !response.url().endsWith('/favicon.ico'))
        problems.push(`${response.status()} ${response.url()}`);
    });
    await watchCspViolations(page);
    return {
      page,
      problems: async () => [...problems, ...(await cspViolations(page))],
    };
  }

  it('the landing page: title, counts, latest changes; a search from its box; a hit opens its page; a list by kind', async () => {
    const { page, problems } = await watchedPage();
    const response = await page.goto(demo.server.url + '/');
    expect(response!.status()).to.equal(200);
    expect(await page.locator('main h1').innerText()).to.equal('Whitby Harbour Museum');
    expect(await page.locator('main table tbody tr').count()).to.be.greaterThan(0);
    await assertNotBlank(page);
    await keepScreenshot(page, 'search/landing.png', { fullPage: true });

    await page.fill('#landing-q', 'dusk HARB');
    await Promise.all([page.waitForURL(/\/search\?q=/), page.click('form.landing button')]);
    expect(await page.locator('#q').inputValue()).to.equal('dusk HARB');
    expect(await page.locator('ol.hits li').count()).to.equal(5);
    expect(await page.locator('nav.paging a[rel="next"]').count()).to.equal(1);
    await assertNotBlank(page);
    await keepScreenshot(page, 'search/search.png', { fullPage: true });
    const first = page.locator('ol.hits li a').first();
    const [name, href] = [await first.innerText(), await first.getAttribute('href')];
    await Promise.all([page.waitForURL((url) => url.pathname === href), first.click()]);
    expect(await page.locator('main h1').innerText()).to.equal(name);
    // Its picture may still be on its way (fetched through the route above; a script asks for it after
    // the load event): leaving first aborts it, which the browser reports as a failed request.
    await page.waitForLoadState('networkidle');

    await page.goto(demo.server.url + '/');
    await Promise.all([
      page.waitForURL(/_entities\/Person/),
      page.locator('ul.kinds a', { hasText: 'Person' }).click(),
    ]);
    expect(await page.locator('ol.entities li a').first().innerText()).to.equal('Edith Anne Marrow');
    expect(await problems()).to.deep.equal([]);
  });

  it('no results and an empty query say so', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(demo.server.url + '/search?q=zeppelin');
    expect(await page.locator('p.no-results').innerText()).to.contain('No names match');
    const empty = await page.goto(demo.server.url + '/search?q=');
    expect(empty!.status()).to.equal(400);
    expect(await page.locator('[role="alert"]').innerText()).to.contain('empty');
    // The browser logs the 400 itself; nothing else may go wrong.
    expect((await problems()).filter((p) => !/^400 .*\/search\?q=$/.test(p))).to.deep.equal([]);
  });

  it('axe-core finds no serious or critical accessibility problem on the landing, search, results and list pages', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1100, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of ['/', '/search', '/search?q=harbour', '/search?q=zeppelin', '/_entities/Place?page=1']) {
      await page.goto(demo.server.url + path);
      found.push(...(await seriousAxeFindings(page, path)));
    }
    await context.close();
    expect(found).to.deep.equal([]);
  });
});

/** A page shows something: a visible heading and some text in main, with a real height. */
async function assertNotBlank(page: Page): Promise<void> {
  const shown = await page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      text: main?.innerText.trim().length ?? 0,
      height: main?.getBoundingClientRect().height ?? 0,
      h1: document.querySelector('main h1') !== null,
    };
  });
  expect(shown.h1, 'a heading').to.equal(true);
  expect(shown.text, 'text in main').to.be.greaterThan(40);
  expect(shown.height, 'height of main').to.be.greaterThan(100);
}
