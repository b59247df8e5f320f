/**
 * The stored documents, streamed out as text: `linkedart export` and `GET /_export` both pull
 * this generator and write its chunks as they come, so memory is bounded by one batch of
 * documents however large the store (a whole-store dump as one string hits V8's string limit
 * past ~130k documents).
 *
 * Which documents: the given ids (all must exist), else every entity graph of the store, in
 * code-point order of their ids; the internal graphs (`urn:linkedart-service:...`, the shape
 * hints among them) are never exported as data. A `type` keeps the documents whose root has it.
 *
 * Formats:
 * - `nquads`, `trig`: each document in its own graph, named by its id; the file loaded back
 *   holds the same graphs.
 * - `turtle`, `ntriples`: the triples only (RDF has no document boundary without graphs).
 *   Turtle starts with one `@prefix` block for the whole file.
 * - `ndjson`: one rendered Linked Art JSON-LD document per line (a whole-store export ends with
 *   its merged-away ids, a line each: mergedComments.ts).
 *
 * In the RDF formats each document's data is preceded by its shape hints as `#@hint` comment
 * lines (hintComments.ts), which other tools skip and our loader reads. Each document's blank
 * nodes are labelled apart from every other document's (documentText.ts).
 *
 * `withHistory` (N-Quads and TriG only: the other formats have no graphs to hold it): each
 * document's history graphs follow it, and a whole-store export ends with its merged-away ids
 * and then the histories of ids with no live document (historyGraphs.ts).
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { modifiedFrom } from '../hints/lastModified.js';
import { TOP_LEVEL_CLASSES } from '../linkedart/kinds.js';
import { linkedArtContext } from '../context/linkedArtContext.js';
import type { Quad } from '../rdf/terms.js';
import { iri } from '../rdf/sparqlTerm.js';
import { serializeGraph } from '../rdf/syntax/serialize.js';
import { render, type StoredDocument } from '../service/storedDocument.js';
import type { QuadStore } from '../store/QuadStore.js';
import { documentGraphs } from '../store/documentGraphs.js';
import { prefixBlock, relabelBlankNodes, withoutPrefixLines } from './documentText.js';
import { documentMarkerLine } from './documentMarker.js';
import { hintCommentLines } from './hintComments.js';
import { mergedCommentLine, mergedIdsOf, mergedJsonLine } from './mergedComments.js';
import { goneWithHistory, historyGraphsOf, historyText, type HistoryGraphs } from './historyGraphs.js';

export type ExportFormat = 'nquads' | 'trig' | 'turtle' | 'ntriples' | 'ndjson';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['nquads', 'trig', 'turtle', 'ntriples', 'ndjson'];

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** Content-Type of an export in each format (for `GET /_export`). */
export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  nquads: 'application/n-quads',
  trig: 'application/trig',
  turtle: 'text/turtle;charset=utf-8',
  ntriples: 'application/n-triples',
  ndjson: 'application/x-ndjson',
};

/** The usual file extension of each format. */
export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  nquads: 'nq',
  trig: 'trig',
  turtle: 'ttl',
  ntriples: 'nt',
  ndjson: 'ndjson',
};

import { isInternalGraph } from '../store/internalGraphs.js';
export { INTERNAL_GRAPH_PREFIX, isInternalGraph } from '../store/internalGraphs.js';

export interface ExportOptions {
  readonly format: ExportFormat;
  /** Export these documents, in this order (repeats dropped); every one must exist. Default: all. */
  readonly ids?: readonly string[];
  /** Keep the documents whose root has this class: a Linked Art class name (`Person`), `crm:`/`la:` name or full IRI. */
  readonly type?: string;
  /** Documents read from the store in one call (two batches are in memory at most). Default 200. */
  readonly batchSize?: number;
  /** Told each document's id once its text has been produced (for counting). */
  readonly onDocument?: (id: string) => void;
  /** Each document's history graphs too (N-Quads, TriG; see the top of this file). */
  readonly withHistory?: boolean;
}

/** A request the export cannot carry out: ids that are not documents, or an unknown class. Nothing has been written. */
export class ExportRequestError extends Error {
  override name = 'ExportRequestError';
  constructor(
    message: string,
    readonly reason: 'unknown-id' | 'unknown-type' | 'history-format',
    readonly values: readonly string[],
  ) {
    super(message);
  }
}

const DEFAULT_BATCH = 200;
/** Text is yielded in chunks of about this many characters (fewer, larger writes downstream). */
const CHUNK_CHARS = 64 * 1024;
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
/** An absolute IRI a store can be asked about (a scheme, then none of the characters IRIs exclude). */
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|^`\\]+$/;

/**
 * The class IRI a `--type` value names. A name without `:` must be one of the classes a
 * Linked Art document may have at its root (case-insensitively); a compact IRI with a prefix
 * of the v1 context (`crm:E21_Person`) is expanded; any other absolute IRI is taken as it is.
 */
export function resolveTypeName(name: string): string {
  const context = linkedArtContext();
  const trimmed = name.trim();
  if (!trimmed.includes(':')) {
    const className = [...TOP_LEVEL_CLASSES].find((c) => c.toLowerCase() === trimmed.toLowerCase());
    const iri = className === undefined ? undefined : context.expandVocab(className);
    if (iri === undefined) {
      throw new ExportRequestError(
        `unknown class ${JSON.stringify(name)}; give one of ${[...TOP_LEVEL_CLASSES].sort().join(', ')}, ` +
          'a crm: or la: name, or a full IRI',
        'unknown-type',
        [name],
      );
    }
    return iri;
  }
  const iri = context.expandIri(trimmed);
  if (iri === undefined || !ABSOLUTE_IRI.test(iri)) {
    throw new ExportRequestError(
      `unknown class ${JSON.stringify(name)}: not a class name, compact IRI or IRI`,
      'unknown-type',
      [name],
    );
  }
  return iri;
}

/** The ids of the documents an export covers, in export order; throws ExportRequestError (before any output). */
export async function documentIds(store: QuadStore, options: Pick<ExportOptions, 'ids' | 'type'>): Promise<string[]> {
  const typeIri = options.type === undefined ? undefined : resolveTypeName(options.type);
  let ids: string[];
  if (options.ids !== undefined) {
    ids = [...new Set(options.ids)];
    const unknown: string[] = [];
    for (const id of ids)
      if (!ABSOLUTE_IRI.test(id) || isInternalGraph(id) || !(await store.hasGraph(id))) unknown.push(id);
    if (unknown.length > 0) {
      const relative = unknown.some((id) => !ABSOLUTE_IRI.test(id))
        ? ' (an id is a whole IRI, such as http://example.org/object/1)'
        : '';
      throw new ExportRequestError(
        `no document with id ${unknown.map((id) => `<${id}>`).join(', ')}${relative}`,
        'unknown-id',
        unknown,
      );
    }
  } else {
    ids = (await documentGraphs(store)).sort(codePointOrder);
  }
  if (typeIri !== undefined) {
    const typed = await graphsOfType(store, typeIri);
    ids = ids.filter((id) => typed.has(id));
  }
  return ids;
}

/** The graphs whose root (the graph's own IRI) has the class. */
async function graphsOfType(store: QuadStore, classIri: string): Promise<Set<string>> {
  const result = await store.query(`SELECT DISTINCT ?g WHERE { GRAPH ?g { ?g ${iri(RDF_TYPE)} ${iri(classIri)} } }`);
  const out = new Set<string>();
  if (result.kind !== 'bindings') throw new Error(`the store answered a SELECT with ${result.kind}`);
  for (const row of result.rows) {
    const g = row.g;
    if (g?.t === 'N') out.add(g.v);
  }
  return out;
}

/**
 * The export as text chunks. Errors in the request (unknown ids, unknown class) are thrown by the
 * first `next()`, before any text; a document that disappears while the export runs is skipped.
 */
export async function* exportDocuments(
  store: QuadStore,
  options: ExportOptions,
): AsyncGenerator<string, void, undefined> {
  const { format } = options;
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH));
  const historyFormat = withHistoryFormat(options);
  const ids = await documentIds(store, options);

  let buffer = format === 'turtle' || format === 'trig' ? prefixBlock() : '';
  let written = 0;
  // The next batch is read (in the store's worker, or over the network) while this one is written.
  const read = (start: number): Promise<Batch> | undefined => {
    if (start >= ids.length) return undefined;
    const reading = readBatch(store, ids.slice(start, start + batchSize), historyFormat !== undefined);
    reading.catch(() => undefined); // awaited below; not unhandled if the consumer stops first
    return reading;
  };
  let next = read(0);
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize);
    const { documents, histories } = await next!;
    next = read(start + batchSize);
    for (const id of batch) {
      const stored = documents.get(id);
      if (stored === undefined || stored.quads.length === 0) continue; // deleted meanwhile
      buffer += documentText(format, stored, written);
      const history = histories.get(id);
      if (historyFormat && history) buffer += historyText(historyFormat, history, `d${written}`);
      written++;
      options.onDocument?.(id);
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
  }
  // A whole-store RDF export ends with its merged-away ids (mergedComments.ts), then the histories of ids gone.
  if ((format === 'nquads' || format === 'trig') && options.ids === undefined && options.type === undefined) {
    // With history, each with the texts it was found by (search after a load finds B by them).
    for (const merged of await mergedIdsOf(store, historyFormat !== undefined)) buffer += mergedCommentLine(merged);
    if (historyFormat) yield* goneHistories(store, historyFormat, new Set(ids), batchSize, buffer);
    else if (buffer.length > 0) yield buffer;
  } else if (format === 'ndjson' && options.ids === undefined && options.type === undefined) {
    for (const merged of await mergedIdsOf(store)) buffer += mergedJsonLine(merged);
    if (buffer.length > 0) yield buffer;
  } else if (buffer.length > 0) yield buffer;
}

/** The format of an export with history (N-Quads, TriG); undefined without; ExportRequestError for another format. */
function withHistoryFormat(options: ExportOptions): 'nquads' | 'trig' | undefined {
  if (!options.withHistory) return undefined;
  if (options.format === 'nquads' || options.format === 'trig') return options.format;
  throw new ExportRequestError(
    `--with-history exports the versions as graphs: give --format nquads or trig (${options.format} has no graphs to hold them)`,
    'history-format',
    [options.format],
  );
}

/** The histories of the ids with no live document, after `buffer` (the text not yielded yet). */
async function* goneHistories(
  store: QuadStore,
  format: 'nquads' | 'trig',
  live: ReadonlySet<string>,
  batchSize: number,
  buffer: string,
): AsyncGenerator<string, void, undefined> {
  const gone = await goneWithHistory(store, live);
  for (let start = 0; start < gone.length; start += batchSize) {
    const batch = gone.slice(start, start + batchSize);
    const histories = await historyGraphsOf(store, batch);
    batch.forEach((id, i) => {
      const history = histories.get(id);
      if (history) buffer += historyText(format, history, `g${start + i}`);
    });
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer.length > 0) yield buffer;
}

/** A batch read: its documents, and (with history) their histories. */
interface Batch {
  readonly documents: Map<string, StoredDocument>;
  readonly histories: Map<string, HistoryGraphs>;
}

/** A batch's documents and, asked, their histories. */
async function readBatch(store: QuadStore, ids: readonly string[], withHistory: boolean): Promise<Batch> {
  const [documents, histories] = await Promise.all([
    readDocuments(store, ids),
    withHistory ? historyGraphsOf(store, ids) : new Map<string, HistoryGraphs>(),
  ]);
  return { documents, histories };
}

/** The documents of a batch, their entity and hint graphs read in one call. */
async function readDocuments(store: QuadStore, ids: readonly string[]): Promise<Map<string, StoredDocument>> {
  const quadsOf = new Map<string, { quads: Quad[]; hints: Quad[] }>();
  const hintOwner = new Map<string, string>();
  for (const id of ids) {
    quadsOf.set(id, { quads: [], hints: [] });
    hintOwner.set(hintGraphOf(id), id);
  }
  for (const q of await store.readGraphs([...ids, ...hintOwner.keys()])) {
    const g = q.graph.value;
    const own = quadsOf.get(g);
    if (own) {
      own.quads.push(q);
      continue;
    }
    const owner = hintOwner.get(g);
    if (owner !== undefined) quadsOf.get(owner)!.hints.push(q);
  }
  const out = new Map<string, StoredDocument>();
  for (const [id, { quads, hints }] of quadsOf) out.set(id, { id, quads, hints, lastModified: modifiedFrom(hints) });
  return out;
}

/** One document's text in the export; `index` numbers it in the file (its blank node labels). */
function documentText(format: ExportFormat, stored: StoredDocument, index: number): string {
  if (format === 'ndjson') return JSON.stringify(render(stored).document) + '\n';
  // Without graphs, a `#@document` line says where each document starts, so a load gives back the same documents.
  const marker = format === 'turtle' || format === 'ntriples' ? documentMarkerLine(stored.id) : '';
  const hints = marker + hintCommentLines(stored.hints);
  let data = serializeGraph(format, stored.id, stored.quads);
  if (format === 'turtle' || format === 'trig') data = withoutPrefixLines(data);
  data = relabelBlankNodes(data, `d${index}_`);
  // An empty line between documents in the readable syntaxes.
  return hints + data + (format === 'turtle' || format === 'trig' ? '\n' : '');
}

function codePointOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
