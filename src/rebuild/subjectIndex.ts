/**
 * A graph's statements by subject, then predicate: each subject's objects in the order given.
 * IRIs and blank nodes are kept apart (a label and an IRI may be the same string), each looked
 * up by its own string, whose hash V8 keeps: no key is built per look-up.
 *
 * Ingest builds one as it makes a document's quads (`addNew`, which also says whether a
 * statement is made already: the same statement written twice is one quad), so the gate's
 * lossless check renders from it rather than indexing the quads again.
 */
import type { Quad, Term } from '../rdf/terms.js';
import { termKey } from './matchValues.js';

/** One subject's statements: predicate IRI → objects. */
export type Statements = Map<string, Term[]>;

/** Lists of objects up to this long are scanned for a statement made already; a longer one is looked up. */
const SHORT_LIST = 8;

export class SubjectIndex {
  private readonly named = new Map<string, Statements>();
  private readonly blank = new Map<string, Statements>();
  /** Every subject once, in the order first seen. */
  private readonly subjects: Array<{ term: Term; statements: Statements }> = [];
  /** The objects of a long list by value (addNew's look-up), made when the list grows past SHORT_LIST. */
  private byValue: Map<Term[], Map<string, Term[]>> | undefined;
  /** How many statements were added. */
  size = 0;

  constructor(quads: readonly Quad[] = []) {
    for (const q of quads) {
      const statements = this.statementsOf(q.subject);
      const objects = statements.get(q.predicate.value);
      if (objects) objects.push(q.object);
      else statements.set(q.predicate.value, [q.object]);
    }
    this.size = quads.length;
  }

  /**
   * Adds the statement unless it is made already (the same object: one term, literals by value,
   * datatype and any case of language); whether it was added.
   */
  addNew(subject: Term, predicate: string, object: Term): boolean {
    const statements = this.statementsOf(subject);
    const objects = statements.get(predicate);
    if (!objects) {
      // Most (subject, predicate) pairs have one object: its list made to measure.
      statements.set(predicate, [object]);
      this.size++;
      return true;
    }
    if (objects.length < SHORT_LIST) {
      for (const o of objects) if (o.value === object.value && sameObject(o, object)) return false;
    } else {
      const byValue = this.valuesOf(objects);
      const same = byValue.get(object.value);
      if (same?.some((o) => sameObject(o, object))) return false;
      if (same) same.push(object);
      else byValue.set(object.value, [object]);
    }
    objects.push(object);
    this.size++;
    return true;
  }

  /** The statements of `subject` (an IRI or a blank node), if it has any. */
  of(subject: Term): Statements | undefined {
    return (subject.termType === 'BlankNode' ? this.blank : this.named).get(subject.value);
  }

  /** The subjects (termKey) whose statements are not in `seen`, in the order first seen. */
  subjectsNotIn(seen: ReadonlySet<Statements>): string[] {
    return this.subjects.filter((s) => !seen.has(s.statements)).map((s) => termKey(s.term));
  }

  /** The statements of `subject`, made empty if it has none yet. */
  private statementsOf(subject: Term): Statements {
    const bySubject = subject.termType === 'BlankNode' ? this.blank : this.named;
    let statements = bySubject.get(subject.value);
    if (!statements) {
      bySubject.set(subject.value, (statements = new Map<string, Term[]>()));
      this.subjects.push({ term: subject, statements });
    }
    return statements;
  }

  /** The look-up by value of a long list of objects, made from the list the first time. */
  private valuesOf(objects: Term[]): Map<string, Term[]> {
    this.byValue ??= new Map();
    let byValue = this.byValue.get(objects);
    if (!byValue) {
      byValue = new Map();
      for (const o of objects) {
        const same = byValue.get(o.value);
        if (same) same.push(o);
        else byValue.set(o.value, [o]);
      }
      this.byValue.set(objects, byValue);
    }
    return byValue;
  }
}

/** The same object of a statement: one term, literals by value, datatype and (any case of) language. */
function sameObject(a: Term, b: Term): boolean {
  if (a.termType !== b.termType) return false;
  if (a.termType !== 'Literal') return true; // same value, same kind
  const x = a as { language: string; datatype: { value: string } };
  const y = b as { language: string; datatype: { value: string } };
  return x.datatype.value === y.datatype.value && x.language.toLowerCase() === y.language.toLowerCase();
}
