/**
 * `linkedart serve` starts seeding curators' SPARQL as soon as the store is open (issue 35: the
 * first SPARQL answer does not wait for the indexes documents need and then for a whole
 * seeding): while /ready still says "not ready" (here: the demo is loading), its `sparql`
 * already says the first query replica is seeding, not "lazy".
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';

interface ReadyBody {
  status: string;
  reason?: string;
  sparql?: { state: string };
}

describe('linkedart serve: SPARQL seeding starts with the store, before /ready', function () {
  this.timeout(120000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-sparql-at-start-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says "seeding" in /ready\'s 503 answers while the service is still starting', async () => {
    const child = spawn(
      process.execPath,
      [
        `${PROJECT_ROOT}dist/src/cli/main.js`,
        'serve',
        '--demo',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--log-level',
        'silent',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    try {
      let stderr = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const m = /listening on (http:\/\/[^/\s]+)\//.exec(stderr);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
      });
      const starting: ReadyBody[] = [];
      for (const deadline = Date.now() + 90000; Date.now() < deadline;) {
        const response = await fetch(`${url}/ready`);
        const body = (await response.json()) as ReadyBody;
        if (response.status === 200) break;
        starting.push(body);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(starting.length, 'answers while starting').to.be.greaterThan(0);
      for (const body of starting) {
        expect(body.status).to.equal('not ready');
        expect(['seeding', 'ready'], JSON.stringify(body)).to.include(body.sparql?.state);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
