/**
 * RDF dumps (N-Quads, TriG, Turtle, N-Triples), read as a stream in order, cut into the records
 * of the documents they hold (gatheredDocuments.ts: by graph, by `#@document` line, with their
 * `#@hint` lines and history graphs).
 *
 * Triples with no graph and no `#@document` line are gathered and split into documents at the
 * end (splitTriples). An input that breaks off says where, and loads nothing it cut short.
 */
import type { Readable } from 'node:stream';
import { df, type Quad } from '../rdf/terms.js';
import { nquadsItems } from './nquadsItems.js';
import { orderedQuads } from './orderedQuads.js';
import type { ParsedItem } from '../rdf/syntax/parsedItem.js';
import type { LoadRecord } from './records.js';
import { GatheredDocuments } from './gatheredDocuments.js';
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

export interface RdfReadOptions {
  /** Only subjects under this URL are documents when triples are split. */
  readonly baseUrl?: string;
}

export async function* rdfRecords(
  input: Readable,
  format: RdfFormat,
  options: RdfReadOptions = {},
): AsyncGenerator<LoadRecord> {
  const documents = new GatheredDocuments();
  const out: LoadRecord[] = [];
  try {
    for await (const batch of itemsOf(input, format)) {
      for (const item of batch) {
        documents.take(item, out);
        // Handed on as soon as complete (most items complete nothing).
        if (out.length > 0) yield* handedOn(out);
      }
    }
    documents.end(out);
    yield* handedOn(out);
  } catch (error) {
    // The input itself failed (not its syntax): the caller decides (e.g. 413 for a body too large).
    if ((error as { fromInput?: boolean }).fromInput) throw error;
    yield* brokenOff((error as Error).message, documents.inProgress, documents.loose.length);
    return;
  }

  if (documents.loose.length > 0) yield* splitLoose(documents.loose, documents.hints, options.baseUrl);
}

/** The records in `out`, which is emptied. */
function* handedOn(out: LoadRecord[]): Generator<LoadRecord> {
  const records = out.splice(0);
  for (const record of records) yield record;
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

function lineOf(message: string): string {
  const m = /line (\d+)/.exec(message);
  return m ? `line ${m[1]}` : 'input';
}
