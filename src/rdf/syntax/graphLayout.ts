/**
 * The shape shared by the readable serializations (Turtle, TriG, RDF/XML): the triples of one
 * graph grouped by subject and predicate, which subjects stand at the top level (the root, the
 * entity itself, first) and which blank nodes are written nested where they are used.
 *
 * A blank node is nested when it is the object of exactly one triple: then `[ ... ]` (or a node
 * element inside its property element) says everything the label would, and the document reads
 * like the JSON-LD tree it came from. Blank nodes in a cycle of such references could never be
 * reached from the top level, so one node of each such cycle is written at the top level with a
 * label instead.
 */
import type { BlankNode, Literal, NamedNode } from '@rdfjs/types';
import { RDF_TYPE, type Quad } from '../terms.js';

/** The graph cannot be written in the requested format (an IRI or literal it cannot carry). */
export class SerializationError extends Error {
  override name = 'SerializationError';
}

export type SubjectTerm = NamedNode | BlankNode;
export type ObjectTerm = NamedNode | BlankNode | Literal;

export interface PredicateGroup {
  readonly iri: string;
  /** Distinct objects, in the order first met. */
  readonly objects: readonly ObjectTerm[];
}

export interface SubjectGroup {
  readonly term: SubjectTerm;
  /** `rdf:type` first, then the others in the order first met. */
  readonly predicates: readonly PredicateGroup[];
}

export interface GraphLayout {
  /** Subjects written at the top level: the root first, then IRIs, then blank nodes, each in the order first met. */
  readonly topLevel: readonly SubjectGroup[];
  /** True if the blank node is written inline where it is the (only) object. */
  isNested(blank: BlankNode): boolean;
  /** What is said about a blank node (undefined if it is never a subject). */
  blankGroup(blank: BlankNode): SubjectGroup | undefined;
}

interface MutablePredicate {
  iri: string;
  objects: ObjectTerm[];
  seen: Set<string>;
}
interface MutableSubject {
  term: SubjectTerm;
  predicates: Map<string, MutablePredicate>;
}

/** A key telling distinct object terms apart (for dropping repeated triples). */
function objectKey(o: ObjectTerm): string {
  switch (o.termType) {
    case 'NamedNode':
      return 'N' + o.value;
    case 'BlankNode':
      return 'B' + o.value;
    case 'Literal':
      return `L${o.language}\u0000${o.direction ?? ''}\u0000${o.datatype.value}\u0000${o.value}`;
  }
}

export function termDescription(term: { termType: string; value: string }): string {
  return term.termType === 'NamedNode'
    ? `<${term.value}>`
    : term.termType === 'BlankNode'
      ? `_:${term.value}`
      : `${term.termType} ${JSON.stringify(term.value)}`;
}

/** Checks a quad's terms are ones RDF 1.1 triples can hold, and returns them typed. */
export function tripleTerms(q: Quad): [SubjectTerm, NamedNode, ObjectTerm] {
  const { subject, predicate, object } = q;
  if (subject.termType !== 'NamedNode' && subject.termType !== 'BlankNode') {
    throw new SerializationError(`cannot serialize a triple whose subject is ${termDescription(subject)}`);
  }
  if (predicate.termType !== 'NamedNode') {
    throw new SerializationError(`cannot serialize a triple whose predicate is ${termDescription(predicate)}`);
  }
  if (object.termType !== 'NamedNode' && object.termType !== 'BlankNode' && object.termType !== 'Literal') {
    throw new SerializationError(`cannot serialize a triple whose object is ${termDescription(object)}`);
  }
  return [subject, predicate, object];
}

/** The graph's subjects, named and blank, each with its predicates' distinct objects in the order met. */
interface GatheredSubjects {
  readonly named: Map<string, MutableSubject>;
  readonly blanks: Map<string, MutableSubject>;
  /** For each blank node used as an object: how many triples use it, and the subject of the first. */
  readonly uses: Map<string, { count: number; subject: SubjectTerm }>;
}

function gatherSubjects(quads: readonly Quad[]): GatheredSubjects {
  const named = new Map<string, MutableSubject>();
  const blanks = new Map<string, MutableSubject>();
  const uses = new Map<string, { count: number; subject: SubjectTerm }>();
  for (const q of quads) {
    const [s, p, o] = tripleTerms(q);
    const subjects = s.termType === 'NamedNode' ? named : blanks;
    let subject = subjects.get(s.value);
    if (!subject) subjects.set(s.value, (subject = { term: s, predicates: new Map() }));
    let predicate = subject.predicates.get(p.value);
    if (!predicate) subject.predicates.set(p.value, (predicate = { iri: p.value, objects: [], seen: new Set() }));
    const key = objectKey(o);
    if (predicate.seen.has(key)) continue; // the same triple twice: a graph holds it once
    predicate.seen.add(key);
    predicate.objects.push(o);
    if (o.termType === 'BlankNode') {
      const use = uses.get(o.value);
      if (use) use.count++;
      else uses.set(o.value, { count: 1, subject: s });
    }
  }
  return { named, blanks, uses };
}

export function layoutGraph(root: string, quads: readonly Quad[]): GraphLayout {
  const { named, blanks, uses } = gatherSubjects(quads);
  const groups = new Map<MutableSubject, SubjectGroup>();
  const group = (m: MutableSubject): SubjectGroup => {
    let g = groups.get(m);
    if (!g) {
      const predicates = [...m.predicates.values()];
      const typeAt = predicates.findIndex((p) => p.iri === RDF_TYPE);
      if (typeAt > 0) predicates.unshift(...predicates.splice(typeAt, 1));
      g = { term: m.term, predicates: predicates.map(({ iri, objects }) => ({ iri, objects })) };
      groups.set(m, g);
    }
    return g;
  };

  const forcedTop = new Set<string>();
  const nestable = (label: string): boolean => {
    const use = uses.get(label);
    return (
      use !== undefined &&
      use.count === 1 &&
      !forcedTop.has(label) &&
      !(use.subject.termType === 'BlankNode' && use.subject.value === label)
    );
  };

  const topLevel: SubjectGroup[] = [];
  const rootSubject = named.get(root);
  if (rootSubject) topLevel.push(group(rootSubject));
  for (const [iri, m] of named) if (iri !== root) topLevel.push(group(m));
  for (const [label, m] of blanks) {
    if (!nestable(label)) {
      forcedTop.add(label); // fixed now, so that a later cycle break cannot change it
      topLevel.push(group(m));
    }
  }

  // Which nestable blank nodes the top level reaches; a nestable node it does not reach sits in
  // a cycle of single references, which is broken by moving that node to the top level.
  const reached = new Set<string>();
  const walk = (m: MutableSubject): void => {
    for (const p of m.predicates.values()) {
      for (const o of p.objects) {
        if (o.termType !== 'BlankNode' || reached.has(o.value) || !nestable(o.value)) continue;
        reached.add(o.value);
        const inner = blanks.get(o.value);
        if (inner) walk(inner);
      }
    }
  };
  for (const g of topLevel)
    walk(g.term.termType === 'NamedNode' ? named.get(g.term.value)! : blanks.get(g.term.value)!);
  for (const [label, m] of blanks) {
    if (forcedTop.has(label) || reached.has(label)) continue;
    forcedTop.add(label);
    topLevel.push(group(m));
    walk(m);
  }

  return {
    topLevel,
    isNested: (blank) => !forcedTop.has(blank.value) && nestable(blank.value),
    blankGroup: (blank) => {
      const m = blanks.get(blank.value);
      return m ? group(m) : undefined;
    },
  };
}

/** Short labels for the labelled blank nodes, in the order they are written: `b0`, `b1`, ... */
export class BlankLabels {
  private readonly labels = new Map<string, string>();
  label(blank: BlankNode): string {
    let l = this.labels.get(blank.value);
    if (l === undefined) this.labels.set(blank.value, (l = 'b' + this.labels.size.toString()));
    return l;
  }
}

/** A lone UTF-16 surrogate: no UTF-8 text (so none of our formats) can carry it. */
const LONE_SURROGATE = /\p{Cs}/u;

export function checkWellFormed(text: string, what: () => string): void {
  if (LONE_SURROGATE.test(text))
    throw new SerializationError(`${what()} contains a lone UTF-16 surrogate, which UTF-8 cannot encode`);
}
