/**
 * A request parameter that names an IRI (`?id=`, `?type=`, the graph parameters of /sparql),
 * checked where it enters: a value that is not an absolute IRI SPARQL can carry is a 400
 * naming the parameter and what is wrong, before it goes near a query. The term writer
 * (src/rdf/sparqlTerm.ts) checks again where the query is written.
 */
import { iriProblem } from '../rdf/sparqlTerm.js';
import { BadRequest } from './HttpError.js';

/** The value, when it is an IRI; otherwise BadRequest naming `?name=`. */
export function iriParameter(name: string, value: string): string {
  const problem = iriProblem(value);
  if (problem !== undefined) throw new BadRequest(`?${name}= ${shown(value)} ${problem}.`);
  return value;
}

/** The value as the detail shows it: quoted, cut short (a detail is a sentence, not an echo). */
function shown(value: string): string {
  return JSON.stringify(value.length > 200 ? value.slice(0, 200) + '…' : value);
}
