/**
 * Histories written in the first layout (one history graph per document: commit 3335e38, the
 * fixture test/fixtures/old-history-layout/, README.md there says how it was made), on the
 * suite's store: the present reader lists them wrongly until they are converted; converted (at
 * open: history/oldHistories.ts), every document's versions are the ones the old code listed,
 * each past version's content is there, a write then adds to them; converting again does
 * nothing; a conversion cut off between two writes is finished by the next.
 */
import { expect } from 'chai';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admitJson } from '../../src/service/gate/admit.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { convertOldHistories } from '../../src/history/oldHistories.js';
import { storedVersion, versionsOf } from '../../src/history/storedHistory.js';
import type { VersionRecord } from '../../src/history/versionRecord.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import type { QuadStore } from '../../src/store/QuadStore.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { historyFixtureStore } from '../support/historyFixtureStore.js';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { STORE_KIND } from '../support/testStore.js';

const FIXTURE = `${PROJECT_ROOT}test/fixtures/old-history-layout/`;
const BASE = 'https://museum.example.org/collection/';
const expected = JSON.parse(readFileSync(`${FIXTURE}expected.json`, 'utf8')) as Record<string, VersionRecord[]>;
const ids = Object.keys(expected);
const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';

/** The suite's store holding the fixture (historyFixtureStore). */
const oldStore = (work: string): Promise<QuadStore> => historyFixtureStore(FIXTURE, join(work, 'data'));

/** Each document's versions as the present reader lists them. */
async function listed(store: QuadStore): Promise<Record<string, VersionRecord[]>> {
  const out: Record<string, VersionRecord[]> = {};
  for (const id of ids) out[id] = await versionsOf(store, id);
  return out;
}

describe(`Histories in the first layout, converted at open (${STORE_KIND})`, function () {
  this.timeout(180000);
  let work: string;
  let store: QuadStore;
  beforeEach(async () => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-old-history-'));
    store = await oldStore(work);
  });
  afterEach(async () => {
    await store.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('before conversion the present reader does not list them as the old code did', async () => {
    expect(await listed(store)).to.not.deep.equal(expected);
  });

  it("converted: every document's versions as the old code listed them, said once", async () => {
    const notes: string[] = [];
    expect(await convertOldHistories(store, (m) => notes.push(m))).to.equal(ids.length);
    expect(await listed(store)).to.deep.equal(expected);
    expect(notes).to.have.length(2);
    expect(notes[1]).to.equal(`histories converted: ${ids.length} document(s)`);
  });

  it("each past version's content and who wrote it; a deletion's version has none", async () => {
    await convertOldHistories(store, () => undefined);
    const label = async (id: string, n: number) =>
      (await storedVersion(store, id, n))?.quads.find((q) => q.subject.value === id && q.predicate.value === LABEL)
        ?.object.value;
    expect(await label(`${BASE}person/ada`, 1)).to.equal('Ada Quill');
    expect(await label(`${BASE}person/ada`, 2)).to.equal('Ada M. Quill');
    expect(await label(`${BASE}person/ada`, 3)).to.equal('Ada Mary Quill');
    expect(await label(`${BASE}person/dale`, 3)).to.equal('Dale Fenn (again)');
    expect((await storedVersion(store, `${BASE}person/bell`, 2))?.quads).to.deep.equal([]);
  });

  it('a write after the conversion adds a version, the ones before as they were', async () => {
    await convertOldHistories(store, () => undefined);
    const documents = new DocumentService(store);
    const ada = `${BASE}person/ada`;
    await documents.putIf(
      admitJson({
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: ada,
        type: 'Person',
        _label: 'A. M. Quill',
      }),
      () => Promise.resolve(),
      { type: 'Person', name: 'keeper' },
    );
    const versions = await versionsOf(store, ada);
    expect(versions.map((r) => [r.n, r.kind, r.actor])).to.deep.equal([
      [1, 'Create', 'registrar'],
      [2, 'Update', 'keeper'],
      [3, 'Update', 'registrar'],
      [4, 'Update', 'keeper'],
    ]);
    expect(versions.slice(0, 2)).to.deep.equal(expected[ada].slice(0, 2));
  });

  it('converting again does nothing (no note, nothing written)', async () => {
    await convertOldHistories(store, () => undefined);
    const notes: string[] = [];
    expect(await convertOldHistories(store, (m) => notes.push(m))).to.equal(0);
    expect(notes).to.deep.equal([]);
    expect(await listed(store)).to.deep.equal(expected);
  });

  it('a conversion cut off after its first write is finished by the next', async () => {
    const replace = store.replaceGraphs.bind(store);
    let writes = 0;
    store.replaceGraphs = (...args: Parameters<QuadStore['replaceGraphs']>) => {
      if (++writes > 1) return Promise.reject(new Error('cut off'));
      return replace(...args);
    };
    await convertOldHistories(store, () => undefined, 1).then(
      () => expect.fail('the second write was to fail'),
      (error: Error) => expect(error.message).to.equal('cut off'),
    );
    store.replaceGraphs = replace;
    expect(await convertOldHistories(store, () => undefined)).to.equal(ids.length - 1);
    expect(await listed(store)).to.deep.equal(expected);
  });
});

describe('Histories in the first layout: a command on such a data directory converts them, and says so', function () {
  this.timeout(180000);
  const runCommand = commandsInOneProcess();
  let work: string;
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-old-history-cli-'));
    cpSync(`${FIXTURE}store`, join(work, 'data'), { recursive: true });
  });
  after(() => rmSync(work, { recursive: true, force: true }));
  const environment = () =>
    Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('LINKEDART_')));

  it('linkedart feed: the conversion said on stderr the first time, not the second; the histories as they were', async () => {
    const first = await runCommand(['feed', '--data-dir', join(work, 'data'), '--limit', '1'], environment());
    expect(first.status, first.stderr).to.equal(0);
    expect(first.stderr).to.contain(`linkedart feed: store: histories converted: ${ids.length} document(s)`);
    const second = await runCommand(['feed', '--data-dir', join(work, 'data'), '--limit', '1'], environment());
    expect(second.status, second.stderr).to.equal(0);
    expect(second.stderr).to.not.contain('histories');
    const store = await EmbeddedStore.open({ dataDir: join(work, 'data') });
    try {
      expect(await listed(store)).to.deep.equal(expected);
    } finally {
      await store.close();
    }
  });
});
