/**
 * The statements one document's ingest has made so far: the same statement written twice is
 * one quad.
 */
import type { Term } from '../rdf/terms.js';

export class StatementSet {
  /** By subject (IRIs and blank nodes apart), predicate, object value: the objects. */
  private readonly iri = new Map<string, StatementsOf>();
  private readonly blank = new Map<string, StatementsOf>();

  /**
   * Whether this statement is not made yet (and now it is). Keyed by the terms' own strings,
   * whose hashes V8 keeps, rather than by one string built per statement (a literal can be long).
   * Most (subject, predicate) pairs have one object: it is kept alone, and a map of the objects
   * by value is made only for a second one.
   */
  isNew(subject: Term, predicate: string, object: Term): boolean {
    const bySubject = subject.termType === 'BlankNode' ? this.blank : this.iri;
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
