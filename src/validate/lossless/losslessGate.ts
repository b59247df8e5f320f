/**
 * The lossless check as the gate runs it, beside the shapes: the values that would be lost, the
 * shared ids that some shape problem stems from (both `lossless`, first), and the shape problems
 * with those consequences marked.
 */
import type { IngestedDocument } from '../../ingest/ingestDocument.js';
import type { Problem } from '../../linkedart/Problem.js';
import type { JsonObject } from '../../rebuild/renderDocument.js';
import { lostOnRender, lostProblems, sharedIdWarning } from './losslessProblems.js';
import { sharedIdConsequences } from './sharedIdConsequences.js';
import { IdClasses, sharedIdsOf } from './sharedIds.js';

export interface LosslessVerdict {
  /** `lossless` Violations, to be listed before every other problem. */
  readonly lossless: Problem[];
  readonly shapes: Problem[];
}

/**
 * `shapes`: what the shapes said of `doc`; `shapesOf` runs them on another document; `skip`:
 * paths an ingest problem already names; `rendered`: its render, when made already (losslessProblems).
 */
export function losslessVerdict(
  doc: IngestedDocument,
  shapes: Problem[],
  shapesOf: (doc: IngestedDocument) => Problem[],
  skip: readonly string[] = [],
  rendered?: JsonObject,
): LosslessVerdict {
  // The comparison with the render walks the whole document as given: it tells whether any id is shared.
  const classes = new IdClasses();
  const lostValues = lostOnRender(doc, classes, rendered);
  const shared = classes.shared ? sharedIdsOf(doc.given) : [];
  // Most documents come back whole with no id shared: nothing to say, nothing to mark.
  if (lostValues.length === 0 && shared.length === 0) return { lossless: [], shapes };
  const lost = lostProblems(doc.id, lostValues, shared, skip);
  const { causes, shapes: marked } = sharedIdConsequences(doc, shared, shapes, shapesOf);
  // A cause already named by a lost value's message is not named twice.
  const named = new Map([...causes].filter(([s]) => !lost.some((l) => l.message.includes(`the id ${s.id} is used`))));
  // A shared id neither loses a value nor breaks a rule: still worth saying, as a Warning.
  const quiet = shared.filter((s) => !causes.has(s) && !lost.some((l) => l.message.includes(`the id ${s.id} is used`)));
  return { lossless: [...named.values(), ...lost, ...quiet.map((s) => sharedIdWarning(doc.id, s))], shapes: marked };
}
