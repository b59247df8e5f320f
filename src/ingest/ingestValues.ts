/**
 * The values of one key as ingest reads them (references, literals, value objects), each as a
 * term and its place in the skeleton, and what a key means where it stands. A nested node is
 * DocumentIngest's (ingestDocument.ts), which is one of these.
 */
import type { ActiveContext } from '../context/ActiveContext.js';
import type { TermDefinition } from '../context/TermDefinition.js';
import { literalHint, type SkeletonNode, type SkeletonValue } from '../hints/Skeleton.js';
import { df, type Term } from '../rdf/terms.js';
import { isAbsoluteIri } from './iris.js';
import { IngestProblems } from './ingestProblems.js';
import { describe, isJsonObject, type Json, type JsonObject } from './jsonKeys.js';
import { booleanLiteral, numberLiteral } from './literals.js';
import { nearestTerm } from './nearestTerm.js';
import { INGEST_HINTS } from './ruleHints.js';
import { besideKey, keyPathOf } from './unreadParts.js';
import { vocabularyTerm } from './vocabularyTerms.js';

/** The spec's other name for `represents_instance_of_type`. */
const TERM_ALIASES: Readonly<Record<string, string>> = { represents_entity_of_type: 'represents_instance_of_type' };

export abstract class ValueIngest extends IngestProblems {
  /** The quads and skeleton node of a node object (`via`: the key's definition; null at the root). */
  protected abstract node(
    obj: JsonObject,
    parentCtx: ActiveContext,
    via: TermDefinition | null,
    path: string,
    isRoot: boolean,
  ): { term: Term; skeleton: SkeletonNode } | undefined;

  /** What a key means on a node of these types; records a problem when it means nothing. */
  protected termFor(
    ctx: ActiveContext,
    key: string,
    types: readonly string[],
    path: string,
  ): TermDefinition | undefined {
    const def = ctx.terms.get(key);
    if (def) return def;
    const alias = TERM_ALIASES[key];
    if (alias) {
      const target = ctx.terms.get(alias);
      if (target) return { ...target, term: key };
    }
    if (!key.startsWith('@')) {
      const iri = ctx.expandIri(key);
      if (iri !== undefined && key.includes(':')) return { term: key, iri, prefix: false };
    }
    const on = types.length > 0 ? `a node of type ${types.join('/')}` : 'an untyped node';
    const message = key.startsWith('@')
      ? `the keyword "${key}" is not supported in a Linked Art document`
      : `"${key}" is not defined by the Linked Art context for ${on}; it would be lost`;
    const near = key.startsWith('@') ? undefined : nearestTerm(key, ctx.terms.keys());
    const hint = near === undefined ? undefined : `did you mean "${near}"? Otherwise ${INGEST_HINTS['unmapped-key']}`;
    this.skip(
      this.problem(path, 'unmapped-key', message, key, hint),
      path,
      near === undefined ? undefined : { key: besideKey(path, key, near) },
    );
    return undefined;
  }

  // --- Values ------------------------------------------------------------------------

  protected value(
    item: Json,
    ctx: ActiveContext,
    def: TermDefinition,
    key: string,
    path: string,
  ): { term: Term; skeleton: SkeletonValue } | undefined {
    if (item === null) {
      this.skip(this.problem(path, 'null', `null is not a value for "${key}"; leave the key out instead`, key), path, {
        key: keyPathOf(path),
      });
      return undefined;
    }
    if (isJsonObject(item)) {
      if ('@value' in item) return this.valueObject(item, ctx, key, path);
      return this.node(item, ctx, def, path, false);
    }
    if (Array.isArray(item)) return undefined; // flattened by the caller
    if (def.coerce === '@id' || def.coerce === '@vocab') {
      if (typeof item !== 'string') {
        this.skip(this.problem(path, 'reference', `"${key}" takes references, not ${describe(item)}`, key), path, {
          key: keyPathOf(path),
        });
        return undefined;
      }
      const iri =
        def.coerce === '@vocab'
          ? (def.scoped ? ctx.withLocal(def.scoped) : ctx).expandVocab(item)
          : isAbsoluteIri(item)
            ? item
            : undefined;
      if (iri === undefined || iri.startsWith('@') || !isAbsoluteIri(iri)) {
        this.skip(
          this.problem(
            path,
            'reference',
            `${JSON.stringify(item)} is neither a term of the context nor an absolute IRI`,
            key,
          ),
          path,
          { key: keyPathOf(path) },
        );
        return undefined;
      }
      return { term: df.namedNode(iri), skeleton: '=' + item + (iri === item ? '' : ' ' + iri) };
    }
    let term: Term;
    if (typeof item === 'string')
      term = def.coerce
        ? df.literal(item, vocabularyTerm(def.coerce) as Parameters<typeof df.literal>[1])
        : df.literal(item);
    else if (def.coerce) {
      this.skip(
        this.problem(path, 'datatype', `"${key}" takes a string (${def.coerce}), not ${describe(item)}`, key),
        path,
        { key: keyPathOf(path) },
      );
      return undefined;
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return undefined;
      term = numberLiteral(item);
    } else term = booleanLiteral(item);
    return { term, skeleton: literalHint(term) };
  }

  protected valueObject(
    item: JsonObject,
    ctx: ActiveContext,
    key: string,
    path: string,
  ): { term: Term; skeleton: SkeletonValue } | undefined {
    const extra = Object.keys(item).filter((k) => k !== '@value' && k !== '@type' && k !== '@language');
    const v = item['@value'];
    if (extra.length > 0 || (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')) {
      this.skip(
        this.problem(
          path,
          'value-object',
          `a value object takes "@value" (a string, number or boolean) with "@type" or "@language" only`,
          key,
        ),
        path,
        { key: keyPathOf(path) },
      );
      return undefined;
    }
    let term: Term;
    if (typeof item['@language'] === 'string') term = df.literal(String(v), item['@language']);
    else if (typeof item['@type'] === 'string') {
      const dt = ctx.expandVocab(item['@type']);
      if (!dt || !isAbsoluteIri(dt)) {
        this.skip(this.problem(path, 'value-object', `datatype "${item['@type']}" is not an IRI`, key), path, {
          key: keyPathOf(path),
        });
        return undefined;
      }
      term = df.literal(
        typeof v === 'number' && !Number.isInteger(v) ? numberLiteral(v).value : String(v),
        df.namedNode(dt),
      );
    } else term = typeof v === 'number' ? numberLiteral(v) : typeof v === 'boolean' ? booleanLiteral(v) : df.literal(v);
    return { term, skeleton: literalHint(term) };
  }
}
