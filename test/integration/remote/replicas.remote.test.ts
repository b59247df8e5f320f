/**
 * Two `linkedart serve` processes on one remote store, each with its own render cache: a write
 * through either is seen at once through the other, with a new ETag, and an old ETag no longer
 * gets 304. (The first process is never told of the second's writes: the version in the store
 * is what keeps its cache honest.)
 */
import { expect } from 'chai';
import { startServer, type ServerProcess } from '../support/serverProcess.js';
import { openTestStore, REMOTE_STORE_URL } from '../../support/testStore.js';

const TOKEN = 'replica-test-token-0123456789';
const BASE = 'http://localhost:8080/';
const PAINTING = `${BASE}object/harbour-at-dusk`;

describe('replicas: two service processes on one remote store', function () {
  this.timeout(180000);
  let a: ServerProcess;
  let b: ServerProcess;

  before(async function () {
    if (!REMOTE_STORE_URL) this.skip();
    await (await openTestStore('replicas')).close(); // a clean store
    const args = [
      '--store',
      'sparql',
      '--sparql-url',
      REMOTE_STORE_URL,
      '--base-url',
      BASE,
      '--token',
      TOKEN,
      '--log-level',
      'warn',
    ];
    a = await startServer([...args, '--demo']);
    b = await startServer(args);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  const get = (server: ServerProcess, path: string, headers: Record<string, string> = {}) =>
    fetch(server.url + path, { headers });
  const label = async (server: ServerProcess): Promise<{ label: string; etag: string | null }> => {
    const response = await get(server, '/object/harbour-at-dusk');
    expect(response.status).to.equal(200);
    return { label: ((await response.json()) as { _label: string })._label, etag: response.headers.get('etag') };
  };
  const put = async (server: ServerProcess, document: object): Promise<number> =>
    (
      await fetch(server.url + '/object/harbour-at-dusk', {
        method: 'PUT',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/ld+json' },
        body: JSON.stringify(document),
      })
    ).status;

  it('a PUT through one is served by the other at once, with a new ETag; the old ETag gets 200, not 304', async () => {
    const before = await label(b); // b renders and caches the painting
    expect((await label(b)).etag).to.equal(before.etag);
    const document = (await (await get(b, '/object/harbour-at-dusk')).json()) as Record<string, unknown>;

    for (const name of ['Harbour at Dusk (renamed once)', 'Harbour at Dusk (renamed twice)']) {
      expect(await put(a, { ...document, _label: name })).to.equal(200);
      const after = await label(b);
      expect(after.label).to.equal(name);
      expect(after.etag).not.to.equal(before.etag);
      const conditional = await get(b, '/object/harbour-at-dusk', { 'if-none-match': before.etag! });
      expect(conditional.status).to.equal(200);
      // And b's fresh ETag is the one a serves.
      expect((await label(a)).etag).to.equal(after.etag);
    }
  });

  it('under a stream of concurrent reads through one, no read begun after a write through the other ended gets an older version', async () => {
    const document = (await (await get(b, '/object/harbour-at-dusk')).json()) as Record<string, unknown>;
    const names = [
      document._label as string,
      'Harbour at Dusk (stream 1)',
      'Harbour at Dusk (stream 2)',
      'Harbour at Dusk (stream 3)',
    ];
    // Order, not time: each read notes how many PUTs had been answered when it began.
    const observed: Array<{ writesBefore: number; label: string; etag: string | null }> = [];
    let writesDone = 0;
    let streaming = true;
    /** Woken after every read: what waits for reads to have happened. */
    let readDone = (): void => undefined;
    const stream = async (): Promise<void> => {
      while (streaming) {
        const writesBefore = writesDone;
        const response = await get(b, '/object/harbour-at-dusk');
        expect(response.status).to.equal(200);
        observed.push({
          writesBefore,
          label: ((await response.json()) as { _label: string })._label,
          etag: response.headers.get('etag'),
        });
        readDone();
      }
    };
    // Until 20 reads begun after `writes` PUTs had been answered have ended.
    const readsAfter = async (writes: number): Promise<void> => {
      while (observed.filter((o) => o.writesBefore >= writes).length < 20)
        await new Promise<void>((resolve) => (readDone = resolve));
    };
    const readers = Array.from({ length: 10 }, stream);
    await readsAfter(0);
    for (const name of names.slice(1)) {
      expect(await put(a, { ...document, _label: name })).to.equal(200);
      writesDone++;
      await readsAfter(writesDone);
    }
    streaming = false;
    await Promise.all(readers);

    for (const { writesBefore, label, etag } of observed) {
      expect(names.indexOf(label), `a read begun after ${writesBefore} writes got "${label}"`).to.be.at.least(
        writesBefore,
      );
      expect(etag, 'one ETag per version').to.equal(observed.find((o) => o.label === label)!.etag);
    }
    expect(new Set(observed.map((o) => o.label)).size, 'versions seen').to.equal(names.length);
  });

  it('a SPARQL Update through one is served by the other; a DELETE through one is 410 Gone through the other', async () => {
    await label(a); // a caches it
    const update = `DELETE { GRAPH <${PAINTING}> { <${PAINTING}> <http://www.w3.org/2000/01/rdf-schema#label> ?l } }
      INSERT { GRAPH <${PAINTING}> { <${PAINTING}> <http://www.w3.org/2000/01/rdf-schema#label> "Renamed by SPARQL" } }
      WHERE { GRAPH <${PAINTING}> { <${PAINTING}> <http://www.w3.org/2000/01/rdf-schema#label> ?l } }`;
    const response = await fetch(b.url + '/sparql', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/sparql-update' },
      body: update,
    });
    expect(response.status, await response.text()).to.equal(200);
    expect((await label(a)).label).to.equal('Renamed by SPARQL');

    const deleted = await fetch(b.url + '/object/harbour-at-dusk', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(deleted.status).to.equal(204);
    // The tombstone B wrote is read by A: gone, not merely unknown.
    expect((await get(a, '/object/harbour-at-dusk')).status).to.equal(410);
  });
});
