/**
 * The checks of the gate every write passes (service/gate/admit.ts runs them, after the repairs):
 * ingest (JSON-side rules) then the SHACL shapes (graph-side rules), with every result reported in the one Problem format — the document id, the JSON
 * path, the Linked Art term, the rule in plain words, the severity. A document with a
 * Violation is refused whole; Warnings travel with the accepted document.
 */
import { ingestReadable, type IngestedDocument } from '../ingest/ingestDocument.js';
import { DocumentRejected, type Problem } from '../linkedart/Problem.js';
import type { JsonObject } from '../rebuild/renderDocument.js';
import { DEFAULT_CONFORMANCE, violationsAdmitted, type ConformancePolicy } from './conformance.js';
import { everyProblem } from './everyProblem.js';
import { locateResult } from './locateResult.js';
import { losslessVerdict } from './lossless/losslessGate.js';
import { shaclValidator } from './ShaclValidator.js';

/** Ingest and validate one document; throws DocumentRejected listing every problem when any is a Violation. */
export function admitDocument(
  json: unknown,
  source?: string,
  conformance: ConformancePolicy = DEFAULT_CONFORMANCE,
): IngestedDocument {
  return checkShapes(ingestReadable(json, source), source, conformance);
}

/**
 * The second half of the gate, for a document already ingested (as far as it could be read):
 * throws DocumentRejected, with its ingest problems and the shapes' findings together, when
 * there is a Violation, unless the conformance policy admits it with them (conformance.ts: only
 * the shapes' Violations, never an ingest problem), and then they are the document's
 * `violations`; otherwise adds the shapes' Warnings to the document's. `rendered`: the document
 * rendered from its quads already (the lossless check compares it rather than render again).
 */
export function checkShapes(
  ingested: IngestedDocument,
  source?: string,
  conformance: ConformancePolicy = DEFAULT_CONFORMANCE,
  rendered?: JsonObject,
): IngestedDocument {
  // The lossless check (src/validate/lossless): what would not come back, and its cause, first; a
  // path an ingest problem names, or left unread, is not reported again as lost.
  const skip = [...ingested.warnings, ...ingested.refusals]
    .map((p) => p.path)
    .concat(ingested.unread.map((u) => u.path));
  const { lossless, shapes } = losslessVerdict(ingested, shapeProblems(ingested), shapeProblems, skip, rendered);
  const rest = sortProblems(everyProblem(ingested, shapes));
  const problems = [...lossless, ...rest];
  const admitted = violationsAdmitted(conformance, problems);
  if (!admitted) throw new DocumentRejected(ingested.id, [...lossless, ...ingested.warnings, ...rest], source);
  if (admitted.length > 0) ingested.violations = admitted;
  ingested.warnings.push(...problems.filter((p) => p.severity !== 'Violation'));
  return ingested;
}

/** What the SHACL shapes say of an ingested document, located in its JSON. */
export function shapeProblems(ingested: IngestedDocument): Problem[] {
  return shaclValidator()
    .validate(ingested.id, ingested.quads)
    .map((r) => locateResult(ingested, r));
}

/** Violations first, then by path, so a report reads top to bottom. */
function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort(
    (a, b) => (a.severity === b.severity ? 0 : a.severity === 'Violation' ? -1 : 1) || a.path.localeCompare(b.path),
  );
}
