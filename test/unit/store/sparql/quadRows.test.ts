/**
 * A graph read from the remote store is a set of quads, whatever rows the store answers: Virtuoso
 * was seen answering a document's rdf:type rows twice under several writing processes, and the
 * document then rendered with its `type` twice and another ETag (a spurious 412).
 */
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlainTerm } from '../../../../src/rdf/terms.js';
import { renderDocument } from '../../../../src/rebuild/renderDocument.js';
import { quadRowsAsSet } from '../../../../src/store/sparql/quadRows.js';
import { SparqlStore } from '../../../../src/store/sparql/SparqlStore.js';

const ID = 'http://localhost:8080/object/chain';
const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const NAME = 'urn:linkedart-service:genid:2db9176a-0';

const iri = (v: string): PlainTerm => ({ t: 'N', v });
const row = (s: PlainTerm, p: string, o: PlainTerm) => ({ g: iri(ID), s, p: iri(p), o });

/** The document as stored: an object with a label and a Name (its node a skolem IRI, as Virtuoso keeps it). */
const STORED = [
  row(iri(ID), RDF_TYPE, iri(CRM + 'E22_Human-Made_Object')),
  row(iri(ID), 'http://www.w3.org/2000/01/rdf-schema#label', { t: 'L', v: 'link 0' }),
  row(iri(ID), CRM + 'P1_is_identified_by', iri(NAME)),
  row(iri(NAME), RDF_TYPE, iri(CRM + 'E33_E41_Linguistic_Appellation')),
  row(iri(NAME), CRM + 'P190_has_symbolic_content', { t: 'L', v: 'Object chain' }),
];
/** The same, answered as Virtuoso answered it: both rdf:type rows twice. */
const ANSWERED = [...STORED, STORED[0], STORED[3]];

function xmlTerm(term: PlainTerm): string {
  const text = term.v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  if (term.t === 'N') return `<uri>${text}</uri>`;
  if (term.t === 'B') return `<bnode>${text}</bnode>`;
  const attrs = term.l ? ` xml:lang="${term.l}"` : term.d ? ` datatype="${term.d}"` : '';
  return `<literal${attrs}>${text}</literal>`;
}

function sparqlXml(rows: ReadonlyArray<Record<string, PlainTerm>>): string {
  const results = rows.map(
    (r) =>
      `<result>${Object.entries(r)
        .map(([name, term]) => `<binding name="${name}">${xmlTerm(term)}</binding>`)
        .join('')}</result>`,
  );
  return (
    '<?xml version="1.0"?><sparql xmlns="http://www.w3.org/2005/sparql-results#">' +
    '<head><variable name="g"/><variable name="s"/><variable name="p"/><variable name="o"/></head>' +
    `<results>${results.join('')}</results></sparql>`
  );
}

/** A store answering every query with `rows`. */
async function storeAnswering(
  rows: ReadonlyArray<Record<string, PlainTerm>>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/sparql-results+xml' });
      response.end(sparqlXml(rows));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparql`, server };
}

describe('quadRowsAsSet: the rows of a graph read as the set of quads they stand for', () => {
  it('a row answered twice is one quad, in the order first answered', () => {
    const quads = quadRowsAsSet(ANSWERED);
    expect(quads).to.have.length(STORED.length);
    expect(quads.map(([s, p, o]) => [s.v, p.v, o.v])).to.deep.equal(STORED.map((r) => [r.s.v, r.p.v, r.o.v]));
  });

  it('terms that differ only in kind, language or datatype stay apart', () => {
    const subject = iri(ID);
    const objects: PlainTerm[] = [
      iri('http://example.org/x'),
      { t: 'L', v: 'http://example.org/x' },
      { t: 'L', v: 'x', l: 'en' },
      { t: 'L', v: 'x', l: 'fr' },
      { t: 'L', v: 'x' },
      { t: 'L', v: 'x', d: 'http://example.org/type' },
      { t: 'B', v: 'x' },
    ];
    expect(quadRowsAsSet(objects.map((o) => row(subject, 'http://example.org/p', o)))).to.have.length(objects.length);
  });

  it('rows of other graphs are other quads', () => {
    const other = { ...STORED[0], g: iri('http://localhost:8080/object/other') };
    expect(quadRowsAsSet([STORED[0], other])).to.have.length(2);
  });
});

describe('SparqlStore.readGraphs: a document Virtuoso answered with rows twice', () => {
  let store: { url: string; server: Server } | undefined;
  afterEach(() => store?.server.close());

  it('is read once, and renders as the document stored: each type once', async () => {
    store = await storeAnswering(ANSWERED);
    const quads = await new SparqlStore({ queryUrl: store.url }).readGraphs([ID]);
    expect(quads).to.have.length(STORED.length);
    const rendered = renderDocument(ID, quads)?.document;
    expect(rendered?.type).to.equal('HumanMadeObject');
    expect(rendered?.identified_by).to.deep.equal([{ type: 'Name', content: 'Object chain' }]);
  });
});
