import { expect } from 'chai';
import { df } from '../../../../src/rdf/terms.js';
import { triplesLostProblem, triplesNotKept } from '../../../../src/validate/lossless/triplesKept.js';

const G = 'https://example.org/object/1';
const graph = df.namedNode(G);
const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const q = (
  s: string,
  p: string,
  o: ReturnType<typeof df.namedNode> | ReturnType<typeof df.literal> | ReturnType<typeof df.blankNode>,
) => df.quad(s.startsWith('_:') ? df.blankNode(s.slice(2)) : df.namedNode(s), df.namedNode(CRM + p), o, graph);

describe('triplesNotKept: the triples of a graph record its document would not hold', () => {
  it('nothing missing: blank nodes compared by where they stand, numbers by value', () => {
    const record = [
      q(G, 'P43_has_dimension', df.blankNode('a')),
      q('_:a', 'P90_has_value', df.literal('1.50', df.namedNode(XSD + 'decimal'))),
    ];
    const kept = [
      q(G, 'P43_has_dimension', df.blankNode('z9')),
      q('_:z9', 'P90_has_value', df.literal('1.5', df.namedNode(XSD + 'double'))),
    ];
    expect(triplesNotKept(G, record, kept)).to.deep.equal([]);
  });

  it('a triple the document does not hold is named, and refused as lossless', () => {
    const record = [
      q(G, 'P108i_was_produced_by', df.namedNode(G + '/p')),
      q(G + '/p', 'P2_has_type', df.namedNode('http://vocab.getty.edu/aat/300054713')),
    ];
    const missing = triplesNotKept(G, record, record.slice(0, 1));
    expect(missing).to.deep.equal([`<${G}/p> <${CRM}P2_has_type> <http://vocab.getty.edu/aat/300054713>`]);
    const problem = triplesLostProblem(G, missing);
    expect(problem).to.include({ rule: 'lossless', severity: 'Violation', path: '' });
    expect(problem.message).to.contain('1 triple(s) of the graph would vanish').and.contain('P2_has_type');
  });

  it('terms are told apart by kind: an IRI is no string, a string no date, a language no other; a language in any case is one', () => {
    const P = CRM + 'P3_has_note';
    const record = [
      q(G, 'P3_has_note', df.namedNode('https://example.org/x')),
      q(G, 'P3_has_note', df.literal('2020-01-01T00:00:00+00:00', df.namedNode(XSD + 'dateTime'))),
      q(G, 'P3_has_note', df.literal('chat', 'FR')),
      q(G, 'P3_has_note', df.literal('chat', 'en')),
    ];
    const kept = [
      q(G, 'P3_has_note', df.literal('https://example.org/x')),
      q(G, 'P3_has_note', df.literal('2020-01-01T00:00:00Z', df.namedNode(XSD + 'dateTime'))),
      q(G, 'P3_has_note', df.literal('chat', 'fr')),
      q(G, 'P3_has_note', df.literal('chat')),
    ];
    expect(triplesNotKept(G, record, kept)).to.deep.equal([
      `<${G}> <${P}> <https://example.org/x>`,
      `<${G}> <${P}> "chat"@en`,
    ]);
  });

  it('counted: a triple off a blank node given twice needs two, a plain triple given twice is one', () => {
    const record = [
      q(G, 'P43_has_dimension', df.blankNode('a')),
      q(G, 'P43_has_dimension', df.blankNode('b')),
      q(G, 'P3_has_note', df.literal('x')),
      q(G, 'P3_has_note', df.literal('x')),
    ];
    const kept = [q(G, 'P43_has_dimension', df.blankNode('k')), q(G, 'P3_has_note', df.literal('x'))];
    expect(triplesNotKept(G, record, kept)).to.deep.equal([`<${G}> <${CRM}P43_has_dimension> _`]);
  });

  it('a graph too large for one number per triple is compared the same (a text per triple)', () => {
    const record = Array.from({ length: 22_000 }, (_, i) => q(G, 'P3_has_note', df.literal(`note ${i}`)));
    const kept = record.filter((_, i) => i !== 12_345);
    expect(triplesNotKept(G, record, kept)).to.deep.equal([`<${G}> <${CRM}P3_has_note> "note 12345"^^${XSD}string`]);
    expect(triplesNotKept(G, record.slice(0, 100), kept.slice(0, 100))).to.deep.equal([]);
  });
});
