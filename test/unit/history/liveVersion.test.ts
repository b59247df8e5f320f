/**
 * The live version's record, read from its hint graph (src/history/liveVersion.ts): a created
 * document has version 1 with who wrote it and when, though no record was written; restart and
 * compaction keep it, and the write that replaces it keeps it as a past version's record.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { versionsOf } from '../../../src/history/storedHistory.js';
import { isHistoryGraph, versionGraphOf } from '../../../src/history/versionGraphs.js';
import { application, UNNAMED_CURATOR } from '../../../src/linkedart/Actor.js';
import { admitJson } from '../../../src/service/gate/admit.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';

const ID = 'https://example.org/object/1';
const named = (label: string) =>
  admitJson({ '@context': 'https://linked.art/ns/v1/linked-art.json', id: ID, type: 'HumanMadeObject', _label: label });

describe('history: the live version read from its hints', function () {
  this.timeout(60000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-live-version-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Opens the store in dataDir, runs `work`, compacts it (a snapshot) and closes it. */
  async function withStore<T>(work: (documents: DocumentService, store: EmbeddedStore) => Promise<T>): Promise<T> {
    const store = await EmbeddedStore.open({ dataDir });
    try {
      const result = await work(new DocumentService(store), store);
      await store.compact();
      return result;
    } finally {
      await store.close();
    }
  }

  it('keeps version 1 of a created document, with its actor and time, through restart and compaction', async () => {
    const created = await withStore(async (documents, store) => {
      await documents.putAll([named('one')], undefined, application('linkedart load'));
      expect((await store.listGraphs()).filter(isHistoryGraph), 'no record written').to.deep.equal([]);
      return versionsOf(store, ID);
    });
    expect(created.map((r) => [r.n, r.kind, r.actor])).to.deep.equal([[1, 'Create', 'linkedart load']]);
    const reopened = await withStore(async (_documents, store) => versionsOf(store, ID));
    expect(reopened, 'after restart and compaction').to.deep.equal(created);

    const replaced = await withStore(async (documents, store) => {
      await documents.putAll([named('two')], undefined, UNNAMED_CURATOR);
      expect(await store.hasGraph(versionGraphOf(ID, 1)), 'version 1 copied out').to.equal(true);
      return versionsOf(store, ID);
    });
    expect(replaced.map((r) => [r.n, r.kind, r.time, r.actor])).to.deep.equal([
      [1, 'Create', created[0].time, 'linkedart load'],
      [2, 'Update', replaced[1].time, 'curator'],
    ]);
    expect(await withStore(async (_documents, store) => versionsOf(store, ID))).to.deep.equal(replaced);
  });
});
