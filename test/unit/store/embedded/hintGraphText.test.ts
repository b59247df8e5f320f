/**
 * hintGraphText: a hint graph written as N-Triples from match reads back as the same quads as
 * Oxigraph's own dump of it, whatever its literals hold (quotes, backslashes, controls, text
 * beyond the BMP, language tags, datatypes) and with blank nodes; many reads stay correct (the
 * terms it frees are not used again). With the skeleton read apart (a cold GET's read), the text and
 * the skeleton's quad are together the same quads, the skeleton's JSON as stored.
 */
import { expect } from 'chai';
import { Store, blankNode, literal, namedNode, quad } from 'oxigraph';
import { hintGraphText } from '../../../../src/store/embedded/hintGraphText.js';
import { hintGraphOf, SHAPE_PREDICATE } from '../../../../src/hints/Skeleton.js';
import { skeletonQuadOf, type ShapeApart } from '../../../../src/store/embedded/shapeApart.js';
import { toPlainQuad } from '../../../../src/rdf/terms.js';
import { parseNTriples } from '../../../../src/rdf/syntax/plainNQuads.js';

const ID = 'https://example.org/object/1';
const GRAPH = hintGraphOf(ID);
const XSD = 'http://www.w3.org/2001/XMLSchema#';

function dumped(store: Store, graph: string): string {
  return store.dump({ format: 'application/n-triples', from_graph_name: namedNode(graph) });
}

/** The quads of N-Triples text, in one order. */
function quadsOf(text: string): string[] {
  return parseNTriples(text, { t: 'N', v: GRAPH })
    .map((q) => JSON.stringify(q))
    .sort();
}

describe('store/embedded/hintGraphText: a hint graph read with match, as its dump reads', () => {
  const store = new Store();
  const g = namedNode(GRAPH);
  const s = namedNode(ID);
  const values = [
    literal(JSON.stringify({ e: [['_label', 0, ['#1x']]], t: ['HumanMadeObject'] })),
    literal('a "quoted" \\ back\nslash\r\t\b\f\u0001 é 😀'),
    literal('une œuvre', 'fr-ca'),
    literal('2026-11-27T18:00:00.5Z', namedNode(`${XSD}dateTime`)),
    literal('5', namedNode(`${XSD}integer`)),
    literal(''),
    namedNode('https://example.org/concept/%C3%A9'),
    blankNode('v1'),
  ];
  values.forEach((value, i) => store.add(quad(s, namedNode(`urn:linkedart-service:p${i}`), value, g)));
  store.add(quad(blankNode('v1'), namedNode('urn:linkedart-service:rule'), literal('sh:minCount'), g));
  store.add(quad(s, namedNode('urn:other'), literal('another graph'), namedNode(ID)));

  it('gives the quads the dump gives, and none of another graph', () => {
    const text = hintGraphText(store, GRAPH);
    expect(quadsOf(text)).to.deep.equal(quadsOf(dumped(store, GRAPH)));
    expect(quadsOf(text)).to.have.length(values.length + 1);
    expect(text).not.to.include('another graph');
  });

  it('reads the same again and again', () => {
    const first = hintGraphText(store, GRAPH);
    for (let i = 0; i < 200; i++) expect(hintGraphText(store, GRAPH)).to.equal(first);
  });

  it('gives nothing for a graph that holds nothing', () => {
    expect(hintGraphText(store, hintGraphOf('https://example.org/none'))).to.equal('');
  });

  describe('the skeleton read apart', () => {
    const shapeStore = new Store();
    const skeleton = JSON.stringify({
      i: ID,
      t: ['HumanMadeObject'],
      e: [['_label', 0, ['#"q\\1']]],
      a: { x: 'é 😀\n' },
    });
    const shape = namedNode(SHAPE_PREDICATE);
    shapeStore.add(quad(s, shape, literal(skeleton), g));
    shapeStore.add(quad(s, namedNode('urn:linkedart-service:modified'), literal('2026-11-27T18:00:00Z'), g));
    shapeStore.add(quad(blankNode('b1'), shape, literal('{"not":"the skeleton"}'), g));
    shapeStore.add(quad(namedNode(`${ID}/other`), shape, literal('{}', 'en'), g));

    const read = (): { text: string; shape?: ShapeApart } => {
      const apart: { shape?: ShapeApart } = {};
      return { text: hintGraphText(shapeStore, GRAPH, apart), shape: apart.shape };
    };

    it('hands the skeleton over as stored, and the text and it are the quads the dump gives', () => {
      const { text, shape: apart } = read();
      expect(apart).to.deep.equal([ID, skeleton]);
      expect(text).not.to.include('HumanMadeObject');
      const together = [...quadsOf(text), JSON.stringify(toPlainQuad(skeletonQuadOf(apart!, GRAPH)))].sort();
      expect(together).to.deep.equal(quadsOf(dumped(shapeStore, GRAPH)));
    });

    it('leaves in the text a shape quad of a blank node or of a literal with a language', () => {
      const { text } = read();
      expect(text).to.include('{\\"not\\":\\"the skeleton\\"}');
      expect(text).to.include('"{}"@en');
    });

    it('gives the whole text without a holder, as before', () => {
      expect(quadsOf(hintGraphText(shapeStore, GRAPH))).to.deep.equal(quadsOf(dumped(shapeStore, GRAPH)));
    });
  });
});
