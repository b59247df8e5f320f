/**
 * One node of a document as ingest reads it: its subject, its types, and each key's values
 * as statements and as the node's place in the skeleton (values: ingestValues.ts); the quads
 * themselves and the document around it are DocumentIngest's (ingestDocument.ts).
 */
import type { ActiveContext } from '../context/ActiveContext.js';
import { linkedArtContext } from '../context/linkedArtContext.js';
import type { TermDefinition } from '../context/TermDefinition.js';
import {
  compareEntries,
  deepSignatureOf,
  keyOfLiteralHint,
  signatureOf,
  type SkeletonEntry,
  type SkeletonNode,
  type SkeletonValue,
  SHAPE_PREDICATE,
} from '../hints/Skeleton.js';
import { df, RDF_TYPE, type Term } from '../rdf/terms.js';
import { formThatMatters } from '../linkedart/specForms.js';
import { locationKey, ValueLocations } from './documentLocations.js';
import { ValueIngest } from './ingestValues.js';
import { isAbsoluteIri } from './iris.js';
import { definedPerClass, describe, flatten, isAnnotationKey, join, type Json, type JsonObject } from './jsonKeys.js';
import { keyPathOf } from './unreadParts.js';
import { vocabularyTerm } from './vocabularyTerms.js';

const RDF_TYPE_NODE = df.namedNode(RDF_TYPE);

export abstract class NodeIngest extends ValueIngest {
  /** Blank nodes the document names (`"id": "_:b1"`): one node wherever the name stands. */
  protected readonly namedBlanks = new Map<string, NamedBlank>();
  /** The skeleton node of each blank node made without a name, by label (SignedBlanks). */
  protected readonly unnamedBlanks = new Map<string, SkeletonNode>();
  protected readonly literalKeys = new Map<Term, string>();
  protected readonly nodeLocations = new Map<string, { path: string; ctx: ActiveContext }>();
  /** Whether some id (an IRI, or a blank node's `_:` name) stands on two nodes. */
  protected idRepeated = false;
  protected readonly valueLocations = new ValueLocations();

  /** One statement, once; a blank node's statements with a non-blank object go into `hashes`. */
  protected abstract emit(subject: Term, predicate: Term, object: Term, hashes: string[], objectKey?: string): void;
  protected abstract freshBlank(): Term;

  protected node(
    obj: JsonObject,
    parentCtx: ActiveContext,
    via: TermDefinition | null,
    path: string,
    isRoot: boolean,
  ): { term: Term; skeleton: SkeletonNode } | undefined {
    const ctx0 = parentCtx.enterNode(via);
    const skeleton: SkeletonNode = {};
    const { idValue, typeValue, typeKey, keyCount } = idAndType(obj, ctx0);
    const subject = this.subjectOf(idValue, path, skeleton);
    if (!subject) return undefined;
    const subjectKey = locationKey(subject);
    const at: NodeAt = {
      subject,
      subjectKey,
      ctx: ctx0,
      path,
      isRoot,
      skeleton,
      types: [],
      unknownType: undefined,
      statementHashes: [],
      blankChildren: [],
    };
    if (typeValue !== undefined) skeleton.t = at.types = this.typesOf(at, typeValue, typeKey);
    at.ctx = ctx0.withTypes(at.types);
    if (!this.nodeLocations.has(subjectKey)) this.nodeLocations.set(subjectKey, { path, ctx: at.ctx });
    else this.idRepeated = true;

    // One entry a key at most: made to measure, and cut to what was made (a push would reserve seventeen places).
    const entries: SkeletonEntry[] = new Array<SkeletonEntry>(keyCount);
    let entryCount = 0;
    for (const key in obj) {
      const entry = this.entry(at, key, obj[key]);
      if (entry) entries[entryCount++] = entry;
    }
    // In the digest's order (by key, then predicate): the render orders keys by the spec's
    // tables, so the written order says nothing, and the skeleton's JSON is then its own
    // normal form (digest.ts hashes it as it is).
    entries.length = entryCount;
    if (entries.length > 0) skeleton.e = sortEntries(entries);
    this.closeNode(at);
    return { term: subject, skeleton };
  }

  /** The node's subject: its IRI, the blank node its `_:` id names, or a fresh blank node; undefined for an unusable id. */
  private subjectOf(idValue: Json | undefined, path: string, skeleton: SkeletonNode): Term | undefined {
    if (idValue === undefined) return this.freshBlank();
    if (typeof idValue !== 'string') {
      this.skip(this.problem(join(path, 'id'), 'id', `"id" must be a string, not ${describe(idValue)}`, 'id'), path, {
        key: keyPathOf(path),
      });
      return undefined;
    }
    if (idValue.startsWith('_:')) {
      let named = this.namedBlanks.get(idValue);
      if (!named)
        this.namedBlanks.set(idValue, (named = { term: this.freshBlank(), hashes: [], children: [], occurrences: [] }));
      skeleton.b = idValue;
      named.occurrences.push(skeleton);
      return named.term;
    }
    if (!isAbsoluteIri(idValue)) {
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
    }
    skeleton.i = idValue;
    return df.namedNode(idValue);
  }

  /**
   * The node's types as written (those that mean a class), their statements made. Expanded in the
   * context before any type scope, then their scopes applied. Each type is located at its node (a
   * document's id given a second type elsewhere is found there).
   */
  private typesOf(at: NodeAt, typeValue: Json, typeKey: string): string[] {
    const { path, ctx } = at;
    let types: string[] = [];
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
      const iri = ctx.expandVocab(t);
      if (iri === undefined || iri.startsWith('@')) {
        const tPath = many ? `${join(path, typeKey)}[${i}]` : join(path, typeKey);
        at.unknownType ??= { index: this.problems.length, type: t, keys: [] };
        this.skip(
          this.problem(tPath, 'unknown-type', `type "${t}" is not a class of the Linked Art context`, t),
          tPath,
          {
            typeOf: path,
          },
        );
        continue;
      }
      if (list) types.push(t);
      else types = [t]; // one type, as most nodes have: an array to measure
      const typeTerm = vocabularyTerm(iri);
      this.emit(at.subject, RDF_TYPE_NODE, typeTerm, at.statementHashes);
      this.valueLocations.add(at.subjectKey, RDF_TYPE, typeTerm, path, -1);
    }
    return types;
  }

  /** The skeleton entry of one key of the node, its statements made; undefined for a key that makes none. */
  private entry(at: NodeAt, key: string, value: Json): SkeletonEntry | undefined {
    const keyPath = join(at.path, key);
    if (this.outsideTheData(at, key, value, keyPath)) return undefined;
    const { ctx, types, unknownType } = at;
    // A key defined only for certain classes cannot be read on a node whose type is unknown:
    // that is the type's problem (said once, with the keys), not the key's.
    if (unknownType && !ctx.terms.has(key) && definedPerClass(ctx, key)) {
      unknownType.keys.push(key);
      this.unread.push({ path: keyPath, problem: unknownType.index, wouldHaveGiven: { key: keyPath } });
      return undefined;
    }
    const def = this.termFor(ctx, key, unknownType ? [...types, unknownType.type] : types, keyPath);
    if (!def) return undefined;
    if (def.iri === '@id' || def.iri === '@type') return undefined;
    if (def.iri.startsWith('@')) {
      this.skip(
        this.problem(keyPath, 'keyword', `"${key}" (${def.iri}) is not supported in a Linked Art document`, key),
        keyPath,
      );
      return undefined;
    }
    if (def.iri === SHAPE_PREDICATE) {
      this.skip(this.problem(keyPath, 'reserved', `"${key}" maps to an IRI reserved for the service`, key), keyPath);
      return undefined;
    }
    const many = Array.isArray(value);
    const values = this.valuesOf(at, def, key, value, keyPath);
    const v1Iri = linkedArtContext().terms.get(key)?.iri;
    const form = formThatMatters(key, many !== (def.container === '@set') ? (many ? 1 : 0) : undefined);
    const predicateIri = v1Iri === def.iri ? 0 : def.iri;
    return form === undefined ? [key, predicateIri, values] : [key, predicateIri, values, form];
  }

  /** The values of one key, their statements made, as the skeleton places them. */
  private valuesOf(at: NodeAt, def: TermDefinition, key: string, value: Json, keyPath: string): SkeletonValue[] {
    const predicate = vocabularyTerm(def.iri);
    // Most keys have one value: its array is made to measure (a push would reserve seventeen places).
    let values: SkeletonValue[] | undefined;
    const many = Array.isArray(value);
    const list = many ? flatten(value) : undefined;
    const count = list ? list.length : 1;
    for (let i = 0; i < count; i++) {
      const made = this.value(list ? list[i]! : value, at.ctx, def, key, list ? `${keyPath}[${i}]` : keyPath);
      if (!made) continue;
      const objectKey =
        typeof made.skeleton === 'string' && made.skeleton[0] === '#' ? keyOfLiteralHint(made.skeleton) : undefined;
      if (objectKey !== undefined) this.literalKeys.set(made.term, objectKey);
      this.emit(at.subject, predicate, made.term, at.statementHashes, objectKey);
      this.valueLocations.add(at.subjectKey, def.iri, made.term, keyPath, many ? i : -1);
      if (values) values.push(made.skeleton);
      else values = [made.skeleton];
      if (typeof made.skeleton === 'object' && made.skeleton.d !== undefined)
        at.blankChildren.push([def.iri, made.skeleton.d]);
    }
    return values ?? [];
  }

  /**
   * Whether `key` is one that makes no statement (an embedded `@context`, HAL `_links`,
   * `_complete`, a key for developers): handled here, into the skeleton or as a problem.
   */
  private outsideTheData(at: NodeAt, key: string, value: Json, keyPath: string): boolean {
    const { ctx, isRoot, skeleton } = at;
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
      return true;
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
      return true;
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
      return true;
    }
    if (isAnnotationKey(key) && !ctx.terms.has(key)) {
      // A key for developers (`_content_html`, `_seconds_since_epoch_…`): never semantic, so
      // no quads; kept verbatim with the shape hints and given back where it was.
      (skeleton.a ??= {})[key] = value;
      return true;
    }
    return false;
  }

  /** What is said of a node once its keys are read: the keys its unknown type kept, `_complete`, its signatures. */
  private closeNode(at: NodeAt): void {
    const { skeleton, unknownType, subject, statementHashes, blankChildren } = at;
    if (unknownType && unknownType.keys.length > 0) {
      const said = this.problems[unknownType.index];
      const keys = unknownType.keys.map((k) => `"${k}"`).join(', ');
      this.problems[unknownType.index] = {
        ...said,
        message: `${said.message}; ${keys} ${unknownType.keys.length > 1 ? 'are' : 'is'} defined only for certain classes, so ${unknownType.keys.length > 1 ? 'they' : 'it'} cannot be read until the type is one`,
      };
    }
    if (
      skeleton.i !== undefined &&
      skeleton.c === undefined &&
      !at.isRoot &&
      at.types.includes('AttributeAssignment')
    ) {
      this.warnings.push({
        ...this.problem(
          at.path,
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
export interface NamedBlank {
  term: Term;
  hashes: string[];
  children: Array<[string, string]>;
  occurrences: SkeletonNode[];
}

/** A node being read: where it stands, what it is, and what its statements gather for its signatures. */
interface NodeAt {
  readonly subject: Term;
  readonly subjectKey: string;
  /** The context in force (the node's types' scopes applied once they are known). */
  ctx: ActiveContext;
  readonly path: string;
  readonly isRoot: boolean;
  readonly skeleton: SkeletonNode;
  types: string[];
  /** The first type that means no class (its problem, and the keys it kept from being read). */
  unknownType: { index: number; type: string; keys: string[] } | undefined;
  /** The hashes of its statements whose object is not a blank node, and its blank children's deep signatures. */
  readonly statementHashes: string[];
  readonly blankChildren: Array<[string, string]>;
}

/** Which keys are `id` and `type` here (they may be aliased), their values, and how many keys the node has. */
function idAndType(
  obj: JsonObject,
  ctx: ActiveContext,
): { idValue: Json | undefined; typeValue: Json | undefined; typeKey: string; keyCount: number } {
  let idValue: Json | undefined;
  let typeValue: Json | undefined;
  let typeKey = 'type';
  let keyCount = 0;
  for (const key in obj) {
    keyCount++;
    const iri = key.startsWith('@') ? key : ctx.terms.get(key)?.iri;
    if (iri === '@id') idValue = obj[key];
    else if (iri === '@type') {
      typeValue = obj[key];
      typeKey = key;
    }
  }
  return { idValue, typeValue, typeKey, keyCount };
}
