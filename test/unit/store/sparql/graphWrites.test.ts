import { expect } from 'chai';
import type { PlainQuad, PlainTerm } from '../../../../src/rdf/terms.js';
import { planRuns, requestText, UNION_GRAPH, REGISTRY_GRAPH } from '../../../../src/store/sparql/graphWrites.js';
import { Skolemizer } from '../../../../src/store/sparql/storedTerms.js';

const N = (v: string): PlainTerm => ({ t: 'N', v });
const L = (v: string, extra: Partial<PlainTerm> = {}): PlainTerm => ({ t: 'L', v, ...extra });
const q = (s: string, p: string, o: PlainTerm, g: string): PlainQuad => [N(s), N(p), o, N(g)];
const A = 'http://x/a';
const HINTS_A = `urn:linkedart-service:hints:${A}`;

describe('graphWrites: a replaceGraphs as update requests', () => {
  it('cuts runs between documents only: a graph and its hint graph stay together', () => {
    const graphs = new Map<string, PlainQuad[]>();
    for (let i = 0; i < 5; i++) {
      graphs.set(`http://x/${i}`, [q(`http://x/${i}`, 'http://p', L('v'), `http://x/${i}`)]);
      graphs.set(`urn:linkedart-service:hints:http://x/${i}`, [
        q(`http://x/${i}`, 'http://h', L('h'), `urn:linkedart-service:hints:http://x/${i}`),
      ]);
    }
    const runs = planRuns(graphs, { maxTriples: 1000, maxGraphs: 3 });
    expect(runs.map((r) => r.length)).to.deep.equal([4, 4, 2]);
    for (const run of runs) expect(run[1][0]).to.equal(`urn:linkedart-service:hints:${run[0][0]}`);
  });

  it('writes only the difference: unchanged triples are neither deleted nor inserted', () => {
    const current = new Map([
      [
        A,
        [
          q(A, 'http://p', L('same'), A),
          q(A, 'http://p', L('old'), A),
          q(A, 'http://n', L('042', { d: 'http://www.w3.org/2001/XMLSchema#integer' }), A),
        ],
      ],
    ]);
    const next = [
      q(A, 'http://p', L('same'), A),
      q(A, 'http://p', L('new'), A),
      q(A, 'http://n', L('42', { d: 'http://www.w3.org/2001/XMLSchema#integer' }), A),
    ];
    const text = requestText([[A, next]], current, new Skolemizer());
    expect(text).to.contain('DELETE DATA {\nGRAPH <http://x/a> {\n<http://x/a> <http://p> "old" .\n}');
    expect(text).to.match(
      /INSERT DATA \{\nGRAPH <http:\/\/x\/a> \{\n<http:\/\/x\/a> <http:\/\/p> "new" \.\n\}\nGRAPH <urn:linkedart-service:union> \{\n<http:\/\/x\/a> <http:\/\/p> "new" \.\n\}/,
    );
    expect(text).not.to.contain('"same"');
    expect(text, 'a number the store canonicalized is the same value').not.to.contain('42');
    // The removed triple leaves the union through a graph of the request's own, emptied after, unless an
    // entity graph states it (not an internal graph: a past version holds what its document stated then).
    const staged = /GRAPH <(urn:linkedart-service:removed:[\w-]+)> \{\n<http:\/\/x\/a> <http:\/\/p> "old" \.\n\}/.exec(
      text,
    )?.[1];
    expect(staged, 'the removed triple staged').to.be.a('string');
    expect(text).to.contain(
      `DELETE { GRAPH <${UNION_GRAPH}> { ?s ?p ?o } } WHERE { GRAPH <${staged}> { ?s ?p ?o } GRAPH <${UNION_GRAPH}> { ?s ?p ?o } ` +
        `FILTER NOT EXISTS { GRAPH ?other { ?s ?p ?o } FILTER (!STRSTARTS(STR(?other), "urn:linkedart-service:")) } }`,
    );
    expect(text.endsWith(`DELETE WHERE { GRAPH <${staged}> { ?s ?p ?o } }`)).to.equal(true);
    expect(text).not.to.contain('VALUES');
  });

  it('registers a new graph, unregisters an emptied one, and keeps hint graphs out of the union', () => {
    const created = requestText(
      [
        [A, [q(A, 'http://p', L('v'), A)]],
        [HINTS_A, [q(A, 'http://h', L('x'), HINTS_A)]],
      ],
      new Map(),
      new Skolemizer(),
    );
    expect(created).to.contain(
      `GRAPH <${REGISTRY_GRAPH}> {\n<http://x/a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <urn:linkedart-service:Graph> .`,
    );
    expect(created.match(/GRAPH <urn:linkedart-service:union>/g)).to.have.length(1);
    const emptied = requestText([[A, []]], new Map([[A, [q(A, 'http://p', L('v'), A)]]]), new Skolemizer());
    expect(emptied).to.contain(
      `DELETE DATA { GRAPH <${REGISTRY_GRAPH}> { <http://x/a> a <urn:linkedart-service:Graph> . } }`,
    );
  });

  it('writes blank nodes as skolem IRIs and refuses what a SPARQL store could misread', () => {
    const text = requestText([[A, [[N(A), N('http://p'), { t: 'B', v: 'b0' }, N(A)]]]], new Map(), new Skolemizer());
    expect(text).to.match(/<http:\/\/x\/a> <http:\/\/p> <urn:linkedart-service:genid:[^>]+> \./);
    expect(() =>
      requestText([[A, [q(A, 'http://p', L('x', { l: 'en GB' }), A)]]], new Map(), new Skolemizer()),
    ).to.throw(/invalid language tag/);
    expect(() => requestText([[A, [q(A, 'http://p x', L('x'), A)]]], new Map(), new Skolemizer())).to.throw(
      /not a valid IRI/,
    );
  });
});
