/** The curator gate refuses a store's own functions (src/sparql/storeFunctions.ts), wherever they stand in the text. */
import { expect } from 'chai';
import { parseQuery, parseUpdate } from '../../../src/sparql/parseSparql.js';
import { SparqlRefused } from '../../../src/sparql/errors.js';

const LIMITS = { maxRows: 1000, maxQueryBytes: 100_000 };

describe('storeFunctions: no store function reaches a store', () => {
  const refused: ReadonlyArray<readonly [string, string, string]> = [
    ['bif: in a projection', 'SELECT (<bif:sys_stat>("st_dbms_name") AS ?x) {}', 'bif:sys_stat'],
    [
      'bif: by a prefix',
      'PREFIX bif: <bif:> SELECT * WHERE { BIND(bif:file_to_string("x") AS ?x) }',
      'bif:file_to_string',
    ],
    ['BIF: in capitals', 'SELECT (<BIF:sys_stat>("x") AS ?x) {}', 'BIF:sys_stat'],
    ['sql: in a FILTER', 'SELECT * WHERE { ?s ?p ?o FILTER(<sql:TTLP>("", "", "urn:g", 0) = 0) }', 'sql:TTLP'],
    ["in a subquery's ORDER BY", 'SELECT * WHERE { { SELECT ?s WHERE { ?s ?p ?o } ORDER BY <sql:f>(?o) } }', 'sql:f'],
    [
      'in OPTIONAL / EXISTS',
      'SELECT * WHERE { OPTIONAL { ?s ?p ?o FILTER EXISTS { ?s ?p ?q FILTER(<bif:f>(?q)) } } }',
      'bif:f',
    ],
    ['a magic predicate', 'SELECT * WHERE { ?s <bif:contains> "x" }', 'bif:contains'],
    ['as a graph name', 'SELECT * FROM <sql:x> WHERE { ?s ?p ?o }', 'sql:x'],
    ['an unknown function IRI', 'SELECT (<http://example.org/f>(1) AS ?x) {}', 'http://example.org/f'],
    ['in GROUP BY / HAVING', 'SELECT ?s WHERE { ?s ?p ?o } GROUP BY ?s HAVING(<bif:f>(COUNT(?o)))', 'bif:f'],
  ];
  for (const [where, query, name] of refused) {
    it(`refuses ${where}, naming <${name}>`, () => {
      expect(() => parseQuery(query, LIMITS)).to.throw(SparqlRefused, `<${name}>`);
    });
  }

  it('refuses them in every operation of an update', () => {
    expect(() =>
      parseUpdate(
        'INSERT DATA { <urn:a> <urn:b> 1 } ; DELETE { ?s ?p ?o } WHERE { ?s ?p ?o FILTER(<bif:f>(?o)) }',
        LIMITS,
      ),
    ).to.throw(SparqlRefused, '<bif:f>');
  });

  const allowed = [
    'SELECT (<http://www.w3.org/2001/XMLSchema#integer>("1") AS ?x) {}',
    'PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> SELECT * WHERE { ?s ?p ?o FILTER(xsd:dateTime(?o) > NOW()) }',
    'SELECT (STRLEN(CONCAT("a", STR(?s))) AS ?n) WHERE { ?s ?p ?o } LIMIT 1',
    'SELECT * WHERE { ?s <http://example.org/bif:contains> "x" }',
    'PREFIX bif: <bif:> SELECT * WHERE { ?s ?p ?o }',
  ];
  for (const query of allowed) {
    it(`lets ${JSON.stringify(query.slice(0, 70))} through`, () => {
      expect(() => parseQuery(query, LIMITS)).not.to.throw();
    });
  }
});
