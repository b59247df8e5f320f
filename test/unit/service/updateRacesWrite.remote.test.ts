/**
 * A curator's SPARQL Update on process A and a write on process B to the same document, B's
 * landing after A's trial has read the document and before A commits (the race two processes
 * on one remote store can run): nothing B wrote is lost. A's update is made again from what B
 * stored (triedVersions.ts: the versions the trial read, checked by the write's guard), and the
 * feed lists both writes, once each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { SparqlService } from '../../../src/service/SparqlService.js';
import { KEEP_ALL_VERSIONS } from '../../../src/config/keepVersions.js';
import type { SparqlEngine } from '../../../src/sparql/SparqlEngine.js';
import type { QuadStore } from '../../../src/store/QuadStore.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { openTestStore } from '../../support/testStore.js';

const BASE = 'http://localhost:8080/';
const LA = 'https://linked.art/ns/v1/linked-art.json';
const ID = `${BASE}object/quay`;
const named = (label: string) => admitDocument({ '@context': LA, id: ID, type: 'HumanMadeObject', _label: label });
/** The label with " (checked)" after it, as the update read it. */
const CHECKED = `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
  DELETE { GRAPH ?g { ?g rdfs:label ?l } } INSERT { GRAPH ?g { ?g rdfs:label ?checked } }
  WHERE { GRAPH ?g { ?g rdfs:label ?l } FILTER (?g = <${ID}>) BIND (CONCAT(?l, " (checked)") AS ?checked) }`;

/** A's engine, with `between` run once after the trial has read and before the update goes on. */
function racing(engine: SparqlEngine, between: () => Promise<unknown>): SparqlEngine {
  let race: (() => Promise<unknown>) | undefined = between;
  return {
    warmUp: () => engine.warmUp(),
    status: () => engine.status(),
    query: (sparql, dataset, timeoutMs) => engine.query(sparql, dataset, timeoutMs),
    close: () => engine.close(),
    async tryUpdate(sparql, timeoutMs) {
      const tried = await engine.tryUpdate(sparql, timeoutMs);
      const now = race;
      race = undefined;
      await now?.();
      return tried;
    },
  };
}

describe('A SPARQL Update racing a write from another process (remote SPARQL store)', function () {
  this.timeout(300000);
  let dir: string;
  let stores: QuadStore[];
  let a: DocumentService;
  let b: DocumentService;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-update-race-'));
    stores = [await openTestStore(dir), await openTestStore(dir)];
    [a, b] = stores.map((store) => new DocumentService(store));
    await a.putAll([named('Quay at Noon')]);
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cases: Array<[string, () => Promise<unknown>, string | undefined, string[]]> = [
    [
      'a PUT renaming it',
      () => b.putAll([named('Pier at Dawn')]),
      'Pier at Dawn (checked)',
      ['Create', 'Update', 'Update'],
    ],
    ['a DELETE', () => b.delete(ID), undefined, ['Create', 'Delete']],
  ];
  // With no past versions kept (--keep-versions 0) no history graph is claimed either: the versions tried are the only guard.
  for (const keep of [0, KEEP_ALL_VERSIONS])
    for (const [what, write, label, feed] of cases)
      it(`B's ${what} between A's trial and its commit (--keep-versions ${keep}): kept, and A's update made from it`, async () => {
        a.keepVersions = b.keepVersions = keep;
        const sparql = new SparqlService(racing(stores[0].sparqlEngine(), write), a, {
          timeoutMs: 30000,
          maxRows: 10000,
          maxQueryBytes: 262144,
        });
        await sparql.update(CHECKED);
        const stored = await b.get(ID);
        expect((stored?.document as { _label?: string } | undefined)?._label, 'the label stored').to.equal(label);
        const activities = await b.feed.activities(1, await b.feed.length());
        expect(activities.map((x) => x.kind)).to.deep.equal(feed);
      });
});
