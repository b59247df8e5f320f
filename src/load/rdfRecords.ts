/**
 * RDF dumps (N-Quads, TriG, Turtle, N-Triples), read as a stream in order.
 *
 * With named graphs, each graph is one entity's document: its quads are gathered while
 * they come in a run, and the document is handed on when the next graph starts, so memory
 * holds one document at a time. A graph whose quads come back after another graph has
 * started is reported (its later quads are not merged into a document already loaded).
 *
 * Triples with no graph: when `#@document <id>` comment lines mark where each document
 * starts (as `linkedart export` writes Turtle and N-Triples), they are grouped like graphs;
 * otherwise they are gathered and split into documents at the end (splitTriples).
 * Shape hints travel as `#@hint` comment lines; they are matched to their document by the
 * hint graph they name. A document's history graphs (an export with history) are gathered by
 * the document they belong to, and handed on as one record once another graph starts.
 */
import { parseMergedComment } from '../export/mergedComments.js';
import type { Readable } from 'node:stream';
import type { Quad_Graph } from '@rdfjs/types';
import { HINT_GRAPH_PREFIX } from '../hints/Skeleton.js';
import { DOCUMENT_MARKER_PREFIX, parseDocumentMarker } from '../export/documentMarker.js';
import { parseHintCommentText } from '../export/hintComments.js';
import { df, type Quad } from '../rdf/terms.js';
import { nquadsItems } from './nquadsItems.js';
import { orderedQuads } from './orderedQuads.js';
import { isLineMark, type ParsedItem } from '../rdf/syntax/parsedItem.js';
import type { HistoryRecord, LoadRecord } from './records.js';
import { isHistoryGraph } from '../history/versionGraphs.js';
import { documentOfGraph } from '../store/internalGraphs.js';
import { splitTriples } from './splitTriples.js';

export type RdfFormat = 'nquads' | 'trig' | 'turtle' | 'ntriples';

/**
 * The quads and comments of the input: N-Quads and N-Triples line by line (nquadsItems, which
 * leaves to n3 only what it does not know), TriG and Turtle by n3.
 */
function itemsOf(input: Readable, format: RdfFormat): AsyncGenerator<ParsedItem[]> {
  switch (format) {
    case 'nquads':
      return nquadsItems(input, 'N-Quads');
    case 'ntriples':
      return nquadsItems(input, 'N-Triples');
    case 'trig':
      return orderedQuads(input, 'application/trig');
    case 'turtle':
      return orderedQuads(input, 'text/turtle');
  }
}

/** The text after `#` a document marker line starts with. */
const DOCUMENT_MARKER_TEXT = DOCUMENT_MARKER_PREFIX.slice(1);

export interface RdfReadOptions {
  /** Only subjects under this URL are documents when triples are split. */
  readonly baseUrl?: string;
}

export async function* rdfRecords(
  input: Readable,
  format: RdfFormat,
  options: RdfReadOptions = {},
): AsyncGenerator<LoadRecord> {
  const hints = new Map<string, Quad[]>();
  const loose: Quad[] = [];
  const finished = new Set<string>();
  const refused = new Set<string>();
  /** The document being gathered; `graph` is the term its quads have as their graph. */
  let current:
    | { id: string; graph: Quad_Graph; quads: Quad[]; number: number; marked: boolean; line: number | undefined }
    | undefined;
  /** The history being gathered (history graphs of one document, in a run). */
  let history: HistoryRecord | undefined;
  let line: number | undefined; // the line of the last place a document could start (parsedItem.ts)
  let marked: string | undefined; // the document a `#@document` line opened, for triples with no graph
  let count = 0;
  /** Quads of graphs that are no document, reported once per graph at the end. */
  const asides = new Map<string, { message: string; quads: Quad[] }>();
  const setAside = (location: string, message: string, q: Quad) => {
    const seen = asides.get(location);
    if (seen) seen.quads.push(q);
    else asides.set(location, { message, quads: [q] });
  };

  const complete = function* (): Generator<LoadRecord> {
    if (!current) return;
    const { id, number } = current;
    finished.add(id);
    const which = current.marked ? `document ${number} <${id}>` : `graph ${number} <${id}>`;
    const location = current.line === undefined ? which : `line ${current.line} (${which})`;
    const record: LoadRecord = { kind: 'graph', location, id, quads: current.quads, hints: hints.get(id) ?? [] };
    hints.delete(id);
    current = undefined;
    yield record;
  };

  /** The history gathered, handed on. */
  const historyDone = function* (): Generator<LoadRecord> {
    if (history) yield history;
    history = undefined;
  };

  /** Quads of document `id` (a graph, or a marked run of triples), in one run. */
  const into = function* (id: string, q: Quad, isMarked: boolean): Generator<LoadRecord> {
    if (current?.id !== id) {
      yield* historyDone();
      yield* complete();
      if (finished.has(id)) {
        if (!refused.has(id)) {
          refused.add(id);
          yield {
            kind: 'unreadable',
            location: `<${id}>`,
            message: `quads of <${id}> come again after other documents; a document's quads must be together. The later ones are not loaded.`,
          };
        }
        return;
      }
      current = {
        id: ownCopy(id),
        graph: isMarked ? df.namedNode(id) : q.graph,
        quads: [],
        number: ++count,
        marked: isMarked,
        line,
      };
    }
    // A quad in its graph is kept as it is; a triple of a marked document is put in the document's graph.
    current.quads.push(
      q.graph === current.graph || (q.graph.termType === 'NamedNode' && q.graph.value === id)
        ? q
        : df.quad(q.subject, q.predicate, q.object, current.graph),
    );
  };

  try {
    for await (const batch of itemsOf(input, format)) {
      for (const item of batch) {
        if (isLineMark(item)) {
          line = item.line;
          continue;
        }
        if (typeof item === 'string') {
          const merged = parseMergedComment(item);
          if (merged) yield { kind: 'merged', location: `line ${line}`, ...merged };
          else marked = readComment(item, hints) ?? marked;
          continue;
        }
        const q = item;
        const graph = q.graph;
        // Most quads: the next one of the document in progress, its graph the very term of the one before.
        if (current !== undefined && graph === current.graph) {
          current.quads.push(q);
          continue;
        }
        if (graph.termType === 'DefaultGraph') {
          if (marked !== undefined) yield* into(marked, q, true);
          else loose.push(q);
          continue;
        }
        if (graph.termType === 'NamedNode' && isHistoryGraph(graph.value)) {
          const owner = documentOfGraph(graph.value);
          // A document's history follows it: the document is complete.
          yield* complete();
          if (history?.id !== owner) yield* historyDone();
          history ??= {
            kind: 'history',
            location: `line ${line} (the history of <${owner}>)`,
            id: owner,
            graphs: new Map(),
          };
          const list = history.graphs.get(graph.value);
          if (list) list.push(q);
          else history.graphs.set(graph.value, [q]);
          continue;
        }
        const aside = noDocument(graph);
        if (aside) setAside(aside.location, aside.message, q);
        else yield* into(graph.value, q, false);
      }
    }
    yield* complete();
    yield* historyDone();
    for (const [location, { message, quads }] of asides) yield { kind: 'leftover', location, message, quads };
  } catch (error) {
    // The input itself failed (not its syntax): the caller decides (e.g. 413 for a body too large).
    if ((error as { fromInput?: boolean }).fromInput) throw error;
    yield* brokenOff((error as Error).message, current?.id, loose.length);
    return;
  }

  if (loose.length > 0) yield* splitLoose(loose, hints, options.baseUrl);
}

/** The records of an input that broke off: where, the document in progress, the triples with no graph. */
function* brokenOff(message: string, inProgress: string | undefined, looseTriples: number): Generator<LoadRecord> {
  // n3's messages carry the line: `Unexpected "x" on line 12.`
  yield { kind: 'unreadable', location: lineOf(message), message };
  if (inProgress !== undefined)
    yield {
      kind: 'unreadable',
      location: `<${inProgress}>`,
      message: 'not loaded: the input broke off inside this document',
    };
  // Any document split from the triples with no graph may miss the triples after the break
  // (its triples need not stand together): none is loaded, rather than some loaded partly.
  if (looseTriples > 0) {
    yield {
      kind: 'unreadable',
      location: 'triples with no graph',
      message: `not loaded: the input broke off, so the ${looseTriples} triples with no graph read before it are not split into documents (any of them may be incomplete)`,
    };
  }
}

/** The documents split from the triples with no graph (splitTriples), then what belongs to none. */
function* splitLoose(loose: Quad[], hints: ReadonlyMap<string, Quad[]>, baseUrl?: string): Generator<LoadRecord> {
  const split = splitTriples(loose, { baseUrl });
  let n = 0;
  for (const doc of split.documents) {
    n++;
    yield {
      kind: 'graph',
      location: `document ${n} split from the triples with no graph`,
      id: doc.id,
      quads: doc.quads.map((q) => df.quad(q.subject, q.predicate, q.object, df.namedNode(doc.id))),
      hints: hints.get(doc.id) ?? [],
    };
  }
  if (split.leftovers.length > 0) {
    yield {
      kind: 'leftover',
      location: 'triples with no graph',
      message: `${split.leftovers.length} triples belong to no document${baseUrl ? ` under ${baseUrl}` : ''}`,
      quads: split.leftovers,
    };
  }
}

/**
 * A comment of the input: a shape hint (`#@hint`) is kept with its document's hints; a document
 * marker (`#@document <id>`) gives the id of the document it opens (undefined for any other).
 * (A comment handed over with its `#`, as `##@hint` gives it, is read as the line it makes.)
 */
function readComment(item: string, hints: Map<string, Quad[]>): string | undefined {
  const comment = item.startsWith('#') ? item.slice(1) : item;
  const hint = parseHintCommentText(comment);
  if (hint) {
    const id = hint.graph.value.slice(HINT_GRAPH_PREFIX.length);
    const list = hints.get(id);
    if (list) list.push(hint);
    else hints.set(id, [hint]);
    return undefined;
  }
  return comment.startsWith(DOCUMENT_MARKER_TEXT) ? parseDocumentMarker('#' + comment) : undefined;
}

/** Why the quads of this graph are no entity's document, or undefined when they are. */
function noDocument(graph: Quad_Graph): { location: string; message: string } | undefined {
  if (graph.termType !== 'NamedNode')
    return {
      location: `graph _:${graph.value}`,
      message: "a graph named by a blank node cannot be an entity's document",
    };
  if (graph.value.startsWith('urn:linkedart-service:'))
    return {
      location: `graph <${graph.value}>`,
      message: 'internal graphs of the service are not data (hints travel as #@hint comments)',
    };
  return undefined;
}

/**
 * The id as a string of its own. A value read from the input is a view into the chunk of text it
 * was read from (V8 slices strings so), and the ids of the documents read are kept to the end
 * (and by whoever takes the records): each would keep its whole chunk, the dump's text, alive.
 */
function ownCopy(id: string): string {
  return (' ' + id).slice(1);
}

function lineOf(message: string): string {
  const m = /line (\d+)/.exec(message);
  return m ? `line ${m[1]}` : 'input';
}
