import { expect } from 'chai';
import sparqljs from 'sparqljs';
import { sortedInSubquery } from '../../../../src/store/sparql/sortedSubquery.js';

const flat = (s: string | undefined) => s?.replace(/\s+/g, ' ');
const rewrite = (query: string): string | undefined =>
  sortedInSubquery(new sparqljs.Parser().parse(query) as sparqljs.Query);

describe('sortedSubquery: an ORDER BY cut by LIMIT / OFFSET sorted inside a subquery, cut outside', () => {
  it('SELECT: the projection kept outside, in order; DISTINCT and ORDER BY inside; LIMIT and OFFSET outside', () => {
    const t = flat(
      rewrite(
        'PREFIX ex: <http://x/> SELECT DISTINCT ?o (STR(?o) AS ?s) WHERE { ?o a ex:T } ORDER BY DESC(?o) OFFSET 5 LIMIT 10001',
      ),
    );
    expect(t).to.equal(
      'PREFIX ex: <http://x/> SELECT ?o ?s WHERE { { SELECT DISTINCT ?o (STR(?o) AS ?s) WHERE { ?o <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> ex:T. } ORDER BY DESC (?o) } } OFFSET 5 LIMIT 10001',
    );
  });

  it('SELECT *: * outside too; FROM stays outside', () => {
    const t = flat(rewrite('SELECT * FROM <http://x/g> WHERE { ?s ?p ?o } ORDER BY ?s LIMIT 3'));
    expect(t).to.equal('SELECT * FROM <http://x/g> WHERE { { SELECT * WHERE { ?s ?p ?o. } ORDER BY (?s) } } LIMIT 3');
  });

  it('CONSTRUCT: the solutions sorted in a SELECT *, the template outside', () => {
    const t = flat(rewrite('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } ORDER BY ?o LIMIT 10001'));
    expect(t).to.equal('CONSTRUCT { ?s ?p ?o. } WHERE { { SELECT * WHERE { ?s ?p ?o. } ORDER BY (?o) } } LIMIT 10001');
  });

  it('DESCRIBE alike, its FROM kept', () => {
    const t = flat(rewrite('DESCRIBE ?s FROM <http://x/g> WHERE { ?s ?p ?o } ORDER BY ?s OFFSET 2'));
    expect(t).to.equal(
      'DESCRIBE ?s FROM <http://x/g> WHERE { { SELECT * WHERE { ?s ?p ?o. } ORDER BY (?s) } } OFFSET 2',
    );
  });

  it('nothing to do for a query not both sorted and cut, nor for a grouped CONSTRUCT (SELECT * cannot be grouped)', () => {
    expect(rewrite('SELECT * WHERE { ?s ?p ?o } LIMIT 3')).to.equal(undefined);
    expect(rewrite('SELECT * WHERE { ?s ?p ?o } ORDER BY ?s')).to.equal(undefined);
    expect(rewrite('CONSTRUCT { ?s a ?t } WHERE { ?s a ?t } GROUP BY ?s ?t ORDER BY ?s LIMIT 3')).to.equal(undefined);
  });

  it('every form it writes parses again', () => {
    for (const query of [
      'SELECT ?s (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?s HAVING (COUNT(*) > 1) ORDER BY DESC(?n) LIMIT 20',
      'SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?o OFFSET 10 VALUES ?s { <http://x/a> }',
    ]) {
      const t = rewrite(query);
      expect(t, query).to.be.a('string');
      expect(() => new sparqljs.Parser().parse(t!), t).not.to.throw();
    }
  });
});
