/**
 * The lossless check of a graph record (src/validate/lossless/triplesKept.ts): every triple of
 * the record is in the quads of the document rendered from it, else the record is refused with
 * the triples that would vanish. Proven so, the gate need not render the document once more to
 * compare it with itself.
 */
import { ingestDocument, type IngestedDocument } from '../../ingest/ingestDocument.js';
import { DocumentRejected } from '../../linkedart/Problem.js';
import type { JsonObject } from '../../render/renderDocument.js';
import { markProvenWhole } from '../../validate/lossless/losslessProblems.js';
import { triplesLostProblem, triplesNotKept } from '../../validate/lossless/triplesKept.js';
import type { GraphRecord } from './documentRecord.js';

/**
 * `repaired`: a repair changed the rendered document, so its quads are not the record's as
 * written; the render itself is then ingested unrepaired to be compared (when it reads at all).
 */
export function graphKeptWhole(
  record: GraphRecord,
  rendered: JsonObject,
  ingested: IngestedDocument,
  repaired: boolean,
  where: string,
): IngestedDocument {
  // A document with ingest problems is refused with them; its unread parts are no silent loss.
  if (ingested.refusals.length > 0) return ingested;
  const asRendered = repaired ? unrepaired(rendered) : ingested;
  if (asRendered === undefined) return ingested;
  const missing = triplesNotKept(record.id, record.quads, asRendered.quads);
  if (missing.length > 0) throw new DocumentRejected(record.id, [triplesLostProblem(record.id, missing)], where);
  // Repaired, the document stored is not the record's render: the gate compares it as any other.
  if (!repaired) markProvenWhole(ingested);
  return ingested;
}

function unrepaired(rendered: JsonObject): IngestedDocument | undefined {
  try {
    return ingestDocument(rendered);
  } catch (error) {
    if (error instanceof DocumentRejected) return undefined;
    throw error;
  }
}
