/**
 * Ingest: a Linked Art JSON-LD document to the quads of its named graph, plus its shape
 * hints. One walk of the JSON tree against the compiled context does the work of
 * jsonld.js's expand + toRDF, with the same results (a differential test holds us to it),
 * but refuses what jsonld.js would drop silently: a key the context does not map where it
 * stands, a null, a relative id, a type nobody defined.
 */
import type { ActiveContext } from '../context/ActiveContext.js';
import { contextFromDocumentValue, linkedArtContext } from '../context/linkedArtContext.js';
import { ContextError, type TermDefinition } from '../context/TermDefinition.js';
import {
  compareEntries,
  deepSignatureOf,
  keyOfLiteralHint,
  literalHint,
  signatureOf,
  skeletonQuads,
  statementHash,
  statementHashOf,
  type SkeletonEntry,
  type SkeletonNode,
  type SkeletonValue,
  HINT_GRAPH_PREFIX,
  SHAPE_PREDICATE,
} from '../hints/Skeleton.js';
import { KINDS, TOP_LEVEL_CLASSES, type Kind } from '../linkedart/kinds.js';
import { DocumentRejected, type Problem } from '../linkedart/Problem.js';
import { shortValueAt } from '../linkedart/problemValue.js';
import { df, RDF_TYPE, type Quad, type Term } from '../rdf/terms.js';
import { formThatMatters } from '../linkedart/specForms.js';
import { isAbsoluteIri, isHttpIri } from './iris.js';
import { booleanLiteral, numberLiteral } from './literals.js';
import { nearestTerm } from './nearestTerm.js';
import { INGEST_HINTS, type IngestRule } from './ruleHints.js';
import { unpairedSurrogateAt } from './unpairedSurrogates.js';
import { locationKey, ValueLocations, type DocumentLocations } from './documentLocations.js';
import { definedPerClass, describe, flatten, isAnnotationKey, join, type Json } from './jsonKeys.js';
import { besideKey, keyPathOf, type UnreadPart, type WouldHaveGiven } from './unreadParts.js';

export interface IngestedDocument {
  /** The document's `id`: also the name of its graph. */
  readonly id: string;
  readonly kind: Kind;
  /** The entity's quads, in the graph named by `id`. */
  readonly quads: Quad[];
  /** The shape hints, in the hint graph of `id`. */
  readonly hintQuads: Quad[];
  readonly skeleton: SkeletonNode;
  /** Accepted, but worth telling the cataloguer (e.g. an assignment that should say `_complete`). */
  readonly warnings: Problem[];
  /** Where the quads came from in the JSON, to report problems found on the quads. */
  readonly locations: DocumentLocations;
  /** The document as given, for the values problems found on the quads are about. */
  readonly given: unknown;
  /** The shapes' Violations it was admitted with under the `report` conformance policy (validate/conformance.ts). */
  violations?: Problem[];
  /** Ingest problems (ruleHints.ts rules) of a document read as far as it could be (ingestReadable): the gate refuses it. */
  readonly refusals: readonly Problem[];
  /** What those problems kept from being read (JSON paths: nothing there is in the quads). */
  readonly unread: readonly UnreadPart[];
  /** The signatures of the blank nodes of `quads`, as ingest computed them (absent where they may not be the render's). */
  readonly signedBlanks?: SignedBlanks;
}

/**
 * The skeleton node of each blank node ingest made without a name, by label, for the quads it
 * made (`quads`: a document with other quads cannot use them): its `s` and `d` are what the
 * render computes from those quads (render/blankSignatures.ts). `s`: every statement of an
 * unnamed blank node is made in the one place it stands, and each is hashed as it is made
 * (once: `emit` skips a statement made already). `d`: its blank children are all unnamed too,
 * because they are given only where the document names no blank node: a named one's `d` is
 * made after the walk (its statements may be spread), so its parents' `d` would not hold it.
 */
export interface SignedBlanks {
  readonly quads: readonly Quad[];
  readonly nodes: ReadonlyMap<string, SkeletonNode>;
}

export { locationKey, type DocumentLocations } from './documentLocations.js';

/** The spec's other name for `represents_instance_of_type`. */
const TERM_ALIASES: Readonly<Record<string, string>> = { represents_entity_of_type: 'represents_instance_of_type' };
const RDF_TYPE_NODE = df.namedNode(RDF_TYPE);

/**
 * The terms of the vocabulary (predicates, classes, datatypes), made once: they are few and
 * stand in most quads, and terms are values (nobody changes one), so quads may share them.
 */
const vocabularyTerms = new Map<string, Term>();

function vocabularyTerm(iri: string): Term {
  let term = vocabularyTerms.get(iri);
  if (term === undefined) {
    term = df.namedNode(iri);
    if (vocabularyTerms.size < 10_000) vocabularyTerms.set(iri, term);
  }
  return term;
}

let documentCounter = 0;
const processTag = Math.random().toString(36).slice(2, 8);

type JsonObject = { [key: string]: Json };

function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Turn one document into quads. Throws DocumentRejected listing every problem found.
 * `source` (a file name, a record number) only decorates the error message.
 */
export function ingestDocument(input: unknown, source?: string): IngestedDocument {
  const read = ingestReadable(input, source);
  if (read.refusals.length > 0) throw new DocumentRejected(read.id, read.refusals, source);
  return read;
}

/**
 * What can be read of one document, as quads: its ingest problems in `refusals` and what they
 * made unreadable in `unread`, for the gate to report with the shapes' findings on the rest.
 * Throws only where nothing can be read (not an object, no usable root id or type or context).
 */
export function ingestReadable(input: unknown, source?: string): IngestedDocument {
  return new DocumentIngest(source).run(input);
}

class DocumentIngest {
  private readonly quads: Quad[] = [];
  /** The statements made so far: subject (IRIs and blank nodes apart), predicate, object value → objects. */
  private readonly statements = { iri: new Map<string, StatementsOf>(), blank: new Map<string, StatementsOf>() };
  private readonly problems: Problem[] = [];
  private readonly warnings: Problem[] = [];
  private readonly unread: UnreadPart[] = [];
  /** Blank nodes the document names (`"id": "_:b1"`): one node wherever the name stands. */
  private readonly namedBlanks = new Map<string, NamedBlank>();
  /** The skeleton node of each blank node made without a name, by label (SignedBlanks). */
  private readonly unnamedBlanks = new Map<string, SkeletonNode>();
  private readonly blankPrefix = `d${processTag}${(documentCounter++).toString(36)}x`;
  private blankCount = 0;
  private graph: Term = df.namedNode('urn:invalid');
  private readonly nodeLocations = new Map<string, { path: string; ctx: ActiveContext }>();
  private readonly valueLocations = new ValueLocations();
  private documentId: string | undefined;
  private input: unknown;

  constructor(private readonly source: string | undefined) {}

  run(input: unknown): IngestedDocument {
    this.input = input;
    if (!isObject(input)) {
      throw new DocumentRejected(
        undefined,
        [this.problem('', 'not-an-object', 'a Linked Art document is one JSON object')],
        this.source,
      );
    }
    const id = input['id'] ?? input['@id'];
    if (typeof id !== 'string' || !isHttpIri(id)) {
      const message =
        typeof id !== 'string'
          ? 'the document has no "id"; it must be the HTTP(S) URI at which the entity is dereferenced'
          : `"id" ${JSON.stringify(id)} is not an absolute HTTP(S) URI (relative ids cannot be dereferenced)`;
      throw new DocumentRejected(undefined, [this.problem('id', 'root-id', message, 'id')], this.source);
    }
    this.documentId = id;
    const surrogate = unpairedSurrogateAt(input);
    if (surrogate !== undefined) {
      throw new DocumentRejected(
        id,
        [
          this.problem(
            surrogate,
            'not-unicode',
            'this text holds half of a UTF-16 surrogate pair (an unpaired \\uD800-\\uDFFF escape), which is no character: no IRI or literal can hold it',
          ),
        ],
        this.source,
      );
    }
    this.graph = df.namedNode(id);
    if (id.startsWith(HINT_GRAPH_PREFIX))
      throw new DocumentRejected(
        id,
        [this.problem('id', 'root-id', 'this id is reserved for shape hints', 'id')],
        this.source,
      );

    let ctx: ActiveContext;
    try {
      ctx = contextFromDocumentValue(input['@context']);
    } catch (e) {
      if (!(e instanceof ContextError)) throw e;
      throw new DocumentRejected(id, [this.problem('@context', 'context', e.message, '@context')], this.source);
    }

    const kind = this.kindOf(input['type'] ?? input['@type']);
    const root = this.node(input, ctx, null, '', true);
    this.signNamedBlanks();
    if (input['@context'] !== 'https://linked.art/ns/v1/linked-art.json' && root) root.skeleton.x = input['@context'];
    // Without a kind the document cannot be stored or checked as one: refused at once.
    if (!root || !kind) throw new DocumentRejected(id, this.problems, this.source);
    const valueLocations = this.valueLocations;
    return {
      id,
      kind,
      quads: this.quads,
      skeleton: root.skeleton,
      hintQuads: skeletonQuads(id, root.skeleton),
      warnings: this.warnings,
      locations: {
        nodes: this.nodeLocations,
        get values() {
          return valueLocations.values;
        },
      },
      given: input,
      refusals: this.problems,
      unread: this.unread,
      ...(this.namedBlanks.size === 0 ? { signedBlanks: { quads: this.quads, nodes: this.unnamedBlanks } } : {}),
    };
  }

  private kindOf(type: unknown): Kind | undefined {
    const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
    const top = types.filter((t): t is string => typeof t === 'string' && TOP_LEVEL_CLASSES.has(t));
    if (top.length === 0) {
      const message =
        type === undefined
          ? 'the document has no "type"; it must be the class of one of the eleven kinds'
          : `"type" ${JSON.stringify(type)} is not the class of any of the eleven kinds (${[...TOP_LEVEL_CLASSES].join(', ')})`;
      this.problems.push(this.problem('type', 'root-type', message, 'type'));
      return undefined;
    }
    return KINDS.find((k) => k.classes.includes(top[0]));
  }

  // --- Nodes -------------------------------------------------------------------------

  private node(
    obj: JsonObject,
    parentCtx: ActiveContext,
    via: TermDefinition | null,
    path: string,
    isRoot: boolean,
  ): { term: Term; skeleton: SkeletonNode } | undefined {
    const ctx0 = parentCtx.enterNode(via);
    const skeleton: SkeletonNode = {};
    const statementHashes: string[] = [];

    // Which keys are `id` and `type` here (they may be aliased).
    let idValue: Json | undefined;
    let typeValue: Json | undefined;
    let typeKey = 'type';
    let keyCount = 0;
    for (const key in obj) {
      keyCount++;
      const iri = key.startsWith('@') ? key : ctx0.terms.get(key)?.iri;
      if (iri === '@id') idValue = obj[key];
      else if (iri === '@type') {
        typeValue = obj[key];
        typeKey = key;
      }
    }

    let subject: Term;
    if (idValue === undefined) subject = this.freshBlank();
    else if (typeof idValue !== 'string') {
      this.skip(this.problem(join(path, 'id'), 'id', `"id" must be a string, not ${describe(idValue)}`, 'id'), path, {
        key: keyPathOf(path),
      });
      return undefined;
    } else if (idValue.startsWith('_:')) {
      let named = this.namedBlanks.get(idValue);
      if (!named)
        this.namedBlanks.set(idValue, (named = { term: this.freshBlank(), hashes: [], children: [], occurrences: [] }));
      subject = named.term;
      skeleton.b = idValue;
      named.occurrences.push(skeleton);
    } else if (!isAbsoluteIri(idValue)) {
      this.skip(
        this.problem(
          join(path, 'id'),
          'id',
          `"id" ${JSON.stringify(idValue)} is not an absolute IRI; relative ids have no meaning outside this document`,
          'id',
        ),
        path,
        { key: keyPathOf(path) },
      );
      return undefined;
    } else {
      subject = df.namedNode(idValue);
      skeleton.i = idValue;
    }

    // Types: expanded in the context before any type scope, then their scopes applied. Each
    // type is located at its node (a document's id given a second type elsewhere is found there).
    const subjectKey = locationKey(subject);
    let types: string[] = [];
    let unknownType: { index: number; type: string; keys: string[] } | undefined;
    if (typeValue !== undefined) {
      const list = Array.isArray(typeValue) ? typeValue : undefined;
      const many = list !== undefined;
      const count = list ? list.length : 1;
      for (let i = 0; i < count; i++) {
        const t = list ? list[i]! : typeValue;
        if (typeof t !== 'string') {
          const tPath = many ? `${join(path, typeKey)}[${i}]` : join(path, typeKey);
          this.skip(this.problem(tPath, 'type', `a type must be a string, not ${describe(t)}`, 'type'), tPath, {
            typeOf: path,
          });
          continue;
        }
        const iri = ctx0.expandVocab(t);
        if (iri === undefined || iri.startsWith('@')) {
          const tPath = many ? `${join(path, typeKey)}[${i}]` : join(path, typeKey);
          unknownType ??= { index: this.problems.length, type: t, keys: [] };
          this.skip(
            this.problem(tPath, 'unknown-type', `type "${t}" is not a class of the Linked Art context`, t),
            tPath,
            { typeOf: path },
          );
          continue;
        }
        if (list) types.push(t);
        else types = [t]; // one type, as most nodes have: an array to measure
        const typeTerm = vocabularyTerm(iri);
        this.emit(subject, RDF_TYPE_NODE, typeTerm, statementHashes);
        this.valueLocations.add(subjectKey, RDF_TYPE, typeTerm, path, -1);
      }
      skeleton.t = types;
    }
    const ctx = ctx0.withTypes(types);
    if (!this.nodeLocations.has(subjectKey)) this.nodeLocations.set(subjectKey, { path, ctx });

    // One entry a key at most: made to measure, and cut to what was made (a push would reserve seventeen places).
    const entries: SkeletonEntry[] = new Array<SkeletonEntry>(keyCount);
    let entryCount = 0;
    const blankChildren: Array<[string, string]> = [];
    for (const key in obj) {
      const value = obj[key]!;
      const keyPath = join(path, key);
      if (key === '@context') {
        if (!isRoot)
          this.skip(
            this.problem(
              keyPath,
              'embedded-context',
              'an "@context" inside a document is not supported; put extensions in the top-level "@context" array',
              key,
            ),
            keyPath,
          );
        continue;
      }
      if (key === '_links' && isRoot && !ctx.terms.has(key)) {
        // HAL links, as this service serves them: API-level, never data. Not stored; the served
        // document gets the service's own.
        this.warnings.push({
          ...this.problem(
            keyPath,
            'hal-links',
            '"_links" (HAL links) is not data: it was dropped; the service gives every served document its own',
            key,
          ),
          severity: 'Warning',
        });
        continue;
      }
      if (key === '_complete') {
        if (typeof value !== 'boolean')
          this.skip(
            this.problem(keyPath, 'complete', `"_complete" must be true or false, not ${describe(value)}`, key),
            keyPath,
          );
        else if (skeleton.i === undefined)
          this.skip(
            this.problem(
              keyPath,
              'complete',
              '"_complete" says whether more is available at the "id"; a structure without an "id" cannot have it',
              key,
            ),
            keyPath,
          );
        else skeleton.c = value;
        continue;
      }
      if (isAnnotationKey(key) && !ctx.terms.has(key)) {
        // A key for developers (`_content_html`, `_seconds_since_epoch_…`): never semantic, so
        // no quads; kept verbatim with the shape hints and given back where it was.
        (skeleton.a ??= {})[key] = value;
        continue;
      }
      // A key defined only for certain classes cannot be read on a node whose type is unknown:
      // that is the type's problem (said once, with the keys), not the key's.
      if (unknownType && !ctx.terms.has(key) && definedPerClass(ctx, key)) {
        unknownType.keys.push(key);
        this.unread.push({ path: keyPath, problem: unknownType.index, wouldHaveGiven: { key: keyPath } });
        continue;
      }
      const def = this.termFor(ctx, key, unknownType ? [...types, unknownType.type] : types, keyPath);
      if (!def) continue;
      if (def.iri === '@id' || def.iri === '@type') continue;
      if (def.iri.startsWith('@')) {
        this.skip(
          this.problem(keyPath, 'keyword', `"${key}" (${def.iri}) is not supported in a Linked Art document`, key),
          keyPath,
        );
        continue;
      }
      if (def.iri === SHAPE_PREDICATE) {
        this.skip(this.problem(keyPath, 'reserved', `"${key}" maps to an IRI reserved for the service`, key), keyPath);
        continue;
      }
      const predicate = vocabularyTerm(def.iri);
      // Most keys have one value: its array is made to measure (a push would reserve seventeen places).
      let values: SkeletonValue[] | undefined;
      const many = Array.isArray(value);
      const list = many ? flatten(value) : undefined;
      const count = list ? list.length : 1;
      for (let i = 0; i < count; i++) {
        const made = this.value(list ? list[i]! : value, ctx, def, key, list ? `${keyPath}[${i}]` : keyPath);
        if (!made) continue;
        const objectKey =
          typeof made.skeleton === 'string' && made.skeleton[0] === '#' ? keyOfLiteralHint(made.skeleton) : undefined;
        this.emit(subject, predicate, made.term, statementHashes, objectKey);
        this.valueLocations.add(subjectKey, def.iri, made.term, keyPath, many ? i : -1);
        if (values) values.push(made.skeleton);
        else values = [made.skeleton];
        if (typeof made.skeleton === 'object' && made.skeleton.d !== undefined)
          blankChildren.push([def.iri, made.skeleton.d]);
      }
      const v1Iri = linkedArtContext().terms.get(key)?.iri;
      const form = formThatMatters(key, many !== (def.container === '@set') ? (many ? 1 : 0) : undefined);
      const predicateIri = v1Iri === def.iri ? 0 : def.iri;
      entries[entryCount++] =
        form === undefined ? [key, predicateIri, values ?? []] : [key, predicateIri, values ?? [], form];
    }
    // In the digest's order (by key, then predicate): the render orders keys by the spec's
    // tables, so the written order says nothing, and the skeleton's JSON is then its own
    // normal form (digest.ts hashes it as it is).
    entries.length = entryCount;
    if (entries.length > 0) skeleton.e = sortEntries(entries);
    if (unknownType && unknownType.keys.length > 0) {
      const said = this.problems[unknownType.index];
      const keys = unknownType.keys.map((k) => `"${k}"`).join(', ');
      this.problems[unknownType.index] = {
        ...said,
        message: `${said.message}; ${keys} ${unknownType.keys.length > 1 ? 'are' : 'is'} defined only for certain classes, so ${unknownType.keys.length > 1 ? 'they' : 'it'} cannot be read until the type is one`,
      };
    }
    if (skeleton.i !== undefined && skeleton.c === undefined && !isRoot && types.includes('AttributeAssignment')) {
      this.warnings.push({
        ...this.problem(
          path,
          'complete',
          `an assignment with an "id" must say "_complete": false when more is available at <${skeleton.i}>`,
          '_complete',
        ),
        severity: 'Warning',
      });
    }
    if (skeleton.b !== undefined) {
      const named = this.namedBlanks.get(skeleton.b)!;
      named.hashes.push(...statementHashes);
      named.children.push(...blankChildren);
    } else if (subject.termType === 'BlankNode') {
      skeleton.s = signatureOf(statementHashes);
      skeleton.d = deepSignatureOf(skeleton.s, blankChildren);
      this.unnamedBlanks.set(subject.value, skeleton);
    }
    return { term: subject, skeleton };
  }

  /** What a key means on a node of these types; records a problem when it means nothing. */
  private termFor(ctx: ActiveContext, key: string, types: readonly string[], path: string): TermDefinition | undefined {
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

  private value(
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
    if (isObject(item)) {
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

  private valueObject(
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

  // --- Quads -------------------------------------------------------------------------

  /**
   * One statement, once (the same statement written twice is one quad). A blank node's
   * statements with a non-blank object also go into its signature (`hashes`); `objectKey` is
   * the literal's key when the caller has it already (hashing a long text once is enough).
   */
  private emit(subject: Term, predicate: Term, object: Term, hashes: string[], objectKey?: string): void {
    if (!this.isNew(subject, predicate.value, object)) return;
    if (subject.termType === 'BlankNode' && object.termType !== 'BlankNode') {
      hashes.push(
        objectKey === undefined ? statementHash(predicate.value, object) : statementHashOf(predicate.value, objectKey),
      );
    }
    this.quads.push(
      df.quad(
        subject as Quad['subject'],
        predicate as Quad['predicate'],
        object as Quad['object'],
        this.graph as Quad['graph'],
      ),
    );
  }

  /**
   * Whether this statement is not made yet (and now it is). Keyed by the terms' own strings,
   * whose hashes V8 keeps, rather than by one string built per statement (a literal can be long).
   * Most (subject, predicate) pairs have one object: it is kept alone, and a map of the objects
   * by value is made only for a second one.
   */
  private isNew(subject: Term, predicate: string, object: Term): boolean {
    const bySubject = subject.termType === 'BlankNode' ? this.statements.blank : this.statements.iri;
    const byPredicate = bySubject.get(subject.value);
    if (!byPredicate) {
      bySubject.set(subject.value, new Map<string, ObjectsOf>().set(predicate, object));
      return true;
    }
    const known = byPredicate.get(predicate);
    if (known === undefined) {
      byPredicate.set(predicate, object);
      return true;
    }
    if (!(known instanceof Map)) {
      if (known.value === object.value) {
        if (sameObject(known, object)) return false;
        byPredicate.set(predicate, new Map([[known.value, [known, object]]]));
      } else
        byPredicate.set(
          predicate,
          new Map([
            [known.value, [known]],
            [object.value, [object]],
          ]),
        );
      return true;
    }
    const same = known.get(object.value);
    if (!same) {
      known.set(object.value, [object]);
      return true;
    }
    if (same.some((o) => sameObject(o, object))) return false;
    same.push(object);
    return true;
  }

  /**
   * A named blank node's statements may be spread over the places it stands: each occurrence
   * gets the signature of them all, as the render computes it from the quads, so any one of
   * them finds the node.
   */
  private signNamedBlanks(): void {
    for (const named of this.namedBlanks.values()) {
      const s = signatureOf(named.hashes);
      const d = deepSignatureOf(s, named.children);
      for (const occurrence of named.occurrences) {
        occurrence.s = s;
        occurrence.d = d;
      }
    }
  }

  private freshBlank(): Term {
    return df.blankNode(this.blankPrefix + (this.blankCount++).toString(36));
  }

  /** An ingest problem that keeps the part at `path` from being read (and what reading it would have given). */
  private skip(problem: Problem, path: string, wouldHaveGiven?: WouldHaveGiven): void {
    this.unread.push(
      wouldHaveGiven
        ? { path, problem: this.problems.length, wouldHaveGiven }
        : { path, problem: this.problems.length },
    );
    this.problems.push(problem);
  }

  /** A Violation at `path`, with the value found there and the rule's usual fix. */
  private problem(
    path: string,
    rule: IngestRule,
    message: string,
    term?: string,
    hint: string = INGEST_HINTS[rule],
  ): Problem {
    const problem: Problem = { document: this.documentId, path, term, rule, message, hint, severity: 'Violation' };
    const value = path === '' ? undefined : shortValueAt(this.input, path);
    if (value !== undefined) problem.value = value;
    return problem;
  }
}

/**
 * The entries in their normal order (compareEntries), in place. A node has a few keys, and
 * Array.prototype.sort allocates its working arrays on every call (a fifth of what ingest
 * allocated): an insertion sort does not. Keys are unique within a node, so the order is total
 * and any sort gives this one.
 */
function sortEntries(entries: SkeletonEntry[]): SkeletonEntry[] {
  if (entries.length > 24) return entries.sort(compareEntries);
  for (let i = 1; i < entries.length; i++) {
    const entry = entries[i];
    let j = i;
    for (; j > 0 && compareEntries(entries[j - 1], entry) > 0; j--) entries[j] = entries[j - 1]!;
    entries[j] = entry;
  }
  return entries;
}

/** A blank node named in the document, its statements' hashes and blank children gathered over its occurrences. */
interface NamedBlank {
  term: Term;
  hashes: string[];
  children: Array<[string, string]>;
  occurrences: SkeletonNode[];
}

/** Objects of one subject, by predicate: the one object, or (from the second on) the objects by their value. */
type StatementsOf = Map<string, ObjectsOf>;
type ObjectsOf = Term | Map<string, Term[]>;

/** The same object of a statement: one term, literals by value, datatype and (any case of) language. */
function sameObject(a: Term, b: Term): boolean {
  if (a.termType !== b.termType) return false;
  if (a.termType !== 'Literal') return true; // same value, same kind
  const x = a as { language: string; datatype: { value: string } };
  const y = b as { language: string; datatype: { value: string } };
  return x.datatype.value === y.datatype.value && x.language.toLowerCase() === y.language.toLowerCase();
}
