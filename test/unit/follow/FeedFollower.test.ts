/**
 * Two service processes on one store, as two DocumentServices (on the remote store, two
 * connections): what A writes, B's name index, thumbnails and render cache take from the change
 * feed (FeedFollower), without a restart; what /ready reports of it; a missing activity number
 * waited for, then passed over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { FeedFollower } from '../../../src/follow/FeedFollower.js';
import { activityGraphOf, activityQuads } from '../../../src/feed/activityGraph.js';
import { nameIndexOf } from '../../../src/search/attachNameIndex.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import type { QuadStore } from '../../../src/store/QuadStore.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { openTestStore, REMOTE_STORE_URL, STORE_KIND } from '../../support/testStore.js';

const BASE = 'http://localhost:8080/';
const LA = 'https://linked.art/ns/v1/linked-art.json';

function named(path: string, name: string) {
  return admitDocument({
    '@context': LA,
    id: BASE + path,
    type: 'HumanMadeObject',
    _label: name,
    identified_by: [{ type: 'Name', content: name }],
  });
}

async function found(documents: DocumentService, query: string): Promise<string[]> {
  return (await nameIndexOf(documents)).search(query, 0, 100).hits.map((h) => h.id.slice(BASE.length));
}

describe(`FeedFollower: what one process writes, another's indexes take from the change feed (${STORE_KIND})`, function () {
  this.timeout(300000);
  let dir: string;
  let stores: QuadStore[];
  let a: DocumentService;
  let b: DocumentService;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-follow-'));
    // The embedded store has one process only: the two services share it (each keeps its own indexes).
    const first = await openTestStore(dir);
    stores = REMOTE_STORE_URL ? [first, await openTestStore(dir)] : [first];
    a = new DocumentService(first);
    b = new DocumentService(stores[stores.length - 1]);
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a create, a rename and a delete on A are found (and gone) on B after one step', async () => {
    await a.putAll([named('object/quay', 'Quay at Noon')]);
    const follower = new FeedFollower(b, { intervalMs: 1000 });
    await follower.begin();
    expect(await found(b, 'quay')).to.deep.equal(['object/quay']);
    const steps: Array<[string, () => Promise<unknown>, string, string[]]> = [
      ['create', () => a.putAll([named('object/jetty', 'Jetty at Dusk')]), 'jetty', ['object/jetty']],
      ['rename', () => a.putAll([named('object/jetty', 'Pier at Dawn')]), 'jetty', []],
      ['renamed', () => Promise.resolve(), 'pier dawn', ['object/jetty']],
      ['delete', () => a.delete(`${BASE}object/quay`), 'quay', []],
    ];
    for (const [what, write, query, expected] of steps) {
      await write();
      await follower.step();
      expect(await found(b, query), what).to.deep.equal(expected);
    }
    expect(follower.status()).to.include({ applied: 4, caughtUp: true });
  });

  it('status: not caught up before the first step; then the lag since the feed was last read to its end', async () => {
    const follower = new FeedFollower(b, { intervalMs: 1000 });
    await follower.begin();
    expect(follower.status()).to.deep.equal({ applied: 0, caughtUp: false, lagMs: null });
    const caughtUp = follower.caughtUp();
    await follower.step();
    await caughtUp;
    const status = follower.status(Date.now() + 1000);
    expect(status.caughtUp).to.equal(true);
    expect(status.lagMs).to.be.within(1000, 60000);
  });

  it('started, it finds a write made on A within its bound, with no call', async () => {
    const follower = new FeedFollower(b, { intervalMs: 50 });
    await follower.begin();
    await nameIndexOf(b);
    follower.start();
    try {
      await a.putAll([named('object/harbour-light', 'Harbour Light')]);
      const started = Date.now();
      while ((await found(b, 'harbour light')).length === 0) {
        expect(Date.now() - started, 'found within 2 s').to.be.below(2000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      follower.stop();
    }
  });

  it('a missing activity number is waited for, then passed over (onGap), and what follows applied', async () => {
    const gaps: number[] = [];
    const follower = new FeedFollower(b, { intervalMs: 1000, gapWaitMs: 200, onGap: (seq) => gaps.push(seq) });
    await follower.begin();
    await nameIndexOf(b);
    // Activity 2 written with no activity 1 (as racing writers could leave it).
    const lost = {
      seq: 2,
      kind: 'Create' as const,
      object: `${BASE}object/late`,
      type: 'HumanMadeObject',
      endTime: '2026-11-27T10:00:00Z',
    };
    await a.putAll([named('object/late', 'Late Arrival')]);
    await stores[0].replaceGraphs(
      new Map([
        [activityGraphOf(1), []],
        [activityGraphOf(2), activityQuads(lost)],
      ]),
    );
    await follower.step();
    expect(follower.status().applied, 'waiting for activity 1').to.equal(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await follower.step();
    expect(gaps).to.deep.equal([1]);
    expect(follower.status().applied).to.equal(2);
    expect(await found(b, 'late arrival')).to.deep.equal(['object/late']);
  });

  it("passes over this process's own writes (no second read, no second telling of the observers), and applies another's", async () => {
    const follower = new FeedFollower(b, { intervalMs: 1000 });
    await follower.begin();
    await nameIndexOf(b);
    const told: string[][] = [];
    b.onChange((ids) => told.push([...ids]));
    await b.putAll([named('object/own', 'Own Work')]);
    await b.delete(`${BASE}object/own`);
    await a.putAll([named('object/other', 'Other Work')]);
    expect(
      told.map((ids) => ids.map((id) => id.slice(BASE.length))),
      'told at the write',
    ).to.deep.equal([['object/own'], ['object/own']]);
    await follower.step();
    expect(told.slice(2).flat(), 'told by the follower').to.deep.equal([`${BASE}object/other`]);
    expect(follower.status()).to.include({ applied: 3, caughtUp: true });
    expect(await follower.lag()).to.deep.equal({ activities: 0, seconds: 0, ownSkipped: 2 });
    expect(await found(b, 'work')).to.deep.equal(['object/other']);
  });

  it("lag: the activities of others not applied yet and the age of the oldest; this process's own not counted", async () => {
    const follower = new FeedFollower(b, { intervalMs: 1000 });
    await follower.begin();
    expect(await follower.lag()).to.deep.equal({ activities: 0, seconds: 0, ownSkipped: 0 });
    await b.putAll([named('object/mine', 'Mine')]);
    await a.putAll([named('object/first', 'First'), named('object/second', 'Second')]);
    const written = Date.now();
    const lag = await follower.lag(written + 5000);
    expect(lag.activities).to.equal(2);
    // The feed's times are to the second.
    expect(lag.seconds).to.be.within(4, 7);
    await follower.step();
    expect(await follower.lag()).to.deep.equal({ activities: 0, seconds: 0, ownSkipped: 1 });
  });

  it('refuses an interval that is not a whole number of milliseconds', () => {
    for (const intervalMs of [0, -5, 1.5, Number.NaN])
      expect(() => new FeedFollower(b, { intervalMs }), String(intervalMs)).to.throw(
        RangeError,
        /whole number of milliseconds/,
      );
  });
});
