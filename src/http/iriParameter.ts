/**
 * A request parameter that names an IRI (`?id=`, `?type=`, the graph parameters of /sparql),
 * checked where it enters: a value that is not an absolute IRI SPARQL can carry is a 400
 * naming the parameter and what is wrong, before it goes near a query. The term writer
 * (src/rdf/sparqlTerm.ts) checks again where the query is written.
 */
import { iriProblem } from '../rdf/sparqlTerm.js';
import { BadRequest } from './HttpError.js';

/** C0 controls, DEL and C1 controls: no id holds one (the store cannot even look one up). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The value, when it is an IRI; otherwise BadRequest naming `?name=` (and a control character by its code point). */
export function iriParameter(name: string, value: string): string {
  const control = CONTROL.exec(value);
  if (control) {
    throw new BadRequest(
      `?${name}= holds the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} ` +
        `at character ${control.index}: it is not a valid IRI (no id contains one).`,
    );
  }
  const problem = iriProblem(value);
  if (problem !== undefined) throw new BadRequest(`?${name}= ${shown(value)} ${problem}.`);
  return value;
}

/** The value as the detail shows it: quoted, cut short (a detail is a sentence, not an echo). */
function shown(value: string): string {
  return JSON.stringify(value.length > 200 ? value.slice(0, 200) + '…' : value);
}
