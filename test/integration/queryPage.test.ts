/**
 * The SPARQL query page in a real browser: `linkedart serve --demo` as a process, Debian's
 * chromium driven by playwright-core. The page shows Yasgui with the Linked Art prefixes and
 * the example queries; an example run from the page fills the results table from the demo
 * collection, typed literals as their value with the datatype small; nothing is requested from
 * another origin, and the page's Content-Security-Policy is never violated. A screenshot of the page is kept as query-page.png in the folder
 * test-output/ (or where LINKEDART_TEST_SCREENSHOTS says: support/browser.ts).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { QUERY_PAGE_ASSETS_PATH } from '../../src/http/queryPage.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';
import { keepScreenshot, launchChromiumWhile } from './support/browser.js';

/** What the page reports of itself (data/query-page/query-page.js). */
interface QueryPageWindow {
  linkedArtQueryPage: {
    endpoint: string;
    yasgui: {
      getTab(): {
        getYasqe(): { getValue(): string; setValue(query: string): void };
        getName(): string;
        getEndpoint(): string;
      };
    };
  };
  cspViolations: string[];
}

/** One row of literals: typed, with a language, a plain string with markup in it (shown as text), a number. */
const LITERALS_QUERY = `PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT ?year ?name ?plain ?count WHERE {
  BIND("1887"^^xsd:gYear AS ?year) BIND("Hafen"@de AS ?name) BIND("plain <b>text</b>" AS ?plain) BIND(42 AS ?count)
}`;

describe('the SPARQL query page, in a browser', function () {
  this.timeout(120000);
  let dataDir: string;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  /** Every URL the page requested, and what went wrong in it. */
  const requests: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-query-page-'));
    [browser, server] = await launchChromiumWhile(
      startServer(['--demo', '--data-dir', dataDir, '--base-url', 'http://localhost:8080/']),
      (started) => started.stop(),
    );
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    page = await context.newPage();
    page.on('request', (request) => {
      requests.push(request.url());
    });
    page.on('pageerror', (error) => {
      pageErrors.push(error.message);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // Before any script of the page: record every violation of its Content-Security-Policy.
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        w.cspViolations.push(
          `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is what /sparql answers a browser, with a strict Content-Security-Policy', async () => {
    const response = await fetch(`${server.url}/sparql`, {
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp)
      .to.contain("default-src 'none'")
      .and.to.contain("script-src 'self'")
      .and.to.contain("connect-src 'self'");
    const html = await response.text();
    // Nothing named on another origin: every URL in the page is relative (or a data: URL).
    // (The site's header links back to the collection, its search and this page relatively too: ./, search, sparql.)
    expect(
      html.match(/(?:src|href)="([^"]*)"/g)!.filter((a) => !/="(sparql-ui\/|data:|\.\/"|search"|sparql")/.test(a)),
    ).to.deep.equal([]);
    // The header every other page has: the collection's name (home), the name search box, SPARQL (this page).
    const header = /<header class="site">.*?<\/header>/s.exec(html)?.[0] ?? '';
    expect(header).to.match(/<a class="home" href="\.\/">[^<]+<\/a>/);
    expect(header).to.contain('<form class="search" role="search" method="get" action="search">');
    expect(header).to.contain('<a class="sparql" href="sparql" aria-current="page">SPARQL</a>');
    expect(html).not.to.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);
  });

  it('serves only its own files under ' + QUERY_PAGE_ASSETS_PATH, async () => {
    const js = await fetch(`${server.url}${QUERY_PAGE_ASSETS_PATH}yasgui.min.js`);
    expect(js.status).to.equal(200);
    expect(js.headers.get('content-type')).to.match(/^text\/javascript/);
    expect((await js.text()).length).to.be.greaterThan(100000);
    for (const path of ['nope.js', '..%2Fpackage.json', '%2e%2e/%2e%2e/package.json', 'yasgui.min.js.map']) {
      const response = await fetch(`${server.url}${QUERY_PAGE_ASSETS_PATH}${path}`);
      expect(response.status, path).to.equal(404);
      expect(response.headers.get('content-type'), path).to.equal('application/problem+json');
      await response.arrayBuffer();
    }
  });

  it('shows the editor with the Linked Art prefixes, pointed at /sparql', async () => {
    const response = await page.goto(`${server.url}/sparql`);
    expect(response!.status()).to.equal(200);
    await page.locator('.tabPanel.active .CodeMirror').waitFor();
    const state = await page.evaluate(() => {
      const { linkedArtQueryPage: qp } = window as unknown as QueryPageWindow;
      const tab = qp.yasgui.getTab();
      return { query: tab.getYasqe().getValue(), endpoint: tab.getEndpoint() };
    });
    expect(state.endpoint).to.equal(`${server.url}/sparql`);
    for (const [name, ns] of Object.entries({
      crm: 'http://www.cidoc-crm.org/cidoc-crm/',
      la: 'https://linked.art/ns/terms/',
      aat: 'http://vocab.getty.edu/aat/',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      skos: 'http://www.w3.org/2004/02/skos/core#',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
      dc: 'http://purl.org/dc/elements/1.1/',
      dcterms: 'http://purl.org/dc/terms/',
      sci: 'http://www.ics.forth.gr/isl/CRMsci/',
      dig: 'http://www.ics.forth.gr/isl/CRMdig/',
    })) {
      expect(state.query).to.contain(`PREFIX ${name}: <${ns}>`);
    }
    // And on screen, in the editor.
    expect(await page.locator('.tabPanel.active .CodeMirror-code').innerText())
      .to.contain('PREFIX crm:')
      .and.to.contain('PREFIX la:');
    const examples = await page.locator('#examples button.example').allInnerTexts();
    expect(examples).to.include.members([
      'Objects and their titles',
      'People and their birth dates',
      'Objects with no dimensions',
      'Count of entities by class',
    ]);
  });

  it('runs an example query and shows its results in the table', async () => {
    await page.getByRole('button', { name: 'Objects and their titles' }).click();
    await page.locator('.tabPanel.active .yasqe_queryButton').click();
    const table = page.locator('.tabPanel.active .yasr table.dataTable');
    await table.locator('tbody tr', { hasText: 'Harbour at Dusk' }).first().waitFor({ timeout: 30000 });
    const text = await table.innerText();
    expect(text)
      .to.contain('Harbour at Dusk')
      .and.to.contain('Whitby Harbour, Evening')
      .and.to.contain('Paint sample from the sky of Harbour at Dusk')
      .and.to.contain('Original frame of Harbour at Dusk');
    expect(await page.locator('.tab.active').innerText()).to.contain('Objects and their titles');
    await keepScreenshot(page, 'query-page.png', { fullPage: true });
  });

  it('runs another example in its own tab', async () => {
    await page.getByRole('button', { name: 'People and their birth dates' }).click();
    await page.locator('.tabPanel.active .yasqe_queryButton').click();
    const table = page.locator('.tabPanel.active .yasr table.dataTable');
    await table.locator('tbody tr', { hasText: 'Edith Anne Marrow' }).first().waitFor({ timeout: 30000 });
    expect(await table.innerText()).to.contain('1852-05-14');
    expect(await page.locator('.tab').allInnerTexts()).to.have.length.of.at.least(3);
  });

  it('shows a typed literal as its value with the datatype small, a language tag small too', async () => {
    await page.evaluate((query) => {
      const { linkedArtQueryPage: qp } = window as unknown as QueryPageWindow;
      qp.yasgui.getTab().getYasqe().setValue(query);
    }, LITERALS_QUERY);
    await page.locator('.tabPanel.active .yasqe_queryButton').click();
    const row = page.locator('.tabPanel.active .yasr table.dataTable tbody tr').first();
    await row.locator('td', { hasText: '1887' }).waitFor({ timeout: 30000 });
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(1).map((c) => c.replace(/\s+/g, ' ').trim())).to.deep.equal([
      '1887 xsd:gYear',
      'Hafen de',
      'plain <b>text</b>',
      '42 xsd:integer',
    ]);
    expect(await row.innerText()).not.to.match(/\^\^|"/);
    const datatype = row.locator('small.literal-datatype').first();
    expect(await datatype.getAttribute('title')).to.equal('http://www.w3.org/2001/XMLSchema#gYear');
    expect(await row.locator('small.literal-lang').innerText()).to.equal('de');
    const [value, small] = await Promise.all(
      [row.locator('td').nth(1), datatype].map((l) => l.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))),
    );
    expect(small).to.be.lessThan(value);
  });

  it('requested nothing from another origin, broke no policy and threw nothing', async () => {
    const origin = new URL(server.url).origin;
    expect(requests.some((url) => url.startsWith(`${origin}/sparql`))).to.equal(true);
    expect(
      requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')),
    ).to.deep.equal([]);
    expect(await page.evaluate(() => (window as unknown as QueryPageWindow).cspViolations)).to.deep.equal([]);
    expect(pageErrors).to.deep.equal([]);
    expect(consoleErrors).to.deep.equal([]);
  });
});
