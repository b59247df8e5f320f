import { expect } from 'chai';
import { curatorQuery } from '../../../../src/store/sparql/curatorDataset.js';
import { NO_GRAPH } from '../../../../src/store/sparql/graphWrites.js';

const flat = (s: string) => s.replace(/\s+/g, ' ');
/** The group without solutions the rewrite puts where a graph matches nothing. */
const NOTHING = /\{ FILTER\("false"\^\^<http:\/\/www.w3.org\/2001\/XMLSchema#boolean>\) \}/;
const text = (query: string, dataset = {}): string => curatorQuery(query, dataset).text;

describe('curatorDataset: a curator query made to see the documents only', () => {
  const table: Array<[string, string, (text: string) => void]> = [
    [
      'the default graph becomes the union graph',
      'SELECT * WHERE { ?s ?p ?o }',
      (t) => expect(flat(t)).to.contain('GRAPH <urn:linkedart-service:union> { ?s ?p ?o. }'),
    ],
    [
      'GRAPH ?g is joined with the registry, internal graphs filtered',
      'SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }',
      (t) => {
        expect(flat(t)).to.contain(
          'SELECT ?g WHERE { VALUES ?__registry { <urn:linkedart-service:graphs> } GRAPH ?__registry { ?g <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <urn:linkedart-service:Graph>. }',
        );
        expect(t).to.contain('STRSTARTS(STR(?g), "urn:linkedart-service:")');
      },
    ],
    [
      'inside EXISTS too',
      'ASK { FILTER EXISTS { GRAPH ?h { ?s ?p ?o } } }',
      (t) => expect(flat(t)).to.contain('GRAPH ?__registry { ?h'),
    ],
    [
      "an empty GRAPH <iri> {} asks the registry whether <iri> is a document's graph",
      'ASK { GRAPH <http://x/a> {} }',
      (t) =>
        expect(flat(t)).to.contain(
          'GRAPH <urn:linkedart-service:graphs> { <http://x/a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <urn:linkedart-service:Graph>. }',
        ),
    ],
    [
      'FROM alone names no graph: GRAPH matches nothing',
      'SELECT * FROM <http://x/a> WHERE { GRAPH ?g { ?s ?p ?o } GRAPH <http://x/a> { ?s ?p ?o } }',
      (t) => {
        expect(t).not.to.contain('GRAPH');
        expect(flat(t).match(new RegExp(NOTHING.source, 'g'))).to.have.length(2);
      },
    ],
    [
      'isBlank holds for skolem IRIs',
      'SELECT ?x WHERE { ?x ?p ?o FILTER(isBlank(?x)) }',
      (t) => expect(t).to.contain('urn:linkedart-service:genid:'),
    ],
    [
      'a query with its own FROM keeps its dataset',
      'SELECT * FROM <http://x/a> WHERE { ?s ?p ?o }',
      (t) => {
        expect(t).to.contain('FROM <http://x/a>');
        expect(t).not.to.contain('union');
      },
    ],
    [
      'ORDER BY ?var sorts by kind first (unbound, blank nodes and skolem IRIs, IRIs, literals), in a subquery too',
      'SELECT ?x WHERE { { SELECT ?x WHERE { ?x ?p ?o } ORDER BY DESC(?x) LIMIT 5 } } ORDER BY ?x STR(?x)',
      (t) => {
        const rank = (v: string, desc = '') =>
          `${desc}(IF(BOUND(?${v}), IF((ISBLANK(?${v})) || ((ISIRI(?${v})) && (STRSTARTS(STR(?${v}), "urn:linkedart-service:genid:"))), 1 , IF(ISIRI(?${v}), 2 , 3 )), 0 ))`;
        expect(flat(t))
          .to.contain(`ORDER BY ${rank('x', 'DESC ')} DESC (?x)`)
          .and.to.contain(`ORDER BY ${rank('x')} (?x) (STR(?x))`);
      },
    ],
    [
      'DESCRIBE reads the union',
      'DESCRIBE <http://x/a>',
      (t) => expect(t).to.contain('FROM <urn:linkedart-service:union>'),
    ],
    [
      'with FROM NAMED, an empty GRAPH ?g {} lists the named graphs (Virtuoso answers it with no row)',
      'SELECT ?g FROM NAMED <http://x/a> FROM NAMED <http://x/b> WHERE { GRAPH ?g {} }',
      (t) => {
        expect(flat(t)).to.contain('VALUES ?g { <http://x/a> <http://x/b> }');
        expect(t).not.to.contain('GRAPH ?g');
      },
    ],
    [
      'with FROM NAMED, a GRAPH ?g with patterns is left to the store',
      'SELECT ?g FROM NAMED <http://x/a> WHERE { GRAPH ?g { ?s ?p ?o } }',
      (t) => {
        expect(flat(t)).to.contain('GRAPH ?g { ?s ?p ?o. }');
        expect(t).not.to.contain('urn:linkedart-service:graphs');
      },
    ],
  ];
  for (const [name, query, check] of table) it(name, () => check(text(query)));

  it("the protocol's dataset replaces FROM and is the whole dataset: its named graphs alone leave the default graph empty, and list what an empty GRAPH ?g {} matches", () => {
    const q = curatorQuery('SELECT ?g FROM <http://x/b> WHERE { GRAPH ?g {} }', { namedGraphs: ['http://x/a'] });
    expect(q.text).not.to.contain('FROM');
    expect(flat(q.text)).to.contain('VALUES ?g { <http://x/a> }');
    expect(q.dataset).to.deep.equal({ defaultGraphs: [NO_GRAPH], namedGraphs: ['http://x/a'] });
  });

  it("the protocol's default graphs alone name no graph: GRAPH matches nothing", () => {
    const q = curatorQuery(
      'SELECT * FROM NAMED <http://x/b> WHERE { GRAPH ?g { ?s ?p ?o } GRAPH <http://x/a> { ?s ?p ?o } }',
      { defaultGraphs: ['http://x/a'] },
    );
    expect(q.text).not.to.contain('FROM').and.not.to.contain('GRAPH');
    expect(flat(q.text)).to.match(NOTHING);
    expect(q.dataset).to.deep.equal({ defaultGraphs: ['http://x/a'] });
  });

  it('an internal graph named is the empty graph, however it is named, as on the embedded store (its replica holds none)', () => {
    expect(flat(text('SELECT * WHERE { GRAPH <urn:linkedart-service:hints:http://x/a> { ?s ?p ?o } }')))
      .to.match(NOTHING)
      .and.not.to.contain('hints');
    expect(text('SELECT * FROM <urn:linkedart-service:union> WHERE { ?s ?p ?o }'))
      .to.contain(`FROM <${NO_GRAPH}>`)
      .and.not.to.contain('union');
    // Left out of a list that names a document's graph too; a list of internal graphs only is the empty graph, not no list (which would mean all).
    expect(
      curatorQuery('SELECT * WHERE { ?s ?p ?o }', { defaultGraphs: ['urn:linkedart-service:graphs', 'http://x/a'] })
        .dataset.defaultGraphs,
    ).to.deep.equal(['http://x/a']);
    const onlyInternal = curatorQuery('SELECT * WHERE { GRAPH ?g {} }', {
      namedGraphs: ['urn:linkedart-service:graphs'],
    });
    expect(onlyInternal.dataset.namedGraphs).to.deep.equal([NO_GRAPH]);
    expect(onlyInternal.text).not.to.contain('VALUES');
  });

  it('a dataset graph that is not an IRI is refused, never written into the VALUES of the text', () => {
    const payload = 'http://x/a> } GRAPH ?g2 { ?s ?p ?o } } #';
    for (const dataset of [{ namedGraphs: [payload] }, { defaultGraphs: [payload] }]) {
      expect(() => curatorQuery('SELECT * WHERE { GRAPH ?g {} }', dataset)).to.throw(
        /is not a valid IRI: it contains ">"/,
      );
    }
  });
});
