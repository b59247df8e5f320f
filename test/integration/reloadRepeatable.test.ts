/**
 * Loads that can be repeated (issue 29 §6), through the CLI as a curator runs them: a folder
 * with two copies of one id loaded twice (the last copy kept, decided before writing, the
 * second run writing nothing); the same report whatever the store holds (warnings and repairs
 * of unchanged documents); `--strict` and `--dry-run` on a loaded store saying what they would
 * do; a dry run creating no data directory.
 */
import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadReport } from '../../src/load/LoadReport.js';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { REMOTE_STORE_URL, STORE_KIND, testStoreArgs } from '../support/testStore.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';

const BASE = 'http://localhost:8080/object/';
const object = (name: string, label: string, more: Record<string, unknown> = {}) => ({
  '@context': V1,
  id: BASE + name,
  type: 'HumanMadeObject',
  _label: label,
  classified_as: [{ id: 'http://vocab.getty.edu/aat/300193015', type: 'Type', _label: 'bowls' }],
  identified_by: [{ type: 'Name', content: label }],
  ...more,
});
/** Draws a repair (number-string: "30" → 30) and a Warning (DocumentClassifiedAs: none given). */
const REPAIRED_AND_WARNED = {
  '@context': V1,
  id: `${BASE}reload-warned`,
  type: 'HumanMadeObject',
  _label: 'Cup',
  identified_by: [{ type: 'Name', content: 'Cup' }],
  dimension: [
    {
      type: 'Dimension',
      value: '30',
      unit: { id: 'http://vocab.getty.edu/aat/300379098', type: 'MeasurementUnit', _label: 'cm' },
    },
  ],
};
const BAD = {
  '@context': V1,
  id: `${BASE}reload-bad`,
  type: 'HumanMadeObject',
  _label: 'Broken',
  identified_by: [{ type: 'Name' }],
};

interface Activity {
  kind: string;
  object: string;
}

describe(`loads that can be repeated (${STORE_KIND})`, function () {
  this.timeout(180000);
  // What the commands print and answer is the subject here, not their process: one process runs them all.
  const runCommand = commandsInOneProcess();
  const cli = (args: string[]) => runCommand(args, process.env);
  const load = (args: string[]) => cli(['load', '--no-progress', ...args]);
  let work: string;
  let dump: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-reload-'));
    dump = join(work, 'dump');
    mkdirSync(dump);
  });
  afterEach(() => {
    rmSync(work, { recursive: true, force: true });
  });

  const write = (file: string, json: unknown) => writeFileSync(join(dump, file), JSON.stringify(json));
  const feed = async (data: string): Promise<Activity[]> => {
    const run = await cli(['feed', '--json', '--limit', '100', ...(await testStoreArgs(data))]);
    expect(run.status, run.stderr).to.equal(0);
    return run.stdout
      .trim()
      .split('\n')
      .filter((l) => l)
      .map((l) => JSON.parse(l) as Activity);
  };
  const json = (run: Awaited<ReturnType<typeof load>>): LoadReport => JSON.parse(run.stdout) as LoadReport;

  it('two copies of one id: the last is kept, the other reported as superseded; loaded again, nothing is written', async () => {
    write('a-first.json', object('reload-twice', 'First version'));
    write('b-other.json', object('reload-other', 'Other'));
    write('c-second.json', object('reload-twice', 'Second version'));
    const data = join(work, 'data');
    const args = await testStoreArgs(data);

    const first = await load([...args, dump]);
    // Not a failure: every copy's fate is said, and the input's meaning is plain (the last copy counts).
    expect(first.status, first.stderr).to.equal(0);
    expect(first.stderr).to.contain(`superseded: ${join(dump, 'a-first.json')} line 1 (record 1) ${BASE}reload-twice`);
    expect(first.stderr).to.contain(
      `this id comes again at ${join(dump, 'c-second.json')} line 1 (record 1), and the last copy is the one loaded`,
    );
    expect(first.stderr).to.match(/loaded: 2 new, 0 replaced, 0 unchanged, 0 rejected, 0 warnings, 1 superseded/);
    const shown = await cli([
      'query',
      ...args,
      '--format',
      'json',
      `SELECT ?l WHERE { GRAPH <${BASE}reload-twice> { <${BASE}reload-twice> <http://www.w3.org/2000/01/rdf-schema#label> ?l } }`,
    ]);
    expect(shown.stdout).to.contain('Second version').and.not.contain('First version');

    const second = await load([...args, dump]);
    expect(second.status, second.stderr).to.equal(0);
    expect(second.stderr).to.match(/loaded: 0 new, 0 replaced, 2 unchanged, 0 rejected, 0 warnings, 1 superseded/);
    expect(second.stderr).to.contain(`superseded: ${join(dump, 'a-first.json')} line 1 (record 1) ${BASE}reload-twice`);
    // The change feed: one Create for each id, nothing else (today's loads wrote both copies in turn, every run).
    const activities = (await feed(data)).filter((a) => a.object.startsWith(BASE));
    expect(activities.map((a) => `${a.kind} ${a.object}`).sort()).to.deep.equal([
      `Create ${BASE}reload-other`,
      `Create ${BASE}reload-twice`,
    ]);
  });

  it('two copies in one NDJSON file, in different batches: the last is kept, and a second load writes nothing', async () => {
    const ndjson = join(dump, 'dump.ndjson');
    writeFileSync(
      ndjson,
      [
        object('reload-twice', 'First version'),
        object('reload-other', 'Other'),
        object('reload-twice', 'Second version'),
      ]
        .map((d) => JSON.stringify(d))
        .join('\n') + '\n',
    );
    const data = join(work, 'data');
    const args = [...(await testStoreArgs(data)), '--batch-size', '1'];
    const first = await load([...args, ndjson]);
    expect(first.stderr).to.match(/loaded: 2 new, 0 replaced, 0 unchanged, 0 rejected, 0 warnings, 1 superseded/);
    expect(first.stderr).to.contain(`superseded: ${ndjson} line 1 (record 1) ${BASE}reload-twice`);
    const second = await load([...args, ndjson]);
    expect(second.stderr).to.match(/loaded: 0 new, 0 replaced, 2 unchanged/);
    expect((await feed(data)).filter((a) => a.object === `${BASE}reload-twice`).map((a) => a.kind)).to.deep.equal([
      'Create',
    ]);
  });

  it('the same input gives the same report whatever the store holds: warnings and repairs of unchanged documents too', async () => {
    write('cup.json', REPAIRED_AND_WARNED);
    write('bowl.json', object('reload-bowl', 'Bowl'));
    write('zz-bad.json', BAD);
    const data = join(work, 'data');
    const args = [...(await testStoreArgs(data)), '--json'];
    const counts = (r: LoadReport) => ({
      warnings: r.warnings,
      rejected: r.rejected,
      repairs: r.repairs,
      warningsByRule: Object.fromEntries(Object.entries(r.warningsByRule).map(([rule, c]) => [rule, c.count])),
      warned: r.warned.map((w) => [w.id, ...w.messages]),
      repaired: r.repaired.map((w) => [w.id, ...w.messages]),
    });
    const first = json(await load([...args, dump]));
    expect(first.created).to.equal(2);
    expect(counts(first).warningsByRule).to.deep.equal({ DocumentClassifiedAs: 1 });
    expect(first.repairs).to.deep.equal({ 'number-string': 1 });
    const second = json(await load([...args, dump]));
    expect(second).to.include({ created: 0, replaced: 0, unchanged: 2 });
    expect(counts(second)).to.deep.equal(counts(first));
    // The stored documents exported as N-Quads and loaded again (unchanged, not even read): the same warnings.
    const nq = join(work, 'export.nq');
    const exported = await cli(['export', ...(await testStoreArgs(data)), '--format', 'nquads', '--out', nq]);
    expect(exported.status, exported.stderr).to.equal(0);
    const fromExport = json(await load([...args, nq]));
    expect(fromExport).to.include({ created: 0, replaced: 0, unchanged: 2 });
    expect(counts(fromExport).warningsByRule).to.deep.equal({ DocumentClassifiedAs: 1 });
  });

  it('--strict on a loaded store: stored documents are called unchanged, not new, in both passes', async () => {
    write('cup.json', REPAIRED_AND_WARNED);
    write('bowl.json', object('reload-bowl', 'Bowl'));
    const data = join(work, 'data');
    const args = await testStoreArgs(data);
    expect((await load([...args, dump])).stderr).to.match(/loaded: 2 new/);
    const clean = await load([...args, '--strict', dump]);
    expect(clean.status, clean.stderr).to.equal(0);
    expect(clean.stderr).to.match(/^loaded: 0 new, 0 replaced, 2 unchanged, 0 rejected, 1 warnings/m);
    write('zz-bad.json', BAD);
    write('bowl.json', object('reload-bowl', 'Bowl, relabelled'));
    const refused = await load([...args, '--strict', dump]);
    expect(refused.status).to.equal(1);
    expect(refused.stderr).to.match(
      /^checked \(nothing stored\): 0 new, 1 replaced, 1 unchanged, 1 rejected, 1 warnings/m,
    );
    expect(refused.stderr).to.contain('nothing was stored');
  });

  it('--dry-run on a loaded store says what a load would do: unchanged, replaced, new', async () => {
    write('bowl.json', object('reload-bowl', 'Bowl'));
    write('cup.json', REPAIRED_AND_WARNED);
    const data = join(work, 'data');
    const args = await testStoreArgs(data);
    await load([...args, dump]);
    write('bowl.json', object('reload-bowl', 'Bowl, relabelled'));
    write('dish.json', object('reload-dish', 'Dish'));
    const dry = await load([...args, '--dry-run', dump]);
    expect(dry.status, dry.stderr).to.equal(0);
    expect(dry.stderr).to.match(/^checked \(nothing stored\): 1 new, 1 replaced, 1 unchanged, 0 rejected, 1 warnings/m);
  });

  (REMOTE_STORE_URL ? it.skip : it)(
    '--dry-run creates no data directory, and leaves an existing one as it was',
    async () => {
      write('bowl.json', object('reload-bowl', 'Bowl'));
      const data = join(work, 'data');
      const dry = await load(['--data-dir', data, '--dry-run', dump]);
      expect(dry.status, dry.stderr).to.equal(0);
      expect(dry.stderr).to.match(/checked \(nothing stored\): 1 new/);
      expect(existsSync(data), 'no data directory').to.equal(false);
      expect((await load(['--data-dir', data, dump])).status).to.equal(0);
      const before = readdirSync(data).sort();
      expect((await load(['--data-dir', data, '--dry-run', dump])).stderr).to.match(
        /checked \(nothing stored\): 0 new, 0 replaced, 1 unchanged/,
      );
      // No lock left, no new log file.
      expect(readdirSync(data).sort()).to.deep.equal(before);
    },
  );
});
