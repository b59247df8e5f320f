/**
 * A graph's statements by subject, then predicate: each subject's objects in the order given.
 * IRIs and blank nodes are kept apart (a label and an IRI may be the same string), each looked
 * up by its own string, whose hash V8 keeps: no key is built per look-up.
 */
import type { Quad, Term } from '../rdf/terms.js';
import { termKey } from './matchValues.js';

/** One subject's statements: predicate IRI → objects. */
export type Statements = Map<string, Term[]>;

export class SubjectIndex {
  private readonly named = new Map<string, Statements>();
  private readonly blank = new Map<string, Statements>();
  /** Every subject once, in the order first seen. */
  private readonly subjects: Array<{ term: Term; statements: Statements }> = [];

  constructor(quads: readonly Quad[]) {
    for (const q of quads) {
      const byValue = q.subject.termType === 'BlankNode' ? this.blank : this.named;
      let statements = byValue.get(q.subject.value);
      if (!statements) {
        byValue.set(q.subject.value, (statements = new Map<string, Term[]>()));
        this.subjects.push({ term: q.subject, statements });
      }
      const list = statements.get(q.predicate.value);
      if (list) list.push(q.object);
      else statements.set(q.predicate.value, [q.object]);
    }
  }

  /** The statements of `subject` (an IRI or a blank node), if it has any. */
  of(subject: Term): Statements | undefined {
    return (subject.termType === 'BlankNode' ? this.blank : this.named).get(subject.value);
  }

  /** The subjects (termKey) whose statements are not in `seen`, in the order first seen. */
  subjectsNotIn(seen: ReadonlySet<Statements>): string[] {
    return this.subjects.filter((s) => !seen.has(s.statements)).map((s) => termKey(s.term));
  }
}
