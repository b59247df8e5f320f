/**
 * A SPARQL Protocol client for the tests, sending an operation in each of the protocol's
 * request forms, and the demo facts the SPARQL tests check answers against.
 */
import { demoDocuments } from '../../../src/service/demoCollection.js';

export const BASE = 'https://museum.example.org/collection/';
export const TOKEN = 'curator-token-0123456789';
export const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
export const E22 = `${CRM}E22_Human-Made_Object`;
export const PAINTING_ID = `${BASE}object/harbour-at-dusk`;
export const DOCS = demoDocuments(BASE);

/** Every IRI typed crm:E22_Human-Made_Object in some demo document, in code-point order. */
export const E22_OBJECTS: readonly string[] = [
  ...new Set(
    DOCS.flatMap((d) =>
      d.quads
        .filter(
          (q) =>
            q.predicate.value === 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type' &&
            q.object.value === E22 &&
            q.subject.termType === 'NamedNode',
        )
        .map((q) => q.subject.value),
    ),
  ),
].sort();

export type QueryForm = 'GET' | 'POST form' | 'POST sparql-query';
export type UpdateForm = 'POST form' | 'POST sparql-update';

export interface SendOptions {
  readonly accept?: string | undefined;
  readonly token?: string | undefined;
  /** More protocol parameters: default-graph-uri, named-graph-uri, format. */
  readonly params?: ReadonlyArray<[string, string]>;
  /** HEAD instead of GET. */
  readonly method?: 'HEAD';
}

/** Sends a query in one of the protocol's three forms. */
export function sendQuery(
  origin: string,
  form: QueryForm,
  text: string,
  { accept, token, params = [], method }: SendOptions = {},
): Promise<Response> {
  const headers = headersOf(accept, token);
  switch (form) {
    case 'GET':
      return fetch(sparqlUrl(origin, [['query', text], ...params]), { method: method ?? 'GET', headers });
    case 'POST form':
      return fetch(sparqlUrl(origin, []), {
        method: 'POST',
        headers: { ...headers, 'Content-Type': FORM },
        body: new URLSearchParams([['query', text], ...params]).toString(),
      });
    case 'POST sparql-query':
      return fetch(sparqlUrl(origin, params), {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/sparql-query' },
        body: text,
      });
  }
}

/** Sends an update in one of the protocol's two forms. */
export function sendUpdate(
  origin: string,
  form: UpdateForm,
  text: string,
  { token, params = [] }: SendOptions = {},
): Promise<Response> {
  const headers = headersOf(undefined, token);
  switch (form) {
    case 'POST form':
      return fetch(sparqlUrl(origin, []), {
        method: 'POST',
        headers: { ...headers, 'Content-Type': FORM },
        body: new URLSearchParams([['update', text], ...params]).toString(),
      });
    case 'POST sparql-update':
      return fetch(sparqlUrl(origin, params), {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/sparql-update' },
        body: text,
      });
  }
}

const FORM = 'application/x-www-form-urlencoded';

function sparqlUrl(origin: string, params: ReadonlyArray<[string, string]>): string {
  return `${origin}/sparql${params.length ? '?' + new URLSearchParams([...params]).toString() : ''}`;
}

function headersOf(accept: string | undefined, token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (accept !== undefined) headers['Accept'] = accept;
  if (token !== undefined) headers['Authorization'] = `Bearer ${token}`;
  return headers;
}
