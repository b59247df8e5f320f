/**
 * The browser tests' demo: `linkedart serve --demo` as a process, in a data directory of its own,
 * named under the demo's base URL with the museum's title, and Chromium launched alongside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_BASE_URL } from '../../../src/service/demoCollection.js';
import { launchChromiumWhile } from './browser.js';
import { startServer, type ServerProcess } from './serverProcess.js';

/** The served demo and the browser, once the suite's before() has run. */
export interface DemoInBrowser {
  readonly server: ServerProcess;
  readonly browser: Browser;
}

/**
 * Called in a describe(): starts the demo and the browser before its tests (`flags` added to
 * the server's), and closes, stops and removes them after; `dataDirPrefix` names the data
 * directory under the system's temporary folder.
 */
export function demoInBrowser(dataDirPrefix: string, flags: readonly string[] = []): DemoInBrowser {
  let dataDir: string | undefined;
  let started: [Browser, ServerProcess] | undefined;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
    const args = ['--demo', '--data-dir', dataDir, '--base-url', DEMO_BASE_URL, '--title', 'Whitby Harbour Museum'];
    started = await launchChromiumWhile(startServer([...args, ...flags]), (server) => server.stop());
  });
  after(async () => {
    await started?.[0].close();
    await started?.[1].stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const ready = (): [Browser, ServerProcess] => {
    if (!started) throw new Error('the demo is not started: demoInBrowser() belongs in a describe()');
    return started;
  };
  return {
    get browser() {
      return ready()[0];
    },
    get server() {
      return ready()[1];
    },
  };
}
