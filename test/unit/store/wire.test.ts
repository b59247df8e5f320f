/**
 * The replaceGraphs wire format (wire.ts): what EmbeddedStore posts to the store worker, and the
 * N-Quads the worker makes of it. It must say exactly what the quads say (the PlainQuad
 * serializer, graphsToNQuads, is the reference), scope blank nodes per graph, and refuse what
 * cannot be written.
 */
import { expect } from 'chai';
import { Store } from 'oxigraph';
import type { Quad_Object, Quad_Predicate, Quad_Subject } from '@rdfjs/types';
import { encodeGraphs } from '../../../src/rdf/wireGraphs.js';
import { wireToNQuads } from '../../../src/store/embedded/wire.js';
import { graphsToNQuads } from '../../../src/rdf/syntax/plainNQuads.js';
import { df, toPlainQuad, XSD, type PlainQuad, type Quad } from '../../../src/rdf/terms.js';
import { documentGraphs, docGraph, hintGraph } from './fixtures.js';

const EX = 'http://example.org/';
const n = (v: string) => df.namedNode(EX + v);

/** The graphs as graphsToNQuads takes them. */
function plain(graphs: ReadonlyMap<string, readonly Quad[]>): Array<[string, PlainQuad[]]> {
  return [...graphs].map(([name, quads]) => [name, quads.map(toPlainQuad)]);
}

/** The worker's text for `graphs`, after a trip through structured clone as postMessage makes it. */
function throughWire(graphs: ReadonlyMap<string, readonly Quad[]>): string[] {
  const wire = encodeGraphs(graphs);
  return wireToNQuads(structuredClone(wire, { transfer: [wire.codes.buffer] }));
}

/** The quads Oxigraph reads from N-Quads text, each as one sorted line (blank nodes as _). */
function loaded(nquads: string): string[] {
  const store = new Store();
  store.load(nquads, { format: 'application/n-quads' });
  return store
    .match()
    .map((q) =>
      [q.subject, q.predicate, q.object, q.graph]
        .map((t) =>
          t.termType === 'BlankNode'
            ? '_'
            : t.termType === 'Literal'
              ? JSON.stringify([t.value, t.language, t.datatype.value])
              : t.value,
        )
        .join(' '),
    )
    .sort();
}

describe('wire: replaceGraphs from EmbeddedStore to the store worker', () => {
  it('writes the same N-Quads as graphsToNQuads, one string per graph', () => {
    const graphs = new Map([...documentGraphs(1), ...documentGraphs(2, 3), [docGraph(3), []]]);
    const texts = throughWire(graphs);
    expect(texts).to.have.length(5);
    expect(texts[4]).to.equal('');
    expect(texts.join('')).to.equal(graphsToNQuads(plain(graphs)));
  });

  it('keeps the blank nodes of each graph apart, and the same label within a graph one node', () => {
    const graphs = new Map([...documentGraphs(1), ...documentGraphs(2)]);
    const texts = throughWire(graphs);
    const labels = (text: string) => new Set(text.match(/_:\w+/g) ?? []);
    const one = labels(texts[0]);
    const two = labels(texts[2]);
    expect(one.size).to.equal(3);
    expect(two.size).to.equal(3);
    expect([...one].filter((l) => two.has(l))).to.deep.equal([]);
    expect(loaded(texts.join('')).filter((l) => l.startsWith('_ '))).to.have.length(2 * 9); // b0: 3, b1: 2, b2: 4 quads
  });

  it('writes every lexical form so that Oxigraph reads back exactly it', () => {
    const values = [
      'quote " and backslash \\ and \\"',
      'line\nbreak\r\ncarriage',
      'tab\tbell\u0007 form\f back\b nul\u0000 del\u007f',
      'line separator \u2028 paragraph \u2029',
      'emoji 😀 and umlaut ä',
      '',
      'unicode escape \\u0041 stays as written',
    ];
    const s = n('s');
    const quads = values.map((v, i) => df.quad(s, n(`p${i}`), df.literal(v)));
    quads.push(
      df.quad(s, n('lang'), df.literal('Wert', 'de-CH')),
      df.quad(s, n('typed'), df.literal('42', df.namedNode(XSD + 'integer'))),
      df.quad(s, n('string'), df.literal('plain', df.namedNode(XSD + 'string'))),
    );
    const text = throughWire(new Map([[EX + 'g', quads]])).join('');
    expect(text).to.not.include('^^<' + XSD + 'string>');
    const back = new Store();
    back.load(text, { format: 'application/n-quads' });
    const got = new Map(back.match().map((q) => [q.predicate.value.slice(EX.length), q.object]));
    values.forEach((v, i) => expect(got.get(`p${i}`)?.value, JSON.stringify(v)).to.equal(v));
    expect(got.get('lang')).to.include({ value: 'Wert', language: 'de-ch' });
    const typed = got.get('typed');
    expect(typed?.termType === 'Literal' && typed.datatype.value).to.equal(XSD + 'integer');
  });

  it('sends each distinct string once', () => {
    const graphs = new Map([...documentGraphs(1), ...documentGraphs(2)]);
    const wire = encodeGraphs(graphs);
    expect(new Set(wire.strings).size).to.equal(wire.strings.length);
    const quads = [...graphs.values()].reduce((k, q) => k + q.length, 0);
    expect(wire.length).to.be.at.least(3 * quads);
    expect(wire.strings.length).to.be.lessThan((3 * quads) / 2);
  });

  it('refuses what a quad cannot hold, naming the graph, as graphsToNQuads does', () => {
    const s = n('s');
    const cases: Array<[string, Quad]> = [
      ['literal subject', df.quad(df.literal('x') as unknown as Quad_Subject, n('p'), n('o'))],
      ['blank node predicate', df.quad(s, df.blankNode('b') as unknown as Quad_Predicate, n('o'))],
      ['literal predicate', df.quad(s, df.literal('x', 'en') as unknown as Quad_Predicate, n('o'))],
      ['default graph object', df.quad(s, n('p'), df.defaultGraph() as unknown as Quad_Object)],
      ['lone surrogate', df.quad(s, n('p'), df.literal('broken \ud800 here'))],
      ['bad language tag', df.quad(s, n('p'), df.literal('x', 'en gb'))],
    ];
    for (const [what, quad] of cases) {
      const graphs = new Map([[hintGraph(1), [quad]]]);
      let expected = '';
      try {
        graphsToNQuads(plain(graphs));
      } catch (err) {
        expected = (err as Error).message;
      }
      expect(expected, what).to.not.equal('');
      expect(() => throughWire(graphs), what).to.throw(expected);
    }
    expect(() => throughWire(new Map([['not an iri', []]]))).to.throw(/invalid graph name/);
    const variable = { termType: 'Variable', value: 'v', equals: () => false } as unknown as Quad_Object;
    expect(() => encodeGraphs(new Map([[EX + 'g', [df.quad(s, n('p'), variable)]]]))).to.throw(
      /unsupported term type Variable/,
    );
  });
});
