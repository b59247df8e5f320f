/**
 * NameIndex ranks, narrows and counts as the service did when MiniSearch scored every match
 * (MiniSearchReference): on generated documents, for common words, prefixes, typos, several words
 * and narrowings, the same hits in the same order and the same facets; and after documents are
 * replaced and removed, the same hits and facets as an index of the documents that are left.
 */
import { expect } from 'chai';
import { wordsOf } from '../../../src/search/foldText.js';
import { NameIndex } from '../../../src/search/NameIndex.js';
import type { SearchNarrowing } from '../../../src/search/searchFacets.js';
import type { SearchableNames } from '../../../src/search/searchableNames.js';
import { generatedNames } from '../../support/generatedNames.js';
import { MiniSearchReference } from '../../support/miniSearchReference.js';

const DOCS = 3000;

function queriesOf(entries: readonly SearchableNames[]): Array<[string, SearchNarrowing]> {
  const sampled = entries.filter((_, i) => i % 150 === 7).map((e) => wordsOf(e.names[0]));
  return [
    ['harbour', {}],
    ['Harbour', { kind: 'HumanMadeObject' }],
    ['harbour', { classification: 'Paintings', from: 1700, to: 1899 }],
    ['harb', {}],
    ['harbor', {}],
    ['harbour view', {}],
    ['view of the harbour', {}],
    ['harbor vie', {}],
    ['harbour harbour', {}],
    ['whm', { from: 1500 }],
    ['whm 18', {}],
    ['harbour', { kind: 'Painting' }],
    ...sampled.map((words): [string, SearchNarrowing] => [words.join(' '), {}]),
    ...sampled.map((words): [string, SearchNarrowing] => [[...words].reverse().join(' ').slice(0, -1), {}]),
    ...sampled.map((words): [string, SearchNarrowing] => [words[0].slice(0, 2) + words[0].slice(3), {}]),
  ];
}

describe('NameIndex ranks as MiniSearch scoring every match did', () => {
  const entries = generatedNames(DOCS, 7);
  const index = new NameIndex();
  for (const e of entries) index.replace(e);
  const reference = new MiniSearchReference(entries);

  for (const [query, narrowing] of queriesOf(entries)) {
    it(`${JSON.stringify(query)} ${JSON.stringify(narrowing)}: the same hits in the same order, the same facets`, () => {
      const expected = reference.search(query, narrowing);
      const all = index.search(query, 0, DOCS, narrowing);
      expect(all.total).to.equal(expected.ids.length);
      expect(all.hits.map((h) => h.id)).to.deep.equal(expected.ids);
      expect(all.hits.map((h) => h.identifier)).to.deep.equal(expected.identifiers);
      expect(all.facets).to.deep.equal(expected.facets);
      expect(index.search(query, 5, 7, narrowing).hits.map((h) => h.id)).to.deep.equal(expected.ids.slice(5, 12));
    });
  }

  it('after replacing and removing documents: the hits and facets of the documents left', () => {
    const local = new NameIndex();
    for (const e of entries) local.replace(e);
    const others = generatedNames(400, 11);
    const left = new Map(entries.map((e) => [e.id, e]));
    entries.slice(0, 400).forEach((e, i) => {
      if (i % 2 === 0) {
        local.remove(e.id);
        left.delete(e.id);
      } else {
        const moved = { ...others[i], id: e.id };
        local.replace(moved);
        left.set(e.id, moved);
      }
    });
    const fresh = new MiniSearchReference([...left.values()]);
    expect(local.size).to.equal(left.size);
    for (const [query, narrowing] of queriesOf(entries)) {
      const expected = fresh.search(query, narrowing);
      const got = local.search(query, 0, DOCS, narrowing);
      expect(got.hits.map((h) => h.id).sort(), query).to.deep.equal([...expected.ids].sort());
      expect(got.facets, query).to.deep.equal(expected.facets);
    }
  });
});
