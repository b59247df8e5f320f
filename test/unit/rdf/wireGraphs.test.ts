/**
 * Graphs between threads (wireGraphs.ts): what decodeGraphs gives back is what was encoded,
 * term for term, whether the graphs were added at once or one at a time.
 */
import { expect } from 'chai';
import { appendGraphs, decodeGraphs, encodeGraphs, WireEncoder } from '../../../src/rdf/wireGraphs.js';
import { df, XSD, type Quad } from '../../../src/rdf/terms.js';
import { documentGraphs } from '../store/fixtures.js';

const EX = 'http://example.org/';
const n = (v: string) => df.namedNode(EX + v);

/** Each quad as text that tells every term kind, tag and datatype apart. */
function texts(quads: readonly Quad[]): string[] {
  const term = (t: Quad['object'] | Quad['graph']): string =>
    JSON.stringify([
      t.termType,
      t.value,
      t.termType === 'Literal' ? t.language : '',
      t.termType === 'Literal' ? t.datatype.value : '',
    ]);
  return quads.map((q) => [q.subject, q.predicate, q.object, q.graph].map(term).join(' '));
}

describe('wireGraphs: graphs between threads', () => {
  const s = n('s');
  const literals = new Map<string, Quad[]>([
    [
      EX + 'g',
      [
        df.quad(s, n('plain'), df.literal('plain')),
        df.quad(s, n('lang'), df.literal('Wert', 'de')),
        df.quad(s, n('lang2'), df.literal('Wert', 'fr')),
        df.quad(s, n('typed'), df.literal('42', df.namedNode(XSD + 'integer'))),
        df.quad(s, n('typed2'), df.literal('42', df.namedNode(XSD + 'decimal'))),
        df.quad(s, n('iri'), n('Wert')),
        df.quad(df.blankNode('b0'), n('blank'), df.blankNode('b1')),
      ],
    ],
  ]);

  it('decodes what was encoded: names, order, and every term (through structured clone)', () => {
    const graphs = new Map([...documentGraphs(1), ...literals, ...documentGraphs(2, 3), [EX + 'empty', []]]);
    const wire = encodeGraphs(graphs);
    const back = decodeGraphs(structuredClone(wire, { transfer: [wire.codes.buffer] }));
    expect(back.map(([name]) => name)).to.deep.equal([...graphs.keys()]);
    for (const [name, quads] of back) {
      const sent = graphs.get(name)!.map((q) => df.quad(q.subject, q.predicate, q.object, df.namedNode(name)));
      expect(texts(quads), name).to.deep.equal(texts(sent));
    }
  });

  it('graphs appended to an encoded batch decode after its own, every term intact', () => {
    const first = new Map([...documentGraphs(1), [EX + 'empty', []]]);
    const more = new Map([...literals, ...documentGraphs(2)]);
    const back = decodeGraphs(appendGraphs(encodeGraphs(first), more));
    const all = new Map([...first, ...more]);
    expect(back.map(([name]) => name)).to.deep.equal([...all.keys()]);
    for (const [name, quads] of back) {
      expect(texts(quads), name).to.deep.equal(
        texts(all.get(name)!.map((q) => df.quad(q.subject, q.predicate, q.object, df.namedNode(name)))),
      );
    }
  });

  it('gives one object for each distinct term, and keeps literals of other tags or datatypes apart', () => {
    const [[, quads]] = decodeGraphs(encodeGraphs(literals)) as [[string, Quad[]]];
    expect(quads[0].subject).to.equal(quads[1].subject);
    expect(quads[1].object.equals(quads[2].object)).to.equal(false);
    expect(quads[3].object.equals(quads[4].object)).to.equal(false);
    expect(quads[5].object.termType).to.equal('NamedNode');
  });

  it('an encoder fed graph by graph gives what encodeGraphs gives, however far its buffer grows', () => {
    const graphs = new Map([...Array.from({ length: 150 }, (_, i) => [...documentGraphs(i)]).flat(), ...literals]);
    const encoder = new WireEncoder();
    for (const [name, quads] of graphs) encoder.add(name, quads);
    const fed = encoder.finish();
    const whole = encodeGraphs(graphs);
    expect(fed.codes.length).to.be.greaterThan(4096);
    expect(fed.strings).to.deep.equal(whole.strings);
    expect([...fed.codes.subarray(0, fed.length)]).to.deep.equal([...whole.codes.subarray(0, whole.length)]);
    expect(decodeGraphs(fed).map(([name, q]) => [name, texts(q)])).to.deep.equal(
      decodeGraphs(whole).map(([name, q]) => [name, texts(q)]),
    );
  });

  it('a name may come twice: the graphs stay apart, in order', () => {
    const wire = encodeGraphs([
      [EX + 'g', [df.quad(s, n('p'), n('a'))]],
      [EX + 'g', [df.quad(s, n('p'), n('b'))]],
    ]);
    expect(decodeGraphs(wire).map(([name, q]) => [name, q.map((x) => x.object.value)])).to.deep.equal([
      [EX + 'g', [EX + 'a']],
      [EX + 'g', [EX + 'b']],
    ]);
  });
});
