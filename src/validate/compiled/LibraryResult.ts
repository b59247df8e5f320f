/**
 * One validation result as rdf-validate-shacl reports it: read out of its report graph
 * (ShaclValidator), or built without the library exactly as it would have built it
 * (ShapeReporter). Only what the validator's report is made from is kept; the library's
 * sh:resultMessage is not (the shape's own sh:message or rdfs:comment words the report).
 */
import type { Term } from '@rdfjs/types';

export interface LibraryResult {
  readonly focusNode: Term;
  /** sh:resultPath: the shape's sh:path, or for sh:closed the predicate not allowed. */
  readonly path: Term | null;
  /** sh:value: the failing value node, for the components judged per value node. */
  readonly value: Term | null;
  /** sh:resultSeverity: the shape's single sh:severity, else sh:Violation. */
  readonly severity: Term | null;
  /** sh:sourceShape: the shape the constraint belongs to. */
  readonly shape: Term | null;
  /** sh:sourceConstraintComponent. */
  readonly component: Term | null;
  /** sh:detail: for an sh:node result, the results of the value node against that shape. */
  readonly detail: readonly LibraryResult[];
}
