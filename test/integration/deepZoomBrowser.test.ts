/**
 * Pictures in a real browser (Debian's chromium driven by playwright-core), on the demo and an
 * object whose picture comes from a IIIF Image service (played by the test: its info.json and
 * tiles answered by page.route): the entity page starts the OpenSeadragon deep-zoom viewer on the
 * IIIF picture with no script error or CSP violation, and keeps the plain picture without
 * JavaScript or when the service fails; it links the record's IIIF Manifest as such; search
 * results, "Referenced by" lists and entity lists show thumbnails, loaded, beside the names (the
 * thumbnail's alt text empty: the name is the row's link). The viewer's files and the demo's
 * pictures are served with their caches, nothing else under their paths. axe-core finds no
 * violation at all on the IIIF page and the lists; screenshots at 1280 and 390 px go to
 * deep-zoom/ in test-output/ (support/browser.ts: or where LINKEDART_TEST_SCREENSHOTS says).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { OPENSEADRAGON_PATH } from '../../src/render/html/deepZoomAssets.js';
import { demoDocuments, DEMO_BASE_URL } from '../../src/service/demoCollection.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import {
  keepScreenshot,
  launchChromiumWhile,
  axeFindings,
  cspViolations,
  watchCspViolations,
} from './support/browser.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const IIIF = 'https://iiif.example.org/image/pier';
const MANIFEST = 'https://iiif.example.org/manifest/pier.json';
const PIER = `${DEMO_BASE_URL}object/harbour-from-the-pier`;
const PNG = readFileSync(`${PROJECT_ROOT}data/demo-media/harbour.png`);

/** An object whose picture has a IIIF Image 3 service, and which a IIIF Manifest is about. */
const PIER_DOCUMENT = {
  '@context': 'https://linked.art/ns/v1/linked-art.json',
  id: PIER,
  type: 'HumanMadeObject',
  _label: 'Harbour from the Pier',
  identified_by: [{ type: 'Name', content: 'Harbour from the Pier' }],
  representation: [
    {
      type: 'VisualItem',
      digitally_shown_by: [
        {
          type: 'DigitalObject',
          _label: 'Digital image of Harbour from the Pier',
          digitally_available_via: [
            {
              id: `${DEMO_BASE_URL}service/pier-iiif`,
              type: 'DigitalService',
              access_point: [{ id: `${IIIF}/info.json`, type: 'DigitalObject' }],
              conforms_to: [{ id: 'http://iiif.io/api/image/3/context.json', type: 'InformationObject' }],
            },
          ],
        },
      ],
    },
  ],
  subject_of: [
    {
      type: 'LinguisticObject',
      _label: 'IIIF Manifest for Harbour from the Pier',
      digitally_carried_by: [
        {
          type: 'DigitalObject',
          format: 'application/ld+json',
          conforms_to: [{ id: 'http://iiif.io/api/presentation/3/context.json', type: 'InformationObject' }],
          access_point: [{ id: MANIFEST, type: 'DigitalObject' }],
        },
      ],
    },
  ],
};

/** The IIIF service's description: a 480×320 image in 256-pixel tiles (the demo's picture stands in for every tile). */
const INFO = {
  '@context': 'http://iiif.io/api/image/3/context.json',
  id: IIIF,
  type: 'ImageService3',
  protocol: 'http://iiif.io/api/image',
  profile: 'level0',
  width: 480,
  height: 320,
  tiles: [{ width: 256, scaleFactors: [1, 2] }],
};

/** Lists with thumbnails: the page, and the names whose rows must show one. */
const LISTS: Array<[string, string, string[]]> = [
  ['search', '/search?q=harbour', ['Harbour at Dusk', 'Harbour from the Pier']],
  ['entity-list', '/_entities/HumanMadeObject', ['Harbour at Dusk', 'Harbour from the Pier']],
  [
    'referenced-by',
    `/_links/objectProducedByAgent?id=${encodeURIComponent(`${DEMO_BASE_URL}person/edith-marrow`)}`,
    ['Harbour at Dusk'],
  ],
];

describe('pictures in a browser: deep zoom, IIIF Manifests, thumbnails in lists', function () {
  this.timeout(180000);
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  const tiles: string[] = [];

  before(async () => {
    [browser, app] = await launchChromiumWhile(
      startTestApp([...demoDocuments(DEMO_BASE_URL), admitDocument(PIER_DOCUMENT, 'the pier')], {
        baseUrl: DEMO_BASE_URL,
        title: 'Whitby Harbour Museum',
      }),
      (started) => started.close(),
    );
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });

  after(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A page in `where` whose requests for the demo's ids go to the test's app, and for the IIIF service to the test (`failing`: 404). */
  async function pageIn(where: BrowserContext, failing = false): Promise<{ page: Page; problems: string[] }> {
    const page = await where.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !(failing && /404|Failed to load|Unable to open/i.test(m.text())))
        problems.push(`console: ${m.text()}`);
    });
    await watchCspViolations(page);
    await page.route(`${DEMO_BASE_URL}**`, async (route) =>
      route.fulfill({ response: await route.fetch({ url: app.origin + new URL(route.request().url()).pathname }) }),
    );
    await page.route(`${IIIF}/**`, async (route) => {
      const url = route.request().url();
      const cors = { 'Access-Control-Allow-Origin': '*' };
      if (failing) return route.fulfill({ status: 404, headers: cors, body: 'no such image' });
      if (url.endsWith('/info.json')) return route.fulfill({ json: INFO, headers: cors });
      tiles.push(url);
      return route.fulfill({ body: PNG, contentType: 'image/png', headers: cors });
    });
    return { page, problems };
  }

  it('the IIIF picture gets the deep-zoom viewer: tiles drawn from the service, the plain picture hidden, no error or CSP violation', async () => {
    const { page, problems } = await pageIn(context);
    await page.goto(app.origin + '/object/harbour-from-the-pier');
    const viewer = page.locator('figure.images .deep-zoom .openseadragon-canvas canvas');
    await viewer.waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[data-iiif-info]')?.hidden === true);
    await page.waitForFunction(() => document.querySelector('.deep-zoom .openseadragon-container') !== null);
    const box = (await page.locator('.deep-zoom').boundingBox())!;
    expect(box.width).to.be.greaterThan(300);
    expect(box.height).to.be.greaterThan(200);
    // No larger than the image (480 × 320): a small image fills its viewer instead of sitting in a corner.
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.deep-zoom')!.style.maxWidth === '480px');
    const fitted = (await page.locator('.deep-zoom').boundingBox())!;
    expect(fitted.width).to.be.at.most(480);
    expect(fitted.height).to.be.at.most(320);
    // Tiles are asked for once the viewer has opened the service's description.
    for (let waited = 0; !tiles.some((t) => t.endsWith('/default.jpg')) && waited < 20000; waited += 100)
      await page.waitForTimeout(100);
    expect(tiles.some((t) => t.startsWith(`${IIIF}/`) && t.endsWith('/default.jpg'))).to.equal(true);
    expect(await page.locator('.deep-zoom').getAttribute('aria-label')).to.contain(
      'Digital image of Harbour from the Pier',
    );
    await keepScreenshot(page, 'deep-zoom/iiif-object-1280.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    await keepScreenshot(page, 'deep-zoom/iiif-object-390.png', { fullPage: true });
    expect(await cspViolations(page)).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
    await page.close();
  });

  it("links the record's IIIF Manifest as such, not as a raw URL", async () => {
    const { page } = await pageIn(context);
    await page.goto(app.origin + '/object/harbour-from-the-pier');
    const link = page.locator('ul.iiif-manifests a');
    expect(await link.count()).to.equal(1);
    expect((await link.innerText()).replace(/\s+/g, ' ').trim()).to.equal('IIIF Manifest (Presentation API 3)');
    expect(await link.getAttribute('href')).to.equal(MANIFEST);
    await page.close();
  });

  it('keeps the plain picture without JavaScript, and when the IIIF service fails', async () => {
    const noScript = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const { page: plain } = await pageIn(noScript);
    await plain.goto(app.origin + '/object/harbour-from-the-pier');
    await plain.locator('img[data-iiif-info]').waitFor({ state: 'visible' });
    expect(await plain.locator('.deep-zoom').count()).to.equal(0);
    await noScript.close();
    const { page, problems } = await pageIn(context, true);
    await page.goto(app.origin + '/object/harbour-from-the-pier');
    await page.waitForFunction(() => document.querySelector('.deep-zoom') === null, undefined, { timeout: 20000 });
    expect(await page.locator('img[data-iiif-info]').evaluate((i: HTMLImageElement) => i.hidden)).to.equal(false);
    expect(problems).to.deep.equal([]);
    await page.close();
  });

  it('a page without a IIIF picture loads no script', async () => {
    const { page } = await pageIn(context);
    await page.goto(app.origin + '/object/harbour-at-dusk');
    expect(await page.locator('script[src]').count()).to.equal(0);
    await page.locator('figure.images img').waitFor({ state: 'visible' });
    await page.close();
  });

  for (const [name, path, pictured] of LISTS) {
    it(`${name}: rows of entities with pictures show their thumbnails, loaded, beside their names, alt text empty`, async () => {
      for (const width of [1280, 390]) {
        const { page, problems } = await pageIn(context);
        await page.setViewportSize({ width, height: 900 });
        await page.goto(app.origin + path);
        const rows = await page.locator('main li:has(img.thumb)').evaluateAll((lis) =>
          lis.map((li) => {
            const img = li.querySelector('img')!;
            return { name: li.querySelector('a')!.textContent, alt: img.alt, src: img.src };
          }),
        );
        for (const want of pictured) expect(rows.map((r) => r.name)).to.include(want);
        // The name is the link beside the thumbnail: a screen reader reads it once (axe-core's image-redundant-alt).
        for (const row of rows) expect(row.alt).to.equal('');
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('img.thumb')].every((i) => i.complete && i.naturalWidth > 0),
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(width);
        await keepScreenshot(page, `deep-zoom/${name}-${width}.png`, { fullPage: true });
        expect(await cspViolations(page)).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
        await page.close();
      }
    });
  }

  it('axe-core finds no violation on the IIIF page and the lists (an entity list of pictured rows included)', async () => {
    const axe = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const { page } = await pageIn(axe);
    const found: string[] = [];
    for (const [name, path] of [['iiif-object', '/object/harbour-from-the-pier'], ...LISTS]) {
      await page.goto(app.origin + path);
      found.push(...(await axeFindings(page, name)));
    }
    await axe.close();
    expect(found).to.deep.equal([]);
  });

  it("serves the viewer's files for a year and the demo's pictures for a day; nothing else under their paths", async () => {
    const get = (path: string) => fetch(app.origin + path, { headers: { 'Accept-Encoding': 'gzip' } });
    const script = await get(`${OPENSEADRAGON_PATH}openseadragon.min.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    const etag = script.headers.get('etag')!;
    const again = await fetch(app.origin + `${OPENSEADRAGON_PATH}openseadragon.min.js`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).to.equal(304);
    const button = await get(`${OPENSEADRAGON_PATH}images/zoomin_rest.png`);
    expect([button.status, button.headers.get('content-type')]).to.deep.equal([200, 'image/png']);
    const page = await (
      await fetch(app.origin + '/object/harbour-from-the-pier', { headers: { Accept: 'text/html' } })
    ).text();
    const starter = /src="(\/_assets\/deep-zoom\.js\?v=\w+)"/.exec(page)![1];
    expect((await get(starter)).headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect((await get('/_assets/deep-zoom.js?v=old')).headers.get('cache-control')).to.equal('public, max-age=300');
    const picture = await get('/media/harbour.png');
    expect([picture.status, picture.headers.get('cache-control')]).to.deep.equal([200, 'public, max-age=86400']);
    for (const path of [
      `${OPENSEADRAGON_PATH}openseadragon.js.map`,
      `${OPENSEADRAGON_PATH}images/..%2F..%2F..%2Fpackage.json`,
      `${OPENSEADRAGON_PATH}%2e%2e/%2e%2e/package.json`,
      '/media/nothing.png',
      '/media/..%2Fdemo%2Fperson-edith-marrow.json',
    ])
      expect((await get(path)).status, path).to.equal(404);
  });
});
