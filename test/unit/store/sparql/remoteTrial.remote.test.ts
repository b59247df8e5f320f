/**
 * The trial of a curator's update on a real remote store (Virtuoso, LINKEDART_TEST_SPARQL_URL):
 * the graphs it touches and their quads after it, as the embedded trial (trialUpdate.ts on an
 * Oxigraph replica seeded with the same documents) answers them; the same refusals; and the
 * store left exactly as it was.
 */
import { expect } from 'chai';
import { df, toPlainQuad, type PlainQuad, type PlainTerm, type Quad } from '../../../../src/rdf/terms.js';
import { Engine, withDefaultCopy } from '../../../../src/store/embedded/engine.js';
import { graphsToNQuads } from '../../../../src/rdf/syntax/plainNQuads.js';
import { tryUpdate } from '../../../../src/store/embedded/trialUpdate.js';
import { REGISTRY_GRAPH, UNION_GRAPH } from '../../../../src/store/sparql/graphWrites.js';
import { tryUpdateRemotely } from '../../../../src/store/sparql/remoteTrial.js';
import { SparqlStore } from '../../../../src/store/sparql/SparqlStore.js';

const URL = process.env.LINKEDART_TEST_SPARQL_URL;
const D = 'https://trial.example/doc/';
const EX = 'http://example.org/';
const XSD_BOOLEAN = 'http://www.w3.org/2001/XMLSchema#boolean';
const PREFIX = `PREFIX d: <${D}> PREFIX ex: <${EX}> `;
const [D1, D2, D3, NEW] = ['1', '2', '3', 'new'].map((n) => D + n) as [string, string, string, string];
const HINTS = `urn:linkedart-service:hints:${D1}`;

const n = (value: string) => df.namedNode(value);
const q = (s: string, p: string, o: Quad['object'], g: string): Quad =>
  df.quad(s.startsWith('_:') ? df.blankNode(s.slice(2)) : n(s), n(EX + p), o, n(g));

/** Three documents (one with a blank node, one with a boolean Virtuoso answers as "1") and a hint graph. */
const SEED = new Map<string, Quad[]>([
  [D1, [q(D1, 'p', df.literal('1'), D1), q(D1, 'q', df.blankNode('x'), D1), q('_:x', 'r', df.literal('deep'), D1)]],
  [HINTS, [q(D1, 'hint', df.literal('internal'), HINTS)]],
  [D2, [q(D2, 'p', df.literal('2'), D2)]],
  [D3, [q(D3, 's', df.literal('3'), D3), q(D3, 'flag', df.literal('true', n(XSD_BOOLEAN)), D3)]],
]);

/** The embedded store's answer: its query replica holds the documents' graphs and their union. */
function embedded(update: string): Map<string, PlainQuad[]> {
  const engine = new Engine(false);
  const docs = [...SEED]
    .filter(([g]) => !g.startsWith('urn:'))
    .map(([g, quads]) => [g, quads.map(toPlainQuad)] as const);
  engine.replaceGraphsKeepingUnion(
    docs.map(([g]) => g),
    withDefaultCopy(graphsToNQuads(docs)),
  );
  return new Map(tryUpdate(engine, update));
}

/** Graphs as sorted N-Triples-like lines, blank nodes as `_:B` plus how many distinct ones each graph holds. */
function shape(graphs: ReadonlyMap<string, readonly PlainQuad[]>): Record<string, string[]> {
  const term = (t: PlainTerm): string =>
    t.t === 'N' ? `<${t.v}>` : t.t === 'B' ? '_:B' : JSON.stringify(t.v) + (t.l ? '@' + t.l : t.d ? `^^<${t.d}>` : '');
  const out: Record<string, string[]> = {};
  for (const [g, quads] of graphs) {
    const blanks = new Set(
      quads
        .flatMap((x) => [x[0], x[2]])
        .filter((t) => t.t === 'B')
        .map((t) => t.v),
    );
    out[g] = [...quads.map((x) => x.slice(0, 3).map(term).join(' ')).sort(), `blank nodes: ${blanks.size}`];
  }
  return out;
}

const plain = (graphs: Map<string, Quad[]>): Map<string, PlainQuad[]> =>
  new Map([...graphs].map(([g, quads]) => [g, quads.map(toPlainQuad)]));

/** update → how many quads each graph it must report holds after it; `remoteOnly`: no embedded comparison. */
const CASES: Array<[string, string, Record<string, number>]> = [
  ['INSERT DATA into a document', `INSERT DATA { GRAPH d:1 { d:1 ex:t "x" } }`, { [D1]: 4 }],
  ['INSERT DATA with a blank node', `INSERT DATA { GRAPH d:2 { d:2 ex:q _:n . _:n ex:r "new" } }`, { [D2]: 3 }],
  ['DELETE DATA', `DELETE DATA { GRAPH d:2 { d:2 ex:p "2" } }`, { [D2]: 0 }],
  [
    'DELETE DATA of a boolean (stored by Virtuoso as "1")',
    `DELETE DATA { GRAPH d:3 { d:3 ex:flag true } }`,
    { [D3]: 1 },
  ],
  [
    'DELETE/INSERT with GRAPH ?g bound by WHERE',
    `DELETE { GRAPH ?g { ?s ex:p ?o } } INSERT { GRAPH ?g { ?s ex:p "changed" } } WHERE { GRAPH ?g { ?s ex:p ?o } }`,
    { [D1]: 3, [D2]: 1 },
  ],
  [
    'WITH names the graph of the templates and of WHERE',
    `WITH d:1 DELETE { ?s ex:p ?o } INSERT { ?s ex:p "w" } WHERE { ?s ex:p ?o }`,
    { [D1]: 3 },
  ],
  [
    'WITH: the WHERE sees that graph only',
    `WITH d:1 DELETE { ?s ex:p ?o } WHERE { ?s ex:p ?o FILTER (?o = "2") }`,
    { [D1]: 3 },
  ],
  ['DELETE WHERE with GRAPH ?g', `DELETE WHERE { GRAPH ?g { ?s ex:s ?o } }`, { [D3]: 1 }],
  ['DELETE WHERE reaching a blank node', `DELETE WHERE { GRAPH ?g { ?x ex:r ?o } }`, { [D1]: 2 }],
  [
    'a WHERE without GRAPH matches the union of the documents',
    `INSERT { GRAPH ?s { ?s ex:seen "yes" } } WHERE { ?s ex:p ?o }`,
    { [D1]: 4, [D2]: 2 },
  ],
  ['the union into a new graph', `INSERT { GRAPH d:new { ?s ex:seen ?o } } WHERE { ?s ex:p ?o }`, { [NEW]: 2 }],
  [
    'a blank node in INSERT is new for each solution',
    `INSERT { GRAPH d:new { ?s ex:has _:b . _:b ex:v ?o } } WHERE { ?s ex:p ?o }`,
    { [NEW]: 4 },
  ],
  [
    'a triple with an unbound variable is left out',
    `INSERT { GRAPH d:1 { ?s ex:t ?none . ?s ex:u "u" } } WHERE { GRAPH d:1 { ?s ex:p ?o } OPTIONAL { ?s ex:zz ?none } }`,
    { [D1]: 4 },
  ],
  [
    'isBlank holds for stored blank nodes',
    `DELETE { GRAPH ?g { ?s ?p ?o } } WHERE { GRAPH ?g { ?s ?p ?o FILTER (isBlank(?o)) } }`,
    { [D1]: 2 },
  ],
  ['isIRI does not', `DELETE { GRAPH ?g { ?s ?p ?o } } WHERE { GRAPH ?g { ?s ?p ?o FILTER (isIRI(?o)) } }`, {}],
  [
    'FILTER NOT EXISTS naming a graph',
    `INSERT { GRAPH d:new { ?s ex:alone "yes" } } WHERE { GRAPH ?g { ?s ex:p ?o } FILTER NOT EXISTS { GRAPH d:1 { ?s ex:q ?x } } }`,
    { [NEW]: 1 },
  ],
  [
    'a new blank node for every solution, equal ones too',
    `INSERT { GRAPH d:new { d:new ex:has _:b } } WHERE { GRAPH ?g { ?s ?p ?o } }`,
    { [NEW]: 6 },
  ],
  [
    'USING NAMED gives WHERE its dataset',
    `DELETE { GRAPH ?g { ?s ex:p ?o } } USING NAMED d:2 WHERE { GRAPH ?g { ?s ex:p ?o } }`,
    { [D2]: 0 },
  ],
  [
    'USING without NAMED: GRAPH ?g sees no graph',
    `DELETE { GRAPH ?g { ?s ex:p ?o } } USING d:1 WHERE { GRAPH ?g { ?s ex:p ?o } }`,
    {},
  ],
  [
    'USING: the default graph is the one named',
    `INSERT { GRAPH d:new { ?s ex:seen ?o } } USING d:2 WHERE { ?s ex:p ?o }`,
    { [NEW]: 1 },
  ],
  ['a new graph', `INSERT DATA { GRAPH d:new { d:new ex:p "n" } }`, { [NEW]: 1 }],
  ['CLEAR GRAPH', `CLEAR GRAPH d:3`, { [D3]: 0 }],
  ['DROP NAMED (documents only)', `DROP NAMED`, { [D1]: 0, [D2]: 0, [D3]: 0 }],
  ['CREATE GRAPH', `CREATE GRAPH d:new`, { [NEW]: 0 }],
  ['COPY', `COPY d:2 TO d:3`, { [D3]: 1 }],
  ['COPY DEFAULT (the union)', `COPY DEFAULT TO d:new`, { [NEW]: 6 }],
  ['COPY of a missing graph empties the destination', `COPY d:none TO d:3`, { [D3]: 0 }],
  ['MOVE', `MOVE d:2 TO d:new`, { [D2]: 0, [NEW]: 1 }],
  ['ADD', `ADD d:2 TO d:3`, { [D3]: 3 }],
  [
    'operations without WHERE, in sequence',
    `INSERT DATA { GRAPH d:new { d:new ex:p "n" } } ; COPY d:new TO d:3 ; DELETE DATA { GRAPH d:1 { d:1 ex:p "1" } } ; CLEAR GRAPH d:2`,
    { [NEW]: 1, [D3]: 1, [D1]: 2, [D2]: 0 },
  ],
  [
    'a VALUES-only WHERE after a change',
    `INSERT DATA { GRAPH d:2 { d:2 ex:t "x" } } ; INSERT { GRAPH ?g { ?g ex:t "v" } } WHERE { VALUES ?g { d:1 d:2 } }`,
    { [D1]: 4, [D2]: 3 },
  ],
  [
    'a WHERE that matches nothing touches nothing',
    `DELETE { GRAPH ?g { ?s ex:nothing ?o } } WHERE { GRAPH ?g { ?s ex:nothing ?o } }`,
    {},
  ],
];

const REFUSED: Array<[string, string, RegExp]> = [
  ['LOAD', `LOAD <http://example.org/dump.ttl> INTO GRAPH d:1`, /LOAD .* not allowed/],
  ['a triple in the default graph', `INSERT DATA { ex:a ex:p "loose" }`, /default graph/],
  ['CLEAR ALL (the default graph with the rest)', `CLEAR ALL`, /default graph/],
  ['DELETE/INSERT without GRAPH or WITH', `INSERT { ?s ex:t "x" } WHERE { GRAPH ?g { ?s ex:p ?o } }`, /default graph/],
  ['an internal graph', `INSERT DATA { GRAPH <${HINTS}> { d:1 ex:p "x" } }`, /service's own graphs/],
  [
    'an internal graph bound by WHERE',
    `INSERT { GRAPH ?g { d:1 ex:p "x" } } WHERE { BIND (<${HINTS}> AS ?g) }`,
    /service's own graphs/,
  ],
  ['DROP of a graph that does not exist', `DROP GRAPH d:none`, /does not exist/],
];

describe('remoteTrial: an update tried on a remote store, with nothing changed', function () {
  let store: SparqlStore;
  const snapshot = async (): Promise<string[]> =>
    (await store.readGraphs([D1, D2, D3, NEW, HINTS, UNION_GRAPH, REGISTRY_GRAPH]))
      .map((x) => JSON.stringify(toPlainQuad(x)))
      .sort();

  before(function () {
    if (!URL) this.skip();
    store = new SparqlStore({ queryUrl: URL });
  });
  beforeEach(async () => {
    await store.clear();
    await store.replaceGraphs(SEED);
  });

  for (const [name, update, expected] of CASES) {
    it(name, async () => {
      const before = await snapshot();
      const touched = await tryUpdateRemotely(store.http, PREFIX + update, 30_000);
      expect(Object.fromEntries([...touched].map(([g, quads]) => [g, quads.length]))).to.deep.equal(expected);
      expect(shape(plain(touched)), 'as the embedded store answers').to.deep.equal(shape(embedded(PREFIX + update)));
      expect(await snapshot(), 'the store as it was').to.deep.equal(before);
    });
  }

  it('gives graph terms as the graph IRI, blank nodes as blank nodes, new ones distinct', async () => {
    const touched = await tryUpdateRemotely(
      store.http,
      PREFIX + `INSERT { GRAPH d:1 { ?s ex:has _:b } } WHERE { GRAPH ?g { ?s ex:p ?o } }`,
      30_000,
    );
    const quads = touched.get(D1)!;
    expect(quads.every((x) => x.graph.equals(n(D1)))).to.equal(true);
    expect(quads.some((x) => x.predicate.value === EX + 'r' && x.subject.termType === 'BlankNode')).to.equal(true);
    const fresh = quads.filter((x) => x.predicate.value === EX + 'has').map((x) => x.object);
    expect(fresh.map((t) => t.termType)).to.deep.equal(['BlankNode', 'BlankNode']);
    expect(fresh[0].equals(fresh[1])).to.equal(false);
  });

  for (const [name, update, message] of REFUSED) {
    it(`refuses ${name}, as the embedded store does`, async () => {
      const before = await snapshot();
      let remote: unknown;
      await tryUpdateRemotely(store.http, PREFIX + update, 30_000).catch((e: unknown) => {
        remote = e;
      });
      expect(remote).to.be.instanceOf(Error);
      expect((remote as Error).message).to.match(message);
      expect(() => embedded(PREFIX + update)).to.throw(message);
      expect(await snapshot()).to.deep.equal(before);
    });
  }

  it('refuses an operation that matches data after an earlier one changed some', async () => {
    const update =
      PREFIX +
      `INSERT DATA { GRAPH d:new { d:new ex:p "n" } } ; DELETE { GRAPH ?g { ?s ex:p "n" } } WHERE { GRAPH ?g { ?s ex:p "n" } }`;
    const before = await snapshot();
    let refused: unknown;
    await tryUpdateRemotely(store.http, update, 30_000).catch((e: unknown) => {
      refused = e;
    });
    expect(refused).to.have.property('name', 'UpdateRefused');
    expect((refused as Error).message).to.match(/operation 2 matches data after earlier operations changed it/);
    expect(await snapshot()).to.deep.equal(before);
  });

  it('refuses a WHERE the store cannot run as a SPARQL refusal (Virtuoso has no BNODE())', async () => {
    let refused: unknown;
    await tryUpdateRemotely(
      store.http,
      PREFIX + `INSERT { GRAPH d:new { ?s ex:has ?b } } WHERE { ?s ex:p ?o BIND (BNODE() AS ?b) }`,
      30_000,
    ).catch((e: unknown) => {
      refused = e;
    });
    expect(refused).to.have.property('name', 'SparqlRefused');
    expect((refused as Error).message).to.match(/^The store could not run this: .*not implemented/);
  });

  it('stops at its time limit', async () => {
    let stopped: unknown;
    await tryUpdateRemotely(store.http, PREFIX + `CLEAR GRAPH d:1`, 0).catch((e: unknown) => {
      stopped = e;
    });
    expect(stopped).to.have.property('timedOut', true);
  });
});
