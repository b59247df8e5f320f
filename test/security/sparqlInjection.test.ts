/**
 * Issue 28, item 1: SPARQL injection. Request values that reach the store's queries (`?id=` of
 * `_links`, `?id=` and `?type=` of `_export`, the graph parameters of /sparql) are refused
 * with a 400 naming the parameter when they are not IRIs, and nothing of the store's internal or
 * system graphs leaks. Runs on both stores (the Virtuoso pass too: test/virtuoso/mocharc.json),
 * where the remote store is the one whose queries carried the id as text.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp, type TestApp } from '../integration/support/testApp.js';
import { STORE_KIND } from '../support/testStore.js';
import { StoredReverseLinks } from '../../src/discovery/StoredReverseLinks.js';
import { InvalidSparqlTerm } from '../../src/rdf/sparqlTerm.js';

const BASE = 'http://localhost:8080/collection/';
const TOKEN = 'injection-test-token-0123456789';
const PAINTER = `${BASE}person/edith-marrow`;
const PAINTING = `${BASE}object/harbour-at-dusk`;
const INTERNAL = 'urn:linkedart-service:';

/** Values that would change a query they were pasted into as `<value>` (or as a string). */
const PAYLOADS: ReadonlyArray<readonly [string, string]> = [
  [
    "the issue's payload: close the IRI, list every graph, comment out the rest",
    `${PAINTER}>?p?z.GRAPH?g2{?s?p2?o2}}}#`,
  ],
  ['a closing >', `${PAINTER}>`],
  ['a closing } after >', `${PAINTER}> ?p ?o }}`],
  ['a }', `${PAINTER}}`],
  ['a {', `${PAINTER}{`],
  ['a "', `${PAINTER}"`],
  ['a < inside', `${PAINTER}<x`],
  ['a newline then a pattern', `${PAINTER}\n> ?p ?o }`],
  ['a tab', `${PAINTER}\t`],
  ['a NUL', `${PAINTER}\u0000`],
  ['a \\u003E escape, which SPARQL reads as >', `${PAINTER}\\u003E?p?z.GRAPH?g2{?s?p2?o2}}}#`],
  ['a \\U0000003E escape', `${PAINTER}\\U0000003E?p?z}`],
  ['a backslash', `${PAINTER}\\`],
  ['a |', `${PAINTER}|x`],
  ['a ^', `${PAINTER}^x`],
  ['a backquote', `${PAINTER}\`x`],
  ['a string close with a \\u0022 escape', `${PAINTER}\\u0022) }`],
];

type Problem = { status: number; detail: string; title: string };

describe(`Security: SPARQL injection through request values (${STORE_KIND})`, function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN, pageSize: '1000' });
  });
  after(async () => {
    await app.close();
  });

  const get = (path: string, params: Record<string, string>): Promise<Response> =>
    fetch(`${app.origin}${path}?${new URLSearchParams(params).toString()}`);

  /** A 400 problem+json whose detail names `?name=`, and no internal or system graph anywhere in it. */
  async function refused(response: Response, name: string): Promise<Problem> {
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).to.equal(400);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(text).not.to.include(INTERNAL).and.not.to.include('virtrdf');
    const problem = JSON.parse(text) as Problem;
    expect(problem.detail).to.include(`?${name}=`);
    expect(problem.detail).to.match(/not (?:a valid|an absolute) IRI/);
    return problem;
  }

  describe('GET /_links/{rel}?id=', () => {
    for (const [what, id] of PAYLOADS) {
      it(`${what}: 400 naming ?id=, no graph listed`, async () => {
        await refused(await get('/_links/objectProducedByAgent', { id, page: '1' }), 'id');
        await refused(await get('/_links/objectProducedByAgent', { id }), 'id');
      });
    }

    it('a relation with a `via` (two patterns): the payload is refused there too', async () => {
      await refused(await get('/_links/objectCuratedByAgent', { id: PAYLOADS[0][1], page: '1' }), 'id');
    });

    it('the detail says which character is wrong', async () => {
      const problem = await refused(
        await get('/_links/objectProducedByAgent', { id: `${PAINTER}>x`, page: '1' }),
        'id',
      );
      expect(problem.detail).to.include('">"');
    });

    it('a valid id still finds its hits, and the store still holds them afterwards', async () => {
      for (const [, id] of PAYLOADS.slice(0, 3)) await get('/_links/objectProducedByAgent', { id, page: '1' });
      const response = await get('/_links/objectProducedByAgent', { id: PAINTER, page: '1' });
      expect(response.status).to.equal(200);
      const page = (await response.json()) as { orderedItems: Array<{ id: string }> };
      expect(page.orderedItems.map((i) => i.id)).to.deep.equal([PAINTING]);
    });

    it('valid ids that are unusual still answer (non-ASCII, percent-encoded, a fragment, a query): 200 with no hits', async () => {
      for (const id of [
        `${BASE}person/café`,
        `${BASE}person/caf%C3%A9`,
        `${BASE}person/a%3Eb`,
        `${PAINTER}#part`,
        `${PAINTER}?x=1&y=2`,
        'urn:uuid:0b1d7e8e-3d3b-4c27-9a7f-4f5b0b3d1c2e',
      ]) {
        const response = await get('/_links/objectProducedByAgent', { id, page: '1' });
        expect(response.status, id).to.equal(200);
        expect(((await response.json()) as { orderedItems: unknown[] }).orderedItems, id).to.deep.equal([]);
        const collection = await get('/_links/objectProducedByAgent', { id });
        expect(collection.status, id).to.equal(200);
        expect(((await collection.json()) as { totalItems: number }).totalItems, id).to.equal(0);
      }
    });
  });

  describe('GET /_export', () => {
    for (const [what, id] of PAYLOADS.slice(0, 12)) {
      it(`?id= with ${what}: 400 naming ?id=`, async () => {
        await refused(await get('/_export', { format: 'ndjson', id }), 'id');
      });
    }

    it('?type= with the payload (as a full IRI): 400 naming ?type=', async () => {
      await refused(
        await get('/_export', { format: 'ndjson', type: 'http://www.cidoc-crm.org/cidoc-crm/E21_Person>?p?o}}#' }),
        'type',
      );
    });

    it('a valid id is exported; a valid unknown id is still a 404', async () => {
      const ok = await get('/_export', { format: 'ndjson', id: PAINTER });
      expect(ok.status).to.equal(200);
      expect((JSON.parse((await ok.text()).trim()) as { id: unknown }).id).to.equal(PAINTER);
      const unknown = await get('/_export', { format: 'ndjson', id: `${BASE}person/café` });
      expect(unknown.status).to.equal(404);
    });
  });

  describe('GET /sparql graph parameters', () => {
    const query = 'SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } } LIMIT 5';
    for (const name of ['default-graph-uri', 'named-graph-uri']) {
      it(`${name} with the payload: 400 naming ${name}`, async () => {
        const response = await get('/sparql', { query, [name]: `${PAINTER}>}} GRAPH ?g2 { ?s ?p ?o } } #` });
        const text = await response.text();
        expect(response.status, text.slice(0, 300)).to.equal(400);
        expect(text).not.to.include(INTERNAL).and.not.to.include('virtrdf');
        expect((JSON.parse(text) as Problem).detail).to.include(name);
      });
    }

    for (const [what, query, named] of [
      ['a Virtuoso built-in (bif:) as a function', 'SELECT (<bif:sys_stat>("st_dbms_name") AS ?x) {}', 'bif:sys_stat'],
      [
        'a bif: function through a PREFIX',
        'PREFIX bif: <bif:> SELECT ?x WHERE { BIND(bif:file_to_string("virtuoso.ini") AS ?x) }',
        'bif:file_to_string',
      ],
      [
        'a stored procedure (sql:) that would write triples',
        'SELECT (<sql:TTLP>("<urn:a> <urn:b> <urn:c> .", "", "urn:linkedart-service:graphs", 0) AS ?x) {}',
        'sql:TTLP',
      ],
      ['a bif: magic predicate', 'SELECT ?s WHERE { ?s ?p ?o . ?o <bif:contains> "Edith" }', 'bif:contains'],
      [
        'a function IRI in a FILTER of a subquery',
        'SELECT * WHERE { { SELECT ?s WHERE { ?s ?p ?o FILTER(<http://example.org/f>(?o)) } } }',
        'http://example.org/f',
      ],
    ] as const) {
      it(`a query calling ${what}: 400 naming it, nothing of the store's server said`, async () => {
        const response = await get('/sparql', { query });
        const text = await response.text();
        expect(response.status, text.slice(0, 300)).to.equal(400);
        expect((JSON.parse(text) as Problem).detail)
          .to.include(`<${named}>`)
          .and.to.match(/not allowed|not supported/);
        expect(text).not.to.match(/virtuoso/i);
      });
    }

    it('XSD casts and built-ins still work', async () => {
      const response = await fetch(
        `${app.origin}/sparql?${new URLSearchParams({ query: 'SELECT (<http://www.w3.org/2001/XMLSchema#integer>("7") + STRLEN("ab") AS ?n) {}' })}`,
        { headers: { Accept: 'application/sparql-results+json' } },
      );
      expect(response.status).to.equal(200);
      expect(
        ((await response.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n
          .value,
      ).to.equal('9');
    });

    it('an update calling a store function is refused the same way', async () => {
      const response = await fetch(`${app.origin}/sparql`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/sparql-update' },
        body: `INSERT { GRAPH <${PAINTER}> { <${PAINTER}> <http://www.w3.org/2000/01/rdf-schema#comment> ?x } } WHERE { BIND(<bif:sys_stat>("st_dbms_name") AS ?x) }`,
      });
      const text = await response.text();
      expect(response.status, text.slice(0, 300)).to.equal(400);
      expect(text).to.include('<bif:sys_stat>');
    });

    it('a valid named-graph-uri still answers', async () => {
      const response = await fetch(
        `${app.origin}/sparql?${new URLSearchParams({ query, 'named-graph-uri': PAINTER })}`,
        { headers: { Accept: 'application/sparql-results+json' } },
      );
      expect(response.status).to.equal(200);
      const body = (await response.json()) as { results: { bindings: Array<{ g: { value: string } }> } };
      expect(body.results.bindings.map((b) => b.g.value)).to.deep.equal([PAINTER]);
    });
  });

  describe('the term writer, deep down (the second line of defence)', () => {
    it('the discovery queries refuse the payload themselves: InvalidSparqlTerm, no query sent, nothing listed', async () => {
      const links = new StoredReverseLinks(app.store);
      for (const [, id] of PAYLOADS) {
        let thrown: unknown;
        try {
          await links.hits(id, 'objectProducedByAgent', 0, 1000);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, id).to.be.instanceOf(InvalidSparqlTerm);
        thrown = undefined;
        try {
          await links.counts(id);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, id).to.be.instanceOf(InvalidSparqlTerm);
      }
      expect((await links.hits(PAINTER, 'objectProducedByAgent', 0, 1000)).items.map((i) => i.id)).to.deep.equal([
        PAINTING,
      ]);
    });

    it('text that would end a SPARQL string is stored and read back exactly (written as a literal, on this store)', async () => {
      const id = `${BASE}object/quoted-label`;
      const label = 'a " } GRAPH ?g { ?s ?p ?o } # \\ \\u0022 \\" ends with \\';
      const doc = {
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id,
        type: 'HumanMadeObject',
        _label: label,
      };
      const put = await fetch(app.origin + new URL(id).pathname, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(doc),
      });
      expect(put.status, await put.clone().text()).to.be.oneOf([200, 201]);
      const read = await app.documents.read(id);
      expect(read, 'stored').to.not.equal(undefined);
      const got = (await (await fetch(app.origin + new URL(id).pathname)).json()) as { _label: string };
      expect(got._label).to.equal(label);
    });
  });
});
