import { expect } from 'chai';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { renderDocument } from '../../../src/rebuild/renderDocument.js';
import { df, type Quad } from '../../../src/rdf/terms.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const ID = 'https://example.org/object/1';
const type = (id: string, label: string, extra: object = {}) => ({
  id: `http://vocab.getty.edu/aat/${id}`,
  type: 'Type',
  _label: label,
  ...extra,
});

function roundTrip(doc: object, change?: (quads: Quad[]) => Quad[]) {
  const ingested = ingestDocument(doc);
  const quads = change ? change(ingested.quads) : ingested.quads;
  return renderDocument(ingested.id, [...quads, ...ingested.hintQuads])!;
}

describe('render: the document comes back as loaded', () => {
  it('keeps the order of every array, references and embedded structures alike', () => {
    const doc = {
      '@context': V1,
      id: ID,
      type: 'HumanMadeObject',
      _label: 'Jug',
      classified_as: [type('300435443', 'Z type'), type('300033618', 'A type'), type('300133025', 'M type')],
      identified_by: [
        { type: 'Name', content: 'Zed' },
        { type: 'Name', content: 'Alpha' },
        { type: 'Identifier', content: '9' },
      ],
    };
    expect(roundTrip(doc).document).to.deep.equal(doc);
  });

  it('shows each occurrence of one IRI as it was written there', () => {
    const painting = type('300033618', 'Painting', { classified_as: [type('300435443', 'Type of Work')] });
    const doc = {
      '@context': V1,
      id: ID,
      type: 'HumanMadeObject',
      _label: 'Jug',
      classified_as: [painting],
      shows: [
        {
          id: 'https://example.org/visual/1',
          type: 'VisualItem',
          _label: 'Image',
          classified_as: [type('300033618', 'Painting')],
        },
      ],
    };
    expect(roundTrip(doc).document).to.deep.equal(doc);
  });

  it('gives a reference back to the root as a reference object, never a bare string', () => {
    const doc = {
      '@context': V1,
      id: ID,
      type: 'HumanMadeObject',
      _label: 'Jug',
      attributed_by: [{ type: 'AttributeAssignment', assigned: [{ id: ID, type: 'HumanMadeObject', _label: 'Jug' }] }],
    };
    const out = roundTrip(doc).document;
    expect(out).to.deep.equal(doc);
  });

  it('keeps the key written where two terms share an IRI (part_of and broader on a Type)', () => {
    const doc = {
      '@context': V1,
      id: 'https://example.org/concept/1',
      type: 'Type',
      _label: 'Jugs',
      part_of: [type('300024914', 'vessels')],
    };
    expect(roundTrip(doc).document).to.deep.equal(doc);
    const other = { ...doc, part_of: undefined, broader: [type('300024914', 'vessels')] };
    delete (other as Record<string, unknown>).part_of;
    expect(roundTrip(other).document).to.deep.equal(other);
  });

  it('keeps numbers, dates and strings exactly, with no xsd:string leaking', () => {
    const doc = {
      '@context': V1,
      id: ID,
      type: 'HumanMadeObject',
      _label: 'Jug',
      dimension: [
        {
          type: 'Dimension',
          value: 3.0000000000000004,
          unit: { id: 'http://vocab.getty.edu/aat/300379098', type: 'MeasurementUnit', _label: 'cm' },
        },
        { type: 'Dimension', value: 1e21 },
        { type: 'Dimension', value: -7 },
      ],
      produced_by: {
        type: 'Production',
        timespan: { type: 'TimeSpan', begin_of_the_begin: '1850-01-01T00:00:00Z', end_of_the_end: '1850' },
      },
      referred_to_by: [{ type: 'LinguisticObject', content: 'Ünïcödé 𝄞 "quoted"\nnew line' }],
    };
    expect(roundTrip(doc).document).to.deep.equal(doc);
  });

  it('orders keys: @context, id, type, _label, then the spec table', () => {
    const doc = {
      produced_by: { type: 'Production' },
      identified_by: [{ content: 'Jug', type: 'Name' }],
      _label: 'Jug',
      classified_as: [type('300033618', 'Painting')],
      type: 'HumanMadeObject',
      id: ID,
      '@context': V1,
    };
    const out = roundTrip(doc).document;
    expect(Object.keys(out)).to.deep.equal([
      '@context',
      'id',
      'type',
      '_label',
      'classified_as',
      'identified_by',
      'produced_by',
    ]);
    expect(Object.keys((out['identified_by'] as object[])[0])).to.deep.equal(['type', 'content']);
  });

  it('shows @set properties as arrays and single-valued ones as objects', () => {
    const doc = {
      '@context': V1,
      id: ID,
      type: 'HumanMadeObject',
      attributed_by: [
        { type: 'AttributeAssignment', assigned: { id: 'https://example.org/object/2', type: 'HumanMadeObject' } },
      ],
    };
    const out = roundTrip(doc).document as { attributed_by: Array<{ assigned: unknown }> };
    expect(out.attributed_by[0].assigned).to.be.an('array').with.length(1);
  });
});

describe('render: the quads are the truth', () => {
  const doc = {
    '@context': V1,
    id: ID,
    type: 'HumanMadeObject',
    _label: 'Jug',
    classified_as: [type('300435443', 'Z type'), type('300033618', 'A type')],
    identified_by: [
      {
        type: 'Name',
        content: 'Zed',
        language: [{ id: 'http://vocab.getty.edu/aat/300388277', type: 'Language', _label: 'English' }],
      },
      { type: 'Name', content: 'Alpha' },
    ],
  };

  it('shows a value added to the graph after the known ones, and drops one removed', () => {
    const out = roundTrip(doc, (quads) => {
      const kept = quads.filter(
        (q) => q.object.value !== 'http://vocab.getty.edu/aat/300435443' || q.predicate.value !== `${CRM}P2_has_type`,
      );
      const name = df.blankNode('added');
      return [
        ...kept,
        df.quad(df.namedNode(ID), df.namedNode(`${CRM}P1_is_identified_by`), name, df.namedNode(ID)),
        df.quad(
          name,
          df.namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'),
          df.namedNode(`${CRM}E33_E41_Linguistic_Appellation`),
          df.namedNode(ID),
        ),
        df.quad(name, df.namedNode(`${CRM}P190_has_symbolic_content`), df.literal('Beta'), df.namedNode(ID)),
      ];
    });
    const document = out.document as {
      classified_as: Array<{ _label?: string }>;
      identified_by: Array<{ content: string }>;
    };
    expect(document.classified_as.map((c) => c._label)).to.deep.equal(['A type']);
    expect(document.identified_by.map((n) => n.content)).to.deep.equal(['Zed', 'Alpha', 'Beta']);
    expect(out.warnings.join(' ')).to.match(/not reachable/);
  });

  it('keeps the place of a blank node whose statements changed', () => {
    const out = roundTrip(doc, (quads) => quads.filter((q) => !q.predicate.value.endsWith('P72_has_language')));
    const names = (out.document as { identified_by: Array<{ content: string; language?: unknown }> }).identified_by;
    expect(names.map((n) => n.content)).to.deep.equal(['Zed', 'Alpha']);
    expect(names[0].language).to.equal(undefined);
  });

  it('renders a graph with no hints at all, every node embedded and a deterministic order', () => {
    const ingested = ingestDocument(doc);
    const a = renderDocument(ID, ingested.quads)!.document;
    const b = renderDocument(ID, [...ingested.quads].reverse())!.document;
    expect(a).to.deep.equal(b);
    expect((a['identified_by'] as unknown[]).length).to.equal(2);
    expect(a['_label']).to.equal('Jug');
  });

  it('never shows _label as an array, and says so when the graph has two', () => {
    const out = roundTrip(doc, (quads) => [
      ...quads,
      df.quad(
        df.namedNode(ID),
        df.namedNode('http://www.w3.org/2000/01/rdf-schema#label'),
        df.literal('Pitcher'),
        df.namedNode(ID),
      ),
    ]);
    expect(out.document['_label']).to.equal('Jug');
    expect(out.warnings.join(' ')).to.match(/2 labels/);
  });

  it('one id given to a Production and its TimeSpan: each place shows what it was given, not a reference cut short', () => {
    const production = 'https://example.org/production/1';
    const merged = {
      '@context': V1,
      id: ID,
      type: 'HumanMadeObject',
      _label: 'Jug',
      produced_by: {
        id: production,
        type: 'Production',
        _label: 'making',
        timespan: { id: production, type: 'TimeSpan', begin_of_the_begin: '1900-01-01T00:00:00Z' },
      },
    };
    expect(roundTrip(merged).document).to.deep.equal(merged);
  });

  it('a reference back to the document that says no more than id, type and _label stays a reference', () => {
    const back = {
      '@context': V1,
      id: ID,
      type: 'HumanMadeObject',
      _label: 'Jug',
      member_of: [
        {
          id: 'https://example.org/set/1',
          type: 'Set',
          _label: 'Jugs',
          member_of: [{ id: ID, type: 'HumanMadeObject' }],
        },
      ],
    };
    const out = roundTrip(back).document as { member_of: Array<{ member_of: unknown[] }> };
    expect(out.member_of[0].member_of).to.deep.equal([{ id: ID, type: 'HumanMadeObject', _label: 'Jug' }]);
  });

  it('answers nothing for an empty graph', () => {
    expect(renderDocument(ID, [])).to.equal(undefined);
  });
});
