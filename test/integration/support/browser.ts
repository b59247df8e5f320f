/**
 * The pages' browser tests: Debian's chromium driven by playwright-core, and axe-core run in a
 * page (injected as a script, so in a context that bypasses the pages' CSP).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../support/corpus.js';

/** Debian's chromium (test/prerequisites.sh installs it). */
export const CHROMIUM = '/usr/bin/chromium';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>;
}

/**
 * Where the browser tests keep screenshots of the pages they check (each page kind at 1280 and 390
 * px, for a person to look at: issue 32): test-output/ (gitignored) unless LINKEDART_TEST_SCREENSHOTS
 * names another folder, or is `off` (none taken).
 */
function screenshotsFolder(): string | undefined {
  const named = process.env.LINKEDART_TEST_SCREENSHOTS;
  return named === 'off' ? undefined : named || join(PROJECT_ROOT, 'test-output');
}

/**
 * A screenshot of the page as `name` (e.g. `pages/landing.png`) under that folder; nothing when it is `off`.
 * The screenshot is a record for a person, not one of the page's checks: Chromium now and then answers
 * `Unable to capture screenshot` on a busy machine (once in CI, a full page at 390 px), so it is tried
 * again, then as the viewport only, and a screenshot that still cannot be taken is reported on stderr
 * (file and error) rather than failing the checks the page already passed.
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const folder = screenshotsFolder();
  if (!folder) return;
  const path = join(folder, name);
  mkdirSync(join(path, '..'), { recursive: true });
  const attempts = [options, options, { ...options, fullPage: false }];
  let last: unknown;
  for (const [i, attempt] of attempts.entries()) {
    try {
      await page.screenshot({ path, ...attempt });
      if (i > 0) process.stderr.write(`screenshot ${name}: taken at attempt ${i + 1} (${describe(last)})\n`);
      return;
    } catch (error) {
      last = error;
      await page.waitForTimeout(250 * (i + 1));
    }
  }
  process.stderr.write(`screenshot ${name}: not taken after ${attempts.length} attempts: ${describe(last)}\n`);
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}

/** Throws a clear error naming the package when chromium is missing. */
export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y --no-install-recommends chromium\``);
}

/** Headless chromium; a clear error naming the package when it is missing. */
export async function launchChromium(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

/**
 * Chromium launched while `starting` (a server loading its demo) runs: the two starts overlap.
 * When either fails, the other is closed or stopped, and the failure thrown.
 */
export async function launchChromiumWhile<T>(
  starting: Promise<T>,
  stop: (started: T) => Promise<void>,
): Promise<[Browser, T]> {
  const [browser, started] = await Promise.allSettled([launchChromium(), starting]);
  if (browser.status === 'fulfilled' && started.status === 'fulfilled') return [browser.value, started.value];
  if (browser.status === 'fulfilled') await browser.value.close();
  if (started.status === 'fulfilled') await stop(started.value);
  throw browser.status === 'rejected' ? browser.reason : (started as PromiseRejectedResult).reason;
}

/** axe-core's serious and critical findings on the page now shown, each as `where: rule (impact) help at targets`. */
export async function seriousAxeFindings(page: Page, where: string): Promise<string[]> {
  return await axeFindings(page, where, true);
}

/** axe-core's findings on the page now shown (WCAG 2 A and AA, best practice); `seriousOnly`: serious and critical only. */
export async function axeFindings(page: Page, where: string, seriousOnly = false): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () =>
    (window as unknown as { axe: { run(o: unknown): Promise<AxeResult> } }).axe.run({
      runOnly: ['wcag2a', 'wcag2aa', 'best-practice'],
    }),
  );
  return result.violations
    .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** From the page's next load on, its Content-Security-Policy violations are kept (cspViolations reads them). */
export async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
}

/** The CSP violations of the page now shown, each as `directive blocked URL` (watchCspViolations). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}
