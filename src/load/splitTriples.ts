/**
 * Split graph-less triples (a Turtle or N-Triples dump) into Linked Art documents.
 *
 * - A root is an IRI subject typed with a top-level class (the classes of the eleven kinds,
 *   read through the bundled v1 context) and, when a base URL is given, under it.
 * - A document is its root's triples plus, recursively, the triples of every blank node or
 *   IRI it reaches that is not itself top-level-typed (an embedded Production, a TimeSpan,
 *   a `#` IRI, an Identifier with its own IRI...).
 * - A top-level-typed IRI it reaches (another root, an `aat:` Type) is a reference: only its
 *   `type` and `_label` triples come with it, and, for a concept that is no document here
 *   (the spec's Type structure), its own `classified_as` (the meta-type: a Description
 *   classified as Brief Text).
 * - Whatever no document takes is left over, for the loader to report.
 *
 * Two rules keep references from becoming documents (each decision is noted):
 * - a stub: a top-level-typed IRI under the base whose only triples are its type and label
 *   and which something else points to (a DigitalObject access point), is a reference;
 * - a top-level-typed `#` IRI whose IRI before the `#` is a root is part of that root's
 *   document (embedded there, a reference elsewhere), not a document of its own.
 */
import { linkedArtContext } from '../context/linkedArtContext.js';
import { KINDS, TOP_LEVEL_CLASSES } from '../linkedart/kinds.js';
import { df, RDF_TYPE, type Quad, type Term } from '../rdf/terms.js';
import { TripleIndex } from './tripleIndex.js';

export interface SplitDocument {
  /** The root's IRI. */
  readonly id: string;
  /** The document's triples, in the default graph; the root's own first. */
  readonly quads: Quad[];
}

export interface SplitResult {
  /** One per root, ordered by id. */
  documents: SplitDocument[];
  /** Input triples (each once) that no document took, in input order. */
  leftovers: Quad[];
  /** Decisions worth telling the person loading (a node copied into two documents...). */
  notes: string[];
}

export interface SplitOptions {
  /** When given, only IRIs starting with it can be roots. */
  readonly baseUrl?: string;
}

export const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';

let topLevelIris: ReadonlySet<string> | undefined;
let conceptIris: ReadonlySet<string> | undefined;
let classifiedAsIri: string | undefined;

function classIri(name: string): string {
  const iri = linkedArtContext().expandVocab(name);
  if (iri === undefined || iri.startsWith('@'))
    throw new Error(`the Linked Art context does not define the class ${name}`);
  return iri;
}

/** The IRIs of the top-level classes (HumanMadeObject → crm:E22_Human-Made_Object...). */
export function topLevelClassIris(): ReadonlySet<string> {
  topLevelIris ??= new Set([...TOP_LEVEL_CLASSES].map(classIri));
  return topLevelIris;
}

/** The IRIs of the Concept kind's classes (Type, Material, Language, Currency, MeasurementUnit). */
function conceptClassIris(): ReadonlySet<string> {
  conceptIris ??= new Set(
    KINDS.filter((k) => k.endpoint === 'concept')
      .flatMap((k) => k.classes)
      .map(classIri),
  );
  return conceptIris;
}

function classifiedAs(): string {
  classifiedAsIri ??=
    linkedArtContext().terms.get('classified_as')?.iri ?? 'http://www.cidoc-crm.org/cidoc-crm/P2_has_type';
  return classifiedAsIri;
}

/** A node's key: an IRI as it is, a blank node as `_:label`; undefined for anything else. */
export function nodeKey(term: Term): string | undefined {
  if (term.termType === 'NamedNode') return term.value;
  if (term.termType === 'BlankNode') return '_:' + term.value;
  return undefined;
}

function inDefaultGraph(q: Quad): Quad {
  return q.graph.termType === 'DefaultGraph' ? q : df.quad(q.subject, q.predicate, q.object);
}

/** The predicates the split reads, numbered first (0, 1, 2) in every index. */
const TYPE = 0;
const LABEL = 1;
const CLASSIFIED_AS = 2;

/** What the split knows of each node, by its number, after indexing. */
interface NodeFlags {
  /** An IRI typed with a top-level class. */
  readonly topTyped: Uint8Array;
  /** An IRI typed with a Concept class. */
  readonly conceptTyped: Uint8Array;
  /** The object of a triple of another subject (not its type). */
  readonly pointedTo: Uint8Array;
  /** Its triples are its types and labels only. */
  readonly onlyTypeAndLabel: Uint8Array;
}

/** The documents' roots, by number, and what was decided finding them. */
interface Roots {
  /** Ordered by id. */
  readonly list: number[];
  readonly isRoot: Uint8Array;
  /** A top-level-typed `#` IRI → the number of the root it is part of. */
  readonly fragmentOwner: Map<number, number>;
}

/**
 * Nodes (IRIs and blank nodes), predicates and literals are numbered once (tripleIndex.ts);
 * everything after indexing works on the numbers: per-node flags, one visit stamp per node (no
 * set per document), so the cost is linear in the triples.
 */
export function splitTriples(triples: readonly Quad[], options: SplitOptions): SplitResult {
  const index = new TripleIndex();
  index.predicateId(RDF_TYPE);
  index.predicateId(RDFS_LABEL);
  index.predicateId(classifiedAs());
  const topClassNode = new Set<number>();
  const conceptClassNode = new Set<number>();
  for (const iri of topLevelClassIris()) topClassNode.add(index.nodeId(df.namedNode(iri)));
  for (const iri of conceptClassIris()) conceptClassNode.add(index.nodeId(df.namedNode(iri)));
  for (const q of triples) index.add(q);
  index.finish();

  const flags = nodeFlags(index, topClassNode, conceptClassNode);
  const notes: string[] = [];
  const roots = findRoots(index, flags, options.baseUrl, notes);
  const gathered = new DocumentGatherer(index, flags, roots);
  const documents = roots.list.map((root, d) => gathered.document(root, d));
  notes.push(...gathered.sharedNotes());

  const leftovers: Quad[] = [];
  for (let i = 0; i < index.unique.length; i++) if (!gathered.used[i]) leftovers.push(index.unique[i]);
  return { documents, leftovers, notes };
}

function nodeFlags(index: TripleIndex, topClassNode: Set<number>, conceptClassNode: Set<number>): NodeFlags {
  const { first, next, tP, tO, nodeBlank } = index;
  const nodes = index.nodeValue.length;
  const topTyped = new Uint8Array(nodes);
  const conceptTyped = new Uint8Array(nodes);
  const pointedTo = new Uint8Array(nodes);
  const onlyTypeAndLabel = new Uint8Array(nodes).fill(1);
  for (let s = 0; s < nodes; s++) {
    for (let i = first[s]; i >= 0; i = next[i]) {
      const p = tP[i];
      const o = tO[i];
      if (p === TYPE) {
        if (!nodeBlank[s] && topClassNode.has(o)) topTyped[s] = 1;
        if (!nodeBlank[s] && conceptClassNode.has(o)) conceptTyped[s] = 1;
      } else {
        if (p !== LABEL) onlyTypeAndLabel[s] = 0;
        if (o >= 0 && o !== s) pointedTo[o] = 1;
      }
    }
  }
  return { topTyped, conceptTyped, pointedTo, onlyTypeAndLabel };
}

/** The roots (see the two rules above), each decision against one noted in `notes`. */
function findRoots(index: TripleIndex, flags: NodeFlags, base: string | undefined, notes: string[]): Roots {
  const { nodeValue } = index;
  const { topTyped } = flags;
  const underBase = (s: number): boolean => base === undefined || nodeValue[s].startsWith(base);
  const isStub = (s: number): boolean => flags.pointedTo[s] === 1 && flags.onlyTypeAndLabel[s] === 1;
  const nodes = nodeValue.length;
  const isRoot = new Uint8Array(nodes);
  const fragmentOwner = new Map<number, number>();
  const list: number[] = [];
  for (let s = 0; s < nodes; s++) {
    if (!topTyped[s] || !underBase(s)) continue;
    const iri = nodeValue[s];
    if (isStub(s)) {
      notes.push(
        `<${iri}> is typed with a top-level class but carries only its type and label, and is referenced: kept as a reference, not a document`,
      );
      continue;
    }
    const hash = iri.indexOf('#');
    if (hash >= 0) {
      const owner = index.iriIds.get(iri.slice(0, hash));
      if (owner !== undefined && topTyped[owner] && underBase(owner) && !isStub(owner)) {
        fragmentOwner.set(s, owner);
        notes.push(`<${iri}> is part of the document <${nodeValue[owner]}> (a # IRI), not a document of its own`);
        continue;
      }
    }
    isRoot[s] = 1;
    list.push(s);
  }
  list.sort((a, b) => (nodeValue[a] < nodeValue[b] ? -1 : nodeValue[a] > nodeValue[b] ? 1 : 0));
  return { list, isRoot, fragmentOwner };
}

/** Gathers the documents, one root after another (in order: `d` counts up from 0), marking the triples taken. */
class DocumentGatherer {
  /** Per triple: taken by a document. */
  readonly used: Uint8Array;
  /** Per node: 1 + the document that last visited it. */
  private readonly stamp: Int32Array;
  private readonly firstEmbedder: Int32Array;
  /** A node embedded in several documents → those documents. */
  private readonly sharedBy = new Map<number, number[]>();
  private readonly queue: Int32Array;
  private queued = 0;
  private readonly body: number[] = [];
  private readonly refs: number[] = [];

  constructor(
    private readonly index: TripleIndex,
    private readonly flags: NodeFlags,
    private readonly roots: Roots,
  ) {
    const nodes = index.nodeValue.length;
    this.used = new Uint8Array(index.unique.length);
    this.stamp = new Int32Array(nodes);
    this.firstEmbedder = new Int32Array(nodes).fill(-1);
    this.queue = new Int32Array(nodes);
  }

  /** The document of `root`, the `d`-th root: its own triples, then its references'. */
  document(root: number, d: number): SplitDocument {
    const { first, next, tP, tO, unique } = this.index;
    const { used, body, refs, queue } = this;
    this.queued = 0;
    body.length = 0;
    refs.length = 0;
    this.stamp[root] = d + 1;
    queue[this.queued++] = root;
    for (let n = 0; n < this.queued; n++) {
      for (let i = first[queue[n]]; i >= 0; i = next[i]) {
        body.push(i);
        used[i] = 1;
        if (tP[i] !== TYPE) this.follow(tO[i], root, d);
      }
    }
    const quads = new Array<Quad>(body.length + refs.length);
    let j = 0;
    for (const i of body) quads[j++] = inDefaultGraph(unique[i]);
    for (const i of refs) quads[j++] = inDefaultGraph(unique[i]);
    return { id: this.index.nodeValue[root], quads };
  }

  /** The notes on nodes copied into several documents. */
  sharedNotes(): string[] {
    const { nodeValue, nodeBlank } = this.index;
    const rootList = this.roots.list;
    const notes: string[] = [];
    for (const [node, list] of this.sharedBy) {
      const shown =
        list
          .slice(0, 5)
          .map((d) => `<${nodeValue[rootList[d]]}>`)
          .join(', ') + (list.length > 5 ? `, and ${list.length - 5} more` : '');
      const what = nodeBlank[node] ? `the blank node _:${nodeValue[node]}` : `<${nodeValue[node]}>`;
      notes.push(`${what} is reachable from ${list.length} documents (${shown}): copied into each`);
    }
    return notes;
  }

  /** Takes the object `o` into document `d` (of `root`): queued as part of it, or as a reference. */
  private follow(o: number, root: number, d: number): void {
    const mark = d + 1;
    if (o < 0 || this.stamp[o] === mark) return;
    this.stamp[o] = mark;
    if (this.flags.topTyped[o] && this.roots.fragmentOwner.get(o) !== root) {
      this.reference(o, root, d);
      return;
    }
    if (this.index.first[o] < 0) return; // a bare reference: nothing to take
    this.queue[this.queued++] = o;
    const by = this.firstEmbedder[o];
    if (by < 0) this.firstEmbedder[o] = d;
    else if (by !== d) {
      const list = this.sharedBy.get(o);
      if (list) list.push(d);
      else this.sharedBy.set(o, [by, d]);
    }
  }

  /** A reference: its type and label, and a concept's own classified_as unless it is a document. */
  private reference(o: number, root: number, d: number): void {
    const { first, next, tP, tO } = this.index;
    const carriesTypes = this.flags.conceptTyped[o] === 1 && this.roots.isRoot[o] === 0;
    for (let i = first[o]; i >= 0; i = next[i]) {
      const p = tP[i];
      if (p === TYPE || p === LABEL) {
        this.refs.push(i);
        this.used[i] = 1;
      } else if (carriesTypes && p === CLASSIFIED_AS) {
        this.refs.push(i);
        this.used[i] = 1;
        this.follow(tO[i], root, d);
      }
    }
  }
}
