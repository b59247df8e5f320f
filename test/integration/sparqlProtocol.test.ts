/**
 * The SPARQL 1.1 Protocol at /sparql, table-driven, on the real app and a store (embedded, or
 * remote: test/support/testStore.ts) holding the demo: each request form × each result format,
 * sorted pages, the dataset (union default graph, internal graphs invisible, default-graph-uri /
 * named-graph-uri), errors as the protocol says, access, limits; the same answers on both stores. Updates and the timeout are in sparqlProtocolUpdates.test.ts
 * and sparqlTimeout.test.ts.
 */
import { expect } from 'chai';
import { parse as parseRdf } from 'oxigraph';
import { LINKED_ART_CONTEXT_URI, linkedArtContextDocument } from '../../src/context/linkedArtContext.js';
import { HINT_GRAPH_PREFIX } from '../../src/hints/Skeleton.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import {
  BASE,
  CRM,
  DOCS,
  E22,
  E22_OBJECTS,
  PAINTING_ID,
  sendQuery as send,
  sendUpdate as update,
  TOKEN,
  type QueryForm,
  type UpdateForm,
} from './support/sparqlClient.js';
import { REMOTE_STORE_URL } from '../support/testStore.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const PREFIX = `PREFIX crm: <${CRM}>\n`;
const FORMS: readonly QueryForm[] = ['GET', 'POST form', 'POST sparql-query'];

const E22_SELECT = `${PREFIX}SELECT DISTINCT ?o WHERE { ?o a crm:E22_Human-Made_Object } ORDER BY ?o`;
const E22_ASK = `${PREFIX}ASK { <${PAINTING_ID}> a crm:E22_Human-Made_Object }`;
const E22_CONSTRUCT = `${PREFIX}CONSTRUCT { ?o a crm:E22_Human-Made_Object } WHERE { ?o a crm:E22_Human-Made_Object }`;
const DESCRIBE = `DESCRIBE <${PAINTING_ID}>`;

/** SELECT/ASK formats: Accept, Content-Type (start), `format` name, and how to read the values of ?o (or the boolean) back. */
interface SolutionFormat {
  readonly name: string;
  readonly mediaType: string;
  readonly values: (body: string) => string[];
  readonly boolean?: (body: string) => boolean;
}
const SOLUTION_FORMATS: readonly SolutionFormat[] = [
  {
    name: 'json',
    mediaType: 'application/sparql-results+json',
    values: (body) =>
      (JSON.parse(body) as { results: { bindings: Array<{ o: { value: string } }> } }).results.bindings.map(
        (b) => b.o.value,
      ),
    boolean: (body) => (JSON.parse(body) as { boolean: boolean }).boolean,
  },
  {
    name: 'xml',
    mediaType: 'application/sparql-results+xml',
    values: (body) => [...body.matchAll(/<uri>([^<]*)<\/uri>/g)].map((m) => m[1]),
    boolean: (body) => /<boolean>\s*true\s*<\/boolean>/.test(body),
  },
  { name: 'csv', mediaType: 'text/csv', values: (body) => lines(body).slice(1) },
  {
    name: 'tsv',
    mediaType: 'text/tab-separated-values',
    values: (body) =>
      lines(body)
        .slice(1)
        .map((v) => v.replace(/^<(.*)>$/, '$1')),
  },
];
const GRAPH_FORMATS: ReadonlyArray<{ name: string; mediaType: string }> = [
  { name: 'turtle', mediaType: 'text/turtle' },
  { name: 'ntriples', mediaType: 'application/n-triples' },
  { name: 'nquads', mediaType: 'application/n-quads' },
  { name: 'jsonld', mediaType: 'application/ld+json' },
  { name: 'trig', mediaType: 'application/trig' },
  { name: 'rdfxml', mediaType: 'application/rdf+xml' },
];

function lines(body: string): string[] {
  return body.split(/\r?\n/).filter((l) => l !== '');
}

/** The triples of a graph answer, as N-Triples-like strings (blank nodes as `_`); JSON-LD read with the bundled Linked Art context it names. */
function triplesOf(mediaType: string, body: string): string[] {
  if (mediaType === 'application/ld+json') {
    const document = JSON.parse(body) as Record<string, unknown>;
    expect(document['@context']).to.equal(LINKED_ART_CONTEXT_URI);
    body = JSON.stringify({ ...document, '@context': linkedArtContextDocument()['@context'] });
  }
  return parseRdf(body, { format: mediaType, base_iri: BASE }).map((q) =>
    [q.subject, q.predicate, q.object]
      .map((t) =>
        t.termType === 'BlankNode' ? '_' : t.termType === 'Literal' ? JSON.stringify(t.value) : `<${t.value}>`,
      )
      .join(' '),
  );
}

interface Problem {
  status: number;
  title: string;
  detail: string;
  [key: string]: unknown;
}

describe('SPARQL Protocol: /sparql', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
  });
  after(async () => {
    await app.close();
  });

  describe('each request form × each result format', () => {
    for (const form of FORMS) {
      for (const format of SOLUTION_FORMATS) {
        it(`SELECT by ${form} as ${format.name}: the demo's E22 objects`, async () => {
          const response = await send(app.origin, form, E22_SELECT, { accept: format.mediaType });
          const body = await response.text();
          expect(response.status, body).to.equal(200);
          expect(response.headers.get('content-type')).to.match(
            new RegExp(`^${format.mediaType.replace(/[+]/g, '\\+')}\\b`),
          );
          if (format.mediaType.startsWith('text/'))
            expect(response.headers.get('content-type')).to.contain('charset=utf-8');
          expect(format.values(body)).to.deep.equal(E22_OBJECTS);
        });
      }
      for (const format of SOLUTION_FORMATS.filter((f) => f.boolean)) {
        it(`ASK by ${form} as ${format.name}: true`, async () => {
          const response = await send(app.origin, form, E22_ASK, { accept: format.mediaType });
          const body = await response.text();
          expect(response.status, body).to.equal(200);
          expect(response.headers.get('content-type')).to.satisfy((t: string) => t.startsWith(format.mediaType));
          expect(format.boolean!(body)).to.equal(true);
        });
      }
      for (const format of GRAPH_FORMATS) {
        it(`CONSTRUCT by ${form} as ${format.name}: one triple per E22 object`, async () => {
          const response = await send(app.origin, form, E22_CONSTRUCT, { accept: format.mediaType });
          const body = await response.text();
          expect(response.status, body).to.equal(200);
          expect(response.headers.get('content-type')).to.satisfy((t: string) => t.startsWith(format.mediaType));
          expect(triplesOf(format.mediaType, body).sort()).to.deep.equal(
            E22_OBJECTS.map((o) => `<${o}> <${RDF_TYPE}> <${E22}>`).sort(),
          );
        });
        it(`DESCRIBE by ${form} as ${format.name}: the painting's statements`, async () => {
          const response = await send(app.origin, form, DESCRIBE, { accept: format.mediaType });
          const body = await response.text();
          expect(response.status, body).to.equal(200);
          expect(response.headers.get('content-type')).to.satisfy((t: string) => t.startsWith(format.mediaType));
          const triples = triplesOf(format.mediaType, body);
          expect(triples).to.include(`<${PAINTING_ID}> <${RDF_TYPE}> <${E22}>`);
          expect(triples).to.include(`<${PAINTING_ID}> <http://www.w3.org/2000/01/rdf-schema#label> "Harbour at Dusk"`);
          expect(triples.filter((t) => t.startsWith(`<${PAINTING_ID}> `)).length).to.be.greaterThan(10);
        });
      }
    }
  });

  describe("a double is written as the documents write it (JSON-LD 1.1's canonical form)", () => {
    // The painting's width, `"value": 91.5` in its JSON-LD: 9.15E1 in every format (was "91.5" in SPARQL answers).
    // A range, not `?v = 91.5`: Virtuoso answers an equality with the constant of the FILTER (an xsd:decimal) rather than the stored term.
    const WHERE = `WHERE { ?d crm:P90_has_value ?v FILTER(?v > 91.4 && ?v < 91.6) }`;
    const XSD_DOUBLE = 'http://www.w3.org/2001/XMLSchema#double';
    for (const format of SOLUTION_FORMATS) {
      it(`SELECT as ${format.name}: "9.15E1"^^xsd:double`, async () => {
        const response = await send(app.origin, 'GET', `${PREFIX}SELECT ?v ${WHERE}`, { accept: format.mediaType });
        const body = await response.text();
        expect(response.status, body).to.equal(200);
        expect(body).to.contain('9.15E1').and.not.contain('91.5');
        if (format.name === 'json') {
          expect(
            (JSON.parse(body) as { results: { bindings: Array<{ v: unknown }> } }).results.bindings.map((b) => b.v),
          ).to.deep.equal([{ type: 'literal', value: '9.15E1', datatype: XSD_DOUBLE }]);
        }
        if (format.name === 'xml') expect(body).to.contain(`<literal datatype="${XSD_DOUBLE}">9.15E1</literal>`);
        if (format.name === 'csv') expect(lines(body)).to.deep.equal(['v', '9.15E1']);
      });
    }
    for (const format of GRAPH_FORMATS) {
      it(`CONSTRUCT as ${format.name}: "9.15E1"^^xsd:double`, async () => {
        const response = await send(app.origin, 'GET', `${PREFIX}CONSTRUCT { ?d crm:P90_has_value ?v } ${WHERE}`, {
          accept: format.mediaType,
        });
        const body = await response.text();
        expect(response.status, body).to.equal(200);
        const objects = triplesOf(format.mediaType, body).map((t) => t.slice(t.lastIndexOf(' ') + 1));
        expect(objects).to.deep.equal(['"9.15E1"']);
        expect(body).not.to.contain('91.5');
      });
    }
  });

  describe('ORDER BY cut by OFFSET and LIMIT', () => {
    // Beyond 10,000 sorted rows (the default --max-rows, which cuts every query at one row more), Virtuoso refuses a sorted cut: sortedSubquery.ts.
    const table: Array<[string, readonly string[]]> = [
      [
        `${PREFIX}SELECT DISTINCT ?o WHERE { ?o a crm:E22_Human-Made_Object } ORDER BY DESC(?o) OFFSET 1`,
        [...E22_OBJECTS].reverse().slice(1),
      ],
      [
        `${PREFIX}SELECT DISTINCT ?o WHERE { ?o a crm:E22_Human-Made_Object } ORDER BY ?o OFFSET 1 LIMIT 10000`,
        E22_OBJECTS.slice(1),
      ],
      [`${PREFIX}SELECT DISTINCT ?o WHERE { ?o a crm:E22_Human-Made_Object } ORDER BY ?o OFFSET 20000 LIMIT 5`, []],
    ];
    for (const [query, expected] of table) {
      it(`${query.split('\n')[1]} → ${expected.length} rows, in order`, async () => {
        const response = await send(app.origin, 'GET', query, {});
        const body = await response.text();
        expect(response.status, body).to.equal(200);
        expect(SOLUTION_FORMATS[0].values(body)).to.deep.equal(expected);
      });
    }

    it('ORDER BY sorts unbound first, then blank nodes, IRIs, literals (SPARQL 1.1, 15.1), and DESC the other way', async () => {
      // On the remote store a blank node is a skolem IRI, sorted before the IRIs by a key of its own (store/sparql/trial/storePatterns.ts).
      const RANK: Record<string, number> = { unbound: 0, bnode: 1, uri: 2, literal: 3 };
      for (const direction of ['ASC', 'DESC']) {
        const response = await send(
          app.origin,
          'GET',
          `${PREFIX}SELECT ?o WHERE { { ?s ?p ?o } UNION { ?s a crm:E22_Human-Made_Object } } ORDER BY ${direction}(?o)`,
          {},
        );
        const body = await response.text();
        expect(response.status, body).to.equal(200);
        const ranks = (
          JSON.parse(body) as { results: { bindings: Array<{ o?: { type: string } }> } }
        ).results.bindings.map((b) => RANK[b.o?.type ?? 'unbound']);
        expect(new Set(ranks).size, direction).to.equal(4);
        const inOrder = [...ranks].sort((a, b) => (direction === 'ASC' ? a - b : b - a));
        expect(ranks, direction).to.deep.equal(inOrder);
      }
    });

    it(`a subquery sorted and cut beyond 10,000 rows: ${REMOTE_STORE_URL ? '400 saying the store cannot sort that many rows' : 'its rows'}`, async () => {
      const response = await send(
        app.origin,
        'GET',
        `${PREFIX}SELECT ?o WHERE { { SELECT DISTINCT ?o WHERE { ?o a crm:E22_Human-Made_Object } ORDER BY ?o LIMIT 20000 } }`,
        {},
      );
      const body = await response.text();
      if (REMOTE_STORE_URL) {
        // Virtuoso sorts at most MaxSortedTopRows (10,000) rows under a cut; a cut the curator wrote inside a subquery is left as written.
        expect(response.status, body).to.equal(400);
        expect((JSON.parse(body) as Problem).detail).to.match(/cannot sort this many rows.*MaxSortedTopRows.*SR353/);
      } else {
        expect(response.status, body).to.equal(200);
        expect(SOLUTION_FORMATS[0].values(body).sort()).to.deep.equal(E22_OBJECTS);
      }
    });
  });

  describe('negotiation and headers', () => {
    // Query, Accept, `format`, status, Content-Type (start).
    const table: Array<[string, string | undefined, string | undefined, number, string]> = [
      [E22_SELECT, undefined, undefined, 200, 'application/sparql-results+json'],
      [E22_SELECT, '*/*', undefined, 200, 'application/sparql-results+json'],
      [
        E22_SELECT,
        'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        undefined,
        200,
        'application/sparql-results+json',
      ],
      [E22_SELECT, 'text/csv;q=0.5, application/sparql-results+xml', undefined, 200, 'application/sparql-results+xml'],
      [E22_SELECT, 'application/sparql-results+json', 'csv', 200, 'text/csv'],
      [E22_SELECT, undefined, 'tsv', 200, 'text/tab-separated-values'],
      [E22_SELECT, 'image/png', undefined, 406, 'application/problem+json'],
      [E22_SELECT, 'text/turtle', undefined, 406, 'application/problem+json'],
      [E22_SELECT, undefined, 'turtle', 400, 'application/problem+json'],
      [E22_SELECT, undefined, 'bogus', 400, 'application/problem+json'],
      [E22_CONSTRUCT, undefined, undefined, 200, 'text/turtle'],
      [E22_CONSTRUCT, '*/*', undefined, 200, 'text/turtle'],
      [E22_CONSTRUCT, 'application/ld+json', undefined, 200, 'application/ld+json'],
      [E22_CONSTRUCT, undefined, 'ntriples', 200, 'application/n-triples'],
      [E22_CONSTRUCT, 'text/turtle', 'jsonld', 200, 'application/ld+json'],
      [E22_CONSTRUCT, 'application/sparql-results+json', undefined, 406, 'application/problem+json'],
      [E22_CONSTRUCT, undefined, 'csv', 400, 'application/problem+json'],
      [E22_ASK, 'application/sparql-results+xml', undefined, 200, 'application/sparql-results+xml'],
      // What many HTTP clients send; Fuseki, Virtuoso and GraphDB answer SPARQL JSON results (was 406).
      [E22_SELECT, 'application/json', undefined, 200, 'application/sparql-results+json'],
      [E22_ASK, 'application/json', undefined, 200, 'application/sparql-results+json'],
      [E22_SELECT, 'application/json, text/plain, */*', undefined, 200, 'application/sparql-results+json'],
      [E22_CONSTRUCT, 'application/json', undefined, 200, 'application/ld+json'],
      // Every graph format documents are served in (were 406).
      [E22_CONSTRUCT, 'application/rdf+xml', undefined, 200, 'application/rdf+xml'],
      [E22_CONSTRUCT, 'application/trig', undefined, 200, 'application/trig'],
      [DESCRIBE, undefined, 'rdfxml', 200, 'application/rdf+xml'],
      [DESCRIBE, undefined, 'trig', 200, 'application/trig'],
    ];
    for (const [query, accept, format, status, type] of table) {
      it(`${query.includes('CONSTRUCT') ? 'CONSTRUCT' : query.includes('ASK') ? 'ASK' : 'SELECT'}, Accept ${accept ?? '(none)'}, format ${format ?? '(none)'} → ${status} ${type}`, async () => {
        const response = await send(app.origin, 'GET', query, { accept, params: format ? [['format', format]] : [] });
        const body = await response.text();
        expect(response.status, body).to.equal(status);
        expect(response.headers.get('content-type')).to.satisfy((t: string) => t.startsWith(type));
        if (status === 406)
          expect((JSON.parse(body) as { available: string[] }).available).to.be.an('array').that.is.not.empty;
      });
    }

    // A 406 lists the formats of the query's form (was: every format, graph formats for a SELECT).
    const SOLUTION_TYPES = [
      'application/sparql-results+json',
      'application/sparql-results+xml',
      'text/csv',
      'text/tab-separated-values',
      'application/json',
    ];
    const GRAPH_TYPES = [
      'text/turtle',
      'application/n-triples',
      'application/n-quads',
      'application/ld+json',
      'application/trig',
      'application/rdf+xml',
      'application/json',
    ];
    const notAcceptable: Array<[string, string, string[]]> = [
      ['SELECT', E22_SELECT, SOLUTION_TYPES],
      ['ASK', E22_ASK, SOLUTION_TYPES],
      ['CONSTRUCT', E22_CONSTRUCT, GRAPH_TYPES],
      ['DESCRIBE', DESCRIBE, GRAPH_TYPES],
    ];
    for (const [form, query, types] of notAcceptable) {
      it(`a ${form} nothing acceptable for is 406 listing the formats of a ${form}'s answer`, async () => {
        const response = await send(app.origin, 'GET', query, { accept: 'image/png' });
        const problem = (await response.json()) as Problem & { available: string[] };
        expect(response.status).to.equal(406);
        expect(problem.available).to.deep.equal(types);
        expect(problem.detail).to.contain(types.join(', '));
      });
    }

    it('answers with no-store, Vary: Accept and CORS headers', async () => {
      const response = await send(app.origin, 'GET', E22_SELECT, {});
      expect(response.headers.get('cache-control')).to.equal('no-store');
      expect(response.headers.get('vary')).to.contain('Accept');
      expect(response.headers.get('access-control-allow-origin')).to.equal('*');
    });

    it('answers HEAD like GET, without a body', async () => {
      const response = await send(app.origin, 'GET', E22_SELECT, { method: 'HEAD' });
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.satisfy((t: string) =>
        t.startsWith('application/sparql-results+json'),
      );
      expect(Number(response.headers.get('content-length'))).to.be.greaterThan(0);
      expect(await response.text()).to.equal('');
    });

    it('answers OPTIONS with the methods of /sparql, and 405 to others', async () => {
      const options = await fetch(`${app.origin}/sparql`, { method: 'OPTIONS' });
      expect(options.status).to.equal(204);
      expect(options.headers.get('allow')).to.equal('GET, HEAD, POST, OPTIONS');
      expect(options.headers.get('access-control-allow-origin')).to.equal('*');
      const put = await fetch(`${app.origin}/sparql`, { method: 'PUT', headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(put.status).to.equal(405);
      expect(put.headers.get('allow')).to.equal('GET, HEAD, POST, OPTIONS');
    });

    it('gives a browser asking for /sparql the query page, and other clients a 400 saying what to send', async () => {
      const page = await fetch(`${app.origin}/sparql`, {
        headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.match(/^text\/html/);
      const plain = await fetch(`${app.origin}/sparql`, { headers: { Accept: '*/*' } });
      expect(plain.status).to.equal(400);
      expect(((await plain.json()) as Problem).detail).to.contain('query=');
    });

    it("serves the query page's files under /sparql-ui/, GET only, and nothing else there", async () => {
      const html = await (await fetch(`${app.origin}/sparql`, { headers: { Accept: 'text/html' } })).text();
      const assets = [...html.matchAll(/(?:src|href)="([^"]*sparql-ui\/[^"]+)"/g)].map(
        (m) => new URL(m[1].replace(/&amp;/g, '&'), `${app.origin}/sparql`).href,
      );
      expect(assets).to.not.be.empty;
      for (const asset of assets) expect((await fetch(asset)).status, asset).to.equal(200);
      expect((await fetch(`${app.origin}/sparql-ui/no-such-file.js`)).status).to.equal(404);
      const post = await fetch(assets[0], { method: 'POST' });
      expect(post.status).to.equal(405);
      expect(post.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
    });
  });

  describe('the dataset', () => {
    const count = async (form: QueryForm, query: string, params: Array<[string, string]> = []): Promise<number> => {
      const response = await send(app.origin, form, query, { params });
      const body = await response.text();
      expect(response.status, body).to.equal(200);
      return Number(
        (JSON.parse(body) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value,
      );
    };
    const graphs = async (form: QueryForm, params: Array<[string, string]> = []): Promise<string[]> => {
      const response = await send(app.origin, form, 'SELECT DISTINCT ?g WHERE { GRAPH ?g {} }', { params });
      const body = await response.text();
      expect(response.status, body).to.equal(200);
      return (JSON.parse(body) as { results: { bindings: Array<{ g: { value: string } }> } }).results.bindings
        .map((b) => b.g.value)
        .sort();
    };
    const painting = DOCS.find((d) => d.id === PAINTING_ID)!;
    const frame = DOCS.find((d) => d.id.endsWith('/object/harbour-at-dusk-frame'))!;
    const distinctTriples = (docs: typeof DOCS): number =>
      new Set(
        docs.flatMap((d) =>
          d.quads.map((q) => `${d.id} ${q.subject.value} ${q.predicate.value} ${q.object.termType}:${q.object.value}`),
        ),
      ).size;

    it('the named graphs are the entity graphs, and no internal graph shows', async () => {
      const names = await graphs('GET');
      expect(names).to.deep.equal(DOCS.map((d) => d.id).sort());
      expect(names.filter((g) => g.startsWith('urn:linkedart-service:'))).to.deep.equal([]);
    });

    it('the statements of the named graphs are those of the documents', async () => {
      expect(await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }')).to.equal(
        distinctTriples(DOCS),
      );
    });

    /** The RDF merge of the documents: a set of triples; a blank node belongs to its document. */
    const mergedTriples = (docs: typeof DOCS): number =>
      new Set(
        docs.flatMap((d) =>
          d.quads.map((q) => {
            const term = (t: typeof q.subject | typeof q.object) =>
              t.termType === 'BlankNode' ? `${d.id}#_:${t.value}` : `${t.termType}:${t.value}`;
            return `${term(q.subject)} ${q.predicate.value} ${term(q.object)}`;
          }),
        ),
      ).size;

    it('the default graph is the union of the entity graphs: a set, each triple once however many documents state it', async () => {
      expect(mergedTriples(DOCS)).to.be.lessThan(distinctTriples(DOCS)); // references repeat types and labels
      expect(await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }')).to.equal(mergedTriples(DOCS));
    });

    it('an internal graph asked for by name is empty', async () => {
      const hints = HINT_GRAPH_PREFIX + PAINTING_ID;
      expect(await count('GET', `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${hints}> { ?s ?p ?o } }`)).to.equal(0);
      expect(await count('GET', `SELECT (COUNT(*) AS ?n) FROM <${hints}> WHERE { ?s ?p ?o }`)).to.equal(0);
      expect(await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', [['default-graph-uri', hints]])).to.equal(
        0,
      );
      expect(
        await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }', [['named-graph-uri', hints]]),
      ).to.equal(0);
      expect(
        await count(
          'GET',
          'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o FILTER(STRSTARTS(STR(?p), "urn:linkedart-service:")) }',
        ),
      ).to.equal(0);
    });

    it("GRAPH <iri> {} matches once for a document's graph, never for another", async () => {
      expect(await count('GET', `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${PAINTING_ID}> {} }`)).to.equal(1);
      expect(await count('GET', `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${BASE}object/no-such-object> {} }`)).to.equal(
        0,
      );
    });

    it('FROM alone names no graph: GRAPH matches nothing', async () => {
      expect(await count('GET', `SELECT (COUNT(*) AS ?n) FROM <${frame.id}> WHERE { GRAPH ?g { ?s ?p ?o } }`)).to.equal(
        0,
      );
      expect(
        await count('GET', `SELECT (COUNT(*) AS ?n) FROM <${frame.id}> WHERE { GRAPH <${PAINTING_ID}> { ?s ?p ?o } }`),
      ).to.equal(0);
    });

    // SPARQL 1.1 Protocol §2.1.4: the protocol's dataset is the whole dataset, and replaces the query's.
    it('named-graph-uri alone: the default graph is empty (was the union of the documents)', async () => {
      expect(
        await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', [['named-graph-uri', PAINTING_ID]]),
      ).to.equal(0);
      expect(
        await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }', [
          ['named-graph-uri', PAINTING_ID],
        ]),
      ).to.equal(distinctTriples([painting]));
    });

    it("default-graph-uri alone: no named graph (was every document's graph)", async () => {
      expect(await graphs('GET', [['default-graph-uri', PAINTING_ID]])).to.deep.equal([]);
      expect(
        await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }', [
          ['default-graph-uri', PAINTING_ID],
        ]),
      ).to.equal(0);
      expect(
        await count('GET', `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${PAINTING_ID}> { ?s ?p ?o } }`, [
          ['default-graph-uri', PAINTING_ID],
        ]),
      ).to.equal(0);
    });

    it("named-graph-uri replaces the query's FROM and FROM NAMED (was: FROM still counted)", async () => {
      expect(
        await count('GET', `SELECT (COUNT(*) AS ?n) FROM <${frame.id}> WHERE { ?s ?p ?o }`, [
          ['named-graph-uri', PAINTING_ID],
        ]),
      ).to.equal(0);
      expect(await graphs('GET', [['named-graph-uri', PAINTING_ID]])).to.deep.equal([PAINTING_ID]);
      const fromNamed = `SELECT (COUNT(*) AS ?n) FROM NAMED <${frame.id}> WHERE { GRAPH ?g { ?s ?p ?o } }`;
      expect(await count('GET', fromNamed, [['named-graph-uri', PAINTING_ID]])).to.equal(distinctTriples([painting]));
      expect(await count('GET', fromNamed, [['default-graph-uri', PAINTING_ID]])).to.equal(0);
    });

    it('default-graph-uri and named-graph-uri together: each its own part of the dataset', async () => {
      const params: Array<[string, string]> = [
        ['default-graph-uri', PAINTING_ID],
        ['named-graph-uri', frame.id],
      ];
      expect(await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', params)).to.equal(
        distinctTriples([painting]),
      );
      expect(await count('GET', 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }', params)).to.equal(
        distinctTriples([frame]),
      );
    });

    it("default-graph-uri replaces the query's FROM", async () => {
      expect(
        await count('GET', `SELECT (COUNT(*) AS ?n) FROM <${frame.id}> WHERE { ?s ?p ?o }`, [
          ['default-graph-uri', PAINTING_ID],
        ]),
      ).to.equal(distinctTriples([painting]));
    });

    for (const form of FORMS) {
      it(`default-graph-uri by ${form} restricts the default graph to one document`, async () => {
        expect(
          await count(form, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', [['default-graph-uri', PAINTING_ID]]),
        ).to.equal(distinctTriples([painting]));
      });
      it(`two default-graph-uri by ${form} merge two documents`, async () => {
        const n = await count(
          form,
          `${PREFIX}SELECT (COUNT(DISTINCT ?o) AS ?n) WHERE { ?o a crm:E22_Human-Made_Object }`,
          [
            ['default-graph-uri', PAINTING_ID],
            ['default-graph-uri', frame.id],
          ],
        );
        expect(n).to.be.at.least(2).and.at.most(E22_OBJECTS.length);
      });
      it(`named-graph-uri by ${form} names the graphs GRAPH sees`, async () => {
        expect(
          await graphs(form, [
            ['named-graph-uri', PAINTING_ID],
            ['named-graph-uri', frame.id],
          ]),
        ).to.deep.equal([PAINTING_ID, frame.id].sort());
      });
    }
  });

  describe('errors', () => {
    // Name, request, status, what the detail must say.
    const table: Array<[string, () => Promise<Response>, number, RegExp]> = [
      ['a syntax error', () => send(app.origin, 'GET', 'SELECT ?s\nWHERE { ?s ?p }', {}), 400, /line 2/i],
      [
        'a syntax error by POST',
        () => send(app.origin, 'POST sparql-query', 'SELECT ?s\nWHERE { ?s ?p }', {}),
        400,
        /line 2/i,
      ],
      [
        'SERVICE',
        () => send(app.origin, 'GET', 'SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }', {}),
        400,
        /SERVICE/,
      ],
      ['an update sent as a query', () => send(app.origin, 'POST sparql-query', 'CLEAR ALL', {}), 400, /./],
      [
        'LOAD',
        () => sendUpdate('POST sparql-update', `LOAD <http://example.org/data.ttl> INTO GRAPH <${BASE}x>`, TOKEN),
        400,
        /LOAD/,
      ],
      ['LOAD by form', () => sendUpdate('POST form', 'LOAD <http://example.org/data.ttl>', TOKEN), 400, /LOAD/],
      [
        'an update without a token',
        () => sendUpdate('POST sparql-update', `CLEAR GRAPH <${PAINTING_ID}>`),
        401,
        /curator token/,
      ],
      [
        'an update by form without a token',
        () => sendUpdate('POST form', `CLEAR GRAPH <${PAINTING_ID}>`),
        401,
        /curator token/,
      ],
      [
        'an update with a wrong token',
        () => sendUpdate('POST form', `CLEAR GRAPH <${PAINTING_ID}>`, 'not-the-curator-token-0123'),
        401,
        /not the curator token/,
      ],
      ['an update by GET', () => fetch(`${app.origin}/sparql?update=${encodeURIComponent('CLEAR ALL')}`), 400, /POST/],
      [
        'a POST of text/plain',
        () =>
          fetch(`${app.origin}/sparql`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain' },
            body: E22_SELECT,
          }),
        415,
        /application\/sparql-query/,
      ],
      [
        'a POST without a type',
        () => fetch(`${app.origin}/sparql`, { method: 'POST', body: new Blob([E22_SELECT]) }),
        415,
        /application\/x-www-form-urlencoded/,
      ],
      ['no query', () => fetch(`${app.origin}/sparql`), 400, /query=/],
      [
        'an empty form',
        () =>
          fetch(`${app.origin}/sparql`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'format=json',
          }),
        400,
        /query=/,
      ],
      ['two queries', () => fetch(`${app.origin}/sparql?query=ASK{}&query=ASK{}`), 400, /exactly one/],
      [
        'a query and an update',
        () =>
          fetch(`${app.origin}/sparql`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'query=ASK%7B%7D&update=CLEAR%20ALL',
          }),
        400,
        /both/,
      ],
      [
        'a query in the URL of a POST',
        () =>
          fetch(`${app.origin}/sparql?query=ASK{}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/sparql-query' },
            body: 'ASK {}',
          }),
        400,
        /body/,
      ],
      [
        'using-graph-uri with an update naming its own dataset (WITH)',
        () =>
          fetch(`${app.origin}/sparql?using-graph-uri=${encodeURIComponent(PAINTING_ID)}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/sparql-update', Authorization: `Bearer ${TOKEN}` },
            body: `WITH <${PAINTING_ID}> DELETE { ?s <urn:x> ?o } WHERE { ?s <urn:x> ?o }`,
          }),
        400,
        /operation 1 has WITH.*2\.2\.3/,
      ],
      [
        'using-named-graph-uri by form with an update naming its own dataset (USING)',
        () =>
          fetch(`${app.origin}/sparql`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Bearer ${TOKEN}` },
            body: new URLSearchParams({
              update: `DELETE { GRAPH ?g { ?s <urn:x> ?o } } USING NAMED <${PAINTING_ID}> WHERE { GRAPH ?g { ?s <urn:x> ?o } }`,
              'using-named-graph-uri': PAINTING_ID,
            }).toString(),
          }),
        400,
        /has USING/,
      ],
      [
        'using-graph-uri on a query',
        () => send(app.origin, 'GET', E22_SELECT, { params: [['using-graph-uri', PAINTING_ID]] }),
        400,
        /belongs to updates/,
      ],
      [
        'a using-graph-uri that is no IRI',
        () => sendUpdate('POST form', 'CLEAR ALL', TOKEN, [['using-graph-uri', 'not an iri']]),
        400,
        /using-graph-uri.*IRI|IRI.*using-graph-uri/,
      ],
      [
        'a default-graph-uri that is no IRI',
        () => send(app.origin, 'GET', E22_SELECT, { params: [['default-graph-uri', 'not an iri']] }),
        400,
        /IRI/,
      ],
    ];
    for (const [name, request, status, detail] of table) {
      it(`${name} → ${status}`, async () => {
        const response = await request();
        const text = await response.text();
        expect(response.status, text).to.equal(status);
        expect(response.headers.get('content-type')).to.equal('application/problem+json');
        expect(response.headers.get('access-control-allow-origin')).to.equal('*');
        const problem = JSON.parse(text) as Problem;
        expect(problem.status).to.equal(status);
        expect(problem.detail).to.match(detail);
        if (status === 401) expect(response.headers.get('www-authenticate')).to.match(/^Bearer/);
        if (status === 415) expect(problem['accepted']).to.include('application/sparql-update');
      });
    }

    it('a syntax error says where: line and column', async () => {
      const response = await send(app.origin, 'GET', 'SELECT ?s\nWHERE { ?s ?p }', {});
      const problem = (await response.json()) as Problem;
      expect(problem.title).to.match(/syntax/i);
      expect(problem['line']).to.equal(2);
      expect(problem['column']).to.be.a('number');
    });

    it('SERVICE is refused naming the endpoint', async () => {
      const response = await send(
        app.origin,
        'POST form',
        'SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }',
        {},
      );
      expect(response.status).to.equal(400);
      expect(((await response.json()) as Problem).detail).to.contain('http://example.org/sparql');
    });

    it('logs no token', async () => {
      await sendUpdate('POST form', 'LOAD <http://example.org/data.ttl>', TOKEN);
      await sendUpdate('POST form', 'CLEAR ALL', 'not-the-curator-token-0123');
      expect(JSON.stringify(app.log)).not.to.contain(TOKEN).and.not.to.contain('not-the-curator-token');
    });
  });

  function sendUpdate(
    form: UpdateForm,
    text: string,
    token?: string,
    params?: Array<[string, string]>,
  ): Promise<Response> {
    return update(app.origin, form, text, { token, ...(params ? { params } : {}) });
  }
});

describe('SPARQL Protocol: limits and access', function () {
  this.timeout(60000);

  describe('at most --max-rows results', () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, maxRows: '5' });
    });
    after(async () => {
      await app.close();
    });
    // Query, status.
    const table: Array<[string, number]> = [
      ['SELECT * WHERE { ?s ?p ?o }', 400],
      ['SELECT * WHERE { ?s ?p ?o } LIMIT 5', 200],
      ['CONSTRUCT WHERE { ?s ?p ?o }', 400],
      ['CONSTRUCT WHERE { ?s ?p ?o } LIMIT 5', 200],
      ['SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', 200],
    ];
    for (const [query, status] of table) {
      it(`${query} → ${status}`, async () => {
        const response = await send(app.origin, 'GET', query, {});
        const body = await response.text();
        expect(response.status, body).to.equal(status);
        if (status === 400)
          expect((JSON.parse(body) as Problem).detail).to.match(/more than 5 (solutions|triples).*LIMIT/);
      });
    }
  });

  describe('at most --max-query-kb of SPARQL text', () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, maxQueryKb: '1', token: TOKEN });
    });
    after(async () => {
      await app.close();
    });
    const padded = (text: string, bytes: number): string => `${text}\n#${'x'.repeat(bytes - text.length - 2)}`;
    const options = { token: TOKEN };
    // What is sent, how, status.
    const table: Array<[string, () => Promise<Response>, number]> = [
      ...FORMS.map((form): [string, () => Promise<Response>, number] => [
        `a query of 1000 bytes by ${form}`,
        () => send(app.origin, form, padded('ASK {}', 1000), options),
        200,
      ]),
      ...FORMS.map((form): [string, () => Promise<Response>, number] => [
        `a query of 1100 bytes by ${form}`,
        () => send(app.origin, form, padded('ASK {}', 1100), options),
        413,
      ]),
      ['a query of 10 kB by POST form', () => send(app.origin, 'POST form', padded('ASK {}', 10000), options), 413],
      [
        'a query of 100 kB by POST sparql-query',
        () => send(app.origin, 'POST sparql-query', padded('ASK {}', 100000), options),
        413,
      ],
      [
        'an update of 1100 bytes by POST sparql-update',
        () => update(app.origin, 'POST sparql-update', padded(`CLEAR GRAPH <${BASE}nothing>`, 1100), options),
        413,
      ],
      [
        'an update of 1100 bytes by POST form',
        () => update(app.origin, 'POST form', padded(`CLEAR GRAPH <${BASE}nothing>`, 1100), options),
        413,
      ],
    ];
    for (const [name, request, status] of table) {
      it(`${name} → ${status}`, async () => {
        const response = await request();
        const body = await response.text();
        expect(response.status, body).to.equal(status);
        if (status === 413) expect((JSON.parse(body) as Problem).detail).to.contain('--max-query-kb');
      });
    }
  });

  describe('anonymous queries off', () => {
    const READ_TOKEN = 'reader-token-0123456789';
    let app: TestApp;
    before(async () => {
      app = await startTestApp(demoDocuments(BASE), {
        baseUrl: BASE,
        token: TOKEN,
        readToken: READ_TOKEN,
        anonymousQueries: 'off',
      });
    });
    after(async () => {
      await app.close();
    });
    // Form, token, status.
    const table: Array<[QueryForm, string | undefined, number]> = FORMS.flatMap(
      (form): Array<[QueryForm, string | undefined, number]> => [
        [form, undefined, 401],
        [form, 'wrong-token-0123456789', 401],
        [form, READ_TOKEN, 200],
        [form, TOKEN, 200],
      ],
    );
    for (const [form, token, status] of table) {
      it(`a query by ${form} with ${token === undefined ? 'no token' : token === TOKEN ? 'the curator token' : token === READ_TOKEN ? 'the read token' : 'a wrong token'} → ${status}`, async () => {
        const response = await send(app.origin, form, E22_ASK, { token });
        expect(response.status, await response.text()).to.equal(status);
        if (status === 401) expect(response.headers.get('www-authenticate')).to.match(/^Bearer/);
      });
    }

    it('the read token does not allow updates', async () => {
      const response = await update(app.origin, 'POST sparql-update', `CLEAR GRAPH <${PAINTING_ID}>`, {
        token: READ_TOKEN,
      });
      expect(response.status).to.equal(401);
    });
  });

  describe('a service without a curator token', () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE });
    });
    after(async () => {
      await app.close();
    });
    for (const form of ['POST form', 'POST sparql-update'] as const) {
      it(`answers an update by ${form} 401, saying no token is configured`, async () => {
        const response = await update(app.origin, form, `CLEAR GRAPH <${PAINTING_ID}>`, { token: TOKEN });
        expect(response.status).to.equal(401);
        expect(((await response.json()) as Problem).detail).to.contain('none configured (--token)');
      });
    }
    it('still answers queries', async () => {
      const response = await send(app.origin, 'GET', E22_ASK, {});
      expect(response.status).to.equal(200);
    });
  });
});
