/**
 * The browser tests' screenshots are a record for a person: a Chromium that cannot capture one now and
 * then (`Unable to capture screenshot`, seen once in CI) gets another try, and the page's checks stand.
 */
import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { keepScreenshot } from '../../integration/support/browser.js';

interface Shot {
  path: string;
  fullPage?: boolean;
}

/** A page whose first `failures` screenshots fail the way Chromium's did. */
function flakyPage(failures: number): { page: Page; shots: Shot[] } {
  const shots: Shot[] = [];
  const fake = {
    screenshot(shot: Shot): Promise<void> {
      shots.push(shot);
      if (shots.length <= failures)
        return Promise.reject(
          new Error('page.screenshot: Protocol error (Page.captureScreenshot): Unable to capture screenshot'),
        );
      writeFileSync(shot.path, 'png');
      return Promise.resolve();
    },
    waitForTimeout: (): Promise<void> => Promise.resolve(),
  };
  return { page: fake as unknown as Page, shots };
}

describe('keepScreenshot (the browser tests’ screenshots)', () => {
  let folder: string;
  let stderr: string[];
  const write = process.stderr.write.bind(process.stderr);

  const named = process.env.LINKEDART_TEST_SCREENSHOTS;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'shots-'));
    process.env.LINKEDART_TEST_SCREENSHOTS = folder;
  });
  after(() => {
    if (named === undefined) delete process.env.LINKEDART_TEST_SCREENSHOTS;
    else process.env.LINKEDART_TEST_SCREENSHOTS = named;
    rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    stderr = [];
    process.stderr.write = (text: string) => (stderr.push(text), true);
  });
  afterEach(() => {
    process.stderr.write = write;
  });

  it('takes it at once when Chromium can, saying nothing', async () => {
    const { page, shots } = flakyPage(0);
    await keepScreenshot(page, 'a/first.png', { fullPage: true });
    expect(shots).to.have.length(1);
    expect(existsSync(join(folder, 'a/first.png'))).to.equal(true);
    expect(stderr).to.deep.equal([]);
  });

  it('tries a failed full-page screenshot again, and says it did', async () => {
    const { page, shots } = flakyPage(1);
    await keepScreenshot(page, 'a/second.png', { fullPage: true });
    expect(shots.map((s) => s.fullPage)).to.deep.equal([true, true]);
    expect(existsSync(join(folder, 'a/second.png'))).to.equal(true);
    expect(stderr.join('')).to.match(/a\/second\.png: taken at attempt 2 \(.*Unable to capture screenshot\)/);
  });

  it('falls back to the viewport when the full page fails twice', async () => {
    const { page, shots } = flakyPage(2);
    await keepScreenshot(page, 'a/third.png', { fullPage: true });
    expect(shots.map((s) => s.fullPage)).to.deep.equal([true, true, false]);
    expect(existsSync(join(folder, 'a/third.png'))).to.equal(true);
  });

  it('reports, without throwing, a screenshot that cannot be taken at all', async () => {
    const { page, shots } = flakyPage(99);
    await keepScreenshot(page, 'a/never.png', { fullPage: true });
    expect(shots).to.have.length(3);
    expect(existsSync(join(folder, 'a/never.png'))).to.equal(false);
    expect(stderr.join('')).to.match(/a\/never\.png: not taken after 3 attempts: .*Unable to capture screenshot/);
  });
});
