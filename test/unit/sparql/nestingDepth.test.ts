import { expect } from 'chai';
import { nestedDeeperThan } from '../../../src/sparql/nestingDepth.js';

describe('nestedDeeperThan: how deep a SPARQL text nests its brackets, read before parsing', () => {
  const chain = (n: number) => `INSERT DATA { <urn:a> <urn:p> ${'[ <urn:p> '.repeat(n)}[]${' ]'.repeat(n)} . }`;
  const cases: Array<[string, string, number, { line: number; column: number } | undefined]> = [
    ['a plain query', 'SELECT * WHERE { ?s ?p ?o FILTER((?o > 1)) }', 3, undefined],
    ['one level too deep', 'SELECT * WHERE { { { ?s ?p ?o } } }', 2, { line: 1, column: 20 }],
    ['brackets in strings do not count', 'SELECT * WHERE { ?s ?p "{{{{[[[(((" }', 1, undefined],
    ['nor in long strings, across lines', 'INSERT DATA { <urn:a> <urn:p> """{{{\n(((""" }', 1, undefined],
    ['nor after an escaped quote', String.raw`SELECT * WHERE { ?s ?p "a\"{{{{" }`, 1, undefined],
    ['nor in single-quoted strings', "SELECT * WHERE { ?s ?p '{{{{' }", 1, undefined],
    ['nor in comments', 'SELECT * WHERE { # {{{{{{\n ?s ?p ?o }', 1, undefined],
    ['nor in IRIs', 'SELECT * WHERE { ?s ?p <http://x/a(((b> }', 1, undefined],
    [
      'a < that is an operator is not an IRI',
      'SELECT * WHERE { ?s ?p ?o FILTER(?o < 3 && ((?o))) }',
      2,
      { line: 1, column: 44 },
    ],
    [
      'the line and column of a deep blank node',
      'INSERT DATA {\n  <urn:a> <urn:p> [ <urn:p> [ <urn:p> [] ] ] }',
      3,
      { line: 2, column: 39 },
    ],
    ['a 2,000-deep chain of blank nodes', chain(2000), 64, { line: 1, column: 31 + 10 * 63 }],
  ];
  for (const [name, text, limit, expected] of cases) {
    it(name, () => {
      const found = nestedDeeperThan(text, limit);
      if (expected === undefined) expect(found).to.equal(undefined);
      else expect(found).to.deep.equal({ depth: limit + 1, ...expected });
    });
  }
});
