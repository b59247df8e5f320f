/**
 * The pages' browser tests: Debian's chromium driven by playwright-core, and axe-core run in a
 * page (injected as a script, so in a context that bypasses the pages' CSP).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>;
}

/** Headless chromium; a clear error naming the package when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y --no-install-recommends chromium\``);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
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
