/**
 * The term writer (src/rdf/sparqlTerm.ts), table-driven: which values are IRIs, and that what
 * it writes reads back, in a real SPARQL parser (Oxigraph's, and sparqljs), as exactly the value
 * given and nothing more: no escape closes an IRI or a string early.
 */
import { expect } from 'chai';
import { Store } from 'oxigraph';
import sparqljs from 'sparqljs';
import { count, InvalidSparqlTerm, iri, iriProblem, literal } from '../../../src/rdf/sparqlTerm.js';

/** A query binding ?x to `term`, and one triple pattern after it that must still be a pattern. */
const probe = (term: string): string => `SELECT ?x ?after WHERE { BIND(${term} AS ?x) VALUES ?after { "after" } }`;

function readBack(term: string): { value: string; kind: string; datatype?: string; language?: string } {
  const rows = new Store().query(probe(term)) as Array<
    Map<string, { termType: string; value: string; datatype?: { value: string }; language?: string }>
  >;
  expect(rows).to.have.length(1);
  expect(rows[0].get('after')!.value).to.equal('after');
  const x = rows[0].get('x')!;
  return { value: x.value, kind: x.termType, datatype: x.datatype?.value, language: x.language || undefined };
}

describe('sparqlTerm: the one SPARQL term writer', () => {
  describe('iri()', () => {
    const valid = [
      'http://example.org/person/1',
      'http://example.org/person/café',
      'http://example.org/person/caf%C3%A9',
      'http://example.org/a%3Eb',
      'http://example.org/a#frag',
      'http://example.org/a?x=1&y=2',
      'urn:uuid:0b1d7e8e-3d3b-4c27-9a7f-4f5b0b3d1c2e',
      'urn:linkedart-service:hints:http://example.org/a',
      'https://example.org/𝄞/日本',
    ];
    for (const value of valid) {
      it(`writes ${JSON.stringify(value)} as itself, which reads back the same`, () => {
        expect(iri(value)).to.equal(`<${value}>`);
        expect(readBack(iri(value))).to.deep.equal({
          value,
          kind: 'NamedNode',
          datatype: undefined,
          language: undefined,
        });
        expect(iriProblem(value)).to.equal(undefined);
      });
    }

    const invalid: ReadonlyArray<readonly [string, string, RegExp]> = [
      ["the issue's payload", 'http://h/person/e>?p?z.GRAPH?g2{?s?p2?o2}}}#', /">"/],
      ['<', 'http://h/a<b', /"<"/],
      ['"', 'http://h/a"b', /"\\""/],
      ['{', 'http://h/a{b', /"\{"/],
      ['}', 'http://h/a}b', /"\}"/],
      ['|', 'http://h/a|b', /"\|"/],
      ['^', 'http://h/a^b', /"\^"/],
      ['`', 'http://h/a`b', /"`"/],
      ['a backslash (\\u003E would read as >)', 'http://h/a\\u003E', /"\\\\"/],
      ['a space', 'http://h/a b', /U\+0020/],
      ['a newline', 'http://h/a\nb', /U\+000A/],
      ['a tab', 'http://h/a\tb', /U\+0009/],
      ['NUL', 'http://h/a\u0000b', /U\+0000/],
      ['a lone surrogate', 'http://h/a\ud800b', /unpaired surrogate/],
      ['a lone low surrogate', 'http://h/a\udc00', /unpaired surrogate/],
      ['no scheme', 'person/1', /no scheme/],
      ['nothing', '', /empty/],
    ];
    for (const [what, value, reason] of invalid) {
      it(`refuses ${what}, saying why`, () => {
        expect(() => iri(value)).to.throw(InvalidSparqlTerm, reason);
        expect(iriProblem(value)).to.match(reason);
      });
    }
  });

  describe('literal()', () => {
    const values: ReadonlyArray<readonly [string, string]> = [
      ['plain', 'Edith Marrow'],
      ['a quote', 'say "hi"'],
      ['a quote that would end the string', '" } GRAPH ?g { ?s ?p ?o } #'],
      ['a backslash', 'C:\\dir\\'],
      ['a trailing backslash (would escape the closing quote)', 'ends with \\'],
      ['a \\u0022 escape in the value (six characters, not a quote)', 'a\\u0022b'],
      ['a \\U00000022 escape in the value', 'a\\U00000022b'],
      ['a \\u005C escape in the value', 'x\\u005C"y'],
      ['newline, carriage return, tab', 'a\nb\rc\td'],
      ['backspace, form feed', 'a\bb\fc'],
      ['other controls', 'a\u0000b\u0001c\u001fd\u007fe'],
      ['non-ASCII', 'café 日本 𝄞'],
      ['empty', ''],
      ['single quotes', "it's '' '''"],
      ['triple double quotes', '"""x"""'],
    ];
    for (const [what, value] of values) {
      it(`${what}: reads back exactly, and the query goes on after it`, () => {
        expect(readBack(literal(value)).value).to.equal(value);
        const parsed = new sparqljs.Parser().parse(probe(literal(value))) as sparqljs.SelectQuery;
        const bind = parsed.where![0] as sparqljs.BindPattern;
        expect((bind.expression as sparqljs.LiteralTerm).value).to.equal(value);
      });
    }

    it('writes only escapes SPARQL strings have (ECHAR, \\u for controls)', () => {
      expect(literal('a"b\\c\nd\u0001')).to.equal('"a\\"b\\\\c\\nd\\u0001"');
    });

    it('a datatype goes through iri(); a language tag must be one', () => {
      expect(readBack(literal('1', { datatype: 'http://www.w3.org/2001/XMLSchema#integer' }))).to.deep.equal({
        value: '1',
        kind: 'Literal',
        datatype: 'http://www.w3.org/2001/XMLSchema#integer',
        language: undefined,
      });
      expect(readBack(literal('chat', { language: 'fr-CA' })).language).to.equal('fr-ca');
      expect(() => literal('x', { datatype: 'http://h/t> . ?s ?p ?o' })).to.throw(InvalidSparqlTerm, /">"/);
      expect(() => literal('x', { language: 'en } GRAPH ?g {' })).to.throw(InvalidSparqlTerm, /language tag/);
    });

    it('refuses a lone surrogate (not a character; it would be written as U+FFFD)', () => {
      expect(() => literal('a\ud800')).to.throw(InvalidSparqlTerm, /unpaired surrogate/);
    });
  });

  describe('count()', () => {
    it('writes whole numbers from 0 and refuses anything else', () => {
      expect(count(0)).to.equal('0');
      expect(count(10000)).to.equal('10000');
      for (const n of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
        expect(() => count(n), String(n)).to.throw(InvalidSparqlTerm);
    });
  });
});
