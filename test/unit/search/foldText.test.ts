/** Folding: accents, case and punctuation do not matter; letters of any script and digits are words. */
import { expect } from 'chai';
import { foldText, wordsOf } from '../../../src/search/foldText.js';

describe('foldText and wordsOf (name search)', () => {
  const cases: Array<[string, string, string[]]> = [
    ['Édith MARROW', 'edith marrow', ['edith', 'marrow']],
    ['Dürer, Albrecht', 'durer, albrecht', ['durer', 'albrecht']],
    ['Ångström', 'angstrom', ['angstrom']],
    // Decomposed input (e + combining acute) folds like the composed one.
    ['Cafe\u0301', 'cafe', ['cafe']],
    ['WHM 1923.4-17', 'whm 1923.4-17', ['whm', '1923', '4', '17']],
    ['  «Harbour»  at—Dusk ', '  «harbour»  at—dusk ', ['harbour', 'at', 'dusk']],
    ['東京 Ōsaka', '東京 osaka', ['東京', 'osaka']],
    ['', '', []],
  ];
  for (const [text, folded, words] of cases) {
    it(`${JSON.stringify(text)} → ${JSON.stringify(words)}`, () => {
      expect(foldText(text)).to.equal(folded);
      expect(wordsOf(text)).to.deep.equal(words);
    });
  }
});
