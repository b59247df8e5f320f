/**
 * kill -9 during a stream of versioned writes, then the store opened again: no version without
 * its change, no change without its version. For each document, the history's records and the
 * change feed's activities are the same changes in the same order; every past version with
 * content has its graphs; the live document is there exactly when its newest version is not a
 * deletion; and every acknowledged write is among the versions. On the suite's store (the remote
 * one: the writer killed between or during its requests, each document's write one request).
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChangeFeed } from '../../src/feed/ChangeFeed.js';
import { versionsOf } from '../../src/history/storedHistory.js';
import { versionGraphOf } from '../../src/history/versionGraphs.js';
import { openTestStore, STORE_KIND } from '../support/testStore.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { HISTORY_CRASH_IDS } from './support/historyCrashIds.js';

describe(`history durability: kill -9 during versioned writes (${STORE_KIND})`, function () {
  this.timeout(180000);
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-history-crash-'));
    // An empty store (the remote one cleared: the writer opens it as it is).
    await (await openTestStore(dataDir)).close();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps each change and its version together, whatever the moment of the kill', async () => {
    let acked = -1;
    const writer = spawn(
      process.execPath,
      [`${PROJECT_ROOT}dist/test/integration/support/historyWriteStream.js`, dataDir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const killAfter = 150 + Math.floor(Math.random() * 100);
    await new Promise<void>((resolve) => {
      writer.stdout.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.startsWith('ack ')) acked = Number(line.slice(4));
        if (acked >= killAfter && writer.exitCode === null) writer.kill('SIGKILL');
      });
      writer.once('exit', () => resolve());
    });
    expect(writer.signalCode, 'the writer finished before it could be killed').to.equal('SIGKILL');

    const store = await openTestStore(dataDir);
    try {
      const feed = new ChangeFeed(store);
      const activities = await feed.activities(1, await feed.length());
      let versions = 0;
      for (const id of HISTORY_CRASH_IDS) {
        const records = await versionsOf(store, id);
        versions += records.length;
        const changes = activities.filter((a) => a.object === id).map((a) => a.kind);
        expect(
          records.map((r) => r.kind),
          `${id}: the history's versions are the feed's changes`,
        ).to.deep.equal(changes);
        for (const r of records.slice(0, -1).filter((r) => r.kind !== 'Delete'))
          expect(await store.hasGraph(versionGraphOf(id, r.n)), `${id}: version ${r.n} kept`).to.equal(true);
        expect(await store.hasGraph(id), `${id}: live exactly when its newest version is no deletion`).to.equal(
          records.at(-1)?.kind !== 'Delete',
        );
      }
      expect(versions, 'every acknowledged write is a version').to.be.at.least(acked + 1);
      expect(versions, 'and at most the one in flight besides').to.be.at.most(acked + 2);
    } finally {
      await store.close();
    }
  });
});
