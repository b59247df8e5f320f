/**
 * RDF dumps (N-Quads, TriG, Turtle, N-Triples), streamed through n3's parser in order.
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
 * hint graph they name.
 */
import type { Readable } from 'node:stream';
import { HINT_GRAPH_PREFIX } from '../hints/Skeleton.js';
import { parseDocumentMarker } from '../export/documentMarker.js';
import { parseHintComment } from '../export/hintComments.js';
import { df, type Quad } from '../rdf/terms.js';
import { orderedQuads } from './orderedQuads.js';
import type { LoadRecord } from './records.js';
import { splitTriples } from './splitTriples.js';

export type RdfFormat = 'nquads' | 'trig' | 'turtle' | 'ntriples';

const N3_FORMAT: Readonly<Record<RdfFormat, string>> = {
  nquads: 'N-Quads', trig: 'application/trig', turtle: 'text/turtle', ntriples: 'N-Triples',
};

export interface RdfReadOptions {
  /** Only subjects under this URL are documents when triples are split. */
  readonly baseUrl?: string;
}

export async function* rdfRecords(input: Readable, format: RdfFormat, options: RdfReadOptions = {}): AsyncGenerator<LoadRecord> {
  const hints = new Map<string, Quad[]>();
  const loose: Quad[] = [];
  const finished = new Set<string>();
  const refused = new Set<string>();
  let current: { id: string; quads: Quad[]; number: number; marked: boolean } | undefined;
  let marked: string | undefined;   // the document a `#@document` line opened, for triples with no graph
  let count = 0;
  /** Quads of graphs that are no document, reported once per graph at the end. */
  const asides = new Map<string, { message: string; quads: Quad[] }>();
  const setAside = (location: string, message: string, q: Quad) => {
    const seen = asides.get(location);
    if (seen) seen.quads.push(q); else asides.set(location, { message, quads: [q] });
  };

  const complete = function* (): Generator<LoadRecord> {
    if (!current) return;
    const { id, number } = current;
    finished.add(id);
    const location = current.marked ? `document ${number} <${id}>` : `graph ${number} <${id}>`;
    const record: LoadRecord = { kind: 'graph', location, id, quads: current.quads, hints: hints.get(id) ?? [] };
    hints.delete(id);
    current = undefined;
    yield record;
  };

  /** Quads of document `id` (a graph, or a marked run of triples), in one run. */
  const into = function* (id: string, q: Quad, isMarked: boolean): Generator<LoadRecord> {
    if (current?.id !== id) {
      yield* complete();
      if (finished.has(id)) {
        if (!refused.has(id)) {
          refused.add(id);
          yield { kind: 'unreadable', location: `<${id}>`, message: `quads of <${id}> come again after other documents; a document's quads must be together. The later ones are not loaded.` };
        }
        return;
      }
      current = { id, quads: [], number: ++count, marked: isMarked };
    }
    current.quads.push(df.quad(q.subject, q.predicate, q.object, df.namedNode(id)));
  };

  try {
    for await (const item of orderedQuads(input, N3_FORMAT[format])) {
      if ('comment' in item) {
        const line = item.comment.startsWith('#') ? item.comment : '#' + item.comment;
        const hint = parseHintComment(line);
        if (hint) {
          const id = hint.graph.value.slice(HINT_GRAPH_PREFIX.length);
          const list = hints.get(id);
          if (list) list.push(hint); else hints.set(id, [hint]);
          continue;
        }
        const documentId = parseDocumentMarker(line);
        if (documentId !== undefined) marked = documentId;
        continue;
      }
      const q = item.quad;
      const graph = q.graph;
      if (graph.termType === 'DefaultGraph') {
        if (marked !== undefined) yield* into(marked, q, true);
        else loose.push(q);
        continue;
      }
      if (graph.termType !== 'NamedNode') {
        setAside(`graph _:${graph.value}`, 'a graph named by a blank node cannot be an entity\'s document', q);
        continue;
      }
      if (graph.value.startsWith('urn:linkedart-service:')) {
        setAside(`graph <${graph.value}>`, 'internal graphs of the service are not data (hints travel as #@hint comments)', q);
        continue;
      }
      yield* into(graph.value, q, false);
    }
    yield* complete();
    for (const [location, { message, quads }] of asides) yield { kind: 'leftover', location, message, quads };
  } catch (error) {
    // The input itself failed (not its syntax): the caller decides (e.g. 413 for a body too large).
    if ((error as { fromInput?: boolean }).fromInput) throw error;
    const message = (error as Error).message;
    // n3's messages carry the line: `Unexpected "x" on line 12.`
    yield { kind: 'unreadable', location: lineOf(message), message };
    if (current) yield { kind: 'unreadable', location: `<${current.id}>`, message: 'not loaded: the input broke off inside this document' };
    // Any document split from the triples with no graph may miss the triples after the break
    // (its triples need not stand together): none is loaded, rather than some loaded partly.
    if (loose.length > 0) {
      yield { kind: 'unreadable', location: 'triples with no graph', message: `not loaded: the input broke off, so the ${loose.length} triples with no graph read before it are not split into documents (any of them may be incomplete)` };
    }
    return;
  }

  if (loose.length > 0) {
    const split = splitTriples(loose, { baseUrl: options.baseUrl });
    let n = 0;
    for (const doc of split.documents) {
      n++;
      yield { kind: 'graph', location: `document ${n} split from the triples with no graph`, id: doc.id, quads: doc.quads.map((q) => df.quad(q.subject, q.predicate, q.object, df.namedNode(doc.id))), hints: hints.get(doc.id) ?? [] };
    }
    if (split.leftovers.length > 0) {
      yield { kind: 'leftover', location: 'triples with no graph', message: `${split.leftovers.length} triples belong to no document${options.baseUrl ? ` under ${options.baseUrl}` : ''}`, quads: split.leftovers };
    }
  }
}

function lineOf(message: string): string {
  const m = /line (\d+)/.exec(message);
  return m ? `line ${m[1]}` : 'input';
}
