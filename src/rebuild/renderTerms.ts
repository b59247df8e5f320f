/**
 * How the render writes one term: a node's types (as the document wrote them, else compacted)
 * and a literal as a JSON value.
 */
import type { ActiveContext } from '../context/ActiveContext.js';
import type { TermDefinition } from '../context/TermDefinition.js';
import type { SkeletonNode } from '../hints/Skeleton.js';
import { RDF_LANGSTRING, XSD, XSD_STRING, type Term } from '../rdf/terms.js';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const NUMERIC = new Set(
  ['integer', 'double', 'decimal', 'float', 'int', 'long', 'short', 'nonNegativeInteger', 'positiveInteger'].map(
    (t) => XSD + t,
  ),
);

/** The `type` strings shown for `types`: as this occurrence wrote each (the first string for each IRI), else compacted. */
export function typesShown(types: readonly Term[], hint: SkeletonNode | undefined, ctx: ActiveContext): string[] {
  const t = hint?.t;
  // One type written (most nodes): no map of them.
  if (t?.length === 1) {
    const iri = ctx.expandVocab(t[0]);
    return types.map((type) => (iri !== undefined && type.value === iri ? t[0] : ctx.compactIri(type.value)));
  }
  const written = writtenTypes(t, ctx);
  return types.map((type) => written?.get(type.value) ?? ctx.compactIri(type.value));
}

/** The `type` strings written, by the IRI each means here (the first for each IRI). */
function writtenTypes(types: readonly string[] | undefined, ctx: ActiveContext): Map<string, string> | undefined {
  if (!types?.length) return undefined;
  const written = new Map<string, string>();
  for (const t of types) {
    const iri = ctx.expandVocab(t);
    if (iri !== undefined && !written.has(iri)) written.set(iri, t);
  }
  return written;
}

/** A literal as JSON: native numbers and booleans, plain strings, a value object otherwise. */
export function literalValue(term: Term, def: TermDefinition | undefined, ctx: ActiveContext): JsonValue {
  const lit = term as { value: string; language?: string; datatype?: { value: string } };
  const datatype = lit.datatype?.value ?? XSD_STRING;
  if (lit.language) return { '@value': lit.value, '@language': lit.language };
  if (def?.coerce && def.coerce !== '@id' && def.coerce !== '@vocab') {
    return datatype === def.coerce ? lit.value : { '@value': lit.value, '@type': ctx.compactIri(datatype) };
  }
  if (datatype === XSD_STRING || datatype === RDF_LANGSTRING) return lit.value;
  if (NUMERIC.has(datatype)) {
    const n = Number(lit.value);
    if (Number.isFinite(n) && lit.value.trim() !== '') return n;
  }
  if (datatype === XSD + 'boolean' && (lit.value === 'true' || lit.value === 'false')) return lit.value === 'true';
  return { '@value': lit.value, '@type': ctx.compactIri(datatype) };
}
