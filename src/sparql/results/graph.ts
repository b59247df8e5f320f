/**
 * The quads of a CONSTRUCT or DESCRIBE in the RDF formats: Turtle, N-Triples, N-Quads and TriG
 * by n3's Writer, RDF/XML by the documents' writer, and Linked Art flavoured JSON-LD by jsonld.js.
 *
 * A query's graph is its default graph: Turtle, N-Triples and RDF/XML write triples (any graph
 * name is dropped); N-Quads, TriG and JSON-LD keep a quad's graph name when it has one.
 */
import jsonld from 'jsonld';
import { Writer } from 'n3';
import { LINKED_ART_CONTEXT_URI, linkedArtContextDocument } from '../../context/linkedArtContext.js';
import { df, type Quad } from '../../rdf/terms.js';
import { PREFIXES } from '../../rdf/syntax/prefixes.js';
import { writeRdfXml } from '../../rdf/syntax/rdfxml.js';

export type GraphFormatName = 'turtle' | 'ntriples' | 'nquads' | 'jsonld' | 'trig' | 'rdfxml';

export async function writeGraph(quads: readonly Quad[], format: GraphFormatName): Promise<string> {
  switch (format) {
    case 'turtle':
      return write('Turtle', quads.map(asTriple), turtlePrefixes(quads));
    case 'ntriples':
      return write('N-Triples', quads.map(asTriple));
    case 'nquads':
      return write('N-Quads', quads);
    case 'jsonld':
      return writeJsonLd(quads);
    case 'trig':
      return write('TriG', quads, turtlePrefixes(quads));
    // The documents' RDF/XML writer; a query's graph has no root, so subjects come in the order met.
    case 'rdfxml':
      return writeRdfXml('', quads);
  }
}

function write(
  format: 'Turtle' | 'N-Triples' | 'N-Quads' | 'TriG',
  quads: readonly Quad[],
  prefixes?: Record<string, string>,
): Promise<string> {
  const writer = new Writer({ format, ...(prefixes ? { prefixes } : {}) });
  writer.addQuads([...quads]);
  return new Promise((resolve, reject) => writer.end((error, text: string) => (error ? reject(error) : resolve(text))));
}

function asTriple(quad: Quad): Quad {
  return quad.graph.termType === 'DefaultGraph' ? quad : df.quad(quad.subject, quad.predicate, quad.object);
}

/**
 * The project's prefix table, less any prefix that is also the scheme of an IRI in the graph:
 * n3's Writer takes an IRI that looks like a prefixed name (`dc:x`, `schema:y`) as one and
 * writes it bare, which would then read back as a different IRI in the prefix's namespace.
 */
function turtlePrefixes(quads: readonly Quad[]): Record<string, string> {
  const schemes = new Set<string>();
  const note = (iri: string): void => {
    schemes.add(iri.slice(0, iri.indexOf(':')));
  };
  for (const quad of quads) {
    for (const term of [quad.subject, quad.predicate, quad.object]) {
      if (term.termType === 'NamedNode') note(term.value);
      else if (term.termType === 'Literal') note(term.datatype.value);
    }
  }
  return Object.fromEntries(Object.entries(PREFIXES).filter(([prefix]) => !schemes.has(prefix)));
}

/** jsonld.js may ask for no document: the Linked Art context is given to it as an object. */
// eslint-disable-next-line @typescript-eslint/require-await -- jsonld.js's documentLoader returns a Promise: the refusal is a rejection
async function refuseToFetch(url: string): Promise<never> {
  throw new Error(`JSON-LD output does not fetch documents; it was asked for ${url}.`);
}

/**
 * JSON-LD compacted with the bundled Linked Art v1 context, named by its URI in the output as
 * Linked Art documents do. Nodes are written flat (one per subject, linked by id), not framed
 * into trees: a query's graph has no single root. jsonld.js refuses some graphs (an IRI such as
 * `dc:x` that the context's prefixes would misread); its error, whose details hold the whole
 * compiled context, is replaced by a short one.
 */
async function writeJsonLd(quads: readonly Quad[]): Promise<string> {
  let compacted: Record<string, unknown>;
  try {
    const expanded = await jsonld.fromRDF(quads, {});
    const context = linkedArtContextDocument() as unknown as jsonld.ContextDefinition;
    compacted = await jsonld.compact(expanded, context, { documentLoader: refuseToFetch });
  } catch (error) {
    throw new Error(
      `Cannot write the graph as JSON-LD: ${(error as Error).message.replace(/\.?$/, '.')} Ask for Turtle or N-Triples instead.`,
    );
  }
  const { '@context': _inline, ...body } = compacted;
  return JSON.stringify({ '@context': LINKED_ART_CONTEXT_URI, ...body }, null, 2) + '\n';
}
