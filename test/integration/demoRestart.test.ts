/**
 * `npm start` (serve --demo) run again on the same store must not undo a curator's work: the
 * demo is loaded into an empty store once, and a restart leaves edits and deletions standing.
 * Through real restarts of the server process, as a user meets it.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './support/serverProcess.js';

const TOKEN = 'curator-token-for-demo-restart';
const WHITBY = '/place/whitby';
const DELETED = '/place/whm-picture-store';
const BASE = 'http://localhost:8080/';

describe("linkedart serve --demo: a restart keeps curators' changes", function () {
  this.timeout(180000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-demo-restart-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('loads the demo into the empty store, then never again: a SPARQL rename and a DELETE survive two restarts', async () => {
    const args = ['--demo', '--data-dir', dataDir, '--token', TOKEN, '--base-url', BASE];
    const first = await startServer(args);
    let renamedModified: string | null;
    try {
      expect(first.stderr()).to.match(/Loaded the demo collection into the empty store: 29 documents/);
      const update = `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        DELETE { GRAPH ?g { ?g rdfs:label ?l } } INSERT { GRAPH ?g { ?g rdfs:label "Whitby (renamed)" } }
        WHERE { GRAPH ?g { ?g rdfs:label ?l } FILTER(?g = <http://localhost:8080${WHITBY}>) }`;
      const updated = await fetch(`${first.url}/sparql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/sparql-update', Authorization: `Bearer ${TOKEN}` },
        body: update,
      });
      expect(updated.status, await updated.clone().text()).to.equal(200);
      expect(((await updated.json()) as { replaced: string[] }).replaced).to.deep.equal([
        `http://localhost:8080${WHITBY}`,
      ]);
      const deleted = await fetch(first.url + DELETED, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(deleted.status).to.equal(204);
      renamedModified = (await fetch(first.url + WHITBY)).headers.get('last-modified');
    } finally {
      await first.stop();
    }
    for (let restart = 0; restart < 2; restart++) {
      // Last-Modified has one-second precision: a reload would show a later one once the clock has
      // moved past the second recorded. Wait for that condition (polled; at most a second), not a fixed time.
      while (new Date().toUTCString() === renamedModified) await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await startServer(args);
      try {
        expect(again.stderr()).to.match(/demo collection was loaded into this store on .*; it is not loaded again/);
        const whitby = await fetch(again.url + WHITBY);
        expect(((await whitby.json()) as { _label: string })._label).to.equal('Whitby (renamed)');
        expect(whitby.headers.get('last-modified')).to.equal(renamedModified);
        expect((await fetch(again.url + DELETED)).status).to.be.oneOf([404, 410]);
      } finally {
        await again.stop();
      }
    }
  });

  it('served under another base URL than it was loaded under: the start-up line names both and how to serve it', async () => {
    const moved = mkdtempSync(join(tmpdir(), 'linkedart-demo-moved-'));
    try {
      const first = await startServer(['--demo', '--data-dir', moved, '--base-url', BASE]);
      await first.stop();
      const other = 'http://localhost:9090/';
      const again = await startServer(['--demo', '--data-dir', moved, '--base-url', other]);
      try {
        expect(again.stderr()).to.contain(
          `It was loaded under ${BASE}, not under this service's base URL ${other}: its documents answer only under that one (serve with --base-url ${BASE}`,
        );
      } finally {
        await again.stop();
      }
      const same = await startServer(['--demo', '--data-dir', moved, '--base-url', BASE]);
      try {
        expect(same.stderr()).to.match(/it is not loaded again/);
        expect(same.stderr()).not.to.contain('It was loaded under');
        expect((await fetch(same.url + WHITBY)).status).to.equal(200);
      } finally {
        await same.stop();
      }
    } finally {
      rmSync(moved, { recursive: true, force: true });
    }
  });

  it('does not load the demo into a store that holds documents of its own', async () => {
    const own = mkdtempSync(join(tmpdir(), 'linkedart-demo-own-'));
    try {
      const plain = await startServer(['--data-dir', own, '--token', TOKEN, '--base-url', BASE]);
      try {
        const doc = {
          '@context': 'https://linked.art/ns/v1/linked-art.json',
          id: 'http://localhost:8080/place/mine',
          type: 'Place',
          _label: 'Mine',
        };
        const put = await fetch(plain.url + '/place/mine', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/ld+json', Authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify(doc),
        });
        expect(put.status).to.equal(201);
      } finally {
        await plain.stop();
      }
      const demo = await startServer(['--demo', '--data-dir', own, '--base-url', BASE]);
      try {
        expect(demo.stderr()).to.contain(
          'The store already holds documents: the demo collection is loaded into an empty store only',
        );
        expect((await fetch(demo.url + WHITBY)).status).to.equal(404);
        expect((await fetch(demo.url + '/place/mine')).status).to.equal(200);
      } finally {
        await demo.stop();
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
