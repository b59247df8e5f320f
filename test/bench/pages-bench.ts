/**
 * `npm run bench:pages`: Lighthouse (npm `lighthouse` 12.2.3, desktop preset) against Debian's chromium on
 * the pages for people (issue 32's targets): the landing page, the painting's page (it has a picture), a
 * search result page and a 404 page. The service runs as a user runs it (`serve --demo`, a child process,
 * a fresh data directory removed at the end) on a port of its own, with ids under its own address so the
 * demo's picture is served by it. Prints a table of the four category scores beside the targets
 * (accessibility 100, best practices ≥ 95, SEO ≥ 90, performance ≥ 95), then, for each page short of 100,
 * the audits that cost each page points. The exit code is 0 whatever the scores (a measure, not a test).
 *
 *   npm run bench:pages                  the four pages
 *   npm run bench:pages -- --all         every page kind (entity of each kind, export, feed, lists, SPARQL, …)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { PROJECT_ROOT } from '../support/corpus.js';
import { startChildServer, untilReady } from './http/childServer.js';
import { freePort, startDebuggableChromium } from './pages/debuggableChromium.js';
import { printTable } from './stats.js';

/** The pages Lighthouse is run on: issue 32's four, and with --all every other page kind. */
const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['landing', '/'],
  ['entity with a picture', '/object/harbour-at-dusk'],
  ['search results', '/search?q=harbour'],
  ['404', '/object/no-such-thing'],
];
const MORE_PAGES: ReadonlyArray<readonly [string, string]> = [
  ['person', '/person/edith-marrow'],
  ['export', '/_export'],
  ['feed', '/activity-stream'],
  ['entity list', '/_entities/Person'],
  ['SPARQL', '/sparql'],
  ['400', '/_entities/Person?page=x'],
];

const CATEGORIES = ['accessibility', 'best-practices', 'seo', 'performance'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  accessibility: 100,
  'best-practices': 95,
  seo: 90,
  performance: 95,
};

async function main(): Promise<void> {
  const pages = process.argv.includes('--all') ? [...PAGES, ...MORE_PAGES] : PAGES;
  const dataDir = await mkdtemp(join(tmpdir(), 'linkedart-pages-bench-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startChildServer(join(PROJECT_ROOT, 'dist/src/cli/main.js'), [
    'serve',
    '--demo',
    '--data-dir',
    dataDir,
    '--port',
    String(port),
    '--base-url',
    `${origin}/`,
    '--title',
    'Whitby Harbour Museum',
  ]);
  const chromium = await startDebuggableChromium();
  try {
    await untilReady(server);
    const rows: string[][] = [];
    const shortfalls: string[] = [];
    for (const [name, path] of pages) {
      const result = await audit(origin + path, chromium.port);
      const scores = CATEGORIES.map((c) => Math.round((result.categories[c]?.score ?? 0) * 100));
      rows.push([name, path, ...scores.map((s, i) => `${s}${s < TARGETS[CATEGORIES[i]] ? ' ✗' : ''}`)]);
      shortfalls.push(...costlyAudits(name, result));
    }
    rows.push(['target', '', ...CATEGORIES.map((c) => (TARGETS[c] === 100 ? '100' : `≥ ${TARGETS[c]}`))]);
    printTable('Lighthouse 12.2.3, desktop preset', ['page', 'path', 'a11y', 'best pr.', 'SEO', 'perf.'], rows);
    if (shortfalls.length > 0) console.log(`\nWhat cost points (✗: below the target):\n${shortfalls.join('\n')}`);
  } finally {
    await chromium.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function audit(url: string, port: number): Promise<Result> {
  // ignoreStatusCode: the 404 page is audited as a page, not refused as a failed load.
  const flags: Flags = { port, output: 'json', logLevel: 'error', ignoreStatusCode: true };
  const answer = await lighthouse(url, flags, desktopConfig);
  if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = answer;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** Each audit that counts in a category short of 100 and did not pass: `page: category: audit title (score)`. */
function costlyAudits(page: string, result: Result): string[] {
  const found: string[] = [];
  for (const category of CATEGORIES) {
    const c = result.categories[category];
    if (!c || c.score === 1) continue;
    for (const ref of c.auditRefs) {
      const a = result.audits[ref.id];
      if (ref.weight === 0 || !a || a.score === null || a.score >= 0.9) continue;
      const value = a.displayValue ? `, ${a.displayValue}` : '';
      found.push(`  ${page}: ${category}: ${a.title} (${a.score}${value})`);
    }
  }
  return found;
}

await main();
