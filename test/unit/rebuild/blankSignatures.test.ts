/**
 * The blank nodes' signatures ingest hands the gate's render (SignedBlanks) are the ones the
 * render computes from the quads: on every document of the corpus and the real-world records,
 * and on the shapes that could part them (twins, nesting, literals in other forms). Where they
 * could differ (a document that names a blank node), ingest gives none.
 */
import { expect } from 'chai';
import { readdirSync, statSync } from 'node:fs';
import { ingestReadable, type IngestedDocument } from '../../../src/ingest/ingestDocument.js';
import { BlankSignatures } from '../../../src/rebuild/blankSignatures.js';
import { renderWithSkeleton } from '../../../src/rebuild/renderDocument.js';
import { SubjectIndex } from '../../../src/rebuild/subjectIndex.js';
import type { Term } from '../../../src/rdf/terms.js';
import { CORPUS_DIR, readDocuments, REAL_WORLD_DIR } from '../../support/corpus.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';

/** The render's own signatures of `doc`'s blank nodes (nothing handed over). */
function computed(doc: IngestedDocument): BlankSignatures {
  return new BlankSignatures(new SubjectIndex(doc.quads));
}

/** How many blank nodes of `doc` have ingest's signatures, each checked against the render's. */
function expectSame(doc: IngestedDocument): number {
  const signed = doc.signedBlanks;
  expect(signed, doc.id).to.not.equal(undefined);
  expect(signed!.quads).to.equal(doc.quads);
  const render = computed(doc);
  const blanks = new Set(
    doc.quads
      .flatMap((q) => [q.subject, q.object])
      .filter((t) => t.termType === 'BlankNode')
      .map((t) => t.value),
  );
  expect([...signed!.nodes.keys()].sort()).to.deep.equal([...blanks].sort());
  for (const [label, node] of signed!.nodes) {
    const term = { termType: 'BlankNode', value: label } as Term;
    expect(node.s, `${doc.id} ${label}`).to.equal(render.signature(term));
    expect(node.d, `${doc.id} ${label}`).to.equal(render.deepSignature(term));
  }
  // And the render made with them is the render made without.
  const plain = renderWithSkeleton(doc.id, doc.quads, doc.skeleton);
  expect(renderWithSkeleton(doc.id, doc.quads, doc.skeleton, { signedBlanks: signed!.nodes })).to.deep.equal(plain);
  // The gate's render, keys unordered: the same document (deep equality does not read key order).
  expect(
    renderWithSkeleton(doc.id, doc.quads, doc.skeleton, { signedBlanks: signed!.nodes, keyOrder: false })!.document,
  ).to.deep.equal(plain!.document);
  return signed!.nodes.size;
}

function realWorld(): Array<Record<string, unknown>> {
  const dir = REAL_WORLD_DIR;
  return readdirSync(dir)
    .filter((d) => statSync(dir + d).isDirectory())
    .flatMap((d) => readDocuments(`${dir}${d}/`).map((c) => c.json));
}

function readable(json: unknown): IngestedDocument | undefined {
  try {
    return ingestReadable(json);
  } catch {
    return undefined;
  }
}

describe("render: the blank nodes' signatures ingest hands over are the render's own", () => {
  it('on every document of the corpus and every real-world record that reads', () => {
    let blanks = 0;
    for (const json of [...readDocuments(CORPUS_DIR).map((c) => c.json), ...realWorld()]) {
      const doc = readable(json);
      if (doc?.signedBlanks) blanks += expectSame(doc);
    }
    expect(blanks).to.be.greaterThan(1000);
  });

  it('on twins told apart only deeper down, repeated statements, literals in other forms and languages in other cases', () => {
    const twin = (label: string) => ({
      type: 'Name',
      content: 'Same',
      classified_as: [{ id: 'http://vocab.getty.edu/aat/300404670', type: 'Type' }],
      part: [
        { type: 'Name', content: label, language: [{ id: 'http://vocab.getty.edu/aat/300388277', type: 'Language' }] },
      ],
    });
    const doc = readable({
      '@context': V1,
      id: 'https://example.org/object/1',
      type: 'HumanMadeObject',
      _label: 'Twins',
      identified_by: [
        twin('a'),
        twin('b'),
        twin('a'),
        {
          type: 'Name',
          content: [
            { '@value': 'x', '@language': 'EN' },
            { '@value': 'x', '@language': 'en' },
          ],
        },
      ],
      dimension: [
        {
          type: 'Dimension',
          value: 1.5,
          unit: { id: 'http://vocab.getty.edu/aat/300379098', type: 'MeasurementUnit' },
        },
        {
          type: 'Dimension',
          value: 1.5,
          referred_to_by: [
            { type: 'LinguisticObject', content: 'note' },
            { type: 'LinguisticObject', content: 'note' },
          ],
        },
      ],
      produced_by: {
        type: 'Production',
        timespan: { type: 'TimeSpan', begin_of_the_begin: '1900-01-01T00:00:00+00:00', end_of_the_end: '1900-12-31' },
      },
    })!;
    expect(doc.refusals).to.deep.equal([]);
    expect(expectSame(doc)).to.be.greaterThan(10);
  });

  it("none where the document names a blank node: a named node's signature is made after its parents'", () => {
    const doc = readable({
      '@context': V1,
      id: 'https://example.org/object/1',
      type: 'HumanMadeObject',
      _label: 'Named',
      identified_by: [{ type: 'Name', content: 'A', part: [{ id: '_:b1', type: 'Name', content: 'B' }] }],
    })!;
    expect(doc.signedBlanks).to.equal(undefined);
  });

  it('none for other quads than ingest made: the gate renders what it is given', () => {
    const doc = readable({
      '@context': V1,
      id: 'https://example.org/object/1',
      type: 'HumanMadeObject',
      identified_by: [{ type: 'Name', content: 'A' }],
    })!;
    const other = { ...doc, quads: doc.quads.slice(1) };
    expect(other.signedBlanks?.quads).to.not.equal(other.quads);
  });
});
