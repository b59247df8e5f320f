/**
 * Inserts sent as N-Quads that the store parses itself (Virtuoso's `DB.DBA.TTLP`), not as
 * INSERT DATA text.
 *
 * Virtuoso compiles an update request into one SQL statement, and compiling INSERT DATA was
 * most of what a load through the service cost it. Here the quads travel in a form field of
 * their own beside the update, and one operation of that update hands the field to the store's
 * N-Quads parser (`http_param`): nothing of the data is compiled, and it is still the same
 * request, in its place among the request's other operations. A malformed line fails the whole
 * parse: none of its quads are stored. But what TTLP parses is committed at once, outside the
 * request's transaction (another request reads it while this one still runs, and it stays when
 * this one is rolled back): a write that records changes, which must be atomic, goes as INSERT
 * DATA (writeRequests.ts).
 *
 * Calling SQL from SPARQL is allowed only to a user with SQL rights (dba, on `/sparql-auth`);
 * a store that refuses it (any other user, any other store) is written with INSERT DATA.
 */
import { INTERNAL_GRAPH_PREFIX } from '../internalGraphs.js';
import { count, iri, literal } from '../../rdf/sparqlTerm.js';

/** Named where an IRI is needed and nothing is ever written: every line names its graph, and the INSERT inserts nothing. */
const NOWHERE = `${INTERNAL_GRAPH_PREFIX}nquads:none`;

/** The form field that carries the quads. */
export const NQUADS_FIELD = 'linkedart-nquads';

/** Flags of DB.DBA.TTLP: the text is N-Quads, read strictly. */
const NQUADS_STRICT = 512;

const PARSE = `sql:TTLP(bif:http_param(${literal(NQUADS_FIELD)}), ${literal('')}, ${literal(NOWHERE)}, ${count(NQUADS_STRICT)})`;

/** The operation that stores the field's quads: a BIND that calls the parser once and a FILTER that never holds, so the INSERT itself writes nothing. */
export const NQUADS_INSERT =
  `INSERT { GRAPH ${iri(NOWHERE)} { ${iri(NOWHERE)} ${iri(NOWHERE)} ?parsed } } ` +
  `WHERE { BIND (${PARSE} AS ?parsed) FILTER (?parsed = ${literal('never')}) }`;

/** The quads of an INSERT DATA (graph term, triple text as in graphWrites.ts) as N-Quads lines. */
export function nquadsText(quads: ReadonlyArray<readonly [string, string]>): string {
  let text = '';
  for (const [graph, triple] of quads) text += triple + ' ' + graph + ' .\n';
  return text;
}
