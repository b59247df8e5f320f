import { expect } from 'chai';
import type { PlainQuad, PlainTerm } from '../../../../src/rdf/terms.js';
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
  return planRuns(graphs, { maxTriples: 1e9, maxGraphs: 1e9 })[0]!;
};

describe('writeRequests: a run of documents as update requests', () => {
  it('as N-Quads: one operation, the quads (graphs, union copies, registry entries) in their own field', () => {
    const [request, ...more] = writeRequests(docGraphs(2, (i) => `v${i}`), new Map(), new Skolemizer(), true);
    expect(more).to.have.length(0);
    expect(request!.update).to.equal(NQUADS_INSERT);
    const lines = request!.fields[NQUADS_FIELD]!.trim().split('\n');
    expect(lines).to.include('<http://x/0> <http://p> "v0" <http://x/0> .');
    expect(lines).to.include(`<http://x/0> <http://p> "v0" <${UNION_GRAPH}> .`);
    expect(lines).to.include(`<http://x/0> <http://h> "h" <urn:linkedart-service:hints:http://x/0> .`);
    expect(lines, 'rdf:type spelled out: N-Quads has no `a`').to.include(`<http://x/1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <urn:linkedart-service:Graph> <${REGISTRY_GRAPH}> .`);
  });

  it('cuts a run whose N-Quads pass the limit between documents, never inside one, until each fits', () => {
    const run = docGraphs(8, (i) => 'é'.repeat(100) + i);
    const requests = writeRequests(run, new Map(), new Skolemizer(), true, 1200);
    expect(requests.length).to.be.greaterThan(1);
    const written = requests.flatMap((r) => r.fields[NQUADS_FIELD]!.trim().split('\n'));
    for (const r of requests) expect(Buffer.byteLength(r.fields[NQUADS_FIELD]!, 'utf8')).to.be.at.most(1200);
    for (const r of requests) {
      const docs = new Set([...r.fields[NQUADS_FIELD]!.matchAll(/^<(http:\/\/x\/\d+)>/gm)].map((m) => m[1]));
      for (const d of docs) expect(r.fields[NQUADS_FIELD], `${d} with its hints`).to.contain(`<urn:linkedart-service:hints:${d}> .`);
    }
    expect(written.filter((l) => l.endsWith(`<${UNION_GRAPH}> .`))).to.have.length(8);
  });

  it('sends one document too large for the field as INSERT DATA text, where the store says what it refuses', () => {
    const [request, ...more] = writeRequests(docGraphs(1, () => 'x'.repeat(5000)), new Map(), new Skolemizer(), true, 1200);
    expect(more).to.have.length(0);
    expect(request!.fields).to.deep.equal({});
    expect(request!.update).to.match(/^INSERT DATA \{/);
  });

  it('as INSERT DATA when the store does not take N-Quads', () => {
    const [request] = writeRequests(docGraphs(2, (i) => `v${i}`), new Map(), new Skolemizer(), false);
    expect(request!.fields).to.deep.equal({});
    expect(request!.update).to.contain('INSERT DATA {\nGRAPH <http://x/0> {\n<http://x/0> <http://p> "v0" .');
  });
});
