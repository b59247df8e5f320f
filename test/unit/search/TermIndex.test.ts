/**
 * The term index's postings through many removals and re-additions (numbers given again, entries
 * moved within a posting by each removal): each word still finds exactly the documents that have it.
 */
import { expect } from 'chai';
import { TermIndex, type Field } from '../../../src/search/TermIndex.js';
import { seededRandom } from '../../support/random.js';

const WORDS = ['harbour', 'view', 'dusk', 'study', 'marrow', 'portrait', 'bridge'];

function fieldsOf(words: readonly string[]): Record<Field, string> {
  return { names: words.join(' '), labels: words.slice(0, 2).join(' '), identifiers: '', statements: words[0] ?? '' };
}

describe('TermIndex (postings)', () => {
  it('after removals in random order and numbers given again, each word finds exactly its documents', () => {
    const random = seededRandom(35);
    const index = new TermIndex();
    const held = new Map<number, string[]>();
    const pick = () => WORDS.filter(() => random() < 0.5).concat(WORDS[Math.floor(random() * WORDS.length)]);
    for (let doc = 0; doc < 400; doc++) {
      held.set(doc, pick());
      index.add(doc, fieldsOf(held.get(doc)!));
    }
    for (let round = 0; round < 3; round++) {
      const gone = [...held.keys()].filter(() => random() < 0.4);
      for (const doc of gone) {
        index.remove(doc, fieldsOf(held.get(doc)!));
        held.delete(doc);
      }
      for (const doc of gone.filter(() => random() < 0.7)) {
        held.set(doc, pick());
        index.add(doc, fieldsOf(held.get(doc)!));
      }
      for (const word of WORDS) {
        const expected = [...held].filter(([, words]) => words.includes(word)).map(([doc]) => doc);
        const found = index.match([{ word, prefix: false, fuzzy: false }], 400).docs;
        expect([...found], `${word}, round ${round}`).to.deep.equal(expected.sort((a, b) => a - b));
      }
    }
  });
});
