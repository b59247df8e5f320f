/**
 * Two, then four `linkedart serve` processes writing one remote store at once (issue 34): no
 * activity lost or duplicated, the feed numbered without a gap; of conflicting If-Match writes
 * exactly one wins; a chain of conditional writes through every process in turn is recorded in
 * its order; a process killed (kill -9) in the middle of writes leaves no half write, and the
 * others, and a process started after, carry on.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuadStore } from '../../../src/store/QuadStore.js';
import { openTestStore, REMOTE_STORE_URL, testStoreArgs } from '../../support/testStore.js';
import { startServer, type ServerProcess } from '../support/serverProcess.js';
import {
  BASE,
  duplicatedActivities,
  feedCounts,
  objectId,
  putObject,
  readObject,
  startProcesses,
  stopProcesses,
  storedFeed,
  TOKEN,
} from '../support/severalProcesses.js';

/** PUTs each process makes in the first test. */
const WRITES = 24;
/** Rounds of conflicting If-Match writes. */
const ROUNDS = 4;

for (const count of [2, 4])
  describe(`${count} service processes writing one remote store at once`, function () {
    this.timeout(300000);
    let work: string;
    let storeArgs: string[];
    let processes: ServerProcess[] = [];
    let store: QuadStore;

    before(async function () {
      if (!REMOTE_STORE_URL) this.skip();
      work = mkdtempSync(join(tmpdir(), 'linkedart-processes-'));
      storeArgs = await testStoreArgs(join(work, 'data'));
      processes = await startProcesses(count, storeArgs);
      store = await openTestStore(join(work, 'data'));
    });
    afterEach(function () {
      // What the processes logged as errors, to say why a write failed.
      if (this.currentTest?.state === 'failed')
        for (const p of processes)
          for (const line of p.stdout().split('\n')) if (/"level":(50|60)/.test(line)) console.error(line);
    });
    after(async () => {
      await stopProcesses(processes);
      await store?.close();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    it('no activity lost or duplicated: the feed lists every change once, numbered without a gap', async () => {
      const changes = new Map<string, number>();
      await Promise.all(
        processes.map(async (p, i) => {
          for (let n = 0; n < WRITES; n++) {
            // Half to documents of this process's own, half to documents every process writes.
            const name = n % 2 === 0 ? `own-${i}-${n % 6}` : `shared-${n % 4}`;
            const answer = await putObject(p.url, name, `process ${i}, write ${n}`);
            if (answer.result === 'created' || answer.result === 'replaced')
              changes.set(objectId(name), (changes.get(objectId(name)) ?? 0) + 1);
          }
        }),
      );
      const activities = await storedFeed(store);
      const { perDocument, outOfPlace } = feedCounts(activities);
      expect(outOfPlace, 'activities out of place').to.equal(0);
      expect(await duplicatedActivities(store), 'duplicated activities').to.equal(0);
      expect(Object.fromEntries(perDocument)).to.deep.equal(Object.fromEntries(changes));
      for (const id of changes.keys()) {
        const kinds = activities.filter((a) => a.object === id).map((a) => a.kind);
        expect(kinds, id).to.deep.equal(['Create', ...Array<string>(kinds.length - 1).fill('Update')]);
      }
    });

    it('of conflicting If-Match writes exactly one wins; the others answer 412, and every process serves the winner', async () => {
      const name = 'contested';
      await putObject(processes[0].url, name, 'first');
      for (let round = 0; round < ROUNDS; round++) {
        const length = (await storedFeed(store)).length;
        const current = await readObject(processes[round % count].url, name);
        const answers = await Promise.all(
          processes.map((p, i) => putObject(p.url, name, `round ${round}, process ${i}`, current!.etag)),
        );
        const statuses = answers.map((a) => a.status);
        expect(
          statuses.filter((s) => s === 200),
          String(statuses),
        ).to.have.length(1);
        expect(
          statuses.filter((s) => s === 412),
          String(statuses),
        ).to.have.length(count - 1);
        const winner = statuses.indexOf(200);
        for (const p of processes)
          expect((await readObject(p.url, name))?.label).to.equal(`round ${round}, process ${winner}`);
        expect((await storedFeed(store)).length, 'one Update per round').to.equal(length + 1);
      }
    });

    it('a chain of conditional writes through every process in turn is recorded in its order', async () => {
      const name = 'chain';
      const background = Promise.all(
        processes.map(async (p, i) => {
          for (let n = 0; n < 6; n++) await putObject(p.url, `beside-${i}`, `beside ${n}`);
        }),
      );
      let etag = (await putObject(processes[0].url, name, 'link 0')).etag;
      for (let n = 1; n < 3 * count; n++) {
        const answer = await putObject(processes[n % count].url, name, `link ${n}`, etag);
        expect(answer.status, `link ${n}, If-Match ${etag}: ${answer.detail}`).to.equal(200);
        etag = answer.etag;
      }
      await background;
      const chain = (await storedFeed(store)).filter((a) => a.object === objectId(name));
      expect(chain.map((a) => a.kind)).to.deep.equal(['Create', ...Array<string>(3 * count - 1).fill('Update')]);
      expect(feedCounts(await storedFeed(store)).outOfPlace).to.equal(0);
      expect((await readObject(processes[count - 1].url, name))?.label).to.equal(`link ${3 * count - 1}`);
    });

    it('a process killed (kill -9) in the middle of writes leaves no half write; the others and a new process carry on', async () => {
      const victim = processes[0];
      const names = Array.from({ length: 60 }, (_, n) => `killed-${n}`);
      // Eight writes at a time into the process that is killed: some are in the store when it dies.
      let next = 0;
      const writing = Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < names.length) await putObject(victim.url, names[next++], 'before the kill');
        }),
      ).catch(() => undefined);
      const start = (await storedFeed(store)).length;
      const deadline = Date.now() + 60000;
      while ((await storedFeed(store)).length < start + 10) {
        expect(Date.now(), 'writes into the process to kill are stored').to.be.below(deadline);
        await new Promise((r) => setTimeout(r, 20));
      }
      const killed = new Promise((resolve) => victim.child.once('exit', resolve));
      victim.child.kill('SIGKILL');
      await killed;
      await writing;
      processes = processes.slice(1);
      // The others write at once, and so does a process started now.
      processes.push(await startServer([...storeArgs, '--base-url', BASE, '--token', TOKEN]));
      await Promise.all(processes.map((p, i) => putObject(p.url, `after-${i}`, 'after the kill')));

      const activities = await storedFeed(store);
      expect(feedCounts(activities).outOfPlace).to.equal(0);
      expect(await duplicatedActivities(store)).to.equal(0);
      for (const name of names) {
        const recorded = activities.filter((a) => a.object === objectId(name)).length;
        const stored = await readObject(processes[0].url, name);
        // Wholly written with its activity, or not at all.
        expect(recorded, name).to.equal(stored ? 1 : 0);
        if (stored) expect(stored.label).to.equal('before the kill');
      }
      for (let i = 0; i < processes.length; i++)
        expect(activities.filter((a) => a.object === objectId(`after-${i}`))).to.have.length(1);
    });
  });
