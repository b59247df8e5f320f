/**
 * The identifier schemes `/resolve?type=` knows by a word: the Getty AAT concepts that Linked Art
 * data classifies its Identifiers with (the model's own examples, the Getty's and Yale LUX's
 * records). Any other scheme is named by its IRI (`type=` or `classified_as=`).
 */

const AAT = 'http://vocab.getty.edu/aat/';

/** A scheme's word (as a person types it, "number(s)" left off) → its AAT concept. */
export const IDENTIFIER_SCHEMES: ReadonlyMap<string, string> = new Map([
  ['accession', `${AAT}300312355`],
  ['repository', `${AAT}300404621`],
  ['owner-assigned', `${AAT}300404621`],
  ['identification', `${AAT}300404626`],
  ['system-assigned', `${AAT}300435704`],
  ['lot', `${AAT}300404628`],
  ['creator-assigned', `${AAT}300417447`],
  ['isbn', `${AAT}300417443`],
]);

/** The concept a word names ("Accession Number", "accession", "system assigned"); undefined for a word not known. */
export function identifierSchemeNamed(word: string): string | undefined {
  const key = word
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .replace(/-numbers?$/, '');
  return IDENTIFIER_SCHEMES.get(key);
}
