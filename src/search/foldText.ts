/**
 * How names are compared in name search: case and accents do not matter ("Édith" is found by
 * "edith", "ÉDITH" and "Edith"), nor punctuation between words ("Marrow, Edith" is two words).
 * The same folding is applied to what is indexed and to what is asked, so they always meet.
 */

/** Text without accents (NFD, combining marks removed) and in lower case. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text, folded: runs of letters and digits (anything else separates them). */
export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}
