/** The SparqlStore's contract on a real Virtuoso: what the service relies on, and the store's quirks handled. */
import { expect } from 'chai';
import { df, type Quad } from '../../../../src/rdf/terms.js';
import { SparqlStore } from '../../../../src/store/sparql/SparqlStore.js';
import { StoreRequestFailed, StoreUnavailable } from '../../../../src/store/sparql/errors.js';
import { NQUADS_FIELD, NQUADS_INSERT } from '../../../../src/store/sparql/nquadsInserts.js';
import { SparqlHttp } from '../../../../src/store/sparql/SparqlHttp.js';
import { openTestStore, REMOTE_STORE_URL } from '../../../support/testStore.js';

const A = 'https://contract.example.org/a';
const B = 'https://contract.example.org/b';
const p = (v: string) => df.namedNode(`https://contract.example.org/p/${v}`);

describe('SparqlStore on Virtuoso', function () {
  this.timeout(60000);
  let store: SparqlStore;
  before(async function () {
    if (!REMOTE_STORE_URL) this.skip();
    store = (await openTestStore('sparql-store-contract')) as SparqlStore;
  });
  // Closed, so that a suite run after this one may open the remote test store for itself.
  after(async () => {
    await store?.close();
  });

  it('replaces graphs wholly, lists and counts only its own graphs, keeps blank nodes apart per graph', async () => {
    const b = df.blankNode('x');
    await store.replaceGraphs(
      new Map<string, Quad[]>([
        [
          A,
          [
            df.quad(df.namedNode(A), p('has'), b),
            df.quad(b, p('label'), df.literal('shared')),
            df.quad(
              df.namedNode(A),
              p('n'),
              df.literal('1.50', df.namedNode('http://www.w3.org/2001/XMLSchema#decimal')),
            ),
          ],
        ],
        [B, [df.quad(df.namedNode(B), p('label'), df.literal('shared'))]],
      ]),
    );
    expect((await store.listGraphs()).sort()).to.deep.equal([A, B]);
    expect(await store.size()).to.equal(4);
    const a = await store.readGraphs([A]);
    expect(a.filter((q) => q.object.termType === 'BlankNode' || q.subject.termType === 'BlankNode')).to.have.length(2);
    expect(a.find((q) => q.predicate.equals(p('n')))!.object.value, 'Virtuoso keeps the value').to.equal('1.5');

    await store.replaceGraphs(new Map([[A, [df.quad(df.namedNode(A), p('label'), df.literal('shared'))]]]));
    expect(await store.readGraphs([A])).to.have.length(1);
    expect(await store.hasGraph(B)).to.equal(true);
    await store.replaceGraphs(new Map([[B, []]]));
    expect(await store.hasGraph(B)).to.equal(false);
    expect(await store.listGraphs()).to.deep.equal([A]);
  });

  it('keeps the union graph a set union: a triple two documents state stays until neither does', async () => {
    const count = async () => {
      const r = await store.query('SELECT (COUNT(*) AS ?n) WHERE { GRAPH <urn:linkedart-service:union> { ?s ?p ?o } }');
      return r.kind === 'bindings' ? Number(r.rows[0].n.v) : -1;
    };
    const shared = (g: string) =>
      df.quad(df.namedNode('https://contract.example.org/type'), p('label'), df.literal('Type'), df.namedNode(g));
    await store.replaceGraphs(
      new Map([
        [A, [shared(A)]],
        [B, [shared(B)]],
      ]),
    );
    expect(await count()).to.equal(1);
    await store.replaceGraphs(new Map([[A, []]]));
    expect(await count()).to.equal(1);
    await store.replaceGraphs(new Map([[B, []]]));
    expect(await count()).to.equal(0);
    // In one write: both drop it (it leaves), one drops it while the other keeps it (it stays).
    const both = new Map([
      [A, [shared(A)]],
      [B, [shared(B)]],
    ]);
    await store.replaceGraphs(both);
    await store.replaceGraphs(
      new Map([
        [A, []],
        [B, []],
      ]),
    );
    expect(await count()).to.equal(0);
    await store.replaceGraphs(both);
    await store.replaceGraphs(
      new Map([
        [A, []],
        [B, [shared(B), df.quad(df.namedNode(B), p('label'), df.literal('B'), df.namedNode(B))]],
      ]),
    );
    expect(await count()).to.equal(2);
    const staged = await store.query(
      'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } FILTER (STRSTARTS(STR(?g), "urn:linkedart-service:removed:")) }',
    );
    expect(staged.kind === 'bindings' && Number(staged.rows[0].n.v), 'the removed triples’ own graph emptied').to.equal(
      0,
    );
  });

  it('drops a large document’s removed values (465 of 1.5 KB) from the union in one write', async () => {
    const large = (version: string) =>
      Array.from({ length: 465 }, (_, i) =>
        df.quad(df.namedNode(A), p('name'), df.literal(`${version} ${i} ${'x'.repeat(1500)}`), df.namedNode(A)),
      );
    await store.replaceGraphs(new Map([[A, large('first')]]));
    await store.replaceGraphs(new Map([[A, large('second')]]));
    const r = await store.query(
      'SELECT (COUNT(*) AS ?n) WHERE { GRAPH <urn:linkedart-service:union> { ?s ?p ?o FILTER (STRSTARTS(STR(?o), "first")) } }',
    );
    expect(r.kind === 'bindings' && Number(r.rows[0].n.v)).to.equal(0);
    await store.replaceGraphs(new Map([[A, []]]));
  });

  it('changes its write generation with every write, through any client, and never back; reads leave it', async () => {
    const seen: string[] = [];
    const changed = async (what: string): Promise<void> => {
      const generation = await store.writeGeneration();
      expect(seen, `the generation after ${what}`).not.to.include(generation);
      seen.push(generation);
    };
    const triple = (g: string, v: string) => df.quad(df.namedNode(g), p('v'), df.literal(v));
    await changed('the suite began');
    await store.replaceGraphs(new Map([[A, [triple(A, '1')]]]));
    await changed('replaceGraphs');
    const other = new SparqlStore({ queryUrl: REMOTE_STORE_URL! }); // another process's client
    await other.replaceGraphs(new Map([[B, [triple(B, '1')]]]));
    await changed('a write through another client');
    await store.readGraphs([A, B]);
    await store.hasGraph(A);
    await store.listGraphs();
    await store.size();
    await store.query(`SELECT * WHERE { GRAPH <${A}> { ?s ?p ?o } }`);
    expect(await other.writeGeneration(), 'after reads only').to.equal(seen[seen.length - 1]);
    await store.update(`INSERT DATA { GRAPH <${A}> { <${A}> <${p('w').value}> "2" } }`);
    await changed('update');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? store : other).replaceGraphs(new Map([[A, [triple(A, `c${i}`)]]]))),
    );
    await changed('concurrent writes');
    await store.clear();
    expect(await store.listGraphs()).to.deep.equal([]);
    expect(await store.size()).to.equal(0);
    await changed('clear (an empty store is a new generation, not the one of a store never written)');
  });

  it("names a refused update by its own text, not by the generation's replacement sent before it", async () => {
    await store
      .update('INSERT DATA { <https://contract.example.org/loose> <https://contract.example.org/p> "no graph" }')
      .then(
        () => expect.fail('Virtuoso took a triple without a graph'),
        (e: Error) => {
          expect(e).to.be.instanceOf(StoreRequestFailed);
          expect(e.message).to.match(
            /answered 400: .*\[request: INSERT DATA \{ <https:\/\/contract\.example\.org\/loose>/,
          );
        },
      );
  });

  it('speaks Digest to /sparql-auth, and says so when the password is wrong or the store is gone', async () => {
    const auth = REMOTE_STORE_URL!.replace(/\/sparql$/, '/sparql-auth');
    const good = new SparqlStore({ queryUrl: auth, user: 'dba', password: 'dba' });
    expect(await good.hasGraph(A)).to.be.a('boolean');
    const bad = new SparqlStore({ queryUrl: auth, user: 'dba', password: 'wrong' });
    await bad.hasGraph(A).then(
      () => expect.fail('accepted a wrong password'),
      (e: Error) => {
        expect(e).to.be.instanceOf(StoreRequestFailed);
        expect(e.message).to.contain('answered 401');
      },
    );
    await SparqlStore.open({ queryUrl: 'http://127.0.0.1:59999/sparql' }).then(
      () => expect.fail('opened nothing'),
      (e: Error) => {
        expect(e).to.be.instanceOf(StoreUnavailable);
        expect(e.message).to.match(/SPARQL store at http:\/\/127\.0\.0\.1:59999\/sparql is unavailable: ECONNREFUSED/);
      },
    );
  });

  it('writes as N-Quads the store parses when allowed (dba on /sparql-auth), as INSERT DATA otherwise, and both read back the same', async () => {
    const auth = REMOTE_STORE_URL!.replace(/\/sparql$/, '/sparql-auth');
    const asDba = new SparqlStore({ queryUrl: REMOTE_STORE_URL!, updateUrl: auth, user: 'dba', password: 'dba' });
    const anonymous = new SparqlStore({ queryUrl: REMOTE_STORE_URL! });
    expect(await asDba.insertsAsNQuads()).to.equal(true);
    expect(await anonymous.insertsAsNQuads(), 'Virtuoso lets no other user call SQL from SPARQL').to.equal(false);
    const XSD = 'http://www.w3.org/2001/XMLSchema#';
    const quadsOf = (g: string): Quad[] => {
      const s = df.namedNode(g);
      const b = df.blankNode('n');
      return [
        df.quad(s, p('text'), df.literal('é 漢字 "quoted" \\ back\nline\ttab \u0001 😀')),
        df.quad(s, p('lang'), df.literal('Nachtwache', 'de-DE')),
        df.quad(s, p('int'), df.literal('42', df.namedNode(`${XSD}integer`))),
        df.quad(s, p('date'), df.literal('-0005-01-01T00:00:00Z', df.namedNode(`${XSD}dateTime`))),
        df.quad(s, p('bool'), df.literal('true', df.namedNode(`${XSD}boolean`))),
        df.quad(s, p('node'), b),
        df.quad(b, p('text'), df.literal('in a blank node')),
        df.quad(s, p('iri'), df.namedNode('https://contract.example.org/ü?q=1#f')),
      ];
    };
    const C = 'https://contract.example.org/c';
    const D = 'https://contract.example.org/d';
    await asDba.replaceGraphs(new Map([[C, quadsOf(C)]]));
    await anonymous.replaceGraphs(new Map([[D, quadsOf(D)]]));
    const shape = (quads: Quad[], g: string) =>
      quads
        .map((q) =>
          [
            q.subject.termType === 'BlankNode' ? '_' : q.subject.value.replace(g, 'S'),
            q.predicate.value,
            q.object.termType === 'BlankNode'
              ? '_'
              : `${q.object.termType} ${q.object.value} ${'language' in q.object ? q.object.language : ''} ${'datatype' in q.object ? q.object.datatype.value : ''}`,
          ].join(' '),
        )
        .sort();
    const viaNQuads = shape(await store.readGraphs([C]), C);
    expect(viaNQuads).to.have.length(8);
    expect(viaNQuads).to.deep.equal(shape(await store.readGraphs([D]), D));
    expect(viaNQuads.some((l) => l.includes('é 漢字 "quoted" \\ back\nline\ttab \u0001 😀'))).to.equal(true);
    // The union graph and the registry, kept by the same request.
    const union = await store.query(
      `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <urn:linkedart-service:union> { <${C}> ?p ?o } }`,
    );
    expect(union.kind === 'bindings' && Number(union.rows[0].n.v)).to.equal(7);
    expect(await store.listGraphs()).to.include.members([C, D]);
    // Replaced: what the document no longer states is gone, what it still states stays.
    await asDba.replaceGraphs(new Map([[C, quadsOf(C).slice(0, 2)]]));
    expect(shape(await store.readGraphs([C]), C)).to.deep.equal(
      viaNQuads.filter((l) => l.includes('/p/text Literal é') || l.includes('/p/lang')),
    );
    await asDba.replaceGraphs(
      new Map([
        [C, []],
        [D, []],
      ]),
    );
  });

  it('cuts a write whose N-Quads pass what the store takes in one field, between documents', async () => {
    const auth = REMOTE_STORE_URL!.replace(/\/sparql$/, '/sparql-auth');
    const small = new SparqlStore({
      queryUrl: REMOTE_STORE_URL!,
      updateUrl: auth,
      user: 'dba',
      password: 'dba',
      maxNQuadsBytes: 2000,
    });
    const graphs = new Map<string, Quad[]>();
    for (let i = 0; i < 30; i++) {
      const g = `https://contract.example.org/cut/${i}`;
      graphs.set(g, [df.quad(df.namedNode(g), p('text'), df.literal(`${i} `.repeat(100)))]);
    }
    await small.replaceGraphs(graphs);
    const found = await store.readGraphs([...graphs.keys()]);
    expect(found.map((q) => q.object.value).sort()).to.deep.equal(
      [...graphs.values()].map((qs) => qs[0].object.value).sort(),
    );
    await small.replaceGraphs(new Map([...graphs.keys()].map((g) => [g, []])));
  });

  it("stores none of a request's N-Quads when one line is malformed, and says which line", async () => {
    const auth = REMOTE_STORE_URL!.replace(/\/sparql$/, '/sparql-auth');
    const http = new SparqlHttp({ queryUrl: REMOTE_STORE_URL!, updateUrl: auth, user: 'dba', password: 'dba' });
    const good = (i: number) =>
      `<https://contract.example.org/bad/${i}> <https://contract.example.org/p/v> "${i}" <https://contract.example.org/bad/${i}> .\n`;
    const lines =
      Array.from({ length: 2000 }, (_, i) => good(i)).join('') +
      '<https://contract.example.org/bad/x> <https://contract.example.org/p "no end> <https://contract.example.org/bad/x> .\n';
    await http.update(NQUADS_INSERT, undefined, { [NQUADS_FIELD]: lines }).then(
      () => expect.fail('Virtuoso took a malformed line'),
      (e: Error) => {
        expect(e).to.be.instanceOf(StoreRequestFailed);
        expect(e.message).to.match(/line 2001/);
      },
    );
    expect(await store.hasGraph('https://contract.example.org/bad/0'), 'the first of the 2,000 good lines').to.equal(
      false,
    );
    expect(await store.hasGraph('https://contract.example.org/bad/1999')).to.equal(false);
  });
});
