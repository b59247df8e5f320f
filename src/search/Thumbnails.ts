/**
 * The thumbnail of every entity that has a picture, in memory, for the rows of lists (search
 * results, "Referenced by" and entity lists): the page's picture rule (src/linkedart/pictures.ts)
 * read from the entity graph's quads, its first picture, from a IIIF service at a thumbnail's size.
 * Like the name index it is not stored: built from the store on first use (loadThumbnails.ts) and
 * kept by every write (a WriteObserver), so a list row costs one lookup in a map.
 */
import { pictureUrl, picturesOfEntity, type NodeReader, type PictureLink } from '../linkedart/pictures.js';
import { df, nodeKey, type Quad, type Term } from '../rdf/terms.js';
import type { WriteObserver } from '../service/WriteObserver.js';
import { isInternalGraph } from '../store/internalGraphs.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const LA = 'https://linked.art/ns/terms/';

/** The predicate of each key the picture rule follows. */
export const PICTURE_PREDICATES: Readonly<Record<PictureLink, string>> = {
  representation: `${CRM}P138i_has_representation`,
  digitally_shown_by: `${LA}digitally_shown_by`,
  digitally_available_via: `${LA}digitally_available_via`,
  conforms_to: 'http://purl.org/dc/terms/conformsTo',
  access_point: `${LA}access_point`,
};
export const FORMAT = 'http://purl.org/dc/elements/1.1/format';

/** The size (pixels) a IIIF thumbnail is asked for: shown in a 3rem (48 px) square, cropped to fill it, sharp on a 2× screen. */
export const THUMBNAIL_SIZE = 128;

/** The picture rule's reading of one graph's quads: nodes are terms, linked by their subjects' quads. */
function quadReader(quads: readonly Quad[]): NodeReader<Term> {
  const out = new Map<string, Quad[]>();
  for (const q of quads) {
    const key = nodeKey(q.subject);
    if (key === undefined) continue;
    let list = out.get(key);
    if (!list) out.set(key, (list = []));
    list.push(q);
  }
  const objects = (node: Term, predicate: string): Term[] =>
    (out.get(nodeKey(node) ?? '') ?? []).filter((q) => q.predicate.value === predicate).map((q) => q.object);
  return {
    nodes: (node, key) => objects(node, PICTURE_PREDICATES[key]).filter((o) => nodeKey(o) !== undefined),
    id: (node) => (node.termType === 'NamedNode' ? node.value : undefined),
    formats: (node) =>
      objects(node, FORMAT)
        .filter((o) => o.termType === 'Literal')
        .map((o) => o.value),
  };
}

/** The thumbnail URL of the document `id` whose entity graph is `quads`; undefined when it has no picture. */
export function thumbnailFromQuads(id: string, quads: readonly Quad[]): string | undefined {
  // Every picture is at an access point (pictures.ts): without one, reading the graph's nodes costs for nothing (most documents).
  const point = PICTURE_PREDICATES.access_point;
  if (!quads.some((q) => q.predicate.value === point)) return undefined;
  const first = picturesOfEntity(quadReader(quads), df.namedNode(id))[0];
  return first && pictureUrl(first, THUMBNAIL_SIZE);
}

export class Thumbnails implements WriteObserver {
  private readonly urls = new Map<string, string>();

  /** How many entities have a thumbnail. */
  get size(): number {
    return this.urls.size;
  }

  /** The thumbnail of an entity; undefined when it has no picture (or the index does not know it). */
  thumbnailOf(id: string): string | undefined {
    return this.urls.get(id);
  }

  /** Set (or clear) the thumbnail of the document `id` from its entity graph's quads. */
  replace(id: string, quads: readonly Quad[]): void {
    const url = thumbnailFromQuads(id, quads);
    if (url === undefined) this.urls.delete(id);
    else this.urls.set(id, url);
  }

  /** Each entity's thumbnail (to build the index again: src/keptIndexes/). */
  entries(): IterableIterator<[string, string]> {
    return this.urls.entries();
  }

  /** Set the thumbnail of an entity as an earlier build found it (src/keptIndexes/). */
  keep(id: string, url: string): void {
    this.urls.set(id, url);
  }

  /** Apply a write: each entity graph written (empty: the document is gone); internal graphs have no pictures. */
  written(graphs: ReadonlyMap<string, readonly Quad[]>): void {
    for (const [graph, quads] of graphs) if (!isInternalGraph(graph)) this.replace(graph, quads);
  }
}
