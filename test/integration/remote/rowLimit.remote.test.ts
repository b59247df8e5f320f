/**
 * A Virtuoso that answers few rows at once (ResultSetMaxRows 40 here; 10,000 unless set): the
 * service's own reads over every graph (the registry, the names at start) come whole, read in
 * parts, never cut. Runs on a Virtuoso of its own.
 */
import { expect } from 'chai';
import { df, type Quad } from '../../../src/rdf/terms.js';
import { loadNameIndex } from '../../../src/search/loadNameIndex.js';
import { NameIndex } from '../../../src/search/NameIndex.js';
import { searchableNamesOf } from '../../../src/search/searchableNames.js';
import { demoDocuments } from '../../../src/service/demoCollection.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { SparqlStore } from '../../../src/store/sparql/SparqlStore.js';
import { REMOTE_STORE_URL } from '../../support/testStore.js';
import { OWN_VIRTUOSO_PORTS } from '../../virtuoso/ports.js';
import { OwnVirtuoso } from '../support/ownVirtuoso.js';

const PORTS = OWN_VIRTUOSO_PORTS.rowLimit;

describe('remote store answering at most 40 rows at once', function () {
  this.timeout(120000);
  let virtuoso: OwnVirtuoso | undefined;
  let url: string;

  before(function () {
    if (!REMOTE_STORE_URL) this.skip();
    virtuoso = new OwnVirtuoso('row-limit', { ...PORTS, VIRT_MAX_ROWS: '40' });
    url = virtuoso.start();
  });
  after(() => virtuoso?.remove());

  it("lists all of 350 graphs (300 documents' and 50 internal), and refuses a curator-sized answer it would have to cut", async () => {
    const store = new SparqlStore({
      queryUrl: url,
      updateUrl: url.replace(/\/sparql$/, '/sparql-auth'),
      user: 'dba',
      password: 'dba',
    });
    const graphs = new Map<string, Quad[]>();
    for (let i = 0; i < 300; i++)
      graphs.set(`https://rows.example.org/${i}`, [
        df.quad(
          df.namedNode(`https://rows.example.org/${i}`),
          df.namedNode('https://rows.example.org/p'),
          df.literal(String(i)),
        ),
      ]);
    await store.replaceGraphs(graphs);
    const hints = new Map(
      [...graphs.keys()]
        .slice(0, 50)
        .map((g): [string, Quad[]] => [
          `urn:linkedart-service:hints:${g}`,
          [df.quad(df.namedNode(g), df.namedNode('urn:linkedart-service:h'), df.literal('h'))],
        ]),
    );
    await store.replaceGraphs(hints);
    expect((await store.listGraphs()).sort()).to.deep.equal([...graphs.keys(), ...hints.keys()].sort());
    expect((await store.listDocumentGraphs()).sort()).to.deep.equal([...graphs.keys()].sort());
    await store.query('SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }').then(
      () => expect.fail('a cut answer was taken'),
      (e: Error) => expect(e.message).to.match(/cut at the store's row limit/),
    );
  });

  it('builds the name index of the demo collection whole, in parts', async () => {
    const store = new SparqlStore({
      queryUrl: url,
      updateUrl: url.replace(/\/sparql$/, '/sparql-auth'),
      user: 'dba',
      password: 'dba',
    });
    const docs = demoDocuments('http://localhost:8080/');
    await new DocumentService(store).putAll(docs);
    const index = await loadNameIndex(store);
    // The index the same documents make when each is written (DocumentService.onWritten's way).
    const expected = new NameIndex();
    for (const doc of docs) expected.replace(searchableNamesOf(doc.id, doc.quads));
    expect(index.size).to.equal(expected.size);
    for (const words of ['edith marrow', 'WHM 1923.4', 'harbour', 'painting']) {
      expect(index.search(words, 0, 100), words).to.deep.equal(expected.search(words, 0, 100));
    }
    expect(index.search('edith marrow', 0, 10).total).to.be.greaterThan(0);
  });
});
