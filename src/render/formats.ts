/**
 * The representations of one document the service offers: Linked Art JSON-LD, the same
 * graph in the RDF formats, and a page for people (HTML). One row each: the name used in
 * code, the short name people type (`?format=ttl`), and the media type sent as Content-Type.
 * HTML is a representation for reading, never a serialization: export and the RDF writers
 * know only the others (RdfSerialization).
 */
export type FormatName = 'jsonld' | 'turtle' | 'trig' | 'ntriples' | 'nquads' | 'rdfxml' | 'html';

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

/**
 * In order of preference: what `*` / `*\/*` / no Accept gets first. HTML comes last, so that
 * only an Accept that names `text/html` above the others gets it: a browser's
 * (`text/html,…,*\/*;q=0.8`) does; `text/*` still gets Turtle, `*\/*` JSON-LD.
 */
export const FORMATS: readonly Format[] = [
  {
    name: 'jsonld',
    extension: 'jsonld',
    contentType: LINKED_ART_MEDIA_TYPE,
    mediaTypes: [
      LINKED_ART_MEDIA_TYPE,
      // JSON-LD 1.1's own profile for compacted documents: a Linked Art document is one.
      'application/ld+json;profile="http://www.w3.org/ns/json-ld#compacted"',
      'application/ld+json',
      'application/json',
    ],
  },
  {
    name: 'turtle',
    extension: 'ttl',
    contentType: 'text/turtle;charset=utf-8',
    mediaTypes: ['text/turtle', 'application/x-turtle'],
  },
  { name: 'ntriples', extension: 'nt', contentType: 'application/n-triples', mediaTypes: ['application/n-triples'] },
  { name: 'nquads', extension: 'nq', contentType: 'application/n-quads', mediaTypes: ['application/n-quads'] },
  { name: 'trig', extension: 'trig', contentType: 'application/trig', mediaTypes: ['application/trig'] },
  { name: 'rdfxml', extension: 'rdf', contentType: 'application/rdf+xml', mediaTypes: ['application/rdf+xml'] },
  // Not application/xhtml+xml: the page is HTML, not XML; a browser names text/html anyway.
  { name: 'html', extension: 'html', contentType: 'text/html;charset=utf-8', mediaTypes: ['text/html'] },
];

/** The page for people. */
export const HTML_FORMAT: Format = FORMATS.find((f) => f.name === 'html')!;

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
