/**
 * Every corpus document over HTTP: the JSON-LD served is what the foundation's round trip
 * gives, and every RDF format served reads back (n3, Oxigraph for RDF/XML) to a graph
 * isomorphic, term for term, to what jsonld.js's toRDF reads from the served JSON-LD.
 */
import { expect } from 'chai';
import { withoutLinks } from '../support/withoutLinks.js';
import { Parser } from 'n3';
import { parse as parseWithOxigraph } from 'oxigraph';
import { repairDocument } from '../../src/ingest/repairs/repairDocument.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import type { Quad } from '../../src/rdf/terms.js';
import { renderDocument } from '../../src/rebuild/renderDocument.js';
import { acceptedCorpus } from '../support/accepted.js';
import { canonical, referenceToRdf, toNTriples } from '../support/rdf.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const FORMATS: Array<[string, (text: string) => Quad[]]> = [
  ['ttl', (t) => new Parser({ format: 'text/turtle' }).parse(t)],
  ['nt', (t) => new Parser({ format: 'N-Triples' }).parse(t)],
  ['nq', (t) => new Parser({ format: 'N-Quads' }).parse(t)],
  ['trig', (t) => new Parser({ format: 'application/trig' }).parse(t)],
  ['rdf', (t) => parseWithOxigraph(t, { format: 'application/rdf+xml' })],
];

describe('HTTP: every corpus document in every format', function () {
  this.timeout(300000);
  // What a write can store: the gate's verdict (ingest and shapes), after the repairs a load makes
  // (a bare date such as "2010-08-01" is no xsd:dateTime: the gate refuses it, a repair completes it).
  const accepted = acceptedCorpus((json, file) => admitDocument(repairDocument(json).document, file));
  let app: TestApp;
  before(async () => {
    app = await startTestApp(accepted, { baseUrl: 'https://linked.art/example/' });
  });
  after(async () => {
    await app.close();
  });

  it('serves the 146 corpus documents a load stores', () => {
    expect(accepted).to.have.length(146);
  });

  for (const doc of accepted) {
    const path = new URL(doc.id).pathname;
    it(`${path}: JSON-LD as the round trip gives it, and the same graph in ${FORMATS.map(([f]) => f).join(', ')}`, async () => {
      const response = await fetch(app.origin + path);
      expect(response.status).to.equal(200);
      const served = withoutLinks((await response.json()) as object);
      expect(served).to.deep.equal(renderDocument(doc.id, [...doc.quads, ...doc.hintQuads])!.document);
      // One graph, every format: jsonld.js's toRDF of the served JSON-LD is the graph every other
      // format says, term for term (a double is `9.15E1` in all of them, never `91.5` in some).
      const expected = await canonical(await referenceToRdf(served));
      for (const [format, parse] of FORMATS) {
        const answer = await fetch(`${app.origin}${path}?format=${format}`);
        expect(answer.status, format).to.equal(200);
        const quads = parse(await answer.text());
        if (format === 'nq' || format === 'trig') for (const q of quads) expect(q.graph.value, format).to.equal(doc.id);
        expect(await canonical(toNTriples(quads)), format).to.equal(expected);
      }
    });
  }
});
