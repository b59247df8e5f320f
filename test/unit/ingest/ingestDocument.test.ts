import { expect } from 'chai';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { renderDocument } from '../../../src/rebuild/renderDocument.js';
import type { Problem } from '../../../src/linkedart/Problem.js';
import { problemsOf as rejectionOf } from '../../support/rejection.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'https://example.org/object/1';

function object(extra: Record<string, unknown>): Record<string, unknown> {
  return { '@context': V1, id: ID, type: 'HumanMadeObject', _label: 'Jug', ...extra };
}

const problemsOf = (doc: unknown): Problem[] => rejectionOf(ingestDocument, doc);

describe('ingest: a root type the context does not know', () => {
  it('is said once, with the keys it leaves unread; no "untyped node" error for keys defined per class', () => {
    const problems = problemsOf({
      ...object({ part_of: [{ id: 'https://example.org/object/0', type: 'HumanMadeObject' }] }),
      type: 'Widget',
    });
    expect(problems.map((p) => `${p.path} ${p.rule}`)).to.deep.equal(['type root-type', 'type unknown-type']);
    expect(problems[1].message).to.equal(
      'type "Widget" is not a class of the Linked Art context; "part_of" is defined only for certain classes, so it cannot be read until the type is one',
    );
    expect(problems.map((p) => p.message).join('\n')).to.not.contain('untyped node');
  });

  it('a key no class defines is still named as unmapped', () => {
    const problems = problemsOf({ ...object({ clasified_as: [] }), type: 'Widget' });
    expect(problems.map((p) => `${p.path} ${p.rule}`)).to.deep.equal([
      'type root-type',
      'type unknown-type',
      'clasified_as unmapped-key',
    ]);
    expect(problems[2].message).to.contain('for a node of type Widget');
  });
});

describe('ingest: documents that are refused, with the path and rule named', () => {
  const cases: Array<{ name: string; doc: unknown; path: string; rule: string; says: RegExp }> = [
    {
      name: 'a key the context does not map (starts_after_the_end_of), deep in an array',
      doc: {
        '@context': V1,
        id: 'https://example.org/provenance/1',
        type: 'Activity',
        part: [
          { type: 'Acquisition' },
          { type: 'Activity', starts_after_the_end_of: [{ id: 'https://example.org/provenance/0', type: 'Activity' }] },
        ],
      },
      path: 'part[1].starts_after_the_end_of',
      rule: 'unmapped-key',
      says: /starts_after_the_end_of.*not defined/,
    },
    {
      name: 'member_of on a node whose type has no scoped term for it',
      doc: object({
        produced_by: {
          type: 'Production',
          carried_out_by: [
            {
              id: 'https://example.org/person/1',
              type: 'Actor',
              member_of: [{ id: 'https://example.org/group/1', type: 'Group' }],
            },
          ],
        },
      }),
      path: 'produced_by.carried_out_by[0].member_of',
      rule: 'unmapped-key',
      says: /member_of.*Actor/,
    },
    {
      name: 'a relative root id',
      doc: { ...object({}), id: 'object/1' },
      path: 'id',
      rule: 'root-id',
      says: /not an absolute HTTP\(S\) URI/,
    },
    {
      name: 'a non-HTTP root id',
      doc: { ...object({}), id: 'urn:uuid:1234' },
      path: 'id',
      rule: 'root-id',
      says: /HTTP\(S\)/,
    },
    {
      name: 'a root id with a broken escape',
      doc: { ...object({}), id: 'https://example.org/object/%zz' },
      path: 'id',
      rule: 'root-id',
      says: /not an absolute HTTP\(S\) URI/,
    },
    {
      name: 'an embedded id with a broken escape',
      doc: object({ made_of: [{ id: 'https://example.org/oil%2', type: 'Material' }] }),
      path: 'made_of[0].id',
      rule: 'id',
      says: /not an absolute IRI/,
    },
    { name: 'no id', doc: { '@context': V1, type: 'Place' }, path: 'id', rule: 'root-id', says: /no "id"/ },
    { name: 'no type', doc: { '@context': V1, id: ID }, path: 'type', rule: 'root-type', says: /no "type"/ },
    {
      name: 'a type of no kind',
      doc: { ...object({}), type: 'Production' },
      path: 'type',
      rule: 'root-type',
      says: /not the class of any of the eleven kinds/,
    },
    {
      name: 'an unknown remote context',
      doc: { ...object({}), '@context': 'https://example.org/context.json' },
      path: '@context',
      rule: 'context',
      says: /unknown remote context.*nothing is fetched/,
    },
    {
      name: 'an array context not ending with v1',
      doc: { ...object({}), '@context': [V1, { x: 'https://example.org/x' }] },
      path: '@context',
      rule: 'context',
      says: /last entry/,
    },
    {
      name: 'a relative embedded id',
      doc: object({ made_of: [{ id: 'oil', type: 'Material' }] }),
      path: 'made_of[0].id',
      rule: 'id',
      says: /not an absolute IRI/,
    },
    {
      name: 'null',
      doc: object({ classified_as: null }),
      path: 'classified_as',
      rule: 'null',
      says: /null is not a value/,
    },
    {
      name: 'an unpaired surrogate in a label',
      doc: object({ identified_by: [{ type: 'Name', content: 'caf\uD800e' }] }),
      path: 'identified_by[0].content',
      rule: 'not-unicode',
      says: /half of a UTF-16 surrogate pair/,
    },
    {
      name: 'an unpaired surrogate in a key',
      doc: object({ ['x\uDC00']: 'y' }),
      path: 'x\uDC00',
      rule: 'not-unicode',
      says: /half of a UTF-16 surrogate pair/,
    },
    {
      name: 'an unknown embedded type',
      doc: object({ classified_as: [{ id: 'https://example.org/t', type: 'Typ' }] }),
      path: 'classified_as[0].type',
      rule: 'unknown-type',
      says: /"Typ" is not a class/,
    },
    {
      name: 'a number for a date',
      doc: object({ produced_by: { type: 'Production', timespan: { type: 'TimeSpan', begin_of_the_begin: 1850 } } }),
      path: 'produced_by.timespan.begin_of_the_begin',
      rule: 'datatype',
      says: /takes a string/,
    },
    {
      name: 'an embedded @context',
      doc: object({ produced_by: { '@context': {}, type: 'Production' } }),
      path: 'produced_by.@context',
      rule: 'embedded-context',
      says: /not supported/,
    },
    { name: 'not an object', doc: [object({})], path: '', rule: 'not-an-object', says: /one JSON object/ },
  ];
  for (const c of cases) {
    it(`refuses ${c.name}`, () => {
      const problems = problemsOf(c.doc);
      const found = problems.find((p) => p.path === c.path && p.rule === c.rule);
      expect(found, JSON.stringify(problems)).to.not.equal(undefined);
      expect(found!.message).to.match(c.says);
      expect(found!.severity).to.equal('Violation');
    });
  }

  it('reports every problem of a document, not just the first, with the document id', () => {
    const problems = problemsOf(object({ bogus: 1, made_of: [{ id: 'rel', type: 'Material' }], classified_as: null }));
    expect(problems.map((p) => p.path)).to.have.members(['bogus', 'made_of[0].id', 'classified_as']);
    expect(problems.every((p) => p.document === ID)).to.equal(true);
  });

  it('names the document and every problem in the error message', () => {
    try {
      ingestDocument(object({ bogus: 1 }), 'file.json');
      expect.fail('accepted');
    } catch (e) {
      expect((e as Error).message)
        .to.contain('file.json')
        .and.contain(ID)
        .and.contain('bogus');
    }
  });
});

describe('ingest: what is accepted and kept', () => {
  it('accepts represents_entity_of_type as the other name of represents_instance_of_type, and gives it back', () => {
    const doc = {
      '@context': V1,
      id: 'https://example.org/visual/1',
      type: 'VisualItem',
      represents_entity_of_type: [{ id: 'http://vocab.getty.edu/aat/300025928', type: 'Type', _label: 'children' }],
    };
    const ingested = ingestDocument(doc);
    expect(ingested.quads.map((q) => q.predicate.value)).to.include(
      'http://www.cidoc-crm.org/cidoc-crm/P199_represents_instance_of_type',
    );
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.deep.equal(doc);
  });

  it('keeps _complete', () => {
    const doc = object({
      attributed_by: [
        {
          id: 'https://example.org/assignment/1',
          type: 'AttributeAssignment',
          _complete: false,
          assigned: [{ id: 'https://example.org/object/2', type: 'HumanMadeObject', _label: 'Lid' }],
        },
      ],
    });
    const ingested = ingestDocument(doc);
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.deep.equal(doc);
  });

  it('honours an inline extension before the v1 context and gives the @context back unchanged', () => {
    const context = [{ ex: 'https://example.org/ns/', colour: { '@id': 'ex:colour' } }, V1];
    const doc = { ...object({ colour: 'blue' }), '@context': context };
    const ingested = ingestDocument(doc);
    expect(
      ingested.quads.some((q) => q.predicate.value === 'https://example.org/ns/colour' && q.object.value === 'blue'),
    ).to.equal(true);
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.deep.equal(doc);
  });

  it('keeps the label each place gives one IRI, and gives each back where it was written', () => {
    // pia-modelling/concept-03c: broader[0] labels the IRI "Arbeit", another place "Industrie".
    const painting = (label: string) => ({ id: 'http://vocab.getty.edu/aat/300033618', type: 'Type', _label: label });
    const doc = object({
      classified_as: [painting('Painting')],
      shows: [{ id: 'https://example.org/visual/1', type: 'VisualItem', classified_as: [painting('Paintings')] }],
    });
    const ingested = ingestDocument(doc);
    const labels = ingested.quads.filter(
      (q) => q.subject.value === 'http://vocab.getty.edu/aat/300033618' && q.predicate.value.endsWith('#label'),
    );
    expect(labels.map((q) => q.object.value)).to.have.members(['Painting', 'Paintings']);
    expect(ingested.warnings).to.deep.equal([]);
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.deep.equal(doc);
  });

  it('gives the root its own label where a reference back to it says another', () => {
    const doc = object({
      _label: 'Jug',
      shows: [
        {
          id: 'https://example.org/visual/1',
          type: 'VisualItem',
          about: [{ id: ID, type: 'HumanMadeObject', _label: 'The jug' }],
        },
      ],
    });
    const ingested = ingestDocument(doc);
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.deep.equal(doc);
  });

  it('keeps a blank node the document names (_:b1) one node, with its id, at every place it stands', () => {
    const doc = object({
      produced_by: {
        type: 'Production',
        part: [
          {
            id: '_:b1',
            type: 'Production',
            carried_out_by: [{ id: 'https://example.org/person/1', type: 'Person', _label: 'Ann' }],
          },
          {
            type: 'Production',
            carried_out_by: [{ id: 'https://example.org/person/2', type: 'Person', _label: 'Bo' }],
            influenced_by: [{ id: '_:b1', type: 'Production' }],
          },
        ],
      },
    });
    const ingested = ingestDocument(doc);
    const carriers = ingested.quads.filter((q) => q.predicate.value.endsWith('P14_carried_out_by'));
    const influence = ingested.quads.find((q) => q.predicate.value.endsWith('P15_was_influenced_by'))!;
    const ann = carriers.find((q) => q.object.value === 'https://example.org/person/1')!;
    expect(influence.object.termType).to.equal('BlankNode');
    expect(influence.object.value, 'the two places are one node').to.equal(ann.subject.value);
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.deep.equal(doc);
  });

  it('keeps a named blank node whose statements are split over its places, and tells two named twins apart', () => {
    const name = (content: string) => ({ type: 'Name', content });
    const doc = object({
      identified_by: [
        { id: '_:n1', ...name('Jug') },
        { id: '_:n2', ...name('Jug') },
      ],
      referred_to_by: [
        {
          type: 'LinguisticObject',
          content: 'About the names',
          about: [
            { id: '_:n2', type: 'Name', language: [{ id: 'http://vocab.getty.edu/aat/300388277', type: 'Language' }] },
            { id: '_:n1', type: 'Name' },
          ],
        },
      ],
    });
    const ingested = ingestDocument(doc);
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.deep.equal(doc);
  });

  it("keeps keys for developers the context does not map (LUX's _content_html, _seconds_since_epoch_…) out of the quads, and gives them back where they were", () => {
    const doc = object({
      referred_to_by: [
        { type: 'LinguisticObject', content: 'Oil on canvas', _content_html: '<span>Oil on <i>canvas</i></span>' },
      ],
      produced_by: {
        type: 'Production',
        timespan: {
          type: 'TimeSpan',
          begin_of_the_begin: '1887-01-01T00:00:00Z',
          _seconds_since_epoch_begin_of_the_begin: -2619302400,
          _flags: { checked: true, by: ['a', null] },
        },
      },
    });
    const ingested = ingestDocument(doc);
    expect(ingested.quads.some((q) => q.object.value.includes('<span>') || q.object.value === '-2619302400')).to.equal(
      false,
    );
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.deep.equal(doc);
  });

  it('drops _links (HAL links: navigation the service makes, not data) with a warning, never as quads', () => {
    const ingested = ingestDocument(
      object({ _links: { self: { href: ID }, 'la:objectProducedByAgent': { href: 'https://elsewhere.example/' } } }),
    );
    expect(ingested.warnings.filter((w) => w.rule === 'hal-links').map((w) => [w.path, w.severity])).to.deep.equal([
      ['_links', 'Warning'],
    ]);
    expect(ingested.quads.some((q) => q.object.value.includes('elsewhere.example'))).to.equal(false);
    expect(renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document).to.not.have.property(
      '_links',
    );
  });

  it('writes numbers as jsonld.js does, but keeps every digit', () => {
    const ingested = ingestDocument(
      object({
        dimension: [
          {
            type: 'Dimension',
            value: 3.0000000000000004,
            unit: { id: 'http://vocab.getty.edu/aat/300379098', type: 'MeasurementUnit' },
          },
          { type: 'Dimension', value: 12 },
          { type: 'Dimension', value: 0.5 },
        ],
      }),
    );
    const values = ingested.quads.filter((q) => q.predicate.value.endsWith('P90_has_value')).map((q) => q.object.value);
    expect(values).to.have.members(['3.0000000000000004E0', '12', '5.0E-1']);
  });

  it('gives each document its own blank nodes', () => {
    const a = ingestDocument(object({ identified_by: [{ type: 'Name', content: 'Jug' }] }));
    const b = ingestDocument(object({ identified_by: [{ type: 'Name', content: 'Jug' }] }));
    const blanks = (quads: typeof a.quads) =>
      new Set(quads.filter((q) => q.object.termType === 'BlankNode').map((q) => q.object.value));
    const shared = [...blanks(a.quads)].filter((x) => blanks(b.quads).has(x));
    expect(shared).to.deep.equal([]);
  });
});
