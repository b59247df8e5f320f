/**
 * The pages for people in a real browser: `linkedart serve --demo` as a process, Debian's
 * chromium driven by playwright-core. Every demo document's page loads without script errors
 * or violations of its Content-Security-Policy, is not blank, shows its title, and has a link
 * that works; axe-core finds no serious or critical accessibility problem. Screenshots of every
 * page (a phone-width one of the painting too) go to pages/ in test-output/ (or where
 * LINKEDART_TEST_SCREENSHOTS says: support/browser.ts).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { demoDocuments, DEMO_BASE_URL } from '../../src/service/demoCollection.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';
import {
  keepScreenshot,
  launchChromiumWhile,
  seriousAxeFindings,
  cspViolations,
  watchCspViolations,
} from './support/browser.js';

describe('the pages for people, in a browser', function () {
  this.timeout(180000);
  let dataDir: string;
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  /** Pages in a context that bypasses the CSP: axe-core is injected as a script, which the pages' policy (rightly) refuses. */
  let axeContext: BrowserContext;
  const documents = demoDocuments(DEMO_BASE_URL);

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-pages-'));
    [browser, server] = await launchChromiumWhile(
      startServer(['--demo', '--data-dir', dataDir, '--base-url', DEMO_BASE_URL, '--title', 'Whitby Harbour Museum']),
      (started) => started.stop(),
    );
    context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    axeContext = await browser.newContext({ viewport: { width: 1100, height: 800 }, bypassCSP: true });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A page that records script errors, console errors (but failed images: the demo's image URLs lead nowhere) and CSP violations. */
  async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
    const page = await context.newPage();
    const problems: string[] = [];
    const failedImages = new Set<string>();
    page.on('pageerror', (error) => {
      problems.push(`script error: ${error.message}`);
    });
    page.on('requestfailed', (request) => {
      if (request.resourceType() !== 'image') problems.push(`request failed: ${request.url()}`);
      else failedImages.add(request.url());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== 'image')
        problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // "Failed to load resource" for an image the data names is the data's, not the page's.
      if (/Failed to load resource/.test(message.text()) && (failedImages.size > 0 || /404/.test(message.text())))
        return;
      problems.push(`console: ${message.text()}`);
    });
    await watchCspViolations(page);
    return { page, problems };
  }

  for (const doc of documents) {
    const path = new URL(doc.id).pathname;
    it(`${path}: loads without errors or CSP violations, is not blank, shows its title and a working link`, async () => {
      const { page, problems } = await watchedPage();
      try {
        const response = await page.goto(server.url + path);
        expect(response!.status()).to.equal(200);
        expect(response!.headers()['content-type']).to.equal('text/html;charset=utf-8');
        const h1 = page.locator('main h1');
        expect(await h1.isVisible()).to.equal(true);
        const title = (await h1.innerText()).trim();
        expect(title).to.not.equal('');
        expect(await page.title()).to.equal(`${title} · Whitby Harbour Museum`);
        await assertNotBlank(page);
        await keepScreenshot(page, `pages/${path.slice(1).replace(/\//g, '-')}.png`, { fullPage: true });
        // Follow the first link to another entity of this service (else to another format): it must answer.
        const hrefs = await page
          .locator('main a[href^="/"]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
        const entityLink = hrefs.find(
          (h) =>
            h !== path &&
            !h.startsWith('/_') &&
            !h.includes('?') &&
            !h.startsWith('/media/') &&
            !h.startsWith('/service/'),
        );
        const href = entityLink ?? hrefs.find((h) => h.includes('?format=ttl'));
        expect(href, 'a link to another entity or format').to.be.a('string');
        const followed = await page.request.get(server.url + href!, { headers: { Accept: 'text/html' } });
        expect(followed.status(), href).to.equal(200);
        if (entityLink) expect(await followed.text()).to.match(/<h1>[^<]+<\/h1>/);
        expect(await cspViolations(page)).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      } finally {
        await page.close();
      }
    });
  }

  it('axe-core finds no serious or critical accessibility problem on any page', async () => {
    const found: string[] = [];
    const page = await axeContext.newPage();
    for (const doc of documents) {
      await page.goto(server.url + new URL(doc.id).pathname);
      found.push(...(await seriousAxeFindings(page, doc.id)));
    }
    await page.close();
    expect(found).to.deep.equal([]);
  });

  it('the CSP refuses an injected script (so axe runs in a context that bypasses it)', async () => {
    const { page } = await watchedPage();
    await page.goto(server.url + '/object/harbour-at-dusk');
    const injected = await page.addScriptTag({ content: 'window.injected = true;' }).then(
      () => 'ran',
      (e: Error) => e.message,
    );
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).to.equal(undefined);
    const violations = await cspViolations(page);
    expect(violations.join(' ') + injected).to.contain('script-src');
    await page.close();
  });

  it('is readable on a phone: no sideways scrolling; screenshots of the painting (desktop, phone)', async () => {
    const { page } = await watchedPage();
    await page.goto(server.url + '/object/harbour-at-dusk');
    await keepScreenshot(page, 'pages/painting-desktop.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    await keepScreenshot(page, 'pages/painting-phone.png');
    await page.close();
  });

  it('a blank page fails the check', async () => {
    const { page } = await watchedPage();
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>t</title></head><body><main></main></body></html>',
    );
    const failed = await assertNotBlank(page).then(
      () => false,
      () => true,
    );
    expect(failed).to.equal(true);
    await page.close();
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
