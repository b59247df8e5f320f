/**
 * The gate every write passes — a PUT, `/_bulk` and `linkedart load`, a SPARQL Update, a harvest
 * (and `linkedart validate`, which says what a load would): one document record repaired when
 * asked, ingested (a graph read from RDF first rendered as the document it stands for), then
 * validated (the lossless check, then the shapes): admitted with its Warnings, or refused with
 * every problem in the one Problem format. A function of its input alone, so that it runs the
 * same on the request thread, in a document worker and in a load's check workers.
 */
import { ingestReadable, type IngestedDocument } from '../../ingest/ingestDocument.js';
import type { RepairPolicy } from '../../ingest/repairs/repairDocument.js';
import { formatRepair, type RepairNote } from '../../ingest/repairs/RepairNote.js';
import type { SourceConventions } from '../../ingest/repairs/SourceConventions.js';
import { DocumentRejected, type Problem } from '../../linkedart/Problem.js';
import { checkShapes } from '../../validate/admitDocument.js';
import { DEFAULT_CONFORMANCE, type ConformancePolicy } from '../../validate/conformance.js';
import { shaclValidator } from '../../validate/ShaclValidator.js';
import { renderWithSkeleton, type JsonObject, type RenderedDocument } from '../../rebuild/renderDocument.js';
import { digestOf } from '../storedDocument.js';
import type { DocumentRecord } from './documentRecord.js';
import { ingestGraph, recordDigest } from './graphRecord.js';
import { repaired, type RecordRepairs } from './recordRepairs.js';

/** How a write wants its documents checked. */
export interface GatePolicy {
  readonly repair: RepairPolicy;
  /** What relative ids resolve against (a JSON record's own `base` first: a harvested document's URL). */
  readonly base?: string;
  /** What the source is known to do differently (?dateOrder=, --date-order), for the repairs. */
  readonly conventions?: SourceConventions;
  /** Whether a document whose only Violations are the shapes' is stored with them (validate/conformance.ts); default strict. */
  readonly conformance?: ConformancePolicy;
  /** The id the document must have (a PUT: its URL's): one naming another is refused before it is read. */
  readonly id?: string;
  /**
   * Render the document as a GET serves it, and have the lossless check compare that render: a PUT
   * answers with the ETag of what it stored, and its render cache keeps it, so it is rendered once.
   */
  readonly served?: boolean;
}

/** The gate's verdict on one record; `repairs`: what was repaired first (formatRepair). */
export type Admission =
  /**
   * Admitted, with its Warnings (and, under the `report` policy, its Violations); `digest` when it
   * was computed; `rendered`, as served, when the policy asked for it.
   */
  | {
      readonly kind: 'admitted';
      readonly document: IngestedDocument;
      readonly repairs: string[];
      readonly digest?: string;
      readonly rendered?: RenderedDocument;
    }
  /** The stored version is the same document (under the same shapes): not checked further. */
  | { readonly kind: 'unchanged'; readonly id: string; readonly repairs: string[] }
  /** It names another id than the one asked for (GatePolicy.id). */
  | { readonly kind: 'otherId'; readonly given: string; readonly repairs: string[] }
  /** Refused, with every problem found. */
  | {
      readonly kind: 'rejected';
      readonly id: string | undefined;
      readonly problems: Problem[];
      readonly repairs: string[];
    };

/**
 * `record` through the gate; `source` and its `location` name where it came from in every
 * problem. `stored`: the digest its id is stored with, when the caller read it: a document
 * that digests the same is `unchanged`, and the shapes are not run on it.
 */
export function admit(record: DocumentRecord, source: string, policy: GatePolicy, stored?: string): Admission {
  // A graph whose own digest is the stored one holds exactly the stored document: not even read
  // (nor repaired: it is the stored, repaired form).
  if (stored !== undefined && record.kind === 'graph' && stored === recordDigest(record, shaclValidator().version))
    return { kind: 'unchanged', id: record.id, repairs: [] };
  const where = `${source} ${record.location}`;
  const notes: RepairNote[] = [];
  const repairs: RecordRepairs = {
    policy: policy.repair,
    base: record.kind === 'json' ? (record.base ?? policy.base) : policy.base,
    conventions: policy.conventions,
    notes,
  };
  try {
    let doc: IngestedDocument;
    if (record.kind === 'json') {
      const json = repaired(record.json, repairs);
      const given = (json as { id?: unknown } | null)?.id;
      if (policy.id !== undefined && typeof given === 'string' && given !== policy.id)
        return { kind: 'otherId', given, repairs: notes.map(formatRepair) };
      doc = ingestReadable(json, where);
    } else doc = ingestGraph(record, where, repairs);
    // Against a stored digest first (unchanged: no shapes). Never for a document with ingest
    // problems: what was read of it may be all the stored one holds.
    let digest: string | undefined;
    if (stored !== undefined && doc.refusals.length === 0) {
      digest = digestOf(doc);
      if (stored === digest) return { kind: 'unchanged', id: doc.id, repairs: notes.map(formatRepair) };
    }
    // A document with ingest problems is refused: not worth serving.
    const rendered = policy.served && doc.refusals.length === 0 ? servedRender(doc) : undefined;
    const document = checkShapes(
      doc,
      where,
      policy.conformance ?? DEFAULT_CONFORMANCE,
      rendered && withoutContext(rendered.document),
    );
    return {
      kind: 'admitted',
      document,
      repairs: notes.map(formatRepair),
      ...(digest ? { digest } : {}),
      ...(rendered ? { rendered } : {}),
    };
  } catch (error) {
    if (!(error instanceof DocumentRejected)) throw error;
    return { kind: 'rejected', id: error.document, problems: [...error.problems], repairs: notes.map(formatRepair) };
  }
}

/**
 * A JSON-LD document through the gate as written (no repairs, strict), for a caller that takes
 * a refusal as an error (the demo collection, DocumentService.put): DocumentRejected, with every
 * problem, `source` in its message.
 */
export function admitJson(json: unknown, source?: string): IngestedDocument {
  const admission = admit({ kind: 'json', location: '', json }, source ?? '', { repair: 'none' });
  if (admission.kind === 'admitted') return admission.document;
  if (admission.kind === 'rejected') throw new DocumentRejected(admission.id, admission.problems, source);
  // Held against no id and no stored digest, a document is admitted or rejected.
  throw new Error(`${source ?? 'a document'}: the gate answered ${admission.kind}`);
}

/**
 * The document rendered from its quads and its skeleton as ingest made them (no need to read
 * them back from the hint graph), byte for byte what a GET renders from the store.
 */
function servedRender(doc: IngestedDocument): RenderedDocument | undefined {
  // The blank nodes' signatures as ingest computed them, if for these very quads.
  const signedBlanks = doc.signedBlanks?.quads === doc.quads ? doc.signedBlanks.nodes : undefined;
  return renderWithSkeleton(doc.id, doc.quads, doc.skeleton, { signedBlanks, literalKeys: doc.literalKeys });
}

/** The document without its `@context`: the lossless check compares the given one as given. */
function withoutContext(document: JsonObject): JsonObject {
  const root: JsonObject = {};
  for (const [key, value] of Object.entries(document)) if (key !== '@context') root[key] = value;
  return root;
}
