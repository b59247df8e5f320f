/**
 * Issue 28, item 1, where the remote store is queried as its dba (an operator may point
 * --sparql-url at Virtuoso's /sparql-auth): a curator query on /sparql, anonymous by default,
 * must not reach Virtuoso's SQL functions. Before, `sql:TTLP` in a SELECT wrote triples into the
 * service's registry graph past the write gate, and `bif:` functions ran as dba.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { SparqlStore } from '../../src/store/sparql/SparqlStore.js';
import { startTestApp, type TestApp } from '../integration/support/testApp.js';
import { REMOTE_STORE_URL, REMOTE_STORE_WRITER, openTestStore } from '../support/testStore.js';

const BASE = 'http://localhost:8080/collection/';
const REGISTRY = 'urn:linkedart-service:graphs';

describe("Security: the remote store's own functions, with queries run as its dba", function () {
  this.timeout(120000);
  let app: TestApp;
  before(async function () {
    const { updateUrl, user, password } = REMOTE_STORE_WRITER;
    if (!REMOTE_STORE_URL || !updateUrl || user === undefined) this.skip();
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE }, async (dataDir) => {
      await (await openTestStore(dataDir)).close(); // cleared, as the suites' store is
      return SparqlStore.open({ queryUrl: updateUrl, user, password });
    });
  });
  after(async () => {
    await app?.close();
  });

  const ask = async (query: string): Promise<boolean> => {
    const result = await app.store.query(query);
    return result.kind === 'boolean' && result.value;
  };

  it('sql:TTLP in an anonymous SELECT: 400 naming it, and nothing written into the registry graph', async () => {
    const query = `SELECT (<sql:TTLP>("<urn:injected> <urn:p> <urn:o> .", "", "${REGISTRY}", 0) AS ?x) {}`;
    const response = await fetch(`${app.origin}/sparql?${new URLSearchParams({ query })}`, {
      headers: { Accept: 'application/sparql-results+json' },
    });
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).to.equal(400);
    expect(text).to.include('<sql:TTLP>');
    expect(await ask(`ASK { GRAPH <${REGISTRY}> { <urn:injected> ?p ?o } }`)).to.equal(false);
  });

  it("bif:sys_stat in an anonymous SELECT: 400, the server's name not told", async () => {
    const response = await fetch(
      `${app.origin}/sparql?${new URLSearchParams({ query: 'SELECT (<bif:sys_stat>("st_dbms_name") AS ?x) {}' })}`,
    );
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).to.equal(400);
    expect(text).not.to.match(/OpenLink|virtuoso/i);
  });
});
