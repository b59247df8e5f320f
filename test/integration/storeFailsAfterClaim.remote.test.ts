/**
 * A service process on a remote store seen through a proxy (test/support/storeProxy.ts) that
 * counts what the process asks the store and makes the store fail at a write: a PUT reads its
 * document's graphs once before its write; a guarded write that fails after its claim (an
 * operation that fails put into the request right after the claim's check: Virtuoso keeps the
 * operations of a request before the one that fails) or whose answer is lost once the store
 * committed it (the connection dropped) leaves the change feed without a gap or a number
 * claimed without its activity, and the next write gets the next number. Remote pass only.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SparqlStore } from '../../src/store/sparql/SparqlStore.js';
import { ChangeFeed } from '../../src/feed/ChangeFeed.js';
import { startStoreProxy, type SeenRequest, type StoreProxy } from '../support/storeProxy.js';
import { REMOTE_STORE_URL, REMOTE_STORE_WRITER, testStoreArgs } from '../support/testStore.js';
import { remoteStoreArgs } from '../support/remoteStoreArgs.js';
import type { ServerProcess } from './support/serverProcess.js';
import { AUTH, duplicatedActivities, objectDocument, objectId, startProcesses } from './support/severalProcesses.js';

/** A guarded write: its claim's check signals this state when the claim did not hold (writeTurn.ts). */
const GUARDED = /LAC01/;
/** An operation that always fails when it runs (its WHERE matches the write turn's quad, which the request holds). */
const FAILING =
  'INSERT { GRAPH <urn:linkedart-service:check:none> { <urn:h:test> <urn:h:test> ?x } } WHERE { ' +
  'GRAPH <urn:linkedart-service:write-turn> { ?s ?p ?o } BIND (bif:signal("HT001", "test: the store failed after the claim") AS ?x) }';

/** `update` with FAILING put right after its operation that signals LAC01 (the claim's check). */
function failingAfterClaim(update: string): string {
  const operations = update.split(' ;\n');
  const check = operations.findIndex((op) => GUARDED.test(op));
  if (check < 0) throw new Error('no claim check in the guarded write');
  return [...operations.slice(0, check + 1), FAILING, ...operations.slice(check + 1)].join(' ;\n');
}

(REMOTE_STORE_URL ? describe : describe.skip)(
  'a remote store failing at a write (a proxy in front of it)',
  function () {
    this.timeout(300000);
    let dir: string;
    let proxy: StoreProxy;
    let server: ServerProcess;
    let store: SparqlStore;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'linkedart-claim-'));
      await testStoreArgs(dir);
      proxy = await startStoreProxy(REMOTE_STORE_URL!);
      const { updateUrl } = REMOTE_STORE_WRITER;
      const writer = { ...REMOTE_STORE_WRITER, updateUrl: updateUrl && proxy.through(updateUrl) };
      [server] = await startProcesses(1, [...remoteStoreArgs(proxy.url, writer), '--follow-feed-ms', '100']);
      store = await SparqlStore.open({ queryUrl: REMOTE_STORE_URL!, ...REMOTE_STORE_WRITER });
    });
    after(async () => {
      await server?.stop();
      await proxy?.close();
      await store?.close();
      rmSync(dir, { recursive: true, force: true });
    });
    afterEach(() => {
      proxy.fault = () => 'pass';
    });

    const put = (name: string, label: string) =>
      fetch(`${server.url}/processes/object/${name}`, {
        method: 'PUT',
        headers: { ...AUTH, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(objectDocument(name, label)),
      });
    /** The feed as stored: every activity read (a number claimed without its activity fails the read), and its ids in order. */
    const storedFeed = async (): Promise<string[]> => {
      const feed = new ChangeFeed(store);
      return (await feed.activities(1, await feed.length())).map((a) => a.object);
    };
    /** Graphs of the feed's numbers holding a claim and nothing else. */
    const claimsAlone = async (): Promise<number> => {
      const result = await store.query(
        'SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?g <urn:linkedart-service:writtenBy> ?t } ' +
          'FILTER (STRSTARTS(STR(?g), "urn:linkedart-service:activity:")) ' +
          'FILTER NOT EXISTS { GRAPH ?g { ?g <urn:linkedart-service:activity> ?a } } }',
      );
      return result.kind === 'bindings' ? Number(result.rows[0]?.n?.v ?? 0) : -1;
    };

    it("a PUT reads its document's graphs once before its write (digest, history and difference from one read)", async () => {
      expect((await put('once', 'first')).status).to.equal(201);
      for (const label of ['second', 'third']) {
        proxy.reset();
        expect((await put('once', label)).status).to.equal(200);
        const write = proxy.seen.findIndex((r) => r.kind === 'update' && GUARDED.test(r.text));
        expect(write, 'the guarded write').to.be.greaterThan(-1);
        const document = (r: SeenRequest) => r.kind === 'query' && r.text.includes(`<${objectId('once')}>`);
        expect(
          proxy.seen
            .slice(0, write)
            .filter(document)
            .map((r) => r.text.slice(0, 60)),
        ).to.have.length(1);
      }
    });

    it('a write failing right after its claim leaves no number claimed without its activity; the next write gets the next number', async () => {
      const before = await storedFeed();
      let failed = 0;
      proxy.fault = (request) => {
        if (request.kind !== 'update' || !GUARDED.test(request.text) || failed > 0) return 'pass';
        failed++;
        return { update: failingAfterClaim(request.text) };
      };
      const answer = await put('after-claim', 'fails after its claim');
      expect(failed, 'the guarded write was failed').to.equal(1);
      expect(answer.status).to.be.within(500, 599);
      expect((await fetch(`${server.url}/processes/object/after-claim`)).status).to.equal(404);
      expect((await put('next', 'the next write')).status).to.equal(201);
      expect(await claimsAlone(), 'numbers claimed without their activity').to.equal(0);
      expect(await storedFeed()).to.deep.equal([...before, objectId('next')]);
      expect(await duplicatedActivities(store)).to.equal(0);
      // The feed's pages are read from the same graphs: the newest page answers, listing the next write last.
      const page = await fetch(`${server.url}/processes/activity-stream`, { headers: { Accept: 'application/json' } });
      expect(page.status).to.equal(200);
    });

    it('a write whose answer is lost after the store committed it is in the feed once; the next write gets the next number', async () => {
      const before = await storedFeed();
      let dropped = 0;
      proxy.fault = (request) => {
        if (request.kind !== 'update' || !GUARDED.test(request.text) || dropped > 0) return 'pass';
        dropped++;
        return 'drop-after';
      };
      const answer = await put('answer-lost', 'stored, its answer lost');
      expect(dropped).to.equal(1);
      expect(answer.status).to.be.within(500, 599);
      // Stored all the same (the store committed it): not acknowledged, and not lost either.
      expect((await fetch(`${server.url}/processes/object/answer-lost`)).status).to.equal(200);
      expect((await put('after-lost', 'the write after')).status).to.equal(201);
      expect(await claimsAlone()).to.equal(0);
      expect(await storedFeed()).to.deep.equal([...before, objectId('answer-lost'), objectId('after-lost')]);
      expect(await duplicatedActivities(store)).to.equal(0);
    });
  },
);
