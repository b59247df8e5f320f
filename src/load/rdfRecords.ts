/**
 * RDF dumps (N-Quads, TriG, Turtle, N-Triples), streamed through n3's parser.
 *
 * With named graphs, each graph is one entity's document: its quads are gathered while
 * they come in a run, and the document is handed on when the next graph starts, so memory
 * holds one document at a time. A graph whose quads come back after another graph has
 * started is reported (its later quads are not merged into a document already loaded).
 * Triples with no graph are gathered and split into documents at the end (splitTriples).
 * Shape hints travel as `#@hint` comment lines (written by `linkedart export`); they are
 * matched to their document by the hint graph they name.
 */
import type { Readable } from 'node:stream';
import { StreamParser } from 'n3';
import { HINT_GRAPH_PREFIX } from '../hints/Skeleton.js';
import { parseHintComment } from '../export/hintComments.js';
import { df, type Quad } from '../rdf/terms.js';
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
  const parser = new StreamParser({ format: N3_FORMAT[format], comments: true });
  const hints = new Map<string, Quad[]>();
  parser.on('comment', (comment: string) => {
    const hint = parseHintComment(comment.startsWith('#') ? comment : '#' + comment);
    if (hint) {
      const id = hint.graph.value.slice(HINT_GRAPH_PREFIX.length);
      const list = hints.get(id);
      if (list) list.push(hint); else hints.set(id, [hint]);
    }
  });
  let parseError: Error | undefined;
  input.on('error', (e: Error) => parser.destroy(e));
  const quads = input.pipe(parser) as AsyncIterable<Quad> & Readable;

  const loose: Quad[] = [];
  const finished = new Set<string>();
  const refused = new Set<string>();
  let current: { id: string; quads: Quad[]; number: number } | undefined;
  let graphs = 0;

  const complete = function* (): Generator<LoadRecord> {
    if (!current) return;
    const { id, number } = current;
    finished.add(id);
    const record: LoadRecord = { kind: 'graph', location: `graph ${number} <${id}>`, id, quads: current.quads, hints: hints.get(id) ?? [] };
    hints.delete(id);
    current = undefined;
    yield record;
  };

  try {
    for await (const q of quads) {
      const graph = q.graph;
      if (graph.termType === 'DefaultGraph') { loose.push(q); continue; }
      if (graph.termType !== 'NamedNode') {
        yield { kind: 'leftover', location: `graph _:${graph.value}`, message: 'a graph named by a blank node cannot be an entity\'s document', quads: [q] };
        continue;
      }
      if (graph.value.startsWith(HINT_GRAPH_PREFIX) || graph.value.startsWith('urn:linkedart-service:')) {
        yield { kind: 'leftover', location: `graph <${graph.value}>`, message: 'internal graphs of the service are not data (hints travel as #@hint comments)', quads: [q] };
        continue;
      }
      if (current?.id !== graph.value) {
        yield* complete();
        if (finished.has(graph.value)) {
          if (!refused.has(graph.value)) {
            refused.add(graph.value);
            yield { kind: 'unreadable', location: `graph <${graph.value}>`, message: `quads of graph <${graph.value}> come again after other graphs; a document's quads must be together. The later ones are not loaded.` };
          }
          continue;
        }
        current = { id: graph.value, quads: [], number: ++graphs };
      }
      current.quads.push(df.quad(q.subject, q.predicate, q.object, graph));
    }
    yield* complete();
  } catch (error) {
    parseError = error as Error;
  }
  if (parseError) {
    // n3's messages carry the line: `Unexpected "x" on line 12.`
    yield { kind: 'unreadable', location: lineOf(parseError.message), message: parseError.message };
    if (current) yield { kind: 'unreadable', location: `graph <${current.id}>`, message: 'not loaded: the input broke off inside this graph' };
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
