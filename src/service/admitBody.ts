/**
 * A curator's PUT body through the one gate (gate/admit.ts): parsed as JSON and held to the
 * limits on one document here, then repaired when asked, its `id` held against the URL's,
 * ingested and checked there. A function of its input alone,
 * answering what went wrong as data rather than as an HTTP error, so that it runs the same in
 * the request thread (small documents) and in a document worker (large ones, see offThread/).
 */
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { repairDocument, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { formatRepair } from '../ingest/repairs/RepairNote.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import type { Problem } from '../linkedart/Problem.js';
import { admit } from './gate/admit.js';
import { shapeExceeded, type DocumentLimits, type LimitExceeded } from '../ingest/documentLimits.js';
import { DEFAULT_CONFORMANCE, type ConformancePolicy } from '../validate/conformance.js';

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
  /** Admitted: the document, and what was repaired first (formatRepair). */
  | { readonly kind: 'admitted'; readonly document: IngestedDocument; readonly repairs: string[] };

/**
 * `id`: the URL's entity id (relative ids resolve against it); `repair`: the policy asked for; `limits`: on one document's
 * shape; `conventions`: how the source writes (?dateOrder=), for the repairs; `conformance`: whether the shapes' Violations
 * refuse it (validate/conformance.ts).
 */
export function admitBody(
  body: string,
  id: string,
  repair: RepairPolicy,
  limits: DocumentLimits,
  conventions: SourceConventions = {},
  conformance: ConformancePolicy = DEFAULT_CONFORMANCE,
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
  });
  switch (admission.kind) {
    case 'admitted':
      return { kind: 'admitted', document: admission.document, repairs: admission.repairs };
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
