import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { Parser } from 'n3';
import { INGEST_HINTS } from '../../../src/ingest/ruleHints.js';
import { type Problem } from '../../../src/linkedart/Problem.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { HINT_PREDICATE, SHAPE_PREFIX, SHAPES_DIR } from '../../../src/validate/ShaclValidator.js';
import { problemsOf } from '../../support/rejection.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const SH = 'http://www.w3.org/ns/shacl#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const ID = 'https://example.org/object/7';
const base = {
  '@context': V1,
  id: ID,
  type: 'HumanMadeObject',
  _label: 'Jug',
  identified_by: [{ type: 'Name', content: 'Jug' }],
};

describe('every rule has a hint of its usual fix', () => {
  it('every shape in shapes/*.ttl has one svc:hint', () => {
    const shapes = new Map<string, string[]>();
    for (const file of readdirSync(SHAPES_DIR).filter((f) => f.endsWith('.ttl'))) {
      for (const q of new Parser().parse(readFileSync(SHAPES_DIR + file, 'utf8'))) {
        if (!q.subject.value.startsWith(SHAPE_PREFIX)) continue;
        const hints = shapes.get(q.subject.value) ?? [];
        if (q.predicate.value === RDF_TYPE && [`${SH}NodeShape`, `${SH}PropertyShape`].includes(q.object.value))
          shapes.set(q.subject.value, hints);
        if (q.predicate.value === HINT_PREDICATE) shapes.set(q.subject.value, [...hints, q.object.value]);
      }
    }
    expect(shapes.size).to.be.greaterThan(90);
    const without = [...shapes]
      .filter(([, hints]) => hints.length !== 1 || hints[0].length < 10)
      .map(([shape]) => shape);
    expect(without).to.deep.equal([]);
  });

  it('every ingest rule has a hint', () => {
    for (const [rule, hint] of Object.entries(INGEST_HINTS)) expect(hint, rule).to.have.length.greaterThan(10);
  });

  // Each ingest rule broken once: the problem carries the rule's hint and the value at its path.
  const cases: Array<{ rule: string; doc: unknown; path: string; value?: string }> = [
    { rule: 'not-an-object', doc: [base], path: '' },
    { rule: 'root-id', doc: { ...base, id: 'object/7' }, path: 'id', value: '"object/7"' },
    {
      rule: 'context',
      doc: { ...base, '@context': 'https://example.org/ctx.json' },
      path: '@context',
      value: '"https://example.org/ctx.json"',
    },
    { rule: 'root-type', doc: { ...base, type: 'PropositionalObject' }, path: 'type', value: '"PropositionalObject"' },
    {
      rule: 'unknown-type',
      doc: { ...base, classified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 'Typ' }] },
      path: 'classified_as[0].type',
      value: '"Typ"',
    },
    {
      rule: 'type',
      doc: { ...base, classified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 7 }] },
      path: 'classified_as[0].type',
      value: '7',
    },
    {
      rule: 'id',
      doc: { ...base, classified_as: [{ id: 'aat 300033618', type: 'Type' }] },
      path: 'classified_as[0].id',
      value: '"aat 300033618"',
    },
    { rule: 'unmapped-key', doc: { ...base, colour: 'red' }, path: 'colour', value: '"red"' },
    {
      rule: 'embedded-context',
      doc: { ...base, classified_as: [{ '@context': V1, id: 'http://vocab.getty.edu/aat/300033618', type: 'Type' }] },
      path: 'classified_as[0].@context',
      value: JSON.stringify(V1),
    },
    { rule: 'keyword', doc: { ...base, '@context': [{ g: '@graph' }, V1], g: [] }, path: 'g', value: '[]' },
    { rule: 'null', doc: { ...base, _label: null }, path: '_label', value: 'null' },
    {
      rule: 'value-object',
      doc: { ...base, _label: { '@value': 'Jug', extra: 1 } },
      path: '_label',
      value: '{"@value":"Jug","extra":1}',
    },
    { rule: 'complete', doc: { ...base, _complete: 'yes' }, path: '_complete', value: '"yes"' },
  ];
  for (const c of cases) {
    it(`${c.rule}: the problem names the path, the value there and the hint`, () => {
      const problem = problemsOf(admitDocument, c.doc).find((p: Problem) => p.rule === c.rule);
      expect(problem, JSON.stringify(c.doc)).to.include({
        path: c.path,
        hint: INGEST_HINTS[c.rule as keyof typeof INGEST_HINTS],
      });
      expect(problem!.value).to.equal(c.value);
    });
  }

  it('unmapped-key: suggests the nearest term valid at that node', () => {
    const problems = problemsOf(admitDocument, {
      ...base,
      clasified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 'Type' }],
      identified_by: [{ type: 'Name', content: 'Jug', label: 'x' }],
    });
    expect(problems.find((p) => p.path === 'clasified_as')!.hint).to.match(/^did you mean "classified_as"\?/);
    expect(problems.find((p) => p.path === 'identified_by[0].label')!.hint).to.match(/^did you mean "_label"\?/);
  });

  it('unmapped-key: no suggestion when no term is near', () => {
    const problem = problemsOf(admitDocument, { ...base, zzzzzzzz: 1 }).find((p) => p.rule === 'unmapped-key')!;
    expect(problem.hint).to.equal(INGEST_HINTS['unmapped-key']);
  });

  it("a shape result carries its shape's hint and the value at its path", () => {
    const doc = {
      ...base,
      dimension: [
        {
          type: 'Dimension',
          value: 12,
          unit: { id: 'http://vocab.getty.edu/aat/300379100', type: 'Type', _label: 'inches' },
        },
      ],
    };
    const problem = problemsOf(admitDocument, doc).find((p) => p.rule === 'DimensionUnit')!;
    expect(problem).to.include({
      path: 'dimension[0].unit',
      value: '{"id":"http://vocab.getty.edu/aat/300379100","type":"Type","_label":"inches"}',
    });
    expect(problem.hint).to.match(/MeasurementUnit/);
  });
});
