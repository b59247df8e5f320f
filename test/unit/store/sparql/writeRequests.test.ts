import { expect } from 'chai';
import { df, type PlainQuad, type PlainTerm, type Quad } from '../../../../src/rdf/terms.js';
import { StoreRequestFailed } from '../../../../src/store/sparql/errors.js';
import { SparqlStore } from '../../../../src/store/sparql/SparqlStore.js';
import { planRuns, REGISTRY_GRAPH, UNION_GRAPH } from '../../../../src/store/sparql/graphWrites.js';
import { NQUADS_FIELD, NQUADS_INSERT } from '../../../../src/store/sparql/nquadsInserts.js';
import { Skolemizer } from '../../../../src/store/sparql/storedTerms.js';
import { writeRequests } from '../../../../src/store/sparql/writeRequests.js';

const N = (v: string): PlainTerm => ({ t: 'N', v });
const L = (v: string): PlainTerm => ({ t: 'L', v });
const docGraphs = (count: number, literal: (i: number) => string) => {
  const graphs = new Map<string, PlainQuad[]>();
  for (let i = 0; i < count; i++) {
    const id = `http://x/${i}`;
    const hints = `urn:linkedart-service:hints:${id}`;
    graphs.set(id, [[N(id), N('http://p'), L(literal(i)), N(id)]]);
    graphs.set(hints, [[N(id), N('http://h'), L('h'), N(hints)]]);
  }
  return planRuns(graphs, { maxTriples: 1e9, maxGraphs: 1e9 })[0];
};

describe('writeRequests: a run of documents as update requests', () => {
  it('as N-Quads: one operation, the quads (graphs, union copies, registry entries) in their own field', () => {
    const [request, ...more] = writeRequests(
      docGraphs(2, (i) => `v${i}`),
      new Map(),
      new Skolemizer(),
      true,
    ).map((s) => s.request);
    expect(more).to.have.length(0);
    expect(request.update).to.equal(NQUADS_INSERT);
    const lines = request.fields[NQUADS_FIELD].trim().split('\n');
    expect(lines).to.include('<http://x/0> <http://p> "v0" <http://x/0> .');
    expect(lines).to.include(`<http://x/0> <http://p> "v0" <${UNION_GRAPH}> .`);
    expect(lines).to.include(`<http://x/0> <http://h> "h" <urn:linkedart-service:hints:http://x/0> .`);
    expect(lines, 'rdf:type spelled out: N-Quads has no `a`').to.include(
      `<http://x/1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <urn:linkedart-service:Graph> <${REGISTRY_GRAPH}> .`,
    );
  });

  it('cuts a run whose N-Quads pass the limit between documents, never inside one, until each fits', () => {
    const run = docGraphs(8, (i) => 'é'.repeat(100) + i);
    const requests = writeRequests(run, new Map(), new Skolemizer(), true, 1200).map((s) => s.request);
    expect(requests.length).to.be.greaterThan(1);
    const written = requests.flatMap((r) => r.fields[NQUADS_FIELD].trim().split('\n'));
    for (const r of requests) expect(Buffer.byteLength(r.fields[NQUADS_FIELD], 'utf8')).to.be.at.most(1200);
    for (const r of requests) {
      const docs = new Set([...r.fields[NQUADS_FIELD].matchAll(/^<(http:\/\/x\/\d+)>/gm)].map((m) => m[1]));
      for (const d of docs)
        expect(r.fields[NQUADS_FIELD], `${d} with its hints`).to.contain(`<urn:linkedart-service:hints:${d}> .`);
    }
    expect(written.filter((l) => l.endsWith(`<${UNION_GRAPH}> .`))).to.have.length(8);
  });

  it('sends one document too large for the field as INSERT DATA text, where the store says what it refuses', () => {
    const [request, ...more] = writeRequests(
      docGraphs(1, () => 'x'.repeat(5000)),
      new Map(),
      new Skolemizer(),
      true,
      1200,
    ).map((s) => s.request);
    expect(more).to.have.length(0);
    expect(request.fields).to.deep.equal({});
    expect(request.update).to.match(/^INSERT DATA \{/);
  });

  it('as INSERT DATA when the store does not take N-Quads', () => {
    const [request] = writeRequests(
      docGraphs(2, (i) => `v${i}`),
      new Map(),
      new Skolemizer(),
      false,
    ).map((s) => s.request);
    expect(request.fields).to.deep.equal({});
    expect(request.update).to.contain('INSERT DATA {\nGRAPH <http://x/0> {\n<http://x/0> <http://p> "v0" .');
  });
});

describe('SparqlStore: a request the store refuses as too large to compile', () => {
  it("is sent again as its run's halves, between documents, until the store takes them", async () => {
    const store = new SparqlStore({ queryUrl: 'http://127.0.0.1:1/sparql' });
    const taken: string[] = [];
    let refusals = 0;
    // A store that takes no N-Quads, and refuses any request naming more than 6 graphs, as Virtuoso words it.
    // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async http.update: a throw must be a rejection
    store.http.update = async (update: string, _timeout?: number, fields: Readonly<Record<string, string>> = {}) => {
      if (NQUADS_FIELD in fields)
        throw new StoreRequestFailed(
          'http://127.0.0.1:1/sparql',
          400,
          'SP031: Function sql:TTLP() cannot be used',
          update,
        );
      const graphs = [...update.matchAll(/GRAPH <(http:\/\/x\/\d+)>/g)].map((m) => m[1]);
      if (new Set(graphs).size > 6) {
        refusals++;
        throw new StoreRequestFailed(
          'http://127.0.0.1:1/sparql',
          400,
          'Virtuoso 37000 Error SP031: SPARQL: Internal error: The length of generated SQL text has exceeded 10000 lines of code',
          update,
        );
      }
      taken.push(...graphs);
      return '';
    };
    const graphs = new Map<string, Quad[]>();
    for (let i = 0; i < 20; i++)
      graphs.set(`http://x/${i}`, [
        df.quad(df.namedNode(`http://x/${i}`), df.namedNode('http://p'), df.literal(`v${i}`)),
      ]);
    await store.replaceGraphs(graphs, new Set(graphs.keys()));
    expect(refusals).to.be.greaterThan(0);
    expect([...new Set(taken)].sort()).to.deep.equal([...graphs.keys()].sort());
  });

  it('is the error when it is a single document', async () => {
    const store = new SparqlStore({ queryUrl: 'http://127.0.0.1:1/sparql' });
    // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async http.update: a throw must be a rejection
    store.http.update = async (update: string) => {
      throw new StoreRequestFailed(
        'http://127.0.0.1:1/sparql',
        400,
        'The length of generated SQL text has exceeded 10000 lines of code',
        update,
      );
    };
    const one = new Map([
      ['http://x/1', [df.quad(df.namedNode('http://x/1'), df.namedNode('http://p'), df.literal('v'))]],
    ]);
    await store.replaceGraphs(one, new Set(one.keys())).then(
      () => expect.fail('written'),
      (e: Error) => expect(e.message).to.match(/exceeded 10000 lines of code/),
    );
  });
});
