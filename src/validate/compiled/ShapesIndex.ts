/**
 * The shapes graph, read-only, for the compiler: the objects of a subject's predicate and
 * RDF lists, each read strictly. Where rdf-validate-shacl would read a malformed structure in
 * some lenient way of its own (a second sh:path, a list with two rdf:rest), the compiler
 * refuses instead of copying the leniency.
 */
import type { Quad, Term } from '@rdfjs/types';
import { termKey } from './termKey.js';
import { Unsupported } from './Unsupported.js';
import { RDF_FIRST, RDF_NIL, RDF_REST } from './vocabulary.js';

export class ShapesIndex {
  /** Subject key → predicate IRI → objects (distinct). */
  private readonly bySubject = new Map<string, Map<string, Term[]>>();
  /** Predicate IRI → subjects (distinct). */
  private readonly byPredicate = new Map<string, Map<string, Term>>();
  private repeated = 0;

  constructor(readonly quads: readonly Quad[]) {
    for (const q of quads) {
      const s = termKey(q.subject);
      let predicates = this.bySubject.get(s);
      if (!predicates) this.bySubject.set(s, (predicates = new Map<string, Term[]>()));
      const objects = predicates.get(q.predicate.value);
      if (!objects) predicates.set(q.predicate.value, [q.object]);
      else if (!objects.some((o) => o.equals(q.object))) objects.push(q.object);
      else this.repeated++;
      let subjects = this.byPredicate.get(q.predicate.value);
      if (!subjects) this.byPredicate.set(q.predicate.value, (subjects = new Map<string, Term>()));
      subjects.set(s, q.subject);
    }
  }

  /** How many triples were given more than once (kept once here). */
  get duplicates(): number {
    return this.repeated;
  }

  objects(subject: Term, predicate: string): readonly Term[] {
    return this.bySubject.get(termKey(subject))?.get(predicate) ?? [];
  }

  /** Every predicate stated of `subject`, with its objects. */
  statements(subject: Term): ReadonlyMap<string, readonly Term[]> {
    return this.bySubject.get(termKey(subject)) ?? new Map<string, Term[]>();
  }

  subjects(predicate: string): Term[] {
    return [...(this.byPredicate.get(predicate)?.values() ?? [])];
  }

  /** The one object of `predicate`, none, or Unsupported if several. */
  optional(subject: Term, predicate: string): Term | undefined {
    const objects = this.objects(subject, predicate);
    if (objects.length > 1) throw new Unsupported(`${show(subject)} has ${objects.length} values of <${predicate}>`);
    return objects[0];
  }

  /** The members of a well-formed RDF list (one rdf:first and one rdf:rest per cell, ending in rdf:nil). */
  list(head: Term): Term[] {
    const items: Term[] = [];
    const seen = new Set<string>();
    let cell = head;
    while (!(cell.termType === 'NamedNode' && cell.value === RDF_NIL)) {
      const key = termKey(cell);
      if (seen.has(key) || cell.termType === 'Literal')
        throw new Unsupported(`${show(head)} is not a well-formed RDF list`);
      seen.add(key);
      const first = this.objects(cell, RDF_FIRST);
      const rest = this.objects(cell, RDF_REST);
      if (first.length !== 1 || rest.length !== 1) throw new Unsupported(`${show(head)} is not a well-formed RDF list`);
      items.push(first[0]);
      cell = rest[0]!;
    }
    return items;
  }
}

export function show(term: Term): string {
  return term.termType === 'NamedNode'
    ? `<${term.value}>`
    : term.termType === 'BlankNode'
      ? `_:${term.value}`
      : JSON.stringify(term.value);
}
