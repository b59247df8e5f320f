/**
 * The documents of an RDF dump gathered as its items come (rdfRecords reads them): with named
 * graphs, each graph is one entity's document, its quads gathered while they come in a run and
 * the document handed on when the next graph starts, so memory holds one document at a time. A
 * graph whose quads come back after another graph has started is reported (its later quads are
 * not merged into a document already loaded). Triples with no graph go to the document a
 * `#@document <id>` line opened, or are kept `loose`, to be split at the end (splitTriples).
 * Shape hints (`#@hint` lines) are kept by the document whose hint graph they name; a document's
 * history graphs are gathered by the document they belong to, handed on as one record once
 * another graph starts.
 */
import type { Quad_Graph } from '@rdfjs/types';
import { parseMergedComment } from '../export/mergedComments.js';
import { DOCUMENT_MARKER_PREFIX, parseDocumentMarker } from '../export/documentMarker.js';
import { parseHintCommentText } from '../export/hintComments.js';
import { HINT_GRAPH_PREFIX } from '../hints/Skeleton.js';
import { isHistoryGraph } from '../history/versionGraphs.js';
import { df, type Quad } from '../rdf/terms.js';
import { isLineMark, type ParsedItem } from '../rdf/syntax/parsedItem.js';
import { documentOfGraph } from '../store/internalGraphs.js';
import type { HistoryRecord, LoadRecord } from './records.js';

/** The text after `#` a document marker line starts with. */
const DOCUMENT_MARKER_TEXT = DOCUMENT_MARKER_PREFIX.slice(1);

/** The document being gathered; `graph` is the term its quads have as their graph. */
interface InProgress {
  readonly id: string;
  readonly graph: Quad_Graph;
  readonly quads: Quad[];
  readonly number: number;
  readonly marked: boolean;
  readonly line: number | undefined;
}

export class GatheredDocuments {
  /** Shape hints by the id of their document, until it is handed on. */
  readonly hints = new Map<string, Quad[]>();
  /** Triples with no graph and no `#@document` line before them. */
  readonly loose: Quad[] = [];
  private readonly finished = new Set<string>();
  private readonly refused = new Set<string>();
  private current: InProgress | undefined;
  /** The history being gathered (history graphs of one document, in a run). */
  private history: HistoryRecord | undefined;
  /** The line of the last place a document could start (parsedItem.ts). */
  private line: number | undefined;
  /** The document a `#@document` line opened, for triples with no graph. */
  private marked: string | undefined;
  private count = 0;
  /** Quads of graphs that are no document, reported once per graph at the end. */
  private readonly asides = new Map<string, { message: string; quads: Quad[] }>();

  /** The id of the document in progress, if any. */
  get inProgress(): string | undefined {
    return this.current?.id;
  }

  /** One item of the input; what it completes is pushed to `out` (a plain list: a generator a quad would cost). */
  take(item: ParsedItem, out: LoadRecord[]): void {
    if (typeof item === 'string') return this.comment(item, out);
    if (isLineMark(item)) {
      this.line = item.line;
      return;
    }
    const graph = item.graph;
    // Most quads: the next one of the document in progress, its graph the very term of the one before.
    if (this.current !== undefined && graph === this.current.graph) {
      this.current.quads.push(item);
      return;
    }
    if (graph.termType === 'DefaultGraph') {
      if (this.marked !== undefined) this.into(this.marked, item, true, out);
      else this.loose.push(item);
      return;
    }
    if (graph.termType === 'NamedNode' && isHistoryGraph(graph.value)) return this.historyQuad(graph.value, item, out);
    const aside = noDocument(graph);
    if (aside) this.setAside(aside.location, aside.message, item);
    else this.into(graph.value, item, false, out);
  }

  /** At the end of the input: the document and the history in progress, then the graphs that are no document. */
  end(out: LoadRecord[]): void {
    this.complete(out);
    this.historyDone(out);
    for (const [location, { message, quads }] of this.asides) out.push({ kind: 'leftover', location, message, quads });
  }

  private comment(item: string, out: LoadRecord[]): void {
    const merged = parseMergedComment(item);
    if (!merged) {
      this.marked = readComment(item, this.hints) ?? this.marked;
      return;
    }
    const { problem, ...id } = merged;
    out.push({ kind: 'merged', location: `line ${this.line}`, ...id });
    if (problem !== undefined)
      out.push({ kind: 'leftover', location: `line ${this.line}`, message: problem, quads: [] });
  }

  private historyQuad(graph: string, q: Quad, out: LoadRecord[]): void {
    const owner = documentOfGraph(graph);
    // A document's history follows it: the document is complete.
    this.complete(out);
    if (this.history?.id !== owner) this.historyDone(out);
    this.history ??= {
      kind: 'history',
      location: `line ${this.line} (the history of <${owner}>)`,
      id: owner,
      graphs: new Map(),
    };
    const list = this.history.graphs.get(graph);
    if (list) list.push(q);
    else this.history.graphs.set(graph, [q]);
  }

  /** Quads of document `id` (a graph, or a marked run of triples), in one run. */
  private into(id: string, q: Quad, isMarked: boolean, out: LoadRecord[]): void {
    if (this.current?.id !== id) {
      this.historyDone(out);
      this.complete(out);
      if (this.finished.has(id)) {
        if (!this.refused.has(id)) {
          this.refused.add(id);
          out.push({
            kind: 'unreadable',
            location: `<${id}>`,
            message: `quads of <${id}> come again after other documents; a document's quads must be together. The later ones are not loaded.`,
          });
        }
        return;
      }
      this.current = {
        id: ownCopy(id),
        graph: isMarked ? df.namedNode(id) : q.graph,
        quads: [],
        number: ++this.count,
        marked: isMarked,
        line: this.line,
      };
    }
    const current = this.current;
    // A quad in its graph is kept as it is; a triple of a marked document is put in the document's graph.
    current.quads.push(
      q.graph === current.graph || (q.graph.termType === 'NamedNode' && q.graph.value === id)
        ? q
        : df.quad(q.subject, q.predicate, q.object, current.graph),
    );
  }

  /** The document in progress, handed on. */
  private complete(out: LoadRecord[]): void {
    const current = this.current;
    if (!current) return;
    const { id, number } = current;
    this.finished.add(id);
    const which = current.marked ? `document ${number} <${id}>` : `graph ${number} <${id}>`;
    const location = current.line === undefined ? which : `line ${current.line} (${which})`;
    out.push({ kind: 'graph', location, id, quads: current.quads, hints: this.hints.get(id) ?? [] });
    this.hints.delete(id);
    this.current = undefined;
  }

  /** The history gathered, handed on. */
  private historyDone(out: LoadRecord[]): void {
    if (this.history) out.push(this.history);
    this.history = undefined;
  }

  private setAside(location: string, message: string, q: Quad): void {
    const seen = this.asides.get(location);
    if (seen) seen.quads.push(q);
    else this.asides.set(location, { message, quads: [q] });
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
