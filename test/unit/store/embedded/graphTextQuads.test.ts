/**
 * graphTextQuads: the store worker's N-Triples made straight into RDF/JS quads give the quads the
 * PlainQuads of the same text give (fromPlainQuad(parseNTriples)), term for term — IRIs with
 * escapes, blank nodes, plain, language-tagged and typed literals, escapes in literals — each in
 * its graph, and a hint graph's skeleton handed apart as its quad, its JSON unchanged.
 */
import { expect } from 'chai';
import { graphTextQuads } from '../../../../src/store/embedded/graphTextQuads.js';
import { parseNTriples } from '../../../../src/rdf/syntax/plainNQuads.js';
import { fromPlainQuad, type Quad, type Term } from '../../../../src/rdf/terms.js';
import { hintGraphOf, SHAPE_PREDICATE } from '../../../../src/hints/Skeleton.js';

const ID = 'https://example.org/object/1';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

const ENTITY = [
  `<${ID}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.cidoc-crm.org/cidoc-crm/E22_Human-Made_Object> .`,
  `<${ID}> <http://www.w3.org/2000/01/rdf-schema#label> "a \\"quoted\\" \\\\ name\\n\\u0001 é 😀" .`,
  `<${ID}> <http://example.org/p> "une œuvre"@fr-ca .`,
  `<${ID}> <http://example.org/q> "5"^^<${XSD}integer> .`,
  `<${ID}> <http://example.org/r> "plain"^^<${XSD}string> .`,
  `<${ID}> <http://example.org/s> "" .`,
  `<${ID}> <http://example.org/t> _:b1 .`,
  `_:b1 <http://example.org/u> <https://example.org/concept/\\u00E9> .`,
].join('\n');
const HINTS = `<${ID}> <urn:linkedart-service:modified> "2026-11-27T18:00:00Z"^^<${XSD}dateTime> .\n`;
const SKELETON = JSON.stringify({ i: ID, t: ['HumanMadeObject'], e: [['_label', 0, ['#"q\\1']]] });

/** A term as comparable text: its kind, value, language and datatype. */
function termText(t: Term): string {
  const literal = t.termType === 'Literal' ? ` @${t.language} ^^${t.datatype.value}` : '';
  return `${t.termType} ${t.value}${literal}`;
}
const quadText = (q: Quad) => [q.subject, q.predicate, q.object, q.graph].map(termText).join(' | ');

describe('store/embedded/graphTextQuads: N-Triples from the store worker as RDF/JS quads', () => {
  const names = [ID, hintGraphOf(ID)];
  const quads = graphTextQuads(names, { texts: [ENTITY, HINTS], shapes: [null, [ID, SKELETON]] });

  it('gives the quads the PlainQuads of the same text give, each in its graph', () => {
    const plain = [
      ...parseNTriples(ENTITY, { t: 'N', v: ID }),
      ...parseNTriples(HINTS, { t: 'N', v: hintGraphOf(ID) }),
    ].map((q) => quadText(fromPlainQuad(q)));
    expect(quads.slice(0, plain.length).map(quadText)).to.deep.equal(plain);
  });

  it('makes the skeleton handed apart its quad in the hint graph, its JSON as given', () => {
    const shape = quads.at(-1)!;
    expect(quads).to.have.length(10);
    expect(quadText(shape)).to.equal(
      `NamedNode ${ID} | NamedNode ${SHAPE_PREDICATE} | Literal ${SKELETON} @ ^^${XSD}string | NamedNode ${hintGraphOf(ID)}`,
    );
  });

  it('reads unescaped the literal and IRI the text escapes', () => {
    const objects = quads.map((q) => q.object.value);
    expect(objects).to.include('a "quoted" \\ name\n\u0001 é 😀');
    expect(objects).to.include('https://example.org/concept/é');
    expect(termText(quads.find((q) => q.object.value === '5')!.object)).to.equal(`Literal 5 @ ^^${XSD}integer`);
    expect(termText(quads.find((q) => q.object.value === 'plain')!.object)).to.equal(`Literal plain @ ^^${XSD}string`);
  });
});
