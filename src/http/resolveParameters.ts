/**
 * The parameters of `/resolve`, checked where they enter: `identifier` (once, not empty, at most
 * MAX_IDENTIFIER_LENGTH characters), `type` (a scheme's word the service knows, or an absolute
 * IRI) and `classified_as` (an absolute IRI), each at most once. Anything else is a 400 naming the
 * parameter and what to give instead.
 */
import { iriProblem } from '../rdf/sparqlTerm.js';
import { identifierSchemeNamed, IDENTIFIER_SCHEMES } from '../service/resolve/identifierSchemes.js';
import type { IdentifierLookup } from '../service/resolve/identifierHolders.js';
import { BadRequest } from './HttpError.js';
import { iriParameter } from './iriParameter.js';
import { urlParams } from './strictParams.js';

/** The longest identifier looked up, in characters: accession numbers are far shorter; longer is a mistake. */
export const MAX_IDENTIFIER_LENGTH = 1000;

/** The lookup a request's URL asks for; BadRequest naming the parameter that cannot be one. */
export function identifierLookupOf(url: string): IdentifierLookup {
  const params = urlParams(url);
  const content = once(params, 'identifier');
  if (content === undefined)
    throw new BadRequest(
      "?identifier= is missing: give the number on the object's label (its Identifier's content), e.g. ?identifier=WHM%201923.4.",
    );
  if (content.trim() === '')
    throw new BadRequest(
      "?identifier= is empty: give the number on the object's label, e.g. ?identifier=WHM%201923.4.",
    );
  const length = [...content].length;
  if (length > MAX_IDENTIFIER_LENGTH)
    throw new BadRequest(
      `?identifier= is ${length} characters long; an identifier looked up has at most ${MAX_IDENTIFIER_LENGTH.toLocaleString('en')} characters.`,
    );
  const classifiedAs = new Set<string>();
  const type = once(params, 'type');
  if (type !== undefined) classifiedAs.add(schemeOf(type));
  const classified = once(params, 'classified_as');
  if (classified !== undefined) classifiedAs.add(iriParameter('classified_as', classified));
  return { content, classifiedAs: [...classifiedAs] };
}

/** The parameter's one value; undefined when absent; BadRequest when given more than once. */
function once(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new BadRequest(`?${name}= is given ${values.length} times: give it once.`);
  return values[0];
}

/** `type=`: a scheme's word (accession…) or its IRI. */
function schemeOf(value: string): string {
  const known = identifierSchemeNamed(value);
  if (known !== undefined) return known;
  if (iriProblem(value) === undefined) return iriParameter('type', value);
  throw new BadRequest(
    `?type= ${JSON.stringify(value.length > 100 ? value.slice(0, 100) + '…' : value)} is neither an identifier scheme ` +
      `the service knows (${[...IDENTIFIER_SCHEMES.keys()].join(', ')}) nor an absolute IRI: give one of those words, ` +
      "or the scheme's IRI, e.g. ?type=http://vocab.getty.edu/aat/300312355 (accession number).",
  );
}
