/**
 * How a document's reverse links are stored: in an internal graph of their own beside its
 * entity graph, written in the same atomic write, so the index survives a crash exactly as the
 * document does, and any process reading the store (the remote store's) sees the same rows.
 *
 *   <target> <urn:linkedart-service:rel:objectProducedByAgent> <document> .   one per row
 *   <document> rdf:type <class IRI> .                                        the hit's `type`
 */
import { linkedArtContext } from '../context/linkedArtContext.js';
import { df, RDF_TYPE, type Quad } from '../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';
import { classNamesByIri } from '../linkedart/kinds.js';
import { type DocumentLinks, type ReverseLink } from './reverseLinksOf.js';

export const LINKS_GRAPH_PREFIX = `${INTERNAL_GRAPH_PREFIX}links:`;
export const RELATION_PREDICATE_PREFIX = `${INTERNAL_GRAPH_PREFIX}rel:`;

export function linksGraphOf(id: string): string {
  return LINKS_GRAPH_PREFIX + id;
}

export function isLinksGraph(graph: string): boolean {
  return graph.startsWith(LINKS_GRAPH_PREFIX);
}

/** The document whose links a links graph holds. */
export function documentOfLinksGraph(graph: string): string {
  return graph.slice(LINKS_GRAPH_PREFIX.length);
}

/** The quads of a document's links graph. */
export function linksQuads(id: string, links: DocumentLinks): Quad[] {
  const graph = df.namedNode(linksGraphOf(id));
  const doc = df.namedNode(id);
  if (links.type === undefined) return [];
  const quads = [
    df.quad(doc, df.namedNode(RDF_TYPE), df.namedNode(linkedArtContext().expandVocab(links.type)!), graph),
  ];
  for (const link of links.links) {
    quads.push(df.quad(df.namedNode(link.target), df.namedNode(RELATION_PREDICATE_PREFIX + link.relation), doc, graph));
  }
  return quads;
}

/** A document's links read back from its links graph's quads. */
export function documentLinksFrom(id: string, quads: readonly Quad[]): DocumentLinks {
  let type: string | undefined;
  const links: ReverseLink[] = [];
  for (const q of quads) {
    if (q.predicate.value === RDF_TYPE && q.subject.value === id) type = classNamesByIri().get(q.object.value) ?? type;
    else if (q.predicate.value.startsWith(RELATION_PREDICATE_PREFIX) && q.object.value === id) {
      links.push({ relation: q.predicate.value.slice(RELATION_PREDICATE_PREFIX.length), target: q.subject.value });
    }
  }
  return { type, links };
}
