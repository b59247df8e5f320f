/**
 * /metrics of a process that follows the store's change feed (several processes on one store:
 * src/follow/): how many of other processes' activities it has not applied yet and how old the
 * oldest is, its own writes counted as applied (and passed over by the follower). Process A is a
 * second DocumentService on the same store, writing; process B serves HTTP and follows the feed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { pino } from 'pino';
import { resolveConfig } from '../../src/config/Config.js';
import { FeedFollower } from '../../src/follow/FeedFollower.js';
import { createApp } from '../../src/http/createApp.js';
import type { Readiness } from '../../src/http/operations.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { Representations } from '../../src/service/Representations.js';
import type { QuadStore } from '../../src/store/QuadStore.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { openTestStore, REMOTE_STORE_URL, STORE_KIND } from '../support/testStore.js';
import { parsePrometheusText, sampleValue } from './support/promText.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const LA = 'https://linked.art/ns/v1/linked-art.json';
const object = (name: string) => ({
  '@context': LA,
  id: `${BASE}object/${name}`,
  type: 'HumanMadeObject',
  _label: name,
});

describe(`GET /metrics: how far a process is behind the store's change feed (${STORE_KIND})`, function () {
  this.timeout(120000);
  let dir: string;
  let stores: QuadStore[];
  let server: Server;
  let origin: string;
  let a: DocumentService;
  let follower: FeedFollower;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-feed-lag-'));
    // The embedded store has one process only: the two services share it.
    const first = await openTestStore(dir);
    stores = REMOTE_STORE_URL ? [first, await openTestStore(dir)] : [first];
    a = new DocumentService(first);
    const b = new DocumentService(stores[stores.length - 1]);
    // A process that follows the feed (as --follow-feed-ms on a remote store sets it).
    const config = {
      ...resolveConfig({ dataDir: dir, port: '0', baseUrl: BASE, token: TOKEN }, {}),
      followFeedMs: 1000,
    };
    follower = new FeedFollower(b, { intervalMs: 1000 });
    await follower.begin();
    const readiness: Readiness = { ready: true, feed: () => follower.status(), feedLag: () => follower.lag() };
    const representations = new Representations(b, config.cacheBytes, { revalidate: REMOTE_STORE_URL !== undefined });
    const logger = pino({ level: 'silent' });
    server = createApp({ config, documents: b, representations, logger, readiness }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const lag = async () => {
    const text = await (await fetch(`${origin}/metrics`)).text();
    for (const name of ['feed_lag_activities', 'feed_lag_seconds', 'feed_own_activities_skipped_total'])
      expect(text).to.match(new RegExp(`^# HELP linkedart_${name} \\S`, 'm'));
    const samples = parsePrometheusText(text);
    const value = (name: string) => sampleValue(samples, `linkedart_${name}`);
    return {
      activities: value('feed_lag_activities'),
      seconds: value('feed_lag_seconds'),
      skipped: value('feed_own_activities_skipped_total'),
    };
  };
  const put = async (name: string) => {
    const response = await fetch(`${origin}/collection/object/${name}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify(object(name)),
    });
    expect(response.status, await response.text()).to.equal(201);
  };

  it('counts what others wrote until it is applied; its own writes never', async () => {
    const steps: Array<[string, () => Promise<unknown>, { activities: number; skipped: number }]> = [
      ['at start', () => Promise.resolve(), { activities: 0, skipped: 0 }],
      ['its own PUT', () => put('own'), { activities: 0, skipped: 0 }],
      [
        'two written by A',
        () => a.putAll([admitDocument(object('first')), admitDocument(object('second'))]),
        { activities: 2, skipped: 0 },
      ],
      ['the feed followed', () => follower.step(), { activities: 0, skipped: 1 }],
    ];
    for (const [what, step, expected] of steps) {
      await step();
      const now = await lag();
      expect({ activities: now.activities, skipped: now.skipped }, what).to.deep.equal(expected);
      if (expected.activities === 0) expect(now.seconds, what).to.equal(0);
      else expect(now.seconds, what).to.be.within(0, 60);
    }
  });
});
