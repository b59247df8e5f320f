/** The table `linkedart query` prints: cells, widths, eliding (said, never silent), the row count. */
import { expect } from 'chai';
import type { PlainTerm } from '../../../src/rdf/terms.js';
import {
  BlankNodeLabels,
  compactIri,
  displayWidth,
  elide,
  escapeControls,
  fitColumns,
  renderTable,
  termText,
  type Bindings,
} from '../../../src/cli/resultTable.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const iri = (v: string): PlainTerm => ({ t: 'N', v });
const lit = (v: string, extra: Partial<PlainTerm> = {}): PlainTerm => ({ t: 'L', v, ...extra });
const table = (variables: string[], rows: Array<Record<string, PlainTerm>>): Bindings => ({
  kind: 'bindings',
  variables,
  rows,
});

describe('result table', () => {
  describe('a cell for each kind of term', () => {
    const cases: Array<[string, PlainTerm | undefined, string]> = [
      ['an IRI in a known namespace, compacted', iri(`${CRM}E22_Human-Made_Object`), 'crm:E22_Human-Made_Object'],
      ['a Getty AAT IRI', iri('http://vocab.getty.edu/aat/300033618'), 'aat:300033618'],
      ['a namespace inside another: the longer wins', iri(`${CRM}CRMarchaeo/A1_Excavation`), 'archaeo:A1_Excavation'],
      [
        'an IRI in no known namespace, in full',
        iri('http://localhost:8080/object/harbour-at-dusk'),
        'http://localhost:8080/object/harbour-at-dusk',
      ],
      [
        'a local part that would not read as a prefixed name, in full',
        iri('http://vocab.getty.edu/aat/300033618/x'),
        'http://vocab.getty.edu/aat/300033618/x',
      ],
      ['a local part ending with a dot, in full', iri(`${CRM}E22.`), `${CRM}E22.`],
      ['a plain string, as its value', lit('Harbour at Dusk'), 'Harbour at Dusk'],
      ['a language-tagged string', lit('Harbour at Dusk', { l: 'en' }), 'Harbour at Dusk@en'],
      ['a typed literal, datatype compacted', lit('1923', { d: `${XSD}gYear` }), '1923^^xsd:gYear'],
      ['an integer keeps its datatype', lit('29', { d: `${XSD}integer` }), '29^^xsd:integer'],
      [
        'a datatype in no known namespace, in angle brackets',
        lit('x', { d: 'http://example.org/dt' }),
        'x^^<http://example.org/dt>',
      ],
      ['unbound, empty', undefined, ''],
    ];
    for (const [what, term, expected] of cases) {
      it(what, () => expect(termText(term, new BlankNodeLabels())).to.equal(expected));
    }

    it('blank nodes relabelled _:b1, _:b2 in order of appearance, the same node the same label', () => {
      const labels = new BlankNodeLabels();
      expect(['x9f', 'a01', 'x9f'].map((v) => termText({ t: 'B', v }, labels))).to.deep.equal(['_:b1', '_:b2', '_:b1']);
    });

    it('compactIri leaves a bare namespace alone', () => expect(compactIri(CRM)).to.equal(CRM));
  });

  describe('text helpers', () => {
    const cases: Array<[string, () => unknown, unknown]> = [
      ['control characters escaped', () => escapeControls('a\nb\tc\r\u0001'), 'a\\nb\\tc\\r\\u0001'],
      ['width of plain text', () => displayWidth('Whitby'), 6],
      ['width of wide characters', () => displayWidth('港口'), 4],
      ['width ignores combining marks', () => displayWidth('e\u0301'), 1],
      ['elide: fits, untouched', () => elide('harbour', 7), 'harbour'],
      ['elide: cut with an ellipsis within the width', () => elide('harbour at dusk', 8), 'harbour…'],
      ['elide: a wide character that would not fit is left out', () => elide('港口港口', 4), '港…'],
      ['fit: no width, natural widths', () => fitColumns([10, 50], [8, 8], undefined), [10, 50]],
      ['fit: room enough, natural widths', () => fitColumns([10, 50], [8, 8], 80), [10, 50]],
      [
        'fit: the widest narrowed, the narrow kept, every column used',
        () => fitColumns([10, 50, 40], [8, 8, 8], 60),
        [10, 22, 22],
      ],
      ['fit: never below the floors (the table then overflows)', () => fitColumns([30, 30], [20, 20], 20), [20, 20]],
    ];
    for (const [what, run, expected] of cases) {
      it(what, () => expect(run()).to.deep.equal(expected));
    }
  });

  describe('whole tables', () => {
    const rows: Array<Record<string, PlainTerm>> = [
      {
        obj: iri('http://localhost:8080/object/harbour-at-dusk'),
        type: iri(`${CRM}E22_Human-Made_Object`),
        label: lit('Harbour at Dusk', { l: 'en' }),
      },
      { obj: { t: 'B', v: 'n7' }, type: iri(`${CRM}E33_E41_Linguistic_Appellation`) },
    ];
    const cases: Array<{ what: string; result: Bindings; width?: number; expected: string[]; shortened: number }> = [
      {
        what: 'header, rule, one line a row, unbound empty, `N rows` last',
        result: table(['obj', 'type', 'label'], rows),
        expected: [
          'obj                                          │ type                               │ label',
          '─────────────────────────────────────────────┼────────────────────────────────────┼───────────────────',
          'http://localhost:8080/object/harbour-at-dusk │ crm:E22_Human-Made_Object          │ Harbour at Dusk@en',
          '_:b1                                         │ crm:E33_E41_Linguistic_Appellation │',
          '2 rows',
        ],
        shortened: 0,
      },
      {
        what: 'narrowed to the width: the widest columns elided to one width, a narrower one kept whole, and said so before the row count',
        result: table(['obj', 'type', 'label'], rows),
        width: 60,
        expected: [
          'obj                │ type               │ label',
          '───────────────────┼────────────────────┼───────────────────',
          'http://localhost:… │ crm:E22_Human-Mad… │ Harbour at Dusk@en',
          '_:b1               │ crm:E33_E41_Lingu… │',
          '(3 cells shortened with … to fit 60 columns; use --format tsv (or csv, json) for the full values)',
          '2 rows',
        ],
        shortened: 3,
      },
      {
        what: 'no solutions: the header and 0 rows',
        result: table(['s'], []),
        expected: ['s', '─', '0 rows'],
        shortened: 0,
      },
      {
        what: 'one solution: 1 row',
        result: table(['n'], [{ n: lit('29', { d: `${XSD}integer` }) }]),
        expected: ['n', '───────────────', '29^^xsd:integer', '1 row'],
        shortened: 0,
      },
      {
        what: 'a value with a line break stays on its line',
        result: table(['note'], [{ note: lit('two\nlines') }]),
        expected: ['note', '──────────', 'two\\nlines', '1 row'],
        shortened: 0,
      },
      {
        what: 'no variables: only the count',
        result: table([], [{}]),
        expected: ['1 row'],
        shortened: 0,
      },
    ];
    for (const c of cases) {
      it(c.what, () => {
        const rendered = renderTable(c.result, { width: c.width });
        expect(rendered.text.split('\n')).to.deep.equal([...c.expected, '']);
        expect(rendered.shortened).to.equal(c.shortened);
        if (c.width !== undefined) {
          for (const line of rendered.text.split('\n')) {
            if (line.includes('│')) expect(displayWidth(line), line).to.be.at.most(c.width);
          }
        }
      });
    }
  });
});
