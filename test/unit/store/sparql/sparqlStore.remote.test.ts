/** The SparqlStore's contract on a real Virtuoso: what the service relies on, and the store's quirks handled. */
import { expect } from 'chai';
import { df, type Quad } from '../../../../src/rdf/terms.js';
import { SparqlStore } from '../../../../src/store/sparql/SparqlStore.js';
import { StoreRequestFailed, StoreUnavailable } from '../../../../src/store/sparql/errors.js';
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

  it('replaces graphs wholly, lists and counts only its own graphs, keeps blank nodes apart per graph', async () => {
    const b = df.blankNode('x');
    await store.replaceGraphs(new Map<string, Quad[]>([
      [A, [df.quad(df.namedNode(A), p('has'), b), df.quad(b, p('label'), df.literal('shared')), df.quad(df.namedNode(A), p('n'), df.literal('1.50', df.namedNode('http://www.w3.org/2001/XMLSchema#decimal')))]],
      [B, [df.quad(df.namedNode(B), p('label'), df.literal('shared'))]],
    ]));
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
      return r.kind === 'bindings' ? Number(r.rows[0]!.n!.v) : -1;
    };
    const shared = (g: string) => df.quad(df.namedNode('https://contract.example.org/type'), p('label'), df.literal('Type'), df.namedNode(g));
    await store.replaceGraphs(new Map([[A, [shared(A)]], [B, [shared(B)]]]));
    expect(await count()).to.equal(1);
    await store.replaceGraphs(new Map([[A, []]]));
    expect(await count()).to.equal(1);
    await store.replaceGraphs(new Map([[B, []]]));
    expect(await count()).to.equal(0);
  });

  it('speaks Digest to /sparql-auth, and says so when the password is wrong or the store is gone', async () => {
    const auth = REMOTE_STORE_URL!.replace(/\/sparql$/, '/sparql-auth');
    const good = new SparqlStore({ queryUrl: auth, user: 'dba', password: 'dba' });
    expect(await good.hasGraph(A)).to.be.a('boolean');
    const bad = new SparqlStore({ queryUrl: auth, user: 'dba', password: 'wrong' });
    await bad.hasGraph(A).then(() => expect.fail('accepted a wrong password'), (e: Error) => {
      expect(e).to.be.instanceOf(StoreRequestFailed);
      expect(e.message).to.contain('answered 401');
    });
    await SparqlStore.open({ queryUrl: 'http://127.0.0.1:59999/sparql' }).then(() => expect.fail('opened nothing'), (e: Error) => {
      expect(e).to.be.instanceOf(StoreUnavailable);
      expect(e.message).to.match(/SPARQL store at http:\/\/127\.0\.0\.1:59999\/sparql is unavailable: ECONNREFUSED/);
    });
  });
});
