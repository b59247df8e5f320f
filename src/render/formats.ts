/**
 * The serializations of one document the service offers: Linked Art JSON-LD, and the same
 * graph in the RDF formats. One row each: the name used in code and by `export --format`,
 * the short name people type (`?format=ttl`), and the media type sent as Content-Type.
 */
export type FormatName = 'jsonld' | 'turtle' | 'trig' | 'ntriples' | 'nquads' | 'rdfxml';

export interface Format {
  readonly name: FormatName;
  /** The short name of `?format=`, also the usual file extension. */
  readonly extension: string;
  /** Content-Type of a response in this format. */
  readonly contentType: string;
  /** Media types in Accept that select this format, most specific first. */
  readonly mediaTypes: readonly string[];
}

/** The media type Linked Art documents are served as (Linked Art API 1.0). */
export const LINKED_ART_MEDIA_TYPE = 'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"';

/** In order of preference: what `*` / `*\/*` / no Accept gets first. */
export const FORMATS: readonly Format[] = [
  {
    name: 'jsonld', extension: 'jsonld', contentType: LINKED_ART_MEDIA_TYPE,
    mediaTypes: [
      LINKED_ART_MEDIA_TYPE,
      // JSON-LD 1.1's own profile for compacted documents: a Linked Art document is one.
      'application/ld+json;profile="http://www.w3.org/ns/json-ld#compacted"',
      'application/ld+json',
      'application/json',
    ],
  },
  { name: 'turtle', extension: 'ttl', contentType: 'text/turtle;charset=utf-8', mediaTypes: ['text/turtle', 'application/x-turtle'] },
  { name: 'ntriples', extension: 'nt', contentType: 'application/n-triples', mediaTypes: ['application/n-triples'] },
  { name: 'nquads', extension: 'nq', contentType: 'application/n-quads', mediaTypes: ['application/n-quads'] },
  { name: 'trig', extension: 'trig', contentType: 'application/trig', mediaTypes: ['application/trig'] },
  { name: 'rdfxml', extension: 'rdf', contentType: 'application/rdf+xml', mediaTypes: ['application/rdf+xml'] },
];

const BY_NAME = new Map<string, Format>();
for (const f of FORMATS) {
  BY_NAME.set(f.name, f);
  BY_NAME.set(f.extension, f);
}
BY_NAME.set('json', BY_NAME.get('jsonld')!);
BY_NAME.set('xml', BY_NAME.get('rdfxml')!);

/** The format a name or extension (`ttl`, `turtle`, `nq`, ...) stands for, case-insensitively. */
export function formatNamed(name: string): Format | undefined {
  return BY_NAME.get(name.toLowerCase());
}

/** The short names accepted by formatNamed, for messages. */
export const FORMAT_EXTENSIONS: readonly string[] = FORMATS.map((f) => f.extension);
