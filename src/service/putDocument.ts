/**
 * A curator's PUT of one document, through the one gate and into the store: the body checked here
 * (a small one, as text) or in a document worker (a large one, as bytes: its parse, ingest and
 * shapes held this thread for seconds; the graphs to store are made there too), then stored if the
 * precondition holds for the version stored in the write's turn. What the gate refused comes back
 * as data (BodyVerdict), for the route (http/writes.ts) to answer as HTTP.
 */
import { formatProblem } from '../linkedart/Problem.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import type { RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import type { ConformancePolicy } from '../validate/conformance.js';
import { admitBody, type BodyVerdict } from './admitBody.js';
import type { CheckedDocument, DocumentService, Precondition, PutOutcome } from './DocumentService.js';
import { documentWorkers } from './offThread/DocumentWorkers.js';

/** How the PUT asks for its body to be checked. */
export interface PutChecks {
  /** The URL's entity id (relative ids resolve against it). */
  readonly id: string;
  readonly repair: RepairPolicy;
  readonly limits: DocumentLimits;
  readonly conventions: SourceConventions;
  readonly conformance: ConformancePolicy;
}

/** What the gate refused. */
export type PutRefused = Exclude<BodyVerdict, { kind: 'admitted' }>;

/** An admitted PUT: the document to store here, or as checked in a worker; its Warnings and repairs as the answer lists them. */
export interface PutAdmitted {
  readonly kind: 'admitted';
  readonly document?: IngestedDocument;
  readonly checked?: CheckedDocument;
  readonly warnings: string[];
  readonly repairs: string[];
  /** The shapes' Violations it is stored with (`report` policy), as formatProblem lines. */
  readonly violations: string[];
}

/** The gate's verdict on a PUT's body. `body`: text, checked here; bytes (strict UTF-8 already checked), in a document worker. */
export async function admitPut(body: string | Buffer, checks: PutChecks): Promise<PutAdmitted | PutRefused> {
  if (typeof body !== 'string') return admitAside(body, checks);
  const verdict = admitBody(body, checks.id, checks.repair, checks.limits, checks.conventions, checks.conformance);
  if (verdict.kind !== 'admitted') return verdict;
  const { document } = verdict;
  return {
    kind: 'admitted',
    document,
    warnings: document.warnings.map(formatProblem),
    repairs: verdict.repairs,
    violations: (document.violations ?? []).map(formatProblem),
  };
}

/** Store an admitted PUT, if `precondition` holds for the version stored in the write's turn. */
export function storePut(
  documents: DocumentService,
  admitted: PutAdmitted,
  precondition?: Precondition,
): Promise<PutOutcome> {
  if (admitted.checked) return documents.putChecked(admitted.checked, precondition);
  const document = admitted.document!;
  return precondition ? documents.putIf(document, precondition) : documents.putAll([document]);
}

/** The body checked in a document worker, with the graphs to store made there too. */
async function admitAside(
  body: Buffer,
  { id, repair, limits, conventions, conformance }: PutChecks,
): Promise<PutAdmitted | PutRefused> {
  const now = new Date();
  const answer = await documentWorkers().admit({
    kind: 'admit',
    id,
    body,
    repair,
    conventions,
    limits,
    now: now.getTime(),
    conformance,
  });
  if (answer.kind !== 'admitted') return answer;
  const checked: CheckedDocument = {
    id: answer.id,
    digest: answer.digest,
    type: answer.type,
    graphs: answer.graphs,
    when: now,
  };
  return {
    kind: 'admitted',
    checked,
    warnings: answer.warnings,
    repairs: answer.repairs,
    violations: answer.violations,
  };
}
