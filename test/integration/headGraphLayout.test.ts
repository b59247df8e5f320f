/**
 * Stores written by main's builds (README.md in each fixture says how it was made): before the
 * newest past record moved into the live hint graph (test/fixtures/head-graph-layout/), and before
 * it moved out of it into memory on the embedded store (test/fixtures/hints-record-layout/). On the
 * suite's store, each opens as it is (no conversion), lists every document's versions as that build did, and writes
 * number on from the head graphs it left, which each document's first write empties; a restart
 * then lists the same, and a service started again numbers on from the records (the embedded
 * store: the live hints hold no newest past record there, NewestPastRecords keeps it in memory).
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admitJson } from '../../src/service/gate/admit.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { storedVersion, versionsOf } from '../../src/history/storedHistory.js';
import { newestPastIn } from '../../src/history/liveVersion.js';
import { historyHeadOf } from '../../src/history/versionGraphs.js';
import type { VersionRecord } from '../../src/history/versionRecord.js';
import { hintGraphOf } from '../../src/hints/Skeleton.js';
import { capabilitiesOf } from '../../src/store/capabilities.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import type { QuadStore } from '../../src/store/QuadStore.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { historyFixtureStore } from '../support/historyFixtureStore.js';
import { REMOTE_STORE_URL, STORE_KIND } from '../support/testStore.js';

/** Each fixture's folder, and the layout its build wrote. */
const LAYOUTS = [
  ['head-graph-layout', 'the head in a graph of its own (8f11812)'],
  ['hints-record-layout', 'the newest past record in the live hints (c281069)'],
] as const;
const BASE = 'https://museum.example.org/collection/';
const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const keeper = { type: 'Person' as const, name: 'keeper' };
const person = (key: string, label: string) =>
  admitJson({
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: `${BASE}person/${key}`,
    type: 'Person',
    _label: label,
  });

async function listed(store: QuadStore, ids: readonly string[]): Promise<Record<string, VersionRecord[]>> {
  const out: Record<string, VersionRecord[]> = {};
  for (const id of ids) out[id] = await versionsOf(store, id);
  return out;
}

const numbersAndKinds = (records: readonly VersionRecord[]) => records.map((r) => [r.n, r.kind]);

for (const [folder, layout] of LAYOUTS)
  describe(`Histories with ${layout}, main's build, opened as they are (${STORE_KIND})`, function () {
    this.timeout(180000);
    const FIXTURE = `${PROJECT_ROOT}test/fixtures/${folder}/`;
    const expected = JSON.parse(readFileSync(`${FIXTURE}expected.json`, 'utf8')) as Record<string, VersionRecord[]>;
    const ids = Object.keys(expected);
    /** The suite's store holding the fixture (historyFixtureStore). */
    const fixtureStore = (dataDir: string): Promise<QuadStore> => historyFixtureStore(FIXTURE, dataDir);
    let work: string;
    let dataDir: string;
    let store: QuadStore;
    beforeEach(async () => {
      work = mkdtempSync(join(tmpdir(), 'linkedart-head-graph-'));
      dataDir = join(work, 'data');
      store = await fixtureStore(dataDir);
    });
    afterEach(async () => {
      await store.close();
      rmSync(work, { recursive: true, force: true });
    });

    it("lists every document's versions as that build did", async () => {
      expect(await listed(store, ids)).to.deep.equal(expected);
    });

    it("writes number on from the head graphs, which each live document's first write empties; a restart lists the same", async () => {
      const documents = new DocumentService(store);
      const any = () => Promise.resolve();
      for (const round of ['one', 'two']) {
        await documents.putIf(person('ada', `Ada ${round}`), any, keeper);
        await documents.putIf(person('cole', `Cole ${round}`), any, keeper);
        await documents.putIf(person('dale', `Dale ${round}`), any, keeper);
        await documents.putIf(person('bell', `Bell ${round}`), any, keeper);
      }
      const ada = `${BASE}person/ada`;
      const after = await listed(store, ids);
      expect(numbersAndKinds(after[ada])).to.deep.equal([
        [1, 'Create'],
        [2, 'Update'],
        [3, 'Update'],
        [4, 'Update'],
        [5, 'Update'],
      ]);
      expect(numbersAndKinds(after[`${BASE}person/cole`])).to.deep.equal([
        [1, 'Create'],
        [2, 'Update'],
        [3, 'Update'],
      ]);
      expect(numbersAndKinds(after[`${BASE}person/dale`]).slice(3)).to.deep.equal([
        [4, 'Update'],
        [5, 'Update'],
      ]);
      // bell was deleted: re-created (its head holds the deletion), then written again.
      expect(numbersAndKinds(after[`${BASE}person/bell`])).to.deep.equal([
        [1, 'Create'],
        [2, 'Delete'],
        [3, 'Create'],
        [4, 'Update'],
      ]);
      for (const id of ids) {
        // The versions that build wrote, as it wrote them (the live one's digest is said once it is past).
        const before = expected[id].map((r, i) => (i === expected[id].length - 1 ? { ...r, digest: null } : r));
        expect(
          after[id].slice(0, before.length).map((r, i) => (i === before.length - 1 ? { ...r, digest: null } : r)),
          id,
        ).to.deep.equal(before);
        expect(await store.readGraphs([historyHeadOf(id)]), `${id}: its head emptied`).to.deep.equal([]);
        // In the hints where other processes write the store; else known to the process that wrote it.
        const inHints = capabilitiesOf(store).sharedWriters ? after[id].length - 1 : undefined;
        expect(newestPastIn(await store.readGraphs([hintGraphOf(id)]))?.n, id).to.equal(inHints);
      }
      const label = async (n: number) =>
        (await storedVersion(store, ada, n))?.quads.find((q) => q.subject.value === ada && q.predicate.value === LABEL)
          ?.object.value;
      expect([await label(1), await label(3), await label(4)]).to.deep.equal([
        'Ada Quill',
        'Ada Mary Quill',
        'Ada one',
      ]);
      if (REMOTE_STORE_URL) return;
      // A restart replays the log: main's records and these, whose copies leave the newest past record out.
      await store.close();
      store = await EmbeddedStore.open({ dataDir });
      expect(await listed(store, ids)).to.deep.equal(after);
      expect(await label(4)).to.equal('Ada one');
      // A service started again knows no newest past record: it numbers on from the records.
      await new DocumentService(store).putIf(person('ada', 'Ada three'), any, keeper);
      expect(numbersAndKinds(await versionsOf(store, ada)).slice(4)).to.deep.equal([
        [5, 'Update'],
        [6, 'Update'],
      ]);
      expect(await label(5)).to.equal('Ada two');
    });
  });
