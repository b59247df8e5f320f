/**
 * One compiled term of a JSON-LD context: what a key (or a `type` value) means.
 * Only the features the Linked Art context and its extensions use are represented;
 * anything else is refused when the context is compiled (see ActiveContext).
 */
export interface TermDefinition {
  /** The term itself, as written in documents. */
  readonly term: string;
  /** The IRI it expands to, or a keyword (`@id`, `@type`) for aliases. */
  readonly iri: string;
  /** Value coercion: `@id` (a reference), `@vocab` (a term or IRI), or a datatype IRI. */
  readonly coerce?: string;
  /** `@set` when the context declares the property multi-valued. */
  readonly container?: '@set';
  /** A scoped context: applied to values (as a key) and to nodes (as a type). */
  readonly scoped?: LocalContext;
  /** Whether the term may serve as the prefix of a compact IRI (`crm:E22_...`). */
  readonly prefix: boolean;
}

/** A JSON-LD local context object as written (`{"crm": "...", "Type": {...}}`). */
export type LocalContext = { readonly [key: string]: unknown };

export class ContextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContextError';
  }
}
