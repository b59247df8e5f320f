/**
 * The work a document worker does for the request thread, as messages: a stored document's
 * representation (render, serialize, hash) and a curator's PUT body through the gate (parse,
 * repair, ingest, shapes, digest, the graphs to store). Quads travel interned (wireGraphs.ts):
 * posted as objects, structured clone would cost the request thread about what the work does.
 * The functions here are pure, so a job runs the same in a worker and here (runJob).
 */
import { digestOf, storedGraphs, type StoredDocument } from '../storedDocument.js';
import { represent, type HalInput, type PageInput, type Representation } from '../represent.js';
import { admitBody, type BodyVerdict, type PutChecks } from '../admitBody.js';
import { FORMATS, type Format } from '../../render/formats.js';
import { hintGraphOf } from '../../hints/Skeleton.js';
import { formatProblem } from '../../linkedart/Problem.js';
import { entityClassOf } from '../../discovery/reverseLinksOf.js';
import type { Quad } from '../../rdf/terms.js';
import { encodeGraphs, WireDecoder, type WireGraphs } from '../../rdf/wireGraphs.js';

/** A stored document to represent: its entity and hint graphs (in runs, a graph's name may come more than once). */
export interface RepresentJob {
  readonly kind: 'represent';
  readonly id: string;
  readonly graphs: WireGraphs;
  /** The modification stamp, as a time value. */
  readonly lastModified: number | undefined;
  readonly format: Format;
  readonly hal: HalInput | undefined;
  readonly page: PageInput | undefined;
}

export interface RepresentAnswer {
  readonly kind: 'represented';
  readonly body: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  readonly lastModified: string | undefined;
  readonly warnings: readonly string[];
  readonly version: string | undefined;
  readonly violations: number;
}

/**
 * A PUT body at `id`, through the gate; the graphs stored are stamped `now` (a time value).
 * `served`: its JSON-LD made too, from the gate's render, with `_links` from these hit counts
 * (read before the write: the answer is used only if the version stored is still this one).
 */
export interface AdmitJob extends PutChecks {
  readonly kind: 'admit';
  readonly body: Uint8Array;
  readonly now: number;
  readonly served?: { readonly hal: HalInput | undefined };
}

/** What the gate said; an admitted document comes as what storing it takes (DocumentService.putChecked). */
export type AdmitAnswer =
  | Exclude<BodyVerdict, { kind: 'admitted' }>
  | {
      readonly kind: 'admitted';
      readonly id: string;
      readonly digest: string;
      readonly type: string | undefined;
      /** Its Warnings (formatProblem) and what was repaired first. */
      readonly warnings: string[];
      readonly repairs: string[];
      /** The shapes' Violations it is stored with (`report` policy), as formatProblem lines. */
      readonly violations: string[];
      /** The graphs it is stored as (storedGraphs). */
      readonly graphs: WireGraphs;
      /** Its JSON-LD as stored, when the job asked for it (`served`). */
      readonly represented?: RepresentAnswer;
    };

export type DocumentJob = RepresentJob | AdmitJob;
export type DocumentAnswer = RepresentAnswer | AdmitAnswer;

/** The job done, with the buffers to transfer rather than copy. */
export function runJob(job: DocumentJob): { answer: DocumentAnswer; transfer: ArrayBuffer[] } {
  if (job.kind === 'represent') return answered(represent(storedFrom(job), job.format, job.hal, job.page));
  const verdict = admitBody(
    Buffer.from(job.body.buffer, job.body.byteOffset, job.body.length).toString('utf8'),
    job,
    job.served !== undefined,
  );
  if (verdict.kind !== 'admitted') return { answer: verdict, transfer: [] };
  const doc = verdict.document;
  const digest = digestOf(doc);
  const when = new Date(job.now);
  const stored = storedGraphs(doc, digest, when);
  const graphs = encodeGraphs(stored);
  // Its JSON-LD as a GET will serve it, from the gate's render and the hint graph as stored.
  const hints = stored.find(([name]) => name === hintGraphOf(doc.id))?.[1] ?? [];
  const represented =
    job.served && verdict.rendered
      ? answered(
          represent(
            { id: doc.id, quads: doc.quads, hints, lastModified: when },
            FORMATS[0],
            job.served.hal,
            undefined,
            verdict.rendered,
          ),
        )
      : undefined;
  return {
    answer: {
      kind: 'admitted',
      id: doc.id,
      digest,
      type: entityClassOf(doc.id, doc.quads),
      warnings: doc.warnings.map(formatProblem),
      repairs: verdict.repairs,
      violations: (doc.violations ?? []).map(formatProblem),
      graphs,
      ...(represented ? { represented: represented.answer } : {}),
    },
    transfer: [graphs.codes.buffer, ...(represented?.transfer ?? [])],
  };
}

/** A representation as a worker answers it, its body to transfer. */
function answered(r: Representation): { answer: RepresentAnswer; transfer: ArrayBuffer[] } {
  const body = new Uint8Array(
    r.body.buffer.slice(r.body.byteOffset, r.body.byteOffset + r.body.length),
  ) as Uint8Array<ArrayBuffer>;
  return {
    answer: {
      kind: 'represented',
      body,
      etag: r.etag,
      lastModified: r.lastModified,
      warnings: r.warnings,
      version: r.version,
      violations: r.violations,
    },
    transfer: [body.buffer],
  };
}

/** The stored document a represent job carries (the runs of each graph put together). */
function storedFrom(job: RepresentJob): StoredDocument {
  const hintGraph = hintGraphOf(job.id);
  const quads: Quad[] = [];
  const hints: Quad[] = [];
  const decoder = new WireDecoder(job.graphs);
  for (let g = 0; g < job.graphs.names.length; g++) {
    const [name, run] = decoder.next();
    const into = name === job.id ? quads : name === hintGraph ? hints : undefined;
    if (into) for (const q of run) into.push(q);
  }
  return {
    id: job.id,
    quads,
    hints,
    lastModified: job.lastModified === undefined ? undefined : new Date(job.lastModified),
  };
}
