/**
 * Where an entity's pictures are, in Linked Art's terms — one rule, read alike from a rendered
 * document (the entity's page) and from its graph's quads (the thumbnails of lists), through a
 * NodeReader. The digital objects that show it: the entity itself when it is one, then those its
 * `representation` VisualItems and it itself are `digitally_shown_by`. Of each, its IIIF Image
 * API services (`digitally_available_via` a service that `conforms_to` the IIIF Image API, at the
 * service's `access_point`), else, when its `format` is an image's, its `access_point`s. Only
 * http(s) URLs: a picture is fetched by the reader's browser from wherever the data says.
 */

/** The keys the rule follows from node to node. */
export type PictureLink =
  'representation' | 'digitally_shown_by' | 'digitally_available_via' | 'conforms_to' | 'access_point';

/** How the rule reads a node of some form (a JSON-LD node, an RDF term in its graph). */
export interface NodeReader<N> {
  /** The nodes `key` of `node` links to. */
  nodes(node: N, key: PictureLink): readonly N[];
  /** A node's IRI; undefined for a blank node. */
  id(node: N): string | undefined;
  /** A node's `format` values, in the document's order. */
  formats(node: N): readonly string[];
}

/** One picture of an entity: the digital object, and either a IIIF Image service's base URL or an image's URL. */
export type FoundPicture<N> =
  | { readonly digital: N; readonly iiif: string; readonly url?: undefined }
  | { readonly digital: N; readonly url: string; readonly iiif?: undefined };

const IIIF_IMAGE_API = /^https?:\/\/iiif\.io\/api\/image/;
const WEB_URL = /^https?:/;

/** The pictures of a digital object: IIIF services first; its image access points only when it has none. */
export function picturesOfDigital<N>(reader: NodeReader<N>, digital: N): FoundPicture<N>[] {
  const found: FoundPicture<N>[] = [];
  for (const service of reader.nodes(digital, 'digitally_available_via')) {
    if (!reader.nodes(service, 'conforms_to').some((c) => IIIF_IMAGE_API.test(reader.id(c) ?? ''))) continue;
    for (const point of reader.nodes(service, 'access_point')) {
      const base = reader.id(point);
      if (base && WEB_URL.test(base)) found.push({ digital, iiif: base.replace(/\/(info\.json)?$/, '') });
    }
  }
  if (found.length > 0 || !reader.formats(digital)[0]?.startsWith('image/')) return found;
  for (const point of reader.nodes(digital, 'access_point')) {
    const url = reader.id(point);
    if (url && WEB_URL.test(url)) found.push({ digital, url });
  }
  return found;
}

/** Every picture of an entity (its own, then those of what shows it), each image once. */
export function picturesOfEntity<N>(reader: NodeReader<N>, entity: N): FoundPicture<N>[] {
  const shownBy = [entity, ...reader.nodes(entity, 'representation')].flatMap((n) =>
    reader.nodes(n, 'digitally_shown_by'),
  );
  const seen = new Set<string>();
  const pictures: FoundPicture<N>[] = [];
  for (const digital of [entity, ...shownBy]) {
    for (const picture of picturesOfDigital(reader, digital)) {
      const key = picture.iiif !== undefined ? `iiif ${picture.iiif}` : picture.url;
      if (seen.has(key)) continue;
      seen.add(key);
      pictures.push(picture);
    }
  }
  return pictures;
}

/**
 * A IIIF Image service's picture fitting a square of `size` pixels (`!size,size`, the whole image, as
 * a JPEG: valid in IIIF Image API 2 and 3 alike).
 */
export function iiifImageUrl(base: string, size: number): string {
  return `${base}/full/!${size},${size}/0/default.jpg`;
}

/** A IIIF Image service's description (its sizes and tiles), from which a deep-zoom viewer starts. */
export function iiifInfoUrl(base: string): string {
  return `${base}/info.json`;
}

/** A picture's URL at a size: a IIIF service's picture fitting `size`, else the image as it is. */
export function pictureUrl(picture: FoundPicture<unknown>, size: number): string {
  return picture.iiif !== undefined ? iiifImageUrl(picture.iiif, size) : picture.url;
}
