/**
 * What the report says of each shape besides the library's results, read once from the shapes
 * graph: its message (sh:message, else rdfs:comment), its hint, the predicate its complex path
 * starts with, the steps of a sequence path, and the body of a conditional rule's sh:or; and
 * the rule names. A library result becomes a ShapeResult with them.
 */
import type { Term } from '@rdfjs/types';
import { df } from '../rdf/terms.js';
import type { LibraryResult } from './compiled/LibraryResult.js';
import { RDF, RDFS, SH } from './compiled/vocabulary.js';
import type { QuadIndex } from './QuadIndex.js';

export const SHAPE_PREFIX = 'urn:linkedart-service:shape:';

/** A shape's usual fix, in a few words (not SHACL: the validator ignores it; the report carries it). */
export const HINT_PREDICATE = 'urn:linkedart-service:hint';

const RDFS_COMMENT = `${RDFS}comment`;

export type Severity = 'Violation' | 'Warning';

export interface ShapeResult {
  /** The node that breaks the rule. */
  readonly focusNode: Term;
  /**
   * The predicate IRI the rule is about: the result path, or for a complex path its first
   * predicate (of a sequence, an inverse path, or the first of alternatives if that is a plain
   * predicate); absent for rules on the node itself.
   */
  readonly path?: string;
  /**
   * For a sequence path of plain predicates (`( identified_by rdf:type )`), its predicates in
   * order, so the report can follow it to the entry at fault.
   */
  readonly steps?: readonly string[];
  /** The offending value, when there is one. */
  readonly value?: Term;
  /** The constraint component that failed (sh:MaxCountConstraintComponent, ...). */
  readonly component?: string;
  readonly severity: Severity;
  /** The IRI of the shape that encodes the rule (urn:linkedart-service:shape:...). */
  readonly shape: string;
  /** The shape's sh:message, else its rdfs:comment. */
  readonly message: string;
  /** The shape's svc:hint: the usual fix. */
  readonly hint?: string;
}

export class ShapeIndex {
  /** Shape IRI → its message. */
  private readonly messages = new Map<string, string>();
  /** Shape IRI → its hint (svc:hint). */
  readonly hints = new Map<string, string>();
  /** The rule names of the shapes (their IRIs after SHAPE_PREFIX). */
  readonly rules = new Set<string>();
  /** Shape IRI → the predicate its (complex) path starts with. */
  private readonly pathPredicates = new Map<string, string>();
  /** Shape IRI → the predicates of its sequence path, when it is one of plain predicates. */
  private readonly sequences = new Map<string, string[]>();
  /** Shape IRI → the body (last member) of its sh:or, for conditional rules. */
  readonly orBodies = new Map<string, Term>();

  /** Messages, first path predicates and sh:or bodies, read once from the shapes graph. */
  constructor(shapes: QuadIndex) {
    const node = (v: string) => df.namedNode(v);
    const one = (s: Term, p: string): Term | undefined => {
      for (const q of shapes.match(s, node(p))) return q.object;
      return undefined;
    };
    const list = (head: Term | undefined): Term[] => {
      const items: Term[] = [];
      while (head && head.value !== `${RDF}nil` && items.length < 1000) {
        const first = one(head, `${RDF}first`);
        if (first) items.push(first);
        head = one(head, `${RDF}rest`);
      }
      return items;
    };
    const firstPredicate = (path: Term | undefined, depth = 0): string | undefined => {
      if (!path || depth > 10) return undefined;
      if (path.termType === 'NamedNode') return path.value;
      const inverse = one(path, `${SH}inversePath`);
      if (inverse) return firstPredicate(inverse, depth + 1);
      // Of alternatives, only a plain first predicate names the rule well (an amount's
      // "paid_amount or dimension of" has no single predicate to report).
      const alternatives = one(path, `${SH}alternativePath`);
      if (alternatives) {
        const first = list(alternatives)[0];
        return first?.termType === 'NamedNode' ? first.value : undefined;
      }
      for (const p of ['zeroOrMorePath', 'oneOrMorePath', 'zeroOrOnePath']) {
        const inner = one(path, SH + p);
        if (inner) return firstPredicate(inner, depth + 1);
      }
      return firstPredicate(list(path)[0], depth + 1);
    };
    for (const q of shapes) {
      const s = q.subject;
      if (s.termType !== 'NamedNode') continue;
      if (s.value.startsWith(SHAPE_PREFIX)) this.rules.add(s.value.slice(SHAPE_PREFIX.length));
      switch (q.predicate.value) {
        case `${SH}message`:
          this.messages.set(s.value, q.object.value);
          break;
        case HINT_PREDICATE:
          this.hints.set(s.value, q.object.value);
          break;
        case RDFS_COMMENT:
          if (!this.messages.has(s.value) && !one(s, `${SH}message`)) this.messages.set(s.value, q.object.value);
          break;
        case `${SH}path`:
          if (q.object.termType !== 'NamedNode') {
            const p = firstPredicate(q.object);
            if (p) this.pathPredicates.set(s.value, p);
            const steps = list(q.object);
            if (steps.length > 1 && steps.every((t) => t.termType === 'NamedNode'))
              this.sequences.set(
                s.value,
                steps.map((t) => t.value),
              );
          }
          break;
        case `${SH}or`: {
          const members = list(q.object);
          const body = members[members.length - 1];
          if (body) this.orBodies.set(s.value, body);
          break;
        }
      }
    }
  }

  /** A library result as the service reports it: with the shape's message, path, steps and hint. */
  shapeResult(r: LibraryResult): ShapeResult {
    const shape = r.shape?.value ?? '';
    const path = r.path?.termType === 'NamedNode' ? r.path.value : this.pathPredicates.get(shape);
    const result: { -readonly [K in keyof ShapeResult]: ShapeResult[K] } = {
      focusNode: r.focusNode,
      severity: r.severity?.value === `${SH}Warning` || r.severity?.value === `${SH}Info` ? 'Warning' : 'Violation',
      shape,
      message: this.messages.get(shape) ?? `SHACL ${r.component?.value ?? 'constraint'} failed`,
    };
    if (path !== undefined) result.path = path;
    if (r.value) result.value = r.value;
    if (r.component) result.component = r.component.value;
    const steps = this.sequences.get(shape);
    if (steps) result.steps = steps;
    const hint = this.hints.get(shape);
    if (hint !== undefined) result.hint = hint;
    return result;
  }
}
