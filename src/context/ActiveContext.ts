/**
 * The active context, compiled: a term table that answers "what does this key mean here?"
 * and "which key says this IRI here?" in one map lookup.
 *
 * jsonld.js re-processes a type-scoped context and rebuilds its inverse context at every
 * typed node, which is why it is ~50x slower with the Linked Art context than without it.
 * Here every transition (a type's scoped context, a property's scoped context, the revert
 * of a non-propagating type scope) is computed once and memoized on the context it starts
 * from, so after warm-up a whole document walks a handful of immutable tables.
 *
 * The rules follow JSON-LD 1.1 (Context Processing, Expansion steps 7–11):
 * - a type-scoped context does not propagate: a nested node object reverts to the context
 *   in force before the enclosing node's types were applied;
 * - a property-scoped context propagates, and is looked up in the context of the node
 *   that holds the property (type scope included);
 * - a node's own types are applied in lexicographic order of the type strings, each
 *   looked up in the context as it was before any of them.
 */
import { ContextError, type LocalContext, type TermDefinition } from './TermDefinition.js';

const SUPPORTED_TERM_KEYS = new Set(['@id', '@type', '@container', '@context', '@protected']);
const IGNORED_CONTEXT_KEYS = new Set(['@version', '@protected']);

export class ActiveContext {
  /** Terms by key. */
  readonly terms: ReadonlyMap<string, TermDefinition>;
  /** `@vocab`, when an extension sets one. */
  readonly vocab: string | undefined;
  /** The context to revert to when entering a nested node (set by type-scoped contexts). */
  readonly previous: ActiveContext | undefined;

  private readonly typeScopeMemo = new Map<string, ActiveContext>();
  private readonly localMemo = new Map<LocalContext, ActiveContext>();
  private readonly nodeEntryMemo = new Map<TermDefinition | null, ActiveContext>();
  private inverseTable: Map<string, TermDefinition[]> | undefined;
  private prefixTable: Array<[string, string]> | undefined;

  private constructor(
    terms: Map<string, TermDefinition>,
    vocab: string | undefined,
    previous: ActiveContext | undefined,
  ) {
    this.terms = terms;
    this.vocab = vocab;
    this.previous = previous;
  }

  static empty(): ActiveContext {
    return new ActiveContext(new Map(), undefined, undefined);
  }

  // --- Transitions (memoized) -------------------------------------------------------

  /** This context with a local context applied (propagating, as for an extension or a property scope). */
  withLocal(local: LocalContext): ActiveContext {
    let next = this.localMemo.get(local);
    if (!next) {
      next = this.process(local, true);
      this.localMemo.set(local, next);
    }
    return next;
  }

  /**
   * The context for a node object reached through `via` (a term of this context), or for
   * the root (`via` null): revert a non-propagating type scope, then apply the property's
   * scoped context.
   */
  enterNode(via: TermDefinition | null): ActiveContext {
    let next = this.nodeEntryMemo.get(via);
    if (!next) {
      const base = this.previous ?? this;
      next = via?.scoped ? base.withLocal(via.scoped) : base;
      this.nodeEntryMemo.set(via, next);
    }
    return next;
  }

  /** withTypes of one type, as most nodes have (no array to make). */
  withType(type: string): ActiveContext {
    return this.typeScopeMemo.get(type) ?? this.withTypes([type]);
  }

  /** The context inside a node of the given types (type strings as written, any order). */
  withTypes(types: readonly string[]): ActiveContext {
    if (types.length === 0) return this;
    const key = types.length === 1 ? types[0] : [...types].sort().join('\u0000');
    let next = this.typeScopeMemo.get(key);
    if (!next) {
      const sorted = types.length === 1 ? types : [...types].sort();
      next = sorted.reduce<ActiveContext>((context, type) => {
        const scoped = this.terms.get(type)?.scoped;
        return scoped ? context.process(scoped, false) : context;
      }, this);
      this.typeScopeMemo.set(key, next);
    }
    return next;
  }

  // --- Expansion ---------------------------------------------------------------------

  /**
   * Expand a key or a vocabulary-relative value (`type` values, `@vocab`-coerced values):
   * a term, a compact IRI with a known prefix, an absolute IRI, or `@vocab` + value.
   * Returns undefined when the string means nothing here.
   */
  expandVocab(value: string): string | undefined {
    const def = this.terms.get(value);
    if (def) return def.iri;
    return this.expandIri(value) ?? (this.vocab !== undefined && !value.includes(':') ? this.vocab + value : undefined);
  }

  /** Expand a compact IRI (`crm:E22`) or accept an absolute IRI; undefined otherwise. */
  expandIri(value: string): string | undefined {
    const colon = value.indexOf(':');
    if (colon <= 0) return undefined;
    const prefix = value.slice(0, colon);
    const suffix = value.slice(colon + 1);
    if (suffix.startsWith('//')) return value; // already absolute (http://...)
    const def = this.terms.get(prefix);
    if (def && def.prefix) return def.iri + suffix;
    return /^[A-Za-z][A-Za-z0-9+.-]*$/.test(prefix) ? value : undefined; // urn:, mailto:, ...
  }

  // --- Compaction --------------------------------------------------------------------

  /** Terms whose IRI is the given one, shortest first, then in code-point order (as jsonld.js). */
  termsFor(iri: string): readonly TermDefinition[] {
    if (!this.inverseTable) {
      const table = new Map<string, TermDefinition[]>();
      for (const def of this.terms.values()) {
        let list = table.get(def.iri);
        if (!list) table.set(def.iri, (list = []));
        list.push(def);
      }
      for (const list of table.values())
        list.sort((a, b) => a.term.length - b.term.length || (a.term < b.term ? -1 : 1));
      this.inverseTable = table;
    }
    return this.inverseTable.get(iri) ?? [];
  }

  /** An IRI in its shortest compact form: a term, `prefix:suffix`, or the IRI itself. */
  compactIri(iri: string): string {
    const term = this.termsFor(iri).find((d) => d.coerce === undefined || d.coerce === '@id' || d.coerce === '@vocab');
    if (term) return term.term;
    if (!this.prefixTable) {
      this.prefixTable = [...this.terms.values()]
        .filter((d) => d.prefix)
        .map((d) => [d.term, d.iri] as [string, string])
        .sort((a, b) => b[1].length - a[1].length);
    }
    for (const [prefix, ns] of this.prefixTable) {
      if (iri.startsWith(ns) && iri.length > ns.length) return `${prefix}:${iri.slice(ns.length)}`;
    }
    return iri;
  }

  // --- Context processing ------------------------------------------------------------

  /**
   * Apply a local context. With `propagate` false (type-scoped), the result remembers the
   * context to revert to at the next nested node.
   */
  private process(local: LocalContext, propagate: boolean): ActiveContext {
    const terms = new Map(this.terms);
    let vocab = this.vocab;
    if ('@vocab' in local) {
      const v = local['@vocab'];
      if (v !== null && typeof v !== 'string') throw new ContextError('"@vocab" must be an IRI string or null');
      vocab = v === null ? undefined : v;
    }
    for (const key of Object.keys(local)) {
      if (key.startsWith('@')) {
        if (key === '@vocab' || IGNORED_CONTEXT_KEYS.has(key)) continue;
        throw new ContextError(
          `context keyword "${key}" is not supported (only term definitions, "@vocab" and "@version" are)`,
        );
      }
    }
    const defining = new Set<string>();
    const define = (term: string): void => {
      if (defining.has(term)) throw new ContextError(`cyclic IRI mapping for term "${term}"`);
      defining.add(term);
      terms.set(
        term,
        compileTerm(term, local[term], (value) => resolve(value)),
      );
      defining.delete(term);
    };
    const done = new Set<string>();
    // Resolving a compact IRI may need a prefix defined later in the same local context.
    const resolve = (value: string): string | undefined => {
      if (value.startsWith('@')) return value;
      const colon = value.indexOf(':');
      if (colon > 0) {
        const prefix = value.slice(0, colon);
        if (!value.slice(colon + 1).startsWith('//') && prefix in local && !done.has(prefix)) {
          define(prefix);
          done.add(prefix);
        }
        const def = terms.get(prefix);
        if (def && def.prefix && !value.slice(colon + 1).startsWith('//')) return def.iri + value.slice(colon + 1);
        return value;
      }
      if (value in local && !done.has(value)) {
        define(value);
        done.add(value);
      }
      const def = terms.get(value);
      if (def) return def.iri;
      return vocab !== undefined ? vocab + value : undefined;
    };
    for (const key of Object.keys(local)) {
      if (key.startsWith('@') || done.has(key)) continue;
      define(key);
      done.add(key);
    }
    const previous = propagate ? this.previous : (this.previous ?? this);
    return new ActiveContext(terms, vocab, previous);
  }
}

const GEN_DELIMS = /[:/?#[\]@]$/;

function compileTerm(term: string, raw: unknown, resolve: (value: string) => string | undefined): TermDefinition {
  if (typeof raw === 'string') {
    const iri = resolve(raw);
    if (iri === undefined) throw new ContextError(`term "${term}" maps to "${raw}", which is not an IRI`);
    return { term, iri, prefix: GEN_DELIMS.test(iri) && !iri.startsWith('@') };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ContextError(`term "${term}" must be defined by an IRI string or an object`);
  }
  const def = raw as Record<string, unknown>;
  for (const key of Object.keys(def)) {
    if (!SUPPORTED_TERM_KEYS.has(key)) throw new ContextError(`term "${term}" uses "${key}", which is not supported`);
  }
  const idValue = def['@id'] ?? term;
  if (typeof idValue !== 'string') throw new ContextError(`term "${term}": "@id" must be a string`);
  const iri = resolve(idValue);
  if (iri === undefined) throw new ContextError(`term "${term}" has no IRI ("@id" "${idValue}" does not expand)`);
  let coerce: string | undefined;
  if (def['@type'] !== undefined) {
    if (typeof def['@type'] !== 'string') throw new ContextError(`term "${term}": "@type" must be a string`);
    coerce = def['@type'] === '@id' || def['@type'] === '@vocab' ? def['@type'] : resolve(def['@type']);
    if (coerce === undefined) throw new ContextError(`term "${term}": "@type" "${def['@type']}" does not expand`);
  }
  let container: '@set' | undefined;
  if (def['@container'] !== undefined) {
    if (def['@container'] !== '@set') {
      throw new ContextError(
        `term "${term}": "@container" ${JSON.stringify(def['@container'])} is not supported (only "@set")`,
      );
    }
    container = '@set';
  }
  let scoped: LocalContext | undefined;
  if (def['@context'] !== undefined) {
    if (def['@context'] === null || typeof def['@context'] !== 'object' || Array.isArray(def['@context'])) {
      throw new ContextError(`term "${term}": a scoped "@context" must be an object`);
    }
    scoped = def['@context'] as LocalContext;
  }
  return { term, iri, coerce, container, scoped, prefix: false };
}
