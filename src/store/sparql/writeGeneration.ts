/**
 * The write generation of a remote store: one triple in the registry graph whose object is a
 * fresh random token, replaced by every update request the service sends, inside that request
 * (one transaction in the store). Service processes sharing the store read it with one small
 * query to learn whether anything at all was written since they last looked.
 *
 * A random token, not a counter: writers in different processes need no read-modify-write.
 * Should two concurrent requests each leave their token, the generation is the set of tokens
 * found; since every request adds a token never used before, the set read after a write
 * differs from every set read before it.
 *
 * The replacement goes first in the request: a store that leaves the earlier operations of a
 * failed request applied (Virtuoso does) may then have a new generation without the change, a
 * needless revalidation, but never the change without a new generation.
 */
import { randomBytes } from 'node:crypto';
import type { SolutionsResult } from '../../sparql/results/readJson.js';
import { INTERNAL_GRAPH_PREFIX } from '../internalGraphs.js';
import { REGISTRY_GRAPH } from './graphWrites.js';
import { iri, literal } from '../../rdf/sparqlTerm.js';

const SUBJECT = iri(`${INTERNAL_GRAPH_PREFIX}store`);
const PREDICATE = iri(`${INTERNAL_GRAPH_PREFIX}writeGeneration`);
const PATTERN = `GRAPH ${iri(REGISTRY_GRAPH)} { ${SUBJECT} ${PREDICATE} ?token }`;

/** Reads the generation: its tokens (see generationOf). */
export const GENERATION_QUERY = `SELECT ?token WHERE { ${PATTERN} }`;

/** A token no request has used: 96 random bits. */
export function newToken(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * `update` (SPARQL Update text, possibly empty) preceded by the operations that replace the
 * generation with `token`. Prepended, the update's own prologue and comments stay its own.
 */
export function withNewGeneration(update: string, token: string): string {
  // DELETE WHERE then INSERT DATA, not one DELETE/INSERT: Virtuoso inserts nothing when the WHERE matches nothing.
  const bump = `DELETE { ${PATTERN} } WHERE { ${PATTERN} } ;\nINSERT DATA { GRAPH ${iri(REGISTRY_GRAPH)} { ${SUBJECT} ${PREDICATE} ${literal(token)} } }`;
  return update.trim() === '' ? bump : `${bump} ;\n${update}`;
}

/** The generation GENERATION_QUERY's answer gives: its tokens, sorted (none: never written since the registry was made). */
export function generationOf(result: SolutionsResult): string {
  if (result.kind !== 'bindings')
    throw new Error(`the write generation query got a ${result.kind} answer, not solutions`);
  return result.rows
    .map((row) => row.token?.v ?? '')
    .sort()
    .join(' ');
}
