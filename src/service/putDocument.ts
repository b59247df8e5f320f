/**
 * A curator's PUT of one document, through the one gate and into the store: the body checked here
 * (a small one) or in a document worker (a large one: its parse, ingest and shapes held this
 * thread for seconds; the graphs to store are made there too), then stored if the precondition
 * holds for the version stored in the write's turn, and answered with the new version's
 * validators. What the gate refused comes back as data (PutRefused), for the route
 * (http/writes.ts) to answer as HTTP.
 *
 * A PUT renders its document once: the gate renders it as a GET serves it (its lossless check
 * compares that render), and the answer's ETag is made from that render (or, for a body checked
 * in a worker, is that of the JSON-LD the worker made from it).
 */
import { isUtf8 } from 'node:buffer';
import { formatProblem } from '../linkedart/Problem.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { decodeUtf8, NotUtf8, notUtf8At } from '../ingest/utf8.js';
import { FORMATS } from '../render/formats.js';
import { admitBody, type BodyVerdict, type PutChecks } from './admitBody.js';
import type { DocumentService } from './DocumentService.js';
import type { CheckedDocument, Precondition, PutOutcome } from './documentWrites.js';
import { documentWorkers, LARGE_PUT_BYTES } from './offThread/DocumentWorkers.js';
import type { Representations, WrittenDocument } from './Representations.js';
import { representationOf } from './representAside.js';
import type { HalInput } from './represent.js';
import { digestOf } from './storedDocument.js';
import type { Actor } from '../linkedart/Actor.js';

/** What the gate refused; `notUtf8`: the body's bytes are not UTF-8 (where, as NotUtf8 says it). */
export type PutRefused =
  Exclude<BodyVerdict, { kind: 'admitted' }> | { readonly kind: 'notUtf8'; readonly problem: string };

/**
 * An admitted PUT: the document to store (checked here), or as checked in a worker; its
 * Warnings and repairs as the answer lists them.
 */
export interface PutAdmitted {
  readonly kind: 'admitted';
  readonly document?: IngestedDocument;
  readonly checked?: CheckedDocument;
  /** What the gate made of it for its answer: its render, or (checked in a worker) its JSON-LD. */
  readonly made?: WrittenDocument;
  readonly warnings: string[];
  readonly repairs: string[];
  /** The shapes' Violations it is stored with (`report` policy), as formatProblem lines. */
  readonly violations: string[];
}

/** What a stored PUT did to the document, and the validators of the version stored now (none if it is gone already). */
export interface PutStored {
  readonly result: 'created' | 'replaced' | 'unchanged';
  readonly validators: { readonly etag: string; readonly lastModified: string | undefined } | undefined;
}

/**
 * The gate's verdict on a PUT's body (bytes, strict UTF-8). `representations`: what a large
 * body's JSON-LD, made in the worker, takes its `_links` from.
 */
export async function admitPut(
  representations: Representations,
  body: Buffer,
  checks: PutChecks,
): Promise<PutAdmitted | PutRefused> {
  // Large: only checked here, decoded in the worker.
  if (body.length >= LARGE_PUT_BYTES)
    return isUtf8(body)
      ? admitAside(body, checks, await representations.linksInput(checks.id))
      : { kind: 'notUtf8', problem: notUtf8At(body).problem };
  let text: string;
  try {
    text = decodeUtf8(body);
  } catch (error) {
    if (error instanceof NotUtf8) return { kind: 'notUtf8', problem: error.problem };
    throw error;
  }
  const verdict = admitBody(text, checks, true);
  if (verdict.kind !== 'admitted') return verdict;
  const { document, rendered } = verdict;
  return {
    kind: 'admitted',
    document,
    made: rendered && { kind: 'rendered', document: rendered, digest: digestOf(document) },
    warnings: document.warnings.map(formatProblem),
    repairs: verdict.repairs,
    violations: (document.violations ?? []).map(formatProblem),
  };
}

/**
 * Store an admitted PUT at `id`, if `precondition` holds for the version stored in the write's
 * turn; the new version's validators, so a client can chain conditional edits. `actor`: who writes it.
 */
export async function storePut(
  documents: DocumentService,
  representations: Representations,
  id: string,
  admitted: PutAdmitted,
  precondition?: Precondition,
  actor?: Actor,
): Promise<PutStored> {
  const outcome = await store(documents, admitted, precondition, actor);
  const result = outcome.created.length ? 'created' : outcome.replaced.length ? 'replaced' : 'unchanged';
  return { result, validators: await representations.written(id, admitted.made, outcome.when) };
}

function store(
  documents: DocumentService,
  admitted: PutAdmitted,
  precondition?: Precondition,
  actor?: Actor,
): Promise<PutOutcome> {
  if (admitted.checked) return documents.putChecked(admitted.checked, precondition, actor);
  const document = admitted.document!;
  return precondition ? documents.putIf(document, precondition, actor) : documents.putAll([document], undefined, actor);
}

/** The body checked in a document worker, with the graphs to store and its JSON-LD (`_links` from `hal`) made there too. */
async function admitAside(
  body: Buffer,
  checks: PutChecks,
  hal: HalInput | undefined,
): Promise<PutAdmitted | PutRefused> {
  const now = new Date();
  const answer = await documentWorkers().admit({ ...checks, kind: 'admit', body, now: now.getTime(), served: { hal } });
  if (answer.kind !== 'admitted') return answer;
  const checked: CheckedDocument = {
    id: answer.id,
    digest: answer.digest,
    type: answer.type,
    graphs: answer.graphs,
    when: now,
  };
  const { represented } = answer;
  return {
    kind: 'admitted',
    checked,
    made: represented && { kind: 'represented', representation: representationOf(FORMATS[0], represented) },
    warnings: answer.warnings,
    repairs: answer.repairs,
    violations: answer.violations,
  };
}
