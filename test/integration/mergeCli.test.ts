/**
 * `linkedart merge` as a curator runs it on a data directory: the outcome (JSON, or lines), the
 * exit codes, and the merge kept across a restart (the store opened again): the merged-away id
 * still names where it went, and the feed holds the Move by `linkedart merge`; name search built
 * from the store then finds B by A's name.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentService } from '../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { DEMO_DIR } from '../support/corpus.js';
import { versionsOf } from '../../src/history/storedHistory.js';
import { loadNameIndex } from '../../src/search/loadNameIndex.js';

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

  it("name search after a restart finds B by A's name, and knows no name of A", async () => {
    const store = await EmbeddedStore.open({ dataDir: data });
    try {
      const index = await loadNameIndex(store);
      expect(index.search('coble', 0, 10).hits[0]?.id).to.equal(MARINE);
      expect(index.search('coble', 0, 10).hits.map((hit) => hit.id)).to.not.include(COBLE);
      expect(index.nameOf(COBLE)).to.equal(undefined);
    } finally {
      await store.close();
    }
  });

  const carried: Array<[string, 'nquads' | 'ndjson', string]> = [
    ['N-Quads: a #@merged line', 'nquads', `#@merged <${COBLE}> <${MARINE}>\n`],
    [
      'NDJSON: a Move line',
      'ndjson',
      `{"@context":"https://www.w3.org/ns/activitystreams","type":"Move","object":{"id":"${COBLE}"},"target":{"id":"${MARINE}"}}\n`,
    ],
  ];
  for (const [what, format, line] of carried)
    it(`keeps the merge through an export and a load (${what}) into another store`, async () => {
      const dump = join(work, `dump.${format}`);
      const exported = await cli(['export', '--data-dir', data, '--format', format, '--out', dump]);
      expect(exported.status, exported.stderr).to.equal(0);
      expect(readFileSync(dump, 'utf8')).to.contain(line);
      const other = join(work, `other-${format}`);
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

  it('export --with-history, then load: the merged id and a rewritten document have the same versions in the other store', async () => {
    const dump = join(work, 'history.nq');
    const exported = await cli(['export', '--data-dir', data, '--format', 'nquads', '--with-history', '--out', dump]);
    expect(exported.status, exported.stderr).to.equal(0);
    const other = join(work, 'with-history');
    const loaded = await cli(['load', '--no-progress', '--data-dir', other, dump]);
    expect(loaded.status, loaded.stderr).to.equal(0);
    expect(loaded.stdout + loaded.stderr).to.match(/\d+ histories put back/);
    const entry = `${BASE}text/harbour-at-dusk-catalogue-entry`;
    const versions = async (dataDir: string) => {
      const store = await EmbeddedStore.open({ dataDir });
      try {
        return [await versionsOf(store, COBLE), await versionsOf(store, entry)];
      } finally {
        await store.close();
      }
    };
    const [coble, rewritten] = await versions(data);
    expect(coble.map((r) => r.kind)).to.deep.equal(['Create', 'Move']);
    expect(rewritten.map((r) => r.kind)).to.deep.equal(['Create', 'Update']);
    expect(await versions(other)).to.deep.equal([coble, rewritten]);
  });

  it('export --with-history in a format without graphs: exit 1, naming the option', async () => {
    const run = await cli(['export', '--data-dir', data, '--format', 'ndjson', '--with-history']);
    expect(run.status).to.equal(1);
    expect(run.stderr).to.contain('--with-history exports the past versions as graphs: give --format nquads or trig');
  });
});
