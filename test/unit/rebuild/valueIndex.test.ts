/**
 * The render's look-ups (ValueIndex) in place of scans: long lists of values come back as
 * written, and the similarity matching, quadratic by nature, stops at its budget without
 * losing a value.
 */
import { expect } from 'chai';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { renderDocument } from '../../../src/rebuild/renderDocument.js';
import { matchValues } from '../../../src/rebuild/matchValues.js';
import { ValueIndexes } from '../../../src/rebuild/valueIndex.js';
import { df, type Quad, type Term } from '../../../src/rdf/terms.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'https://example.org/object/1';
const AAT = 'http://vocab.getty.edu/aat/';

function roundTrip(doc: object, change: (quads: Quad[]) => Quad[] = (q) => q) {
  const ingested = ingestDocument(doc);
  return renderDocument(ingested.id, [...change(ingested.quads), ...ingested.hintQuads])!;
}

describe('render: long lists looked up, not scanned', () => {
  it('gives back long lists as written whatever order the quads come in: twins, repeated IRIs, many types', () => {
    const identified_by = Array.from({ length: 300 }, (_, i) => ({
      type: 'Identifier',
      content: i % 3 === 0 ? 'twin' : `ACC-${i}`,
      classified_as: [{ id: AAT + (300312355 + (i % 7)), type: 'Type', _label: `kind ${i % 7}` }],
    }));
    const doc = {
      '@context': V1,
      id: ID,
      type: ['HumanMadeObject', ...Array.from({ length: 40 }, (_, i) => `https://example.org/class/${39 - i}`)],
      _label: 'Many',
      classified_as: Array.from({ length: 60 }, (_, i) => ({
        id: AAT + (300400000 + ((i * 37) % 60)),
        type: 'Type',
        _label: `T${(i * 37) % 60}`,
      })),
      identified_by,
    };
    expect(roundTrip(doc, (quads) => [...quads].reverse()).document).to.deep.equal(doc);
  });

  it('an edit that changed every Identifier of 1,000: every value still shown, the written ones placed until the budget, then a warning', () => {
    const identified_by = Array.from({ length: 1000 }, (_, i) => ({ type: 'Identifier', content: `ACC-${i}` }));
    const doc = { '@context': V1, id: ID, type: 'HumanMadeObject', _label: 'Edited', identified_by };
    const edited = (quads: Quad[]) =>
      quads.map((q) =>
        q.object.termType === 'Literal' && q.object.value.startsWith('ACC-')
          ? df.quad(q.subject, q.predicate, df.literal(q.object.value + ' (checked)'), q.graph)
          : q,
      );
    const out = roundTrip(doc, edited);
    const shown = (out.document['identified_by'] as Array<{ content: string }>).map((v) => v.content);
    expect([...shown].sort()).to.deep.equal(identified_by.map((v) => `${v.content} (checked)`).sort());
    expect(out.warnings.join('\n')).to.match(/too little to place every blank node by similarity/);
  });
});

describe('matchValues: the similarity budget', () => {
  const blank = (label: string, value: string): [Term, Quad[]] => {
    const b = df.blankNode(label);
    return [b, [df.quad(b, df.namedNode('http://example.org/p'), df.literal(value))]];
  };
  const [b1] = blank('b1', 'one');
  const [b2] = blank('b2', 'two');
  const signature = (t: Term) => `h-${t.value} shared`;
  const deep = (t: Term) => `d-${t.value}`;
  // Remembered nodes whose signatures match none exactly, but share a statement with each.
  const hints = [{ s: 'h-x shared' }, { s: 'h-y shared' }];

  it('places what it can by similarity within the budget', () => {
    const indexes = new ValueIndexes();
    const matches = matchValues(hints, [b1, b2], new Set(), signature, deep, undefined, indexes);
    expect(matches.map((m) => m.term.value)).to.deep.equal(['b1', 'b2']);
    expect(indexes.budgetSpent).to.equal(false);
  });

  it('past the budget leaves the rest unplaced and says so', () => {
    const indexes = new ValueIndexes(3);
    const matches = matchValues(hints, [b1, b2], new Set(), signature, deep, undefined, indexes);
    expect(matches.map((m) => m.term.value)).to.deep.equal(['b1']);
    expect(indexes.budgetSpent).to.equal(true);
  });
});
