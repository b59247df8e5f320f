/**
 * `linkedart merge` as a curator runs it on a data directory: the outcome (JSON, or lines), the
 * exit codes, and the merge kept across a restart (the store opened again): the merged-away id
 * still names where it went, and the feed holds the Move by `linkedart merge`.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentService } from '../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { DEMO_DIR } from '../support/corpus.js';

const BASE = 'http://localhost:8080/';
const COBLE = `${BASE}concept/coble`;
const MARINE = `${BASE}concept/marine-painting`;

const environment = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('LINKEDART_')));

describe('linkedart merge', function () {
  this.timeout(180000);
  // What the commands print and answer is the subject here, not their process: one process runs them all.
  const runCommand = commandsInOneProcess();
  const cli = (args: string[]) => runCommand(args, environment());
  let work: string;
  let data: string;
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-mergecli-'));
    data = join(work, 'data');
    const run = await cli(['load', '--no-progress', '--data-dir', data, DEMO_DIR]);
    expect(run.status, run.stderr).to.equal(0);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('lists the documents referring to A, without rewriting them unless asked', async () => {
    const run = await cli(['merge', '--data-dir', data, `${BASE}concept/items`, `${BASE}concept/words`]);
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout).to.contain(`merged ${BASE}concept/items into ${BASE}concept/words`);
    expect(run.stdout).to.match(/refers to .*concept\/items: .*set\/whm-collection/);
    expect(run.stdout).to.match(/still refer to/);
  });

  it('--rewrite-references --json: the outcome, every referring document rewritten', async () => {
    const run = await cli(['merge', '--data-dir', data, '--rewrite-references', '--json', COBLE, MARINE]);
    expect(run.status, run.stderr).to.equal(0);
    const outcome = JSON.parse(run.stdout) as { references: string[]; rewritten: string[] };
    expect(outcome.references).to.deep.equal([
      `${BASE}text/harbour-at-dusk-catalogue-entry`,
      `${BASE}visual/harbour-at-dusk`,
    ]);
    expect(outcome.rewritten).to.deep.equal(outcome.references);
  });

  it('refuses a merge that cannot be: exit 1, why on stderr; a bad id: exit 2', async () => {
    const again = await cli(['merge', '--data-dir', data, COBLE, MARINE]);
    expect(again.status).to.equal(1);
    expect(again.stderr).to.contain(`${COBLE} was merged into ${MARINE} already`);
    const bad = await cli(['merge', '--data-dir', data, 'coble', MARINE]);
    expect(bad.status).to.equal(2);
    expect(bad.stderr).to.contain('not an http(s) IRI');
  });

  it('linkedart feed shows the Move and where the document went', async () => {
    const run = await cli(['feed', '--data-dir', data, '--limit', '1']);
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout.split('\n')[0]).to.match(new RegExp(`Z  Move +Type +${COBLE} → ${MARINE}$`));
  });

  it('keeps the merge across a restart: A names B, the feed has the Move by linkedart merge', async () => {
    const store = await EmbeddedStore.open({ dataDir: data });
    try {
      const documents = new DocumentService(store);
      expect(await documents.feed.mergedInto(COBLE)).to.equal(MARINE);
      expect(await documents.read(COBLE)).to.equal(undefined);
      const length = await documents.feed.length();
      const [move] = await documents.feed.activities(length, length);
      expect(move).to.deep.include({
        kind: 'Move',
        object: COBLE,
        target: MARINE,
        actor: { type: 'Application', name: 'linkedart merge' },
      });
      const entry = await documents.read(`${BASE}text/harbour-at-dusk-catalogue-entry`);
      expect(entry!.quads.some((q) => q.object.value === COBLE)).to.equal(false);
      expect(entry!.quads.some((q) => q.object.value === MARINE)).to.equal(true);
    } finally {
      await store.close();
    }
  });

  it('keeps the merge through an export and a load (N-Quads: a #@merged line) into another store', async () => {
    const dump = join(work, 'dump.nq');
    const exported = await cli(['export', '--data-dir', data, '--format', 'nquads', '--out', dump]);
    expect(exported.status, exported.stderr).to.equal(0);
    expect(readFileSync(dump, 'utf8')).to.contain(`#@merged <${COBLE}> <${MARINE}>\n`);
    const other = join(work, 'other');
    const loaded = await cli(['load', '--no-progress', '--data-dir', other, dump]);
    expect(loaded.status, loaded.stderr).to.equal(0);
    const store = await EmbeddedStore.open({ dataDir: other });
    try {
      const documents = new DocumentService(store);
      expect(await documents.feed.mergedInto(COBLE)).to.equal(MARINE);
      expect(await documents.feed.mergedInto(`${BASE}concept/items`)).to.equal(`${BASE}concept/words`);
      expect(await documents.read(MARINE)).to.not.equal(undefined);
    } finally {
      await store.close();
    }
  });
});
