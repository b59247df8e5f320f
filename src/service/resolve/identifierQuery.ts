/**
 * The SPARQL the identifier lookup asks the store, the same on the embedded store and on a remote
 * one. Every value is written by the term writer (rdf/sparqlTerm.ts); the content goes in as
 * bound terms (a VALUES block) so the store answers from its own indexes, never by a FILTER that
 * reads every content there is.
 */
import { linkedArtContext } from '../../context/linkedArtContext.js';
import { count, iri, literal, type LiteralTag } from '../../rdf/sparqlTerm.js';

/** The IRI of a Linked Art term (`identified_by`) or class (`Identifier`), from the Linked Art context. */
function termIri(name: string): string {
  const context = linkedArtContext();
  const found = context.terms.get(name)?.iri ?? context.expandVocab(name);
  if (found === undefined) throw new Error(`the Linked Art context has no term ${name}`);
  return found;
}

const IDENTIFIED_BY = iri(termIri('identified_by'));
/** `content`: P190 has symbolic content. */
export const CONTENT_IRI = termIri('content');
const CONTENT = iri(CONTENT_IRI);
const CLASSIFIED_AS = iri(termIri('classified_as'));
const IDENTIFIER = iri(termIri('Identifier'));

/**
 * The entities (`?entity`) whose own document holds an Identifier with one of these contents,
 * classified as each of `classifiedAs`: the Identifier is the main entity's (`identified_by` of
 * the graph's own subject), not one of a thing it embeds. In id order, at most `limit`.
 */
export function holdersQuery(contents: readonly string[], classifiedAs: readonly string[], limit: number): string {
  return `SELECT DISTINCT ?entity WHERE { ${holdersPattern(contents, classifiedAs)} } ORDER BY ?entity LIMIT ${count(limit)}`;
}

/** How many entities holdersQuery finds in all (`?n`). */
export function holdersCountQuery(contents: readonly string[], classifiedAs: readonly string[]): string {
  return `SELECT (COUNT(DISTINCT ?entity) AS ?n) WHERE { ${holdersPattern(contents, classifiedAs)} }`;
}

function holdersPattern(contents: readonly string[], classifiedAs: readonly string[]): string {
  const kinds = classifiedAs.map((c) => ` ?identifier ${CLASSIFIED_AS} ${iri(c)} .`).join('');
  return `VALUES ?content { ${contents.join(' ')} }
  GRAPH ?entity { ?identifier ${CONTENT} ?content . ?entity ${IDENTIFIED_BY} ?identifier . ?identifier a ${IDENTIFIER} .${kinds} }`;
}

/** The content as every literal it may be stored as: plain, and with each tag content carries in the store. */
export function contentTerms(content: string, tags: readonly LiteralTag[]): string[] {
  return [...new Set([literal(content), ...tags.map((tag) => literal(content, tag))])];
}

/**
 * The tags (`?language`, else `?datatype`) that contents carry in the store: one read of every
 * content (a scan), so its answer is kept (contentTags.ts).
 */
export const CONTENT_TAGS_QUERY = `SELECT DISTINCT (LANG(?content) AS ?language) (DATATYPE(?content) AS ?datatype) WHERE {
  GRAPH ?g { ?node ${CONTENT} ?content } FILTER(isLiteral(?content)) }`;

/** The classes (`?class`) of these entities, each in its own graph. */
export function classesQuery(ids: readonly string[]): string {
  return `SELECT ?entity ?class WHERE { VALUES ?entity { ${ids.map(iri).join(' ')} } GRAPH ?entity { ?entity a ?class } }`;
}
