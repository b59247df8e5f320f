/**
 * The formats a query's answer can be written in, and the one call that writes it. Solutions
 * (SELECT rows, an ASK's boolean) go in the SPARQL 1.1 result formats; graphs (CONSTRUCT and
 * DESCRIBE) in the RDF formats. The first format of each list is its default.
 */
import type { QueryResult } from '../QueryResult.js';
import type { QueryForm } from '../parseSparql.js';
import { writeCsvResults } from './csv.js';
import { writeGraph, type GraphFormatName } from './graph.js';
import { writeJsonResults } from './json.js';
import { writeTsvResults } from './tsv.js';
import { writeXmlResults } from './xml.js';

export interface ResultFormat {
  /** json | xml | csv | tsv | turtle | ntriples | nquads | jsonld | trig | rdfxml */
  readonly name: string;
  /** Content-Type of an answer in this format (without charset). */
  readonly mediaType: string;
  /** Other media types a client may ask for it by (answered as mediaType), after every format's own. */
  readonly alsoAccepted?: readonly string[];
  /** What it can write: solutions (SELECT, ASK) or a graph (CONSTRUCT, DESCRIBE). */
  readonly shape: 'solutions' | 'graph';
}

/**
 * SELECT and ASK; JSON first (the default), also for `Accept: application/json`, which many HTTP
 * clients send (Fuseki, Virtuoso and GraphDB answer it with SPARQL JSON results too).
 */
export const SOLUTION_FORMATS: readonly ResultFormat[] = Object.freeze([
  {
    name: 'json',
    mediaType: 'application/sparql-results+json',
    alsoAccepted: ['application/json'],
    shape: 'solutions',
  },
  { name: 'xml', mediaType: 'application/sparql-results+xml', shape: 'solutions' },
  { name: 'csv', mediaType: 'text/csv', shape: 'solutions' },
  { name: 'tsv', mediaType: 'text/tab-separated-values', shape: 'solutions' },
]);

/** CONSTRUCT and DESCRIBE, in every format documents are served in; Turtle first (the default). */
export const GRAPH_FORMATS: readonly ResultFormat[] = Object.freeze([
  { name: 'turtle', mediaType: 'text/turtle', shape: 'graph' },
  { name: 'ntriples', mediaType: 'application/n-triples', shape: 'graph' },
  { name: 'nquads', mediaType: 'application/n-quads', shape: 'graph' },
  { name: 'jsonld', mediaType: 'application/ld+json', alsoAccepted: ['application/json'], shape: 'graph' },
  { name: 'trig', mediaType: 'application/trig', shape: 'graph' },
  { name: 'rdfxml', mediaType: 'application/rdf+xml', shape: 'graph' },
]);

/** The formats of a query form's answer: solutions for SELECT and ASK, a graph for CONSTRUCT and DESCRIBE. */
export function resultFormatsOf(form: QueryForm): readonly ResultFormat[] {
  return form === 'select' || form === 'ask' ? SOLUTION_FORMATS : GRAPH_FORMATS;
}

/** Every media type these formats can be asked for by: each one's own, then the others (alsoAccepted). */
export function acceptedMediaTypes(formats: readonly ResultFormat[]): string[] {
  return [...new Set([...formats.map((f) => f.mediaType), ...formats.flatMap((f) => f.alsoAccepted ?? [])])];
}

const BY_NAME: ReadonlyMap<string, ResultFormat> = new Map(
  [...SOLUTION_FORMATS, ...GRAPH_FORMATS].map((f) => [f.name, f]),
);

/** The format of that name (case does not matter), the very object of the lists above. */
export function resultFormatNamed(name: string): ResultFormat | undefined {
  return BY_NAME.get(name.toLowerCase());
}

/**
 * The result written in the format; throws if the format is not one for this shape of result.
 * The format is recognized by its name, so a copy of a row of the tables above serves as well.
 */
export async function serializeResult(result: QueryResult, format: ResultFormat): Promise<string> {
  const known = resultFormatNamed(format.name);
  if (!known) throw new Error(`${format.name} is not a result format; use one of ${[...BY_NAME.keys()].join(', ')}.`);
  const shape = result.kind === 'quads' ? 'graph' : 'solutions';
  if (known.shape !== shape) {
    const what =
      result.kind === 'quads'
        ? 'A graph (CONSTRUCT or DESCRIBE result)'
        : result.kind === 'boolean'
          ? 'A boolean (ASK result)'
          : 'Solutions (a SELECT result)';
    const formats = shape === 'graph' ? GRAPH_FORMATS : SOLUTION_FORMATS;
    throw new Error(
      `${what} cannot be written as ${known.name} (${known.mediaType}); use one of ${formats.map((f) => f.name).join(', ')}.`,
    );
  }
  if (result.kind === 'quads') return writeGraph(result.quads, known.name as GraphFormatName);
  switch (known.name) {
    case 'json':
      return writeJsonResults(result);
    case 'xml':
      return writeXmlResults(result);
    case 'csv':
      return writeCsvResults(result);
    case 'tsv':
      return writeTsvResults(result);
  }
  throw new Error(`No writer for the solutions format ${known.name}.`);
}
