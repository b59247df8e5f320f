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

/** Above this many triples, a subject's duplicates are found with a Set rather than a scan. */
const SCAN_LIMIT = 24;

/**
 * Nodes (IRIs and blank nodes), predicates and literals are numbered once; the triples are
 * then numbers in typed-array-like lists, linked per subject in input order. Everything after
 * indexing works on the numbers: per-node flags, one visit stamp per node (no set per
 * document), so the cost is linear in the triples.
 */
export function splitTriples(triples: readonly Quad[], options: SplitOptions): SplitResult {
  const base = options.baseUrl;
  const topClasses = topLevelClassIris();
  const conceptClasses = conceptClassIris();
  const classifiedAsPredicate = classifiedAs();

  // --- Numbering. ----------------------------------------------------------------------
  const iriIds = new Map<string, number>();
  const blankIds = new Map<string, number>();
  const nodeValue: string[] = []; // IRI, or blank node label
  const nodeBlank: boolean[] = [];
  const newNode = (value: string, blank: boolean): number => {
    nodeValue.push(value);
    nodeBlank.push(blank);
    return nodeValue.length - 1;
  };
  /** A node's number; -1 for a literal or anything else. */
  const nodeId = (t: Term): number => {
    if (t.termType === 'NamedNode') {
      const id = iriIds.get(t.value);
      if (id !== undefined) return id;
      const made = newNode(t.value, false);
      iriIds.set(t.value, made);
      return made;
    }
    if (t.termType === 'BlankNode') {
      const id = blankIds.get(t.value);
      if (id !== undefined) return id;
      const made = newNode(t.value, true);
      blankIds.set(t.value, made);
      return made;
    }
    return -1;
  };
  const predicateIds = new Map<string, number>();
  const literalIds = new Map<string, Map<string, number>>(); // language or datatype → value → number
  let otherCount = 0;
  /** An object's code: its node number (≥ 0), or -1 - n for the n-th distinct literal (or other term). */
  const objectCode = (t: Term): number => {
    const node = nodeId(t);
    if (node >= 0) return node;
    if (t.termType !== 'Literal') return -1 - otherCount++; // never equal to another
    const kind = t.language ? '@' + t.language : t.datatype.value;
    let values = literalIds.get(kind);
    if (!values) literalIds.set(kind, (values = new Map<string, number>()));
    let id = values.get(t.value);
    if (id === undefined) values.set(t.value, (id = otherCount++));
    return -1 - id;
  };

  // --- Index: each distinct triple once, linked per subject. ---------------------------
  const unique: Quad[] = [];
  const tP: number[] = [];
  const tO: number[] = [];
  const next: number[] = []; // the subject's next triple, or -1
  const first: number[] = []; // per node: its first triple as subject, or -1
  const last: number[] = [];
  const count: number[] = [];
  const dedupe = new Map<number, Set<number>>(); // per busy subject: predicate * stride + object
  const typeId = predicateIds.set(RDF_TYPE, 0).get(RDF_TYPE)!;
  const labelId = predicateIds.set(RDFS_LABEL, 1).get(RDFS_LABEL)!;
  const classifiedAsId = predicateIds.set(classifiedAsPredicate, 2).get(classifiedAsPredicate)!;
  const topClassNode = new Set<number>();
  const conceptClassNode = new Set<number>();
  for (const iri of topClasses) topClassNode.add(nodeId(df.namedNode(iri)));
  for (const iri of conceptClasses) conceptClassNode.add(nodeId(df.namedNode(iri)));
  const pairKey = (p: number, o: number): number => p * 0x100000000 + (o >= 0 ? 2 * o : -2 * o - 1);
  const grow = (): void => {
    while (first.length < nodeValue.length) {
      first.push(-1);
      last.push(-1);
      count.push(0);
    }
  };
  for (const q of triples) {
    const s = q.subject.termType === 'NamedNode' || q.subject.termType === 'BlankNode' ? nodeId(q.subject) : -1;
    let p = predicateIds.get(q.predicate.value);
    if (p === undefined) predicateIds.set(q.predicate.value, (p = predicateIds.size));
    const o = objectCode(q.object);
    grow();
    if (s < 0) {
      // an RDF-star or variable subject: never taken, left over
      unique.push(q);
      tP.push(p);
      tO.push(o);
      next.push(-1);
      continue;
    }
    // Duplicate? Scan the subject's few triples, or ask its Set once it has many.
    const n = count[s];
    let duplicate = false;
    if (n < SCAN_LIMIT) {
      for (let i = first[s]; i >= 0; i = next[i]!) {
        if (tP[i] === p && tO[i] === o) {
          duplicate = true;
          break;
        }
      }
    } else {
      let set = dedupe.get(s);
      if (!set) {
        set = new Set<number>();
        for (let i = first[s]; i >= 0; i = next[i]!) set.add(pairKey(tP[i], tO[i]));
        dedupe.set(s, set);
      }
      const key = pairKey(p, o);
      if (set.has(key)) duplicate = true;
      else set.add(key);
    }
    if (duplicate) continue;
    const i = unique.length;
    unique.push(q);
    tP.push(p);
    tO.push(o);
    next.push(-1);
    if (last[s] >= 0) next[last[s]] = i;
    else first[s] = i;
    last[s] = i;
    count[s] = n + 1;
  }
  dedupe.clear();
  grow();

  const nodes = nodeValue.length;
  const topTyped = new Uint8Array(nodes);
  const conceptTyped = new Uint8Array(nodes);
  const pointedTo = new Uint8Array(nodes);
  const onlyTypeAndLabel = new Uint8Array(nodes).fill(1);
  for (let s = 0; s < nodes; s++) {
    for (let i = first[s]; i >= 0; i = next[i]!) {
      const p = tP[i];
      const o = tO[i];
      if (p === typeId) {
        if (!nodeBlank[s] && topClassNode.has(o)) topTyped[s] = 1;
        if (!nodeBlank[s] && conceptClassNode.has(o)) conceptTyped[s] = 1;
      } else {
        if (p !== labelId) onlyTypeAndLabel[s] = 0;
        if (o >= 0 && o !== s) pointedTo[o] = 1;
      }
    }
  }

  // --- Roots. --------------------------------------------------------------------------
  const notes: string[] = [];
  const underBase = (s: number): boolean => base === undefined || nodeValue[s].startsWith(base);
  const isStub = (s: number): boolean => pointedTo[s] === 1 && onlyTypeAndLabel[s] === 1;
  const isRoot = new Uint8Array(nodes);
  /** A top-level-typed `#` IRI → the number of the root it is part of. */
  const fragmentOwner = new Map<number, number>();
  const rootList: number[] = [];
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
      const owner = iriIds.get(iri.slice(0, hash));
      if (owner !== undefined && topTyped[owner] && underBase(owner) && !isStub(owner)) {
        fragmentOwner.set(s, owner);
        notes.push(`<${iri}> is part of the document <${nodeValue[owner]}> (a # IRI), not a document of its own`);
        continue;
      }
    }
    isRoot[s] = 1;
    rootList.push(s);
  }
  rootList.sort((a, b) => (nodeValue[a] < nodeValue[b] ? -1 : nodeValue[a] > nodeValue[b] ? 1 : 0));

  // --- Documents. ----------------------------------------------------------------------
  const used = new Uint8Array(unique.length);
  const stamp = new Int32Array(nodes); // 1 + the document that last visited the node
  const firstEmbedder = new Int32Array(nodes).fill(-1);
  const sharedBy = new Map<number, number[]>();
  const documents: SplitDocument[] = [];
  const queue = new Int32Array(nodes);
  const body: number[] = [];
  const refs: number[] = [];
  for (let d = 0; d < rootList.length; d++) {
    const root = rootList[d];
    const mark = d + 1;
    let queued = 0;
    body.length = 0;
    refs.length = 0;

    const follow = (o: number): void => {
      if (o < 0 || stamp[o] === mark) return;
      stamp[o] = mark;
      if (topTyped[o] && fragmentOwner.get(o) !== root) {
        // A reference: its type and label, and a concept's own classified_as unless it is a document.
        const carriesTypes = conceptTyped[o] === 1 && isRoot[o] === 0;
        for (let i = first[o]; i >= 0; i = next[i]!) {
          const p = tP[i];
          if (p === typeId || p === labelId) {
            refs.push(i);
            used[i] = 1;
          } else if (carriesTypes && p === classifiedAsId) {
            refs.push(i);
            used[i] = 1;
            follow(tO[i]);
          }
        }
        return;
      }
      if (first[o] < 0) return; // a bare reference: nothing to take
      queue[queued++] = o;
      const by = firstEmbedder[o];
      if (by < 0) firstEmbedder[o] = d;
      else if (by !== d) {
        const list = sharedBy.get(o);
        if (list) list.push(d);
        else sharedBy.set(o, [by, d]);
      }
    };

    stamp[root] = mark;
    queue[queued++] = root;
    for (let n = 0; n < queued; n++) {
      for (let i = first[queue[n]]; i >= 0; i = next[i]!) {
        body.push(i);
        used[i] = 1;
        if (tP[i] !== typeId) follow(tO[i]);
      }
    }
    const quads = new Array<Quad>(body.length + refs.length);
    let j = 0;
    for (const i of body) quads[j++] = inDefaultGraph(unique[i]);
    for (const i of refs) quads[j++] = inDefaultGraph(unique[i]);
    documents.push({ id: nodeValue[root], quads });
  }

  for (const [node, list] of sharedBy) {
    const shown =
      list
        .slice(0, 5)
        .map((d) => `<${nodeValue[rootList[d]]}>`)
        .join(', ') + (list.length > 5 ? `, and ${list.length - 5} more` : '');
    const what = nodeBlank[node] ? `the blank node _:${nodeValue[node]}` : `<${nodeValue[node]}>`;
    notes.push(`${what} is reachable from ${list.length} documents (${shown}): copied into each`);
  }

  const leftovers: Quad[] = [];
  for (let i = 0; i < unique.length; i++) if (!used[i]) leftovers.push(unique[i]);
  return { documents, leftovers, notes };
}
