/**
 * The name index kept by every write equals the one built from the quads: after puts, a
 * replacement, a delete, a load through the check workers, and SPARQL Updates (which go through
 * DocumentService.commit), on the store the suites run on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { resolveInputs } from '../../../src/load/inputs.js';
import { Loader } from '../../../src/load/Loader.js';
import { nameIndexOf } from '../../../src/search/attachNameIndex.js';
import { loadNameIndex } from '../../../src/search/loadNameIndex.js';
import type { NameIndex } from '../../../src/search/NameIndex.js';
import { demoDocuments } from '../../../src/service/demoCollection.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { SparqlService } from '../../../src/service/SparqlService.js';
import type { QuadStore } from '../../../src/store/QuadStore.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { openTestStore } from '../../support/testStore.js';

const BASE = 'http://localhost:8080/';
const LA = 'https://linked.art/ns/v1/linked-art.json';
const AAT_PRIMARY = 'http://vocab.getty.edu/aat/300404670';

function named(path: string, name: string, identifier?: string) {
  return admitDocument({
    '@context': LA,
    id: BASE + path,
    type: 'HumanMadeObject',
    _label: name,
    identified_by: [
      { type: 'Name', content: name, classified_as: [{ id: AAT_PRIMARY, type: 'Type', _label: 'Primary Name' }] },
      ...(identifier ? [{ type: 'Identifier', content: identifier }] : []),
    ],
  });
}

const ids = (index: NameIndex, query: string): string[] =>
  index.search(query, 0, 1000).hits.map((h) => h.id.slice(BASE.length));

describe('Name search index: kept by every write, equal to the one built from the quads', function () {
  this.timeout(300000);
  let dir: string;
  let store: QuadStore;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-names-'));
    store = await openTestStore(dir);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('after puts, a delete, a load and SPARQL Updates', async () => {
    const documents = new DocumentService(store);
    await documents.putAll(demoDocuments(BASE));
    // Built from what is stored already, then kept.
    const kept = await nameIndexOf(documents);
    expect(await nameIndexOf(documents)).to.equal(kept);
    // Her name first; then the painting whose statements name her (statements weigh less).
    expect(ids(kept, 'edith marrow')).to.deep.equal(['person/edith-marrow', 'object/harbour-at-dusk']);
    // The exact identifier first; the image's WHM-IMG-1923-4-001 has the same words.
    expect(ids(kept, 'WHM 1923.4')).to.deep.equal(['object/harbour-at-dusk', 'digital/harbour-at-dusk-image']);

    // PUT: a new document, then its replacement under another name.
    await documents.putAll([named('object/etude', 'Étude de port', 'WHM 2024.1')]);
    expect(ids(kept, 'etude')).to.deep.equal(['object/etude']);
    await documents.putAll([named('object/etude', 'Harbour Sketch', 'WHM 2024.1')]);
    expect(ids(kept, 'etude')).to.deep.equal([]);
    // The name first; the catalogue entry's statement has both words too.
    expect(ids(kept, 'sketch harb')[0]).to.equal('object/etude');
    // DELETE.
    await documents.delete(`${BASE}object/harbour-at-dusk-frame`);
    expect(ids(kept, 'WHM 2019.7')).to.deep.equal([]);
    // A load through the check workers (interned graphs).
    const loaded =
      ['Öland Quay', 'Quay at Noon']
        .map((name, n) =>
          JSON.stringify({
            '@context': LA,
            id: `${BASE}object/loaded-${n}`,
            type: 'HumanMadeObject',
            _label: `Loaded ${n}`,
            identified_by: [{ type: 'Name', content: name }],
          }),
        )
        .join('\n') + '\n';
    const report = await new Loader(documents, { checkWorkers: 1, batchSize: 1 }).load(
      resolveInputs(['-'], 'ndjson', Readable.from([Buffer.from(loaded)])),
    );
    expect(report.created).to.equal(2);
    // Names first; statements that mention quays follow.
    expect(ids(kept, 'quay').slice(0, 2).sort()).to.deep.equal(['object/loaded-0', 'object/loaded-1']);
    expect(ids(kept, 'oland')).to.deep.equal(['object/loaded-0']);
    // SPARQL Update: a name's content changed; a document dropped.
    const sparql = new SparqlService(store.sparqlEngine(), documents, {
      timeoutMs: 30000,
      maxRows: 10000,
      maxQueryBytes: 262144,
    });
    await sparql.update(`PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>
      DELETE { GRAPH ?g { ?n crm:P190_has_symbolic_content "Quay at Noon" } } INSERT { GRAPH ?g { ?n crm:P190_has_symbolic_content "Jetty at Midnight" } }
      WHERE { GRAPH ?g { ?n crm:P190_has_symbolic_content "Quay at Noon" } }`);
    expect(ids(kept, 'quay').filter((id) => id.startsWith('object/loaded'))).to.deep.equal(['object/loaded-0']);
    expect(ids(kept, 'midnight jetty')).to.deep.equal(['object/loaded-1']);
    await sparql.update(`DROP GRAPH <${BASE}object/loaded-0>`);
    expect(ids(kept, 'oland')).to.deep.equal([]);

    // The same answers as an index built from the quads now.
    const rebuilt = await loadNameIndex(store);
    expect(rebuilt.size).to.equal(kept.size);
    for (const query of ['harbour', 'dusk harbour', 'whitby', 'marrow', 'pike', '1923', 'jetty', 'sketch', 'qu', 'h']) {
      // The same hits; the order of hits with neither an exact match may differ a little, as the
      // scores of the kept index count replaced documents until MiniSearch vacuums them.
      const [a, b] = [rebuilt, kept].map((index) =>
        index
          .search(query, 0, 1000)
          .hits.map((h) => JSON.stringify(h))
          .sort(),
      );
      expect(a, query).to.deep.equal(b);
    }
  });
});
