/**
 * A replica seed's default graph copy (seedUnionCopy.ts): a triple several graphs share is copied
 * once, a document's own triples and blank nodes' every time, every triple again once forgotten;
 * the default graph loaded from it is the one withDefaultCopy gives.
 */
import { expect } from 'chai';
import { Engine, withDefaultCopy } from '../../../../src/store/embedded/engine.js';
import { SeedUnionCopy } from '../../../../src/store/embedded/seedUnionCopy.js';
import type { PlainTerm } from '../../../../src/rdf/terms.js';

const LABEL = '<http://www.w3.org/2000/01/rdf-schema#label>';
/** Two documents' graphs, each stating the same concept's label, its own label and a blank node's. */
const CHUNK =
  `<https://example.org/concept/1> ${LABEL} "Paintings" <https://example.org/object/1> .\n` +
  `<https://example.org/object/1> ${LABEL} "One" <https://example.org/object/1> .\n` +
  `_:b1 ${LABEL} "a name" <https://example.org/object/1> .\n` +
  `<https://example.org/concept/1> ${LABEL} "Paintings" <https://example.org/object/2> .\n` +
  `<https://example.org/object/2> ${LABEL} "Two" <https://example.org/object/2> .\n` +
  `<https://example.org/object/2> ${LABEL} _:b2 <https://example.org/object/2> .\n`;
/** The next chunk: the concept's label again, and a document's own triple a first one stated too. */
const NEXT =
  `<https://example.org/concept/1> ${LABEL} "Paintings" <https://example.org/object/3> .\n` +
  `<https://example.org/object/1> ${LABEL} "One" <https://example.org/object/1b> .\n`;

const defaultCopies = (text: string) => text.split('\n').filter((line) => line !== '' && !/> \.$/.test(line));
const occurrences = (lines: string[], triple: string) => lines.filter((line) => line === triple).length;
const CONCEPT = `<https://example.org/concept/1> ${LABEL} "Paintings" .`;

function defaultGraph(texts: string[]): string[] {
  const engine = new Engine(false);
  for (const text of texts) engine.replaceGraphsKeepingUnion([], text, true);
  const r = engine.query('SELECT ?s ?p ?o WHERE { ?s ?p ?o }');
  if (r.kind !== 'bindings') throw new Error('expected bindings');
  const term = (t: PlainTerm) => (t.t === 'B' ? '_' : t.v);
  return r.rows.map((row) => `${term(row.s)} ${row.p.v} ${term(row.o)}`).sort();
}

describe('store/embedded/seedUnionCopy: the default graph copied once a shared triple', () => {
  it("copies a triple other graphs state once, across chunks; a graph's own triples and blank nodes each time", () => {
    const union = new SeedUnionCopy();
    const first = union.withCopy(CHUNK);
    const next = union.withCopy(NEXT);
    expect(first.startsWith(CHUNK) && next.startsWith(NEXT), 'the named graphs as they were').to.equal(true);
    const copies = [...defaultCopies(first), ...defaultCopies(next)];
    expect(occurrences(copies, CONCEPT)).to.equal(1);
    expect(occurrences(copies, `<https://example.org/object/1> ${LABEL} "One" .`)).to.equal(2);
    expect(copies.filter((line) => line.includes('_:'))).to.have.length(2);
  });

  it('gives the default graph withDefaultCopy gives', () => {
    const union = new SeedUnionCopy();
    expect(defaultGraph([union.withCopy(CHUNK), union.withCopy(NEXT)])).to.deep.equal(
      defaultGraph([withDefaultCopy(CHUNK), withDefaultCopy(NEXT)]),
    );
  });

  it('copies every triple again once forgotten (something may have left the default graph)', () => {
    const union = new SeedUnionCopy();
    union.withCopy(CHUNK);
    union.forget();
    expect(occurrences(defaultCopies(union.withCopy(NEXT)), CONCEPT)).to.equal(1);
    expect(union.withCopy(NEXT)).to.equal(withDefaultCopy(NEXT));
  });

  it('remembers no more triples than its bound', () => {
    const union = new SeedUnionCopy(0);
    union.withCopy(CHUNK);
    expect(occurrences(defaultCopies(union.withCopy(NEXT)), CONCEPT)).to.equal(1);
  });
});
