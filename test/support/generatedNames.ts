/**
 * Generated documents as name search sees them (SearchableNames), for bench:search: as issue 35
 * measured, one common word ("harbour") is in ~58% of the documents and a second ("view") with it
 * in ~34%; the other words come from a vocabulary of a few thousand, the frequent ones often (Zipf),
 * so the index has a museum's number of distinct terms for prefix and typo expansion. Kinds,
 * classifications and years are spread so every facet has values. The same seed gives the same
 * documents.
 */
import type { SearchableNames } from '../../src/search/searchableNames.js';
import { seededRandom } from './random.js';

const BASE = 'https://example.org/';
const KINDS: ReadonlyArray<[string, string, number]> = [
  ['HumanMadeObject', 'object', 0.55],
  ['Person', 'person', 0.15],
  ['VisualItem', 'visual', 0.1],
  ['LinguisticObject', 'text', 0.08],
  ['Group', 'group', 0.05],
  ['Place', 'place', 0.04],
  ['Set', 'set', 0.03],
];
const CLASSIFICATIONS = [
  'Paintings',
  'Prints',
  'Drawings',
  'Photographs',
  'Sculpture',
  'Textiles',
  'Ceramics',
  'Furniture',
  'Coins',
  'Manuscripts',
  'Maps',
  'Books',
  'Letters',
  'Glass',
  'Silver',
  'Jewellery',
  'Clocks',
  'Arms and armour',
  'Musical instruments',
  'Posters',
];
const SYLLABLES = ['mar', 'row', 'ed', 'ith', 'har', 'bour', 'dusk', 'quay', 'ton', 'ley', 'sal', 'ven', 'ro', 'ka'];
const MORE = ['la', 'ne', 'st', 'ri', 'co', 'bel', 'and', 'um', 'per', 'lo', 'wick', 'ham', 'den', 'ford', 'via'];
const VOCABULARY_SIZE = 4000;

function vocabulary(next: () => number): string[] {
  const syllables = [...SYLLABLES, ...MORE];
  const words = new Set<string>();
  while (words.size < VOCABULARY_SIZE) {
    const n = 2 + Math.floor(next() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += syllables[Math.floor(next() * syllables.length)];
    words.add(w);
  }
  return [...words];
}

const capital = (w: string) => w[0].toUpperCase() + w.slice(1);

/** `count` documents, numbered from 0. */
export function generatedNames(count: number, seed = 1): SearchableNames[] {
  const next = seededRandom(seed);
  const words = vocabulary(next);
  // Zipf-like: the first words of the vocabulary are picked far more often than the last.
  const word = () => words[Math.floor(words.length * next() ** 2.5)];
  const kindOf = () => {
    let r = next();
    for (const k of KINDS) if ((r -= k[2]) < 0) return k;
    return KINDS[0];
  };
  const out: SearchableNames[] = [];
  for (let i = 0; i < count; i++) {
    const [type, path] = kindOf();
    const nameWords = [capital(word()), word()];
    if (next() < 0.586) {
      nameWords.push('Harbour');
      if (next() < 0.59) nameWords.unshift('View of the');
    }
    if (next() < 0.5) nameWords.push('at', capital(word()));
    const names = [nameWords.join(' ')];
    if (next() < 0.3) names.push(`${capital(word())}, ${capital(word())}`);
    const year = 1400 + Math.floor(next() * 620);
    out.push({
      id: `${BASE}${path}/${i}`,
      type,
      names,
      labels: next() < 0.5 ? [names[0]] : [],
      identifiers: [`WHM ${year}.${i}`],
      statements:
        next() < 0.7 ? [Array.from({ length: 8 + Math.floor(next() * 12) }, () => word()).join(' ') + '.'] : [],
      classifications: [
        ...new Set(Array.from({ length: Math.floor(next() * 3) }, () => CLASSIFICATIONS[Math.floor(next() ** 2 * 20)])),
      ].sort(),
      ...(next() < 0.8 ? { year } : {}),
    });
  }
  return out;
}
