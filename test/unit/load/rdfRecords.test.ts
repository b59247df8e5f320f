import { expect } from 'chai';
import { Readable } from 'node:stream';
import { Parser } from 'n3';
import { relabelBlankNodes } from '../../../src/export/documentText.js';
import { hintCommentLines, isExportedHint } from '../../../src/export/hintComments.js';
import { ingestDocument, type IngestedDocument } from '../../../src/ingest/ingestDocument.js';
import { rdfRecords, type RdfFormat } from '../../../src/load/rdfRecords.js';
import type { LoadRecord } from '../../../src/load/records.js';
import { splitTriples } from '../../../src/load/splitTriples.js';
import { df, type Quad, type Term } from '../../../src/rdf/terms.js';
import { writeNTriples } from '../../../src/rdf/syntax/ntriples.js';
import { renderDocument } from '../../../src/render/renderDocument.js';
import { DEMO_DIR, readDocuments } from '../../support/corpus.js';

const B = 'http://localhost:8080/';
const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const TYPE = '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>';
const LABEL = '<http://www.w3.org/2000/01/rdf-schema#label>';
const crm = (name: string): string => `<${CRM}${name}>`;
const iri = (path: string): string => `<${B}${path}>`;

/** Linked Art-ish triples (N-Triples without the final ` .`) of a few entities. */
const OBJECT_1 = [
  `${iri('object/1')} ${TYPE} ${crm('E22_Human-Made_Object')}`,
  `${iri('object/1')} ${LABEL} "Harbour jug"`,
  `${iri('object/1')} ${crm('P108i_was_produced_by')} _:prod1`,
  `_:prod1 ${TYPE} ${crm('E12_Production')}`,
  `_:prod1 ${crm('P14_carried_out_by')} ${iri('person/1')}`,
];
const PERSON_1 = [
  `${iri('person/1')} ${TYPE} ${crm('E21_Person')}`,
  `${iri('person/1')} ${LABEL} "Edith Marrow – 東京 😀"`,
];
const PLACE_1 = [`${iri('place/1')} ${TYPE} ${crm('E53_Place')}`, `${iri('place/1')} ${LABEL} "Whitby"`];
const STRAY = [`<https://other.example.org/thing> ${LABEL} "nobody's"`];

function inGraph(lines: readonly string[], graph: string): string {
  return lines.map((l) => `${l} ${graph} .\n`).join('');
}
function inDefault(lines: readonly string[]): string {
  return lines.map((l) => `${l} .\n`).join('');
}

/** A term as N-Triples text, every blank node `_:_` (parsers relabel them; each test document has few). */
function termText(t: Term): string {
  switch (t.termType) {
    case 'NamedNode':
      return `<${t.value}>`;
    case 'BlankNode':
      return '_:_';
    case 'Literal':
      return (
        JSON.stringify(t.value) +
        (t.language ? `@${t.language}` : t.datatype.value.endsWith('#string') ? '' : `^^<${t.datatype.value}>`)
      );
    default:
      return '';
  }
}
function triples(quads: readonly Quad[]): string[] {
  return quads.map((q) => `${termText(q.subject)} ${termText(q.predicate)} ${termText(q.object)}`).sort();
}
/** Expected N-Triples lines, blank nodes as termText writes them. */
function lines(expected: readonly string[]): string[] {
  return expected.map((l) => l.replace(/_:[A-Za-z0-9_]+/g, '_:_')).sort();
}

async function read(
  chunks: ReadonlyArray<string | Buffer>,
  format: RdfFormat,
  baseUrl?: string,
): Promise<LoadRecord[]> {
  const out: LoadRecord[] = [];
  for await (const record of rdfRecords(Readable.from(chunks), format, { baseUrl })) out.push(record);
  return out;
}

type Expected =
  | { kind: 'graph'; location: string; id: string; triples: readonly string[]; hints?: number }
  | { kind: 'unreadable'; location: string; message: RegExp }
  | { kind: 'leftover'; location: string | RegExp; message: RegExp; triples: readonly string[] };

function check(actual: readonly LoadRecord[], expected: readonly Expected[], how: string): void {
  expect(
    actual.map((r) => `${r.kind} ${r.location}`),
    `${how}: kinds and locations`,
  ).to.have.lengthOf(expected.length);
  expected.forEach((e, i) => {
    const a = actual[i];
    const at = `${how}: record ${i + 1} (${a.kind} ${a.location})`;
    expect(a.kind, at).to.equal(e.kind);
    if (typeof e.location === 'string') expect(a.location, at).to.equal(e.location);
    else expect(a.location, at).to.match(e.location);
    if (e.kind === 'graph' && a.kind === 'graph') {
      expect(a.id, at).to.equal(e.id);
      expect(triples(a.quads), at).to.deep.equal(lines(e.triples));
      for (const q of a.quads)
        expect(q.graph.equals(df.namedNode(e.id)), `${at}: every quad in the graph named by the id`).to.equal(true);
      expect(a.hints, at).to.have.lengthOf(e.hints ?? 0);
    } else if (e.kind === 'leftover' && a.kind === 'leftover') {
      expect(a.message, at).to.match(e.message);
      expect(triples(a.quads), at).to.deep.equal(lines(e.triples));
    } else if (e.kind === 'unreadable' && a.kind === 'unreadable') {
      expect(a.message, at).to.match(e.message);
    }
  });
}

/** The input whole, as bytes cut into a few random pieces, and one byte per chunk. */
function chunkings(text: string): Array<{ how: string; chunks: Array<string | Buffer> }> {
  const bytes = Buffer.from(text, 'utf8');
  const cuts = [7, 61, 62, 63, 200, 333].filter((n) => n < bytes.length);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of cuts) {
    pieces.push(bytes.subarray(from, at));
    from = at;
  }
  pieces.push(bytes.subarray(from));
  return [
    { how: 'whole', chunks: [text] },
    { how: 'cut bytes', chunks: pieces },
    { how: 'one byte per chunk', chunks: Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)) },
  ];
}

/** What splitTriples makes of these triples: the documents rdfRecords must hand on. */
function splitOf(lines: readonly string[], baseUrl?: string): Array<{ id: string; triples: string[] }> {
  const quads = new Parser({ format: 'N-Triples', factory: df }).parse(inDefault(lines));
  return splitTriples(quads, { baseUrl }).documents.map((d) => ({ id: d.id, triples: triples(d.quads) }));
}

function splitRecords(lines: readonly string[], baseUrl?: string): Expected[] {
  return splitOf(lines, baseUrl).map((d, i) => ({
    kind: 'graph',
    location: `document ${i + 1} split from the triples with no graph`,
    id: d.id,
    triples: d.triples,
  }));
}

const TURTLE = `@prefix crm: <${CRM}> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix ex: <${B}> .

ex:object\\/1 a crm:E22_Human-Made_Object ;
  rdfs:label "Harbour jug" ;
  crm:P108i_was_produced_by [ a crm:E12_Production ; crm:P14_carried_out_by ex:person\\/1 ] .

ex:person\\/1 a crm:E21_Person ; rdfs:label "Edith Marrow – 東京 😀" .
`;

const cases: Array<{ name: string; format: RdfFormat; text: string; baseUrl?: string; records: Expected[] }> = [
  {
    name: 'N-Quads with 3 graphs, each in a run: 3 graph records with their quads',
    format: 'nquads',
    text: inGraph(OBJECT_1, iri('object/1')) + inGraph(PERSON_1, iri('person/1')) + inGraph(PLACE_1, iri('place/1')),
    records: [
      // Each graph's line is its first quad's.
      { kind: 'graph', location: `line 1 (graph 1 ${iri('object/1')})`, id: `${B}object/1`, triples: OBJECT_1 },
      { kind: 'graph', location: `line 6 (graph 2 ${iri('person/1')})`, id: `${B}person/1`, triples: PERSON_1 },
      { kind: 'graph', location: `line 8 (graph 3 ${iri('place/1')})`, id: `${B}place/1`, triples: PLACE_1 },
    ],
  },
  {
    name: 'a graph that comes back after another: the first part is a record, the return is reported once',
    format: 'nquads',
    text:
      inGraph(OBJECT_1.slice(0, 2), iri('object/1')) +
      inGraph(PERSON_1, iri('person/1')) +
      inGraph(OBJECT_1.slice(2), iri('object/1')) +
      inGraph(PLACE_1, iri('place/1')) +
      inGraph([`${iri('object/1')} ${LABEL} "again"`], iri('object/1')),
    records: [
      {
        kind: 'graph',
        location: `line 1 (graph 1 ${iri('object/1')})`,
        id: `${B}object/1`,
        triples: OBJECT_1.slice(0, 2),
      },
      { kind: 'graph', location: `line 3 (graph 2 ${iri('person/1')})`, id: `${B}person/1`, triples: PERSON_1 },
      {
        kind: 'unreadable',
        location: iri('object/1'),
        message: new RegExp(`^quads of ${iri('object/1')} come again after other`),
      },
      { kind: 'graph', location: `line 8 (graph 3 ${iri('place/1')})`, id: `${B}place/1`, triples: PLACE_1 },
    ],
  },
  {
    name: 'default-graph triples in N-Quads are split into documents',
    format: 'nquads',
    text: inDefault([...PERSON_1, ...OBJECT_1]),
    records: splitRecords([...PERSON_1, ...OBJECT_1]),
  },
  {
    name: 'named graphs first, then the documents split from the triples with no graph',
    format: 'nquads',
    text: inDefault(PERSON_1) + inGraph(PLACE_1, iri('place/1')),
    records: [
      { kind: 'graph', location: `line 3 (graph 1 ${iri('place/1')})`, id: `${B}place/1`, triples: PLACE_1 },
      ...splitRecords(PERSON_1),
    ],
  },
  {
    name: 'triples that belong to no document: a leftover record with them',
    format: 'ntriples',
    text: inDefault([...PLACE_1, ...STRAY]),
    records: [
      ...splitRecords(PLACE_1),
      {
        kind: 'leftover',
        location: 'triples with no graph',
        message: /^1 triples belong to no document$/,
        triples: STRAY,
      },
    ],
  },
  {
    name: 'with a base URL, a root outside it is left over, and the message says under what',
    format: 'ntriples',
    text: inDefault([...PLACE_1, `<https://other.example.org/place/9> ${TYPE} ${crm('E53_Place')}`]),
    baseUrl: B,
    records: [
      ...splitRecords(PLACE_1, B),
      {
        kind: 'leftover',
        location: 'triples with no graph',
        message: new RegExp(`^1 triples belong to no document under ${B}$`),
        triples: [`<https://other.example.org/place/9> ${TYPE} ${crm('E53_Place')}`],
      },
    ],
  },
  {
    name: 'a syntax error: the line in the location; the graph read before is a record, the graph in progress is not loaded',
    format: 'nquads',
    text:
      inGraph(PLACE_1, iri('place/1')) +
      inGraph(PERSON_1, iri('person/1')) +
      `${iri('person/1')} ${LABEL} not-a-term ${iri('person/1')} .\n` +
      inGraph(OBJECT_1, iri('object/1')),
    records: [
      { kind: 'graph', location: `line 1 (graph 1 ${iri('place/1')})`, id: `${B}place/1`, triples: PLACE_1 },
      { kind: 'unreadable', location: 'line 5', message: /line 5/ },
      { kind: 'unreadable', location: iri('person/1'), message: /^not loaded: the input broke off/ },
    ],
  },
  {
    name: 'a syntax error on the first line',
    format: 'nquads',
    text: `<${B}object/1 ${TYPE} ${crm('E22_Human-Made_Object')} .\n`,
    records: [{ kind: 'unreadable', location: 'line 1', message: /line 1/ }],
  },
  {
    name: 'Turtle: prefixes, `a`, a blank node in [ ] — split into documents',
    format: 'turtle',
    text: TURTLE,
    records: splitRecords([...OBJECT_1, ...PERSON_1]),
  },
  {
    name: 'TriG: each graph a record; triples outside graphs split',
    format: 'trig',
    text: `@prefix crm: <${CRM}> .\n${iri('object/1')} {\n${inDefault(OBJECT_1)}}\n${iri('person/1')} {\n${inDefault(PERSON_1)}}\n${inDefault(PLACE_1)}`,
    records: [
      // A graph's line is its first triple's.
      { kind: 'graph', location: `line 3 (graph 1 ${iri('object/1')})`, id: `${B}object/1`, triples: OBJECT_1 },
      { kind: 'graph', location: `line 10 (graph 2 ${iri('person/1')})`, id: `${B}person/1`, triples: PERSON_1 },
      ...splitRecords(PLACE_1),
    ],
  },
  {
    name: 'a syntax error in Turtle: the line in the location; no document is split from the triples read before it (any may be incomplete)',
    format: 'turtle',
    text: `@prefix crm: <${CRM}> .\n\n${iri('place/1')} a crm:E53_Place .\n${iri('object/1')} a crm:E22_Human-Made_Object ;\n  crm:P3_has_note "unterminated .\n`,
    records: [
      { kind: 'unreadable', location: 'line 5', message: /line 5/ },
      {
        kind: 'unreadable',
        location: 'triples with no graph',
        message: /^not loaded: the input broke off, so the 2 triples with no graph read before it are not split/,
      },
    ],
  },
  {
    name: 'a syntax error in N-Quads after default-graph triples and a graph',
    format: 'nquads',
    text: inGraph(PLACE_1, iri('place/1')) + inDefault(PERSON_1) + '<oops\n',
    records: [
      { kind: 'unreadable', location: 'line 5', message: /line 5/ },
      // Triples with no graph do not end a graph's run: the graph was still open at the break.
      { kind: 'unreadable', location: iri('place/1'), message: /^not loaded: the input broke off/ },
      {
        kind: 'unreadable',
        location: 'triples with no graph',
        message: /^not loaded: the input broke off, so the 2 triples with no graph/,
      },
    ],
  },
];

describe('load: RDF records (rdfRecords)', () => {
  for (const c of cases) {
    it(c.name, async () => {
      for (const { how, chunks } of chunkings(c.text)) check(await read(chunks, c.format, c.baseUrl), c.records, how);
    });
  }

  it('an empty input (an empty file) gives no records, in every format', async () => {
    for (const format of ['nquads', 'ntriples', 'trig', 'turtle'] as const) {
      expect(await read([], format), format).to.deep.equal([]);
      expect(await read([''], format), format).to.deep.equal([]);
    }
  });

  describe("graphs that are no entity's document: leftover records, nothing else", () => {
    const cases: Array<{
      name: string;
      format: RdfFormat;
      text: string;
      location: RegExp;
      message: RegExp;
      triples: readonly string[];
    }> = [
      {
        name: 'a graph named by a blank node (N-Quads)',
        format: 'nquads',
        text: inGraph(PLACE_1, '_:g1'),
        location: /^graph _:/,
        message: /blank node/,
        triples: PLACE_1,
      },
      {
        name: 'a graph named by a blank node (TriG)',
        format: 'trig',
        text: `_:g1 {\n${inDefault(PLACE_1)}}\n`,
        location: /^graph _:/,
        message: /blank node/,
        triples: PLACE_1,
      },
      {
        name: 'a urn:linkedart-service: graph',
        format: 'nquads',
        text: inGraph(PLACE_1, '<urn:linkedart-service:meta>'),
        location: /^graph <urn:linkedart-service:meta>$/,
        message: /internal graphs/,
        triples: PLACE_1,
      },
      {
        name: 'a hint graph written as data',
        format: 'nquads',
        text: inGraph(
          [`${iri('place/1')} <urn:linkedart-service:shape> "{}"`],
          `<urn:linkedart-service:hints:${B}place/1>`,
        ),
        location: /^graph <urn:linkedart-service:hints:/,
        message: /internal graphs/,
        triples: [`${iri('place/1')} <urn:linkedart-service:shape> "{}"`],
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const records = await read([c.text], c.format);
        expect(records.length).to.be.greaterThan(0);
        const quads: Quad[] = [];
        for (const r of records) {
          expect(r.kind).to.equal('leftover');
          if (r.kind !== 'leftover') continue;
          expect(r.location).to.match(c.location);
          expect(r.message).to.match(c.message);
          quads.push(...r.quads);
        }
        expect(triples(quads)).to.deep.equal(lines(c.triples));
      });
    }

    it("between two documents, they do not break the documents' runs", async () => {
      const text = inGraph(PLACE_1, iri('place/1')) + inGraph(STRAY, '_:g') + inGraph(PERSON_1, iri('person/1'));
      const records = await read([text], 'nquads');
      expect(records.map((r) => r.kind).sort()).to.deep.equal(['graph', 'graph', 'leftover']);
      expect(
        records.filter((r) => r.kind === 'graph').map((r) => r.kind === 'graph' && triples(r.quads)),
      ).to.deep.equal([lines(PLACE_1), lines(PERSON_1)]);
    });
  });

  describe('#@hint comment lines', () => {
    const docs = readDocuments(DEMO_DIR)
      .slice(0, 4)
      .map((d) => ({ json: d.json, ingested: ingestDocument(d.json) }));

    /** The hint lines and data of each document, as `linkedart export` writes them. */
    function dump(withGraphs: boolean, order: ReadonlyArray<IngestedDocument> = docs.map((d) => d.ingested)): string {
      return order
        .map(
          (d, i) =>
            hintCommentLines(d.hintQuads) +
            relabelBlankNodes(writeNTriples(d.quads, withGraphs ? d.id : undefined), `d${i}_`),
        )
        .join('');
    }

    function checkHinted(records: readonly LoadRecord[]): void {
      const graphs = records.filter((r): r is Extract<LoadRecord, { kind: 'graph' }> => r.kind === 'graph');
      expect(graphs.map((g) => g.id).sort()).to.deep.equal(docs.map((d) => d.ingested.id).sort());
      for (const { json, ingested } of docs) {
        const record = graphs.find((g) => g.id === ingested.id)!;
        const exported = ingested.hintQuads.filter(isExportedHint);
        expect(exported.length, 'the demo documents have shape hints').to.be.greaterThan(0);
        expect(triples(record.hints), ingested.id).to.deep.equal(triples(exported));
        for (const h of record.hints) expect(h.graph.equals(exported[0].graph)).to.equal(true);
        // With its hints, the record renders back to the very document.
        expect(renderDocument(record.id, [...record.quads, ...record.hints])?.document, ingested.id).to.deep.equal(
          json,
        );
      }
    }

    it("N-Quads: each document's hints attach to its graph record, and render it back exactly", async () => {
      const records = await read([dump(true)], 'nquads');
      expect(records.map((r) => r.kind)).to.deep.equal(['graph', 'graph', 'graph', 'graph']);
      checkHinted(records);
    });

    it('N-Quads cut into small chunks (hint lines split across chunks)', async () => {
      const bytes = Buffer.from(dump(true));
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += 97) chunks.push(bytes.subarray(i, i + 97));
      checkHinted(await read(chunks, 'nquads'));
    });

    it('N-Triples (no graphs): the hints attach to the documents split from the triples', async () => {
      const records = await read([dump(false)], 'ntriples', B);
      checkHinted(records);
    });

    it('a hint line for a document that is not in the dump attaches to nothing', async () => {
      const [first, second] = docs.map((d) => d.ingested) as [IngestedDocument, IngestedDocument];
      const text =
        hintCommentLines(second.hintQuads) + hintCommentLines(first.hintQuads) + writeNTriples(first.quads, first.id);
      const records = await read([text], 'nquads');
      expect(records).to.have.lengthOf(1);
      const record = records[0];
      expect(record.kind === 'graph' && triples(record.hints)).to.deep.equal(
        triples(first.hintQuads.filter(isExportedHint)),
      );
    });

    it('other comments are comments', async () => {
      const [first] = docs.map((d) => d.ingested) as [IngestedDocument];
      const text = `# exported by hand\n#@hintnot a hint\n#@hint <not a quad\n${writeNTriples(first.quads, first.id)}`;
      const records = await read([text], 'nquads');
      expect(records.map((r) => r.kind === 'graph' && r.hints.length)).to.deep.equal([0]);
    });
  });
});
