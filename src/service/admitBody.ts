/**
 * A curator's PUT body through the one gate (gate/admit.ts): parsed as JSON and held to the
 * limits on one document here, then repaired when asked, its `id` held against the URL's,
 * ingested and checked there. A function of its input alone,
 * answering what went wrong as data rather than as an HTTP error, so that it runs the same in
 * the request thread (small documents) and in a document worker (large ones, see offThread/).
 */
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import type { RenderedDocument } from '../rebuild/renderDocument.js';
import { repairDocument, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { formatRepair } from '../ingest/repairs/RepairNote.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import type { Problem } from '../linkedart/Problem.js';
import { admit } from './gate/admit.js';
import { shapeExceeded, type DocumentLimits, type LimitExceeded } from '../ingest/documentLimits.js';
import { DEFAULT_CONFORMANCE, type ConformancePolicy } from '../validate/conformance.js';

/** How a PUT asks for its body to be checked. */
export interface PutChecks {
  /** The URL's entity id (relative ids resolve against it). */
  readonly id: string;
  readonly repair: RepairPolicy;
  /** The limits on one document's shape. */
  readonly limits: DocumentLimits;
  /** How the source writes (?dateOrder=), for the repairs. */
  readonly conventions?: SourceConventions;
  /** Whether the shapes' Violations refuse it (validate/conformance.ts); default strict. */
  readonly conformance?: ConformancePolicy;
}

export type BodyVerdict =
  /** The body is not JSON (the parser's message). */
  | { readonly kind: 'notJson'; readonly message: string }
  /** It nests deeper, or holds a longer array, than one document may (checked before anything recursive walks it). */
  | { readonly kind: 'overLimits'; readonly exceeded: LimitExceeded }
  /** The document names another id than the URL's. */
  | { readonly kind: 'otherId'; readonly given: string }
  /** Refused by the gate: every problem, what was repaired, and which repairs would apply (when none were asked for). */
  | {
      readonly kind: 'rejected';
      readonly problems: Problem[];
      readonly repairs: string[];
      readonly repairable: string[];
    }
  /** Admitted: the document, what was repaired first (formatRepair), and its render as served when asked for. */
  | {
      readonly kind: 'admitted';
      readonly document: IngestedDocument;
      readonly repairs: string[];
      readonly rendered?: RenderedDocument;
    };

/** `served`: the document rendered as a GET serves it, too (GatePolicy.served). */
export function admitBody(
  body: string,
  { id, repair, limits, conventions = {}, conformance = DEFAULT_CONFORMANCE }: PutChecks,
  served = false,
): BodyVerdict {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { kind: 'notJson', message: (error as Error).message };
  }
  // Before anything walks it (repairs, the gate): those recurse, and a document 100,000 deep would overflow them.
  const exceeded = shapeExceeded(json, limits);
  if (exceeded) return { kind: 'overLimits', exceeded };
  const admission = admit({ kind: 'json', location: id, json }, 'PUT', {
    repair,
    base: id,
    conventions,
    conformance,
    id,
    served,
  });
  switch (admission.kind) {
    case 'admitted': {
      const { document, repairs, rendered } = admission;
      return { kind: 'admitted', document, repairs, ...(rendered ? { rendered } : {}) };
    }
    case 'otherId':
      return { kind: 'otherId', given: admission.given };
    case 'rejected': {
      // Refused as written, where repairs were not asked for: which would apply.
      const repairable =
        repair === 'none' ? repairDocument(json, { base: id, conventions }).repairs.map(formatRepair) : [];
      return { kind: 'rejected', problems: admission.problems, repairs: admission.repairs, repairable };
    }
    case 'unchanged':
      // Held against no stored digest, a document is never found unchanged.
      throw new Error(`PUT ${id}: the gate found it unchanged without a stored digest`);
  }
}
