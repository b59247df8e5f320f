import { expect } from 'chai';
import { curatorQueryText } from '../../../../src/store/sparql/curatorDataset.js';
import { SparqlRefused } from '../../../../src/sparql/errors.js';

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('curatorDataset: a curator query made to see the documents only', () => {
  const table: Array<[string, string, (text: string) => void]> = [
    ['the default graph becomes the union graph', 'SELECT * WHERE { ?s ?p ?o }',
      (t) => expect(flat(t)).to.contain('GRAPH <urn:linkedart-service:union> { ?s ?p ?o. }')],
    ['GRAPH ?g is joined with the registry, internal graphs filtered', 'SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }',
      (t) => { expect(flat(t)).to.contain('GRAPH <urn:linkedart-service:graphs> { ?g <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <urn:linkedart-service:Graph>. }'); expect(t).to.contain('STRSTARTS(STR(?g), "urn:linkedart-service:")'); }],
    ['inside EXISTS too', 'ASK { FILTER EXISTS { GRAPH ?h { ?s ?p ?o } } }',
      (t) => expect(flat(t)).to.contain('GRAPH <urn:linkedart-service:graphs> { ?h')],
    ['isBlank holds for skolem IRIs', 'SELECT ?x WHERE { ?x ?p ?o FILTER(isBlank(?x)) }',
      (t) => expect(t).to.contain('urn:linkedart-service:genid:')],
    ['a query with its own FROM keeps its dataset', 'SELECT * FROM <http://x/a> WHERE { ?s ?p ?o }',
      (t) => { expect(t).to.contain('FROM <http://x/a>'); expect(t).not.to.contain('union'); }],
    ['DESCRIBE reads the union', 'DESCRIBE <http://x/a>', (t) => expect(t).to.contain('FROM <urn:linkedart-service:union>')],
  ];
  for (const [name, query, check] of table) it(name, () => check(curatorQueryText(query, {})));

  it('refuses to name an internal graph, however it is named', () => {
    for (const [query, dataset] of [
      ['SELECT * WHERE { GRAPH <urn:linkedart-service:hints:http://x/a> { ?s ?p ?o } }', {}],
      ['SELECT * FROM <urn:linkedart-service:union> WHERE { ?s ?p ?o }', {}],
      ['SELECT * WHERE { ?s ?p ?o }', { defaultGraphs: ['urn:linkedart-service:graphs'] }],
    ] as const) {
      expect(() => curatorQueryText(query, dataset), query).to.throw(SparqlRefused, /service's own graphs/);
    }
  });
});
