/**
 * Issue 28, item 3 (no request stalls the service), for curators' SPARQL: a query or update that
 * nests its brackets thousands deep. Within --max-query-kb, a 2,000-deep chain of blank nodes
 * held the request thread for about 10 s in sparqljs's parser (its time is quadratic in the
 * nesting) and then failed in the store ("memory access out of bounds"). It is refused before it
 * is parsed, naming where, and the service goes on answering. Runs on both stores.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp, type TestApp } from '../integration/support/testApp.js';
import { STORE_KIND } from '../support/testStore.js';

const BASE = 'http://localhost:8080/collection/';
const TOKEN = 'deep-sparql-test-token-0123456789';
const CHAIN_ID = `${BASE}object/chain`;
const P46 = '<http://www.cidoc-crm.org/cidoc-crm/P46_is_composed_of>';
const E22 = '<http://www.cidoc-crm.org/cidoc-crm/E22_Human-Made_Object>';

/** An INSERT DATA whose object holds `depth` blank nodes, each inside the one before. */
function chainUpdate(depth: number): string {
  return `INSERT DATA { GRAPH <${CHAIN_ID}> { <${CHAIN_ID}> a ${E22} ; ${P46} ${`[ a ${E22} ; ${P46} `.repeat(depth)}[ a ${E22} ]${' ]'.repeat(depth)} . } }`;
}

describe(`Security: SPARQL nested thousands deep (${STORE_KIND})`, function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
  });
  after(async () => {
    await app.close();
  });

  const update = (text: string): Promise<Response> =>
    fetch(`${app.origin}/sparql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/sparql-update' },
      body: text,
    });

  it('an update holding a 2,000-deep chain of blank nodes: 400 naming the nesting and where, nothing stored', async () => {
    const text = chainUpdate(2000);
    expect(Buffer.byteLength(text)).to.be.below(256 * 1024); // within --max-query-kb: only its nesting is refused
    const answer = await update(text);
    expect(answer.status).to.equal(400);
    expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
    const { detail } = (await answer.json()) as { detail: string };
    expect(detail).to.match(/nests its brackets .* more than 64 deep \(at line 1, column \d+\)/);
    expect((await fetch(CHAIN_ID.replace(BASE, `${app.origin}/collection/`))).status).to.equal(404);
  });

  it('an update writing a 1,800-deep chain of named blank nodes (flat text, within --max-query-kb): 422 naming the document and --max-depth, nothing stored', async () => {
    const lines = [`<${CHAIN_ID}> a ${E22} ; ${P46} _:b0 .`];
    for (let i = 0; i < 1800; i++) lines.push(`_:b${i} a ${E22} ; ${P46} _:b${i + 1} .`);
    const text = `INSERT DATA { GRAPH <${CHAIN_ID}> { ${lines.join('\n')} _:b1800 a ${E22} . } }`;
    expect(Buffer.byteLength(text)).to.be.below(256 * 1024);
    const answer = await update(text);
    const body = (await answer.json()) as {
      detail: string;
      problems?: Array<{ document: string; rule: string; message: string }>;
    };
    expect(answer.status, body.detail).to.equal(422);
    expect(body.problems?.map((p) => `${p.document} ${p.rule}`)).to.deep.equal([`${CHAIN_ID} nested-too-deep`]);
    expect(body.problems?.[0]?.message).to.include('--max-depth');
    expect((await fetch(CHAIN_ID.replace(BASE, `${app.origin}/collection/`))).status).to.equal(404);
  });

  it('a query nesting 5,000 groups: 400 naming the nesting; the service answers the next query', async () => {
    const query = `SELECT * WHERE ${'{ '.repeat(5000)}?s ?p ?o${' }'.repeat(5000)}`;
    const answer = await fetch(`${app.origin}/sparql`, {
      method: 'POST',
      headers: { Accept: 'application/sparql-results+json', 'Content-Type': 'application/sparql-query' },
      body: query,
    });
    expect(answer.status).to.equal(400);
    expect(((await answer.json()) as { detail: string }).detail).to.match(/more than 64 deep/);
    const next = await fetch(`${app.origin}/sparql?${new URLSearchParams({ query: 'ASK { ?s ?p ?o }' })}`, {
      headers: { Accept: 'application/sparql-results+json' },
    });
    expect(next.status).to.equal(200);
  });

  it('a chain 30 deep, as deep as real nesting goes and more: stored and served', async () => {
    const answer = await update(chainUpdate(30));
    expect(answer.status, await answer.clone().text()).to.be.oneOf([200, 204]);
    const served = await fetch(CHAIN_ID.replace(BASE, `${app.origin}/collection/`));
    expect(served.status).to.equal(200);
    let depth = 0;
    for (
      let node = (await served.json()) as { part?: unknown[] };
      node.part;
      node = node.part[0] as { part?: unknown[] }
    )
      depth++;
    expect(depth).to.equal(31);
  });
});
