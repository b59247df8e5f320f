/**
 * `linkedart serve` starts seeding curators' SPARQL as soon as the store is open (issue 35: the
 * first SPARQL answer does not wait for the indexes documents need and then for a whole
 * seeding): on a store of 1,500 documents, while /ready still says "not ready" (the reverse-link
 * and name indexes are being read), its `sparql` already says the first query replica is seeding,
 * not "lazy".
 */
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { writeRichDumps } from '../bench/scale/richCollection.js';
import { KEPT_INDEXES_FILE } from '../../src/keptIndexes/keptIndexesFile.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;

interface ReadyBody {
  status: string;
  reason?: string;
  sparql?: { state: string };
}

describe('linkedart serve: SPARQL seeding starts with the store, before /ready', function () {
  this.timeout(120000);
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-sparql-at-start-'));
    const ndjson = join(dataDir, 'documents.ndjson');
    await writeRichDumps(1500, join(dataDir, 'documents.nq'), ndjson);
    const load = spawnSync(process.execPath, [
      MAIN,
      'load',
      '--data-dir',
      join(dataDir, 'store'),
      '--no-progress',
      ndjson,
    ]);
    expect(load.status, load.stderr.toString()).to.equal(0);
    // Without the start-up indexes the load kept, the start builds them: a start long enough to watch.
    rmSync(join(dataDir, 'store', KEPT_INDEXES_FILE), { force: true });
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says "seeding" in /ready\'s 503 answers while the service is still starting', async () => {
    const child = spawn(
      process.execPath,
      [MAIN, 'serve', '--port', '0', '--data-dir', join(dataDir, 'store'), '--log-level', 'silent'],
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
