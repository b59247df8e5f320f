/**
 * `linkedart feed` as a curator runs it: the latest changes of a data directory (after a load,
 * a SPARQL update and a delete), newest first, limited, since a time, as JSON lines; and the same
 * from a running server's feed.
 */
import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { DEMO_DIR } from '../support/corpus.js';
import { startServer } from './support/serverProcess.js';

const PAINTING = 'http://localhost:8080/object/harbour-at-dusk';
const RELABEL = `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
DELETE { GRAPH <${PAINTING}> { <${PAINTING}> rdfs:label ?old } } INSERT { GRAPH <${PAINTING}> { <${PAINTING}> rdfs:label "Harbour, relabelled" } }
WHERE { GRAPH <${PAINTING}> { <${PAINTING}> rdfs:label ?old } }`;

const environment = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('LINKEDART_')));

describe('linkedart feed', function () {
  this.timeout(180000);
  // What the commands print and answer is the subject here, not their process: one process runs them all.
  const runCommand = commandsInOneProcess();
  const cli = (args: string[]) => runCommand(args, environment());
  let work: string;
  let data: string;
  const demoCount = readdirSync(DEMO_DIR).filter((f) => f.endsWith('.json')).length;
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-feedcli-'));
    data = join(work, 'data');
    for (const args of [
      ['load', '--no-progress', '--data-dir', data, DEMO_DIR],
      ['update', '--data-dir', data, RELABEL],
    ]) {
      const run = await cli(args);
      expect(run.status, run.stderr).to.equal(0);
    }
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('prints the newest changes first, 20 by default, with a summary line', async () => {
    const run = await cli(['feed', '--data-dir', data]);
    expect(run.status, run.stderr).to.equal(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.length).to.equal(21);
    expect(lines[0]).to.match(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  Update  HumanMadeObject +${PAINTING}$`),
    );
    expect(lines.slice(1, 20).every((l) => /Z  Create  /.test(l))).to.equal(true);
    expect(lines[20]).to.equal('20 changes (1 Update, 19 Create)');
  });

  it('--since and --limit choose; --json gives one object a line; a bad --since is an error naming it', async () => {
    const all = await cli(['feed', '--data-dir', data, '--since', '1h', '--json']);
    expect(all.status, all.stderr).to.equal(0);
    const entries = all.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; object: string; type: string });
    expect(entries.length).to.equal(demoCount + 1);
    expect(entries[0]).to.deep.include({ kind: 'Update', object: PAINTING, type: 'HumanMadeObject' });
    expect((await cli(['feed', '--data-dir', data, '--since', '2999-01-01'])).stdout.trim()).to.match(
      /^0 changes since 2999-01-01T00:00:00.000Z$/,
    );
    expect((await cli(['feed', '--data-dir', data, '--limit', '2'])).stdout.trim().split('\n').length).to.equal(3);
    const bad = await cli(['feed', '--data-dir', data, '--since', 'yesterday-ish']);
    expect(bad.status).to.equal(1);
    expect(bad.stderr).to.contain('--since "yesterday-ish"');
  });

  it("reads a running server's feed with --server, the same changes", async () => {
    const local = (await cli(['feed', '--data-dir', data, '--limit', '5', '--json'])).stdout;
    const server = await startServer(['--data-dir', data, '--base-url', 'http://localhost:8080/']);
    try {
      const remote = await cli(['feed', '--server', server.url, '--limit', '5', '--json']);
      expect(remote.status, remote.stderr).to.equal(0);
      expect(remote.stdout).to.equal(local);
    } finally {
      await server.stop();
    }
  });
});
