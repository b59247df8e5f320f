/**
 * The lossless check as the gate runs it, beside the shapes: the values that would be lost, the
 * shared ids that some shape problem stems from (both `lossless`, first), and the shape problems
 * with those consequences marked.
 */
import type { IngestedDocument } from '../../ingest/ingestDocument.js';
import type { Problem } from '../../linkedart/Problem.js';
import { losslessProblems } from './losslessProblems.js';
import { sharedIdConsequences } from './sharedIdConsequences.js';
import { sharedIds } from './sharedIds.js';

export interface LosslessVerdict {
  /** `lossless` Violations, to be listed before every other problem. */
  readonly lossless: Problem[];
  readonly shapes: Problem[];
}

/**
 * `shapes`: what the shapes said of `doc`; `shapesOf` runs them on another document; `skip`:
 * paths an ingest problem already names.
 */
export function losslessVerdict(doc: IngestedDocument, shapes: Problem[], shapesOf: (doc: IngestedDocument) => Problem[],
  skip: readonly string[] = []): LosslessVerdict {
  const shared = sharedIds(doc.given);
  const lost = losslessProblems(doc, shared, skip);
  const { causes, shapes: marked } = sharedIdConsequences(doc, shared, shapes, shapesOf);
  // A cause already named by a lost value's message is not named twice.
  const named = causes.filter((c) => !lost.some((l) => l.message.includes(`the id ${JSON.parse(c.value!) as string} is used`)));
  return { lossless: [...named, ...lost], shapes: marked };
}
