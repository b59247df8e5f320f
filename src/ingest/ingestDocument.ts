/**
 * Ingest: a Linked Art JSON-LD document to the quads of its named graph, plus its shape
 * hints. One walk of the JSON tree against the compiled context does the work of
 * jsonld.js's expand + toRDF, with the same results (a differential test holds us to it),
 * but refuses what jsonld.js would drop silently: a key the context does not map where it
 * stands, a null, a relative id, a type nobody defined.
 */
import { contextFromDocumentValue } from '../context/linkedArtContext.js';
import type { ActiveContext } from '../context/ActiveContext.js';
import { ContextError } from '../context/TermDefinition.js';
import {
  deepSignatureOf,
  signatureOf,
  skeletonQuads,
  statementHash,
  statementHashOf,
  HINT_GRAPH_PREFIX,
} from '../hints/Skeleton.js';
import { KINDS, TOP_LEVEL_CLASSES, type Kind } from '../linkedart/kinds.js';
import { DocumentRejected } from '../linkedart/Problem.js';
import { df, type Quad, type Term } from '../rdf/terms.js';
import type { IngestedDocument } from './IngestedDocument.js';
import { NodeIngest } from './ingestNode.js';
import { isHttpIri } from './iris.js';
import { unpairedSurrogateAt } from './unpairedSurrogates.js';
import { isJsonObject } from './jsonKeys.js';
import { SubjectIndex } from '../rebuild/subjectIndex.js';

export { locationKey, type DocumentLocations } from './documentLocations.js';
export type { IngestedDocument, SignedBlanks } from './IngestedDocument.js';

let documentCounter = 0;
const processTag = Math.random().toString(36).slice(2, 8);

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

class DocumentIngest extends NodeIngest {
  private readonly quads: Quad[] = [];
  /** The statements made so far, by subject (IRIs and blank nodes apart) and predicate: the render's index of the quads. */
  private readonly statements = new SubjectIndex();
  private readonly blankPrefix = `d${processTag}${(documentCounter++).toString(36)}x`;
  private blankCount = 0;
  private graph: Term = df.namedNode('urn:invalid');

  run(input: unknown): IngestedDocument {
    this.input = input;
    if (!isJsonObject(input)) {
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
      literalKeys: this.literalKeys,
      subjects: { quads: this.quads, index: this.statements },
      ...(this.idRepeated ? {} : { idsOnce: root.skeleton }),
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

  // --- Quads -------------------------------------------------------------------------

  /**
   * One statement, once (the same statement written twice is one quad). A blank node's
   * statements with a non-blank object also go into its signature (`hashes`); `objectKey` is
   * the literal's key when the caller has it already (hashing a long text once is enough).
   */
  protected emit(subject: Term, predicate: Term, object: Term, hashes: string[], objectKey?: string): void {
    if (!this.statements.addNew(subject, predicate.value, object)) return;
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

  protected freshBlank(): Term {
    return df.blankNode(this.blankPrefix + (this.blankCount++).toString(36));
  }
}
