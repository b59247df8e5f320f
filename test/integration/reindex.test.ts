/**
 * The reverse-link index is derived: after a mixed history of writes (puts, a delete, a load
 * through the check workers' path, SPARQL Updates), the index the writes kept equals the index
 * `reindex` rebuilds from the quads, row for row, in the store and in memory. Both stores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { loadReverseLinks } from '../../src/discovery/loadReverseLinks.js';
import { isLinksGraph, linksGraphOf, linksQuads } from '../../src/discovery/linksGraph.js';
import { reindex, relationsVersion, storedLinksVersion, ensureLinksCurrent } from '../../src/discovery/reindex.js';
import { RELATIONS } from '../../src/discovery/relations/index.js';
import type { ReverseLinks } from '../../src/discovery/ReverseLinks.js';
import { resolveInputs } from '../../src/load/inputs.js';
import { Loader } from '../../src/load/Loader.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { SparqlService } from '../../src/service/SparqlService.js';
import type { QuadStore } from '../../src/store/QuadStore.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { openTestStore } from '../support/testStore.js';

const BASE = 'http://localhost:8080/';
const LA = 'https://linked.art/ns/v1/linked-art.json';
const PAINTER = `${BASE}person/edith-marrow`;
const COLLECTION = `${BASE}set/whm-collection`;

/** Every (target, relation, hit) the index answers, for every target any row names. */
async function rowsOf(index: ReverseLinks, targets: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const target of targets) {
    // A published relation the index counts none of is not asked for its hits: on the remote store each
    // hits() is a few queries, and every relation of every target took this test past 100 s.
    const counted = await index.counts(target);
    for (const relation of RELATIONS) {
      if (!relation.internal && !counted.has(relation.name)) continue;
      const page = await index.hits(target, relation.name, 0, 1_000_000);
      for (const hit of page.items) out.push(`${target} ${relation.name} ${hit.id} ${hit.type}`);
    }
  }
  return out.sort();
}

/** The links graphs' quads, as text. */
async function linksGraphs(store: QuadStore): Promise<string[]> {
  const names = (await store.listGraphs()).filter(isLinksGraph);
  return (await store.readGraphs(names))
    .map((q) => `${q.subject.value} ${q.predicate.value} ${q.object.value} ${q.graph.value}`)
    .sort();
}

describe('Reverse links: the kept index equals the one rebuilt from the quads', function () {
  this.timeout(300000);
  let dir: string;
  let store: QuadStore;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-reindex-'));
    store = await openTestStore(dir);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('after puts, a delete, a load and SPARQL Updates', async () => {
    const documents = new DocumentService(store);
    const kept = await documents.reverseLinks();
    await documents.putAll(demoDocuments(BASE));
    expect(await storedLinksVersion(store)).to.equal(relationsVersion());
    // A new object produced by the painter, then replaced by one made by someone else.
    const sketch = (maker: string) =>
      admitDocument({
        '@context': LA,
        id: `${BASE}object/sketch`,
        type: 'HumanMadeObject',
        _label: 'Sketch',
        produced_by: { type: 'Production', carried_out_by: [{ id: maker, type: 'Person', _label: 'Maker' }] },
        member_of: [{ id: COLLECTION, type: 'Set', _label: 'Collection' }],
      });
    await documents.putAll([sketch(PAINTER)]);
    await documents.putAll([sketch(`${BASE}person/someone-else`)]);
    await documents.delete(`${BASE}object/harbour-at-dusk-frame`);
    // A load, through the loader's graphs (the check workers' path).
    const loaded =
      ['a', 'b', 'c']
        .map((n) =>
          JSON.stringify({
            '@context': LA,
            id: `${BASE}object/loaded-${n}`,
            type: 'HumanMadeObject',
            _label: `Loaded ${n}`,
            produced_by: { type: 'Production', carried_out_by: [{ id: PAINTER, type: 'Person', _label: 'Painter' }] },
          }),
        )
        .join('\n') + '\n';
    const report = await new Loader(documents, { batchSize: 2 }).load(
      resolveInputs(['-'], 'ndjson', Readable.from([Buffer.from(loaded)])),
    );
    expect(report.created).to.equal(3);
    // SPARQL Updates: a membership added in a graph, a production's maker changed (the old maker's reference with it).
    const sparql = new SparqlService(store.sparqlEngine(), documents, {
      timeoutMs: 30000,
      maxRows: 10000,
      maxQueryBytes: 262144,
    });
    await sparql.update(`PREFIX la: <https://linked.art/ns/terms/>
      INSERT DATA { GRAPH <${BASE}object/loaded-a> { <${BASE}object/loaded-a> la:member_of <${COLLECTION}> . <${COLLECTION}> a la:Set } }`);
    await sparql.update(`PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>
      DELETE { GRAPH ?g { ?p crm:P14_carried_out_by <${PAINTER}> . <${PAINTER}> ?pp ?oo } }
      INSERT { GRAPH ?g { ?p crm:P14_carried_out_by <${BASE}person/pupil> . <${BASE}person/pupil> a crm:E21_Person } } WHERE { GRAPH ?g { <${BASE}object/loaded-b> crm:P108i_was_produced_by ?p . ?p crm:P14_carried_out_by <${PAINTER}> . <${PAINTER}> ?pp ?oo } }`);

    const painterHits = (await kept.hits(PAINTER, 'objectProducedByAgent', 0, 100)).items.map((h) => h.id);
    expect(painterHits).to.deep.equal([
      `${BASE}object/harbour-at-dusk`,
      `${BASE}object/loaded-a`,
      `${BASE}object/loaded-c`,
    ]);
    expect((await kept.hits(COLLECTION, 'entityMemberOfSet', 0, 100)).items.map((h) => h.id))
      .to.include(`${BASE}object/loaded-a`)
      .and.include(`${BASE}object/sketch`)
      .and.not.include(`${BASE}object/harbour-at-dusk-frame`);

    const targets = [...new Set((await linksGraphs(store)).map((line) => line.split(' ')[0]))];
    const keptRows = await rowsOf(kept, targets);
    const keptGraphs = await linksGraphs(store);
    const outcome = await reindex(store);
    expect(outcome.removed).to.equal(0);
    expect(await linksGraphs(store)).to.deep.equal(keptGraphs);
    expect(await rowsOf(await loadReverseLinks(store), targets)).to.deep.equal(keptRows);
    expect(keptRows.length).to.be.greaterThan(20);
  });

  it("a stale stamp (another version's relations) makes the start rebuild; links graphs of documents gone are removed", async () => {
    const before = await linksGraphs(store);
    const gone = 'https://example.org/object/gone';
    await store.replaceGraphs(
      new Map([
        ['urn:linkedart-service:links-version', []],
        [
          linksGraphOf(gone),
          linksQuads(gone, {
            type: 'HumanMadeObject',
            links: [{ relation: 'objectProducedByAgent', target: PAINTER }],
          }),
        ],
      ]),
    );
    const outcome = await ensureLinksCurrent(store);
    expect(outcome?.documents).to.be.greaterThan(20);
    expect(outcome?.removed).to.equal(1);
    expect(await storedLinksVersion(store)).to.equal(relationsVersion());
    expect(await linksGraphs(store)).to.deep.equal(before);
    expect(await ensureLinksCurrent(store)).to.equal(undefined);
  });
});
