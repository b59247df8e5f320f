/**
 * Every corpus document over HTTP: the JSON-LD served is what the foundation's round trip
 * gives, and every RDF format served reads back (n3, Oxigraph for RDF/XML) to a graph
 * isomorphic to the entity's graph in the store.
 */
import { expect } from 'chai';
import { Parser } from 'n3';
import { parse as parseWithOxigraph } from 'oxigraph';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import type { Quad } from '../../src/rdf/terms.js';
import { renderDocument } from '../../src/render/renderDocument.js';
import { acceptedCorpus } from '../support/accepted.js';
import { canonical, toNTriples } from '../support/rdf.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const FORMATS: Array<[string, (text: string) => Quad[]]> = [
  ['ttl', (t) => new Parser({ format: 'text/turtle' }).parse(t)],
  ['nt', (t) => new Parser({ format: 'N-Triples' }).parse(t)],
  ['nq', (t) => new Parser({ format: 'N-Quads' }).parse(t)],
  ['trig', (t) => new Parser({ format: 'application/trig' }).parse(t)],
  ['rdf', (t) => parseWithOxigraph(t, { format: 'application/rdf+xml' }) as unknown as Quad[]],
];

describe('HTTP: every corpus document in every format', function () {
  this.timeout(300000);
  const accepted = acceptedCorpus(ingestDocument);
  let app: TestApp;
  before(async () => { app = await startTestApp(accepted, { baseUrl: 'https://linked.art/example/' }); });
  after(async () => { await app.close(); });

  it('serves the 155 accepted corpus documents', () => {
    expect(accepted).to.have.length(155);
  });

  for (const doc of accepted) {
    const path = new URL(doc.id).pathname;
    it(`${path}: JSON-LD as the round trip gives it, and the same graph in ${FORMATS.map(([f]) => f).join(', ')}`, async () => {
      const response = await fetch(app.origin + path);
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal(renderDocument(doc.id, [...doc.quads, ...doc.hintQuads])!.document);
      // The entity's graph as stored (Oxigraph writes numbers in their canonical form: 8.8, not 8.800000000000001E0).
      const expected = await canonical(toNTriples(await app.store.readGraphs([doc.id])));
      for (const [format, parse] of FORMATS) {
        const served = await fetch(`${app.origin}${path}?format=${format}`);
        expect(served.status, format).to.equal(200);
        const quads = parse(await served.text());
        if (format === 'nq' || format === 'trig') for (const q of quads) expect(q.graph.value, format).to.equal(doc.id);
        expect(await canonical(toNTriples(quads)), format).to.equal(expected);
      }
    });
  }
});
