import { expect } from 'chai';
import { Parser } from 'n3';
import { parse as parseWithOxigraph } from 'oxigraph';
import { ingestDocument, type IngestedDocument } from '../../../src/ingest/ingestDocument.js';
import { DocumentRejected } from '../../../src/linkedart/Problem.js';
import { df, XSD, type Quad } from '../../../src/rdf/terms.js';
import { PREFIXES } from '../../../src/rdf/syntax/prefixes.js';
import {
  SerializationError,
  serializeGraph,
  withCanonicalDoubles,
  type RdfSerialization,
} from '../../../src/rdf/syntax/serialize.js';
import { CORPUS_DIR, DEMO_DIR, readDocuments } from '../../support/corpus.js';
import { canonical, toNTriples } from '../../support/rdf.js';

const FORMATS: readonly RdfSerialization[] = ['turtle', 'trig', 'ntriples', 'nquads', 'rdfxml'];
const N3_FORMAT: Readonly<Record<Exclude<RdfSerialization, 'rdfxml'>, string>> = {
  turtle: 'Turtle',
  trig: 'TriG',
  ntriples: 'N-Triples',
  nquads: 'N-Quads',
};
const IN_NAMED_GRAPH: ReadonlySet<RdfSerialization> = new Set(['trig', 'nquads']);
/** The corpus documents ingest refuses (see test/integration/corpus.test.ts). */
const EXPECTED_REJECTIONS = ['concept.1.json', 'provenance.6.json'];

const CRM = PREFIXES.crm;
const RDF_TYPE = df.namedNode(PREFIXES.rdf + 'type');
const ID = 'https://example.org/object/1';

/** The text parsed back with an independent parser: n3 for the Turtle family, Oxigraph for RDF/XML. */
function parseBack(format: RdfSerialization, text: string): Quad[] {
  if (format === 'rdfxml') return parseWithOxigraph(text, { format: 'application/rdf+xml' }).map((q) => df.fromQuad(q));
  return new Parser({ format: N3_FORMAT[format] }).parse(text);
}

/** Serializes, parses back, and checks the same graph came back (in graph <id> where the format has graphs). */
async function expectRoundTrip(format: RdfSerialization, id: string, quads: readonly Quad[]): Promise<string> {
  const text = serializeGraph(format, id, quads);
  let parsed: Quad[];
  try {
    parsed = parseBack(format, text);
  } catch (e) {
    throw new Error(`${format} output does not parse: ${(e as Error).message}\n${text}`);
  }
  for (const q of parsed) {
    if (IN_NAMED_GRAPH.has(format))
      expect(q.graph.termType === 'NamedNode' && q.graph.value, `graph of ${toNTriples([q])}`).to.equal(id);
    else expect(q.graph.termType, 'graph').to.equal('DefaultGraph');
  }
  // Every literal as given, but a double in its one canonical form (`1e3` is written `1.0E3`).
  expect(await canonical(toNTriples(parsed)), `${format} round trip of\n${text}`).to.equal(
    await canonical(toNTriples(withCanonicalDoubles(quads))),
  );
  return text;
}

function triple(s: string, p: string, o: Quad['object']): Quad {
  return df.quad(df.namedNode(s), df.namedNode(p), o, df.namedNode(s));
}

describe('render: serializeGraph round-trips every corpus and demo document', () => {
  const ingested: Array<{ file: string; doc: IngestedDocument }> = [];
  const rejected: string[] = [];
  for (const { file, json } of readDocuments(CORPUS_DIR)) {
    try {
      ingested.push({ file, doc: ingestDocument(json, file) });
    } catch (e) {
      if (!(e instanceof DocumentRejected)) throw e;
      rejected.push(file);
    }
  }
  for (const { file, json } of readDocuments(DEMO_DIR))
    ingested.push({ file: `demo/${file}`, doc: ingestDocument(json, file) });

  it('skips only the known-rejected corpus documents', () => {
    expect(rejected).to.deep.equal(EXPECTED_REJECTIONS);
    expect(ingested.length).to.be.greaterThan(150);
  });

  for (const format of FORMATS) {
    it(`${format}: every document parses back to the same graph`, async () => {
      for (const { file, doc } of ingested) {
        try {
          await expectRoundTrip(format, doc.id, doc.quads);
        } catch (e) {
          throw new Error(`${file}: ${(e as Error).message}`);
        }
      }
    });
  }
});

describe('render: serializeGraph output a reader would check', () => {
  const doc = ingestDocument({
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: ID,
    type: 'HumanMadeObject',
    _label: 'Harbour at Dusk',
    classified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 'Type', _label: 'Painting' }],
    produced_by: {
      type: 'Production',
      timespan: {
        type: 'TimeSpan',
        begin_of_the_begin: '1890-01-01T00:00:00Z',
        end_of_the_end: '1890-12-31T23:59:59Z',
      },
      carried_out_by: [{ id: 'https://example.org/person/edith', type: 'Person', _label: 'Edith Marrow' }],
    },
  });

  it('Turtle: @prefix lines for the prefixes used, crm: names, the root first, `a` first, a nested Production', () => {
    const ttl = serializeGraph('turtle', doc.id, doc.quads);
    const lines = ttl.split('\n');
    expect(lines[0]).to.match(/^@prefix /);
    const declared = lines.filter((l) => l.startsWith('@prefix ')).map((l) => l.split(' ')[1]);
    expect(declared).to.include.members(['crm:', 'rdfs:', 'aat:', 'xsd:']);
    const body = lines.slice(declared.length + 1).join('\n');
    for (const p of declared) expect(body, `prefix ${p} is used`).to.include(p);
    expect(declared).to.not.include('foaf:');
    expect(body.startsWith(`<${ID}> a crm:E22_Human-Made_Object ;\n`), body).to.equal(true);
    expect(body).to.match(
      /crm:P108i_was_produced_by \[\n\s+a crm:E12_Production ;\n\s+crm:P4_has_time-span \[\n\s+a crm:E52_Time-Span ;/,
    );
    expect(body).to.include('"1890-01-01T00:00:00Z"^^xsd:dateTime');
    expect(body).to.include('crm:P2_has_type aat:300033618');
    expect(body).to.not.include('_:'); // every blank node here is used once, so all are nested
  });

  it("TriG: the same, inside the entity's graph", () => {
    const trig = serializeGraph('trig', doc.id, doc.quads);
    expect(trig).to.match(new RegExp(`\\n<${ID}> \\{\\n    <${ID}> a crm:E22_Human-Made_Object ;\\n`));
    expect(trig.trimEnd().endsWith('}')).to.equal(true);
  });

  it('RDF/XML: prefixes from the table, the root first as a typed node, nested blank nodes', () => {
    const xml = serializeGraph('rdfxml', doc.id, doc.quads);
    expect(xml).to.include(`xmlns:crm="${CRM}"`);
    expect(xml).to.match(new RegExp(`<rdf:RDF[^>]*>\\n  <crm:E22_Human-Made_Object rdf:about="${ID}">`));
    expect(xml).to.match(/<crm:P108i_was_produced_by>\n\s+<crm:E12_Production>/);
    expect(xml).to.not.include('rdf:nodeID');
  });

  it("N-Triples / N-Quads: one statement a line, in the entity's graph for N-Quads, whatever graph the quads came in", async () => {
    const elsewhere = doc.quads.map((q) =>
      df.quad(q.subject, q.predicate, q.object, df.namedNode('https://example.org/other')),
    );
    const nq = serializeGraph('nquads', doc.id, elsewhere);
    const lines = nq.trimEnd().split('\n');
    expect(lines).to.have.length(doc.quads.length);
    for (const line of lines) expect(line).to.match(new RegExp(` <${ID}> \\.$`));
    const nt = serializeGraph('ntriples', doc.id, elsewhere);
    expect(
      nt
        .trimEnd()
        .split('\n')
        .every((l) => /^(?:<[^>]+>|_:b\d+) <[^>]+> .* \.$/.test(l)),
    ).to.equal(true);
    await expectRoundTrip('nquads', doc.id, elsewhere);
  });

  it('keeps literals exactly: quotes, newlines, CR, tab, backslash, emoji, language tags, datatypes', async () => {
    const p = CRM + 'P190_has_symbolic_content';
    const hard = 'He said "hi" \'there\'\nline 2\\ end\r\n\ttab 🎨 café """ ]]> <b>&amp;</b> \u0001';
    const quads = [
      // n3's and Oxigraph's parsers both lower-case language tags (RDF allows it), so the round trip
      // uses a lower-case tag; that a tag is written in its own case is checked in the text below.
      triple(ID, p, df.literal(hard.replace('\u0001', ''), 'en-gb')),
      triple(ID, p, df.literal(hard.replace('\u0001', ''))),
      triple(ID, p, df.literal('ends with a quote"')),
      triple(ID, p, df.literal('ends with a quote and newline"\n"')),
      triple(ID, p, df.literal('ünïcödé 日本語', 'ja')),
      triple(ID, p, df.literal('')),
      triple(ID, p, df.literal('', 'fr')),
      triple(ID, p, df.literal('<p>x</p>', df.namedNode(PREFIXES.rdf + 'XMLLiteral'))),
      triple(ID, p, df.literal('01', df.namedNode(XSD + 'integer'))),
      triple(ID, p, df.literal('-5', df.namedNode(XSD + 'integer'))),
      triple(ID, p, df.literal('1.0', df.namedNode(XSD + 'decimal'))),
      triple(ID, p, df.literal('1.', df.namedNode(XSD + 'decimal'))),
      triple(ID, p, df.literal('1e3', df.namedNode(XSD + 'double'))),
      triple(ID, p, df.literal('INF', df.namedNode(XSD + 'double'))),
      triple(ID, p, df.literal('1.5', df.namedNode(XSD + 'float'))),
      triple(ID, p, df.literal('true', df.namedNode(XSD + 'boolean'))),
      triple(ID, p, df.literal('1', df.namedNode(XSD + 'boolean'))),
      triple(ID, p, df.literal('x y', df.namedNode('https://example.org/types#my-type'))),
    ];
    for (const format of FORMATS) await expectRoundTrip(format, ID, quads);
    const tagged = [triple(ID, p, df.literal('colour', 'en-GB'))];
    for (const format of FORMATS)
      expect(serializeGraph(format, ID, tagged), format).to.match(/"@en-GB|xml:lang="en-GB"/);
    // A control character XML 1.0 cannot carry: the text formats escape it, RDF/XML refuses with a clear error.
    const control = [triple(ID, p, df.literal(hard))];
    for (const format of FORMATS.filter((f) => f !== 'rdfxml')) await expectRoundTrip(format, ID, control);
    expect(() => serializeGraph('rdfxml', ID, control)).to.throw(SerializationError, /U\+0001.*XML 1\.0/);
  });

  it('writes IRIs that need care: prefix-unsafe local parts, non-ASCII, &, a namespace itself', async () => {
    const p = CRM + 'P2_has_type';
    const iris = [
      'http://vocab.getty.edu/aat/300(1)?x=a&b=c#frag',
      'http://vocab.getty.edu/aat/ends.with.dot.',
      'http://vocab.getty.edu/aat/300.5',
      "http://vocab.getty.edu/aat/-dash~tilde'quote,comma;semi!",
      'http://vocab.getty.edu/aat/a:b%20c',
      'https://example.org/café/ü日本',
      'https://linked.art/ns/terms/',
      'urn:uuid:0b4a2c5e-7c8d-4e9f-a1b2-c3d4e5f60718',
    ];
    const quads = iris.map((iri) => triple(ID, p, df.namedNode(iri)));
    quads.push(triple('http://vocab.getty.edu/aat/300(1)?x=a&b=c#frag', PREFIXES.rdfs + 'label', df.literal('odd')));
    for (const format of FORMATS) await expectRoundTrip(format, ID, quads);
    const ttl = serializeGraph('turtle', ID, quads);
    expect(ttl).to.include('<http://vocab.getty.edu/aat/300(1)?x=a&b=c#frag>');
    expect(ttl).to.include('<http://vocab.getty.edu/aat/ends.with.dot.>');
    expect(ttl).to.include('la:');
    expect(serializeGraph('rdfxml', ID, quads)).to.include(
      'rdf:resource="http://vocab.getty.edu/aat/300(1)?x=a&amp;b=c#frag"',
    );
  });

  it('refuses, naming it, an IRI no RDF syntax can write (a space, a quote)', () => {
    for (const bad of ['https://example.org/a b', 'https://example.org/a"b']) {
      const quads = [triple(ID, CRM + 'P2_has_type', df.namedNode(bad))];
      for (const format of FORMATS) {
        expect(() => serializeGraph(format, ID, quads), format).to.throw(SerializationError, bad);
      }
    }
  });

  it('RDF/XML: a predicate outside the table gets a generated prefix; one with no XML-name ending is refused, naming it', async () => {
    const o = df.namedNode('https://example.org/thing');
    const fine = [
      triple(ID, 'https://example.org/vocab#has-part.', o),
      triple(ID, 'https://example.org/vocab/123abc', o),
    ];
    const xml = await expectRoundTrip('rdfxml', ID, fine);
    expect(xml).to.match(/xmlns:ns\d+="https:\/\/example.org\/vocab#"/);
    for (const bad of ['https://example.org/vocab/', 'https://example.org/vocab/123', PREFIXES.rdf + 'li']) {
      const quads = [triple(ID, bad, o)];
      expect(() => serializeGraph('rdfxml', ID, quads)).to.throw(
        SerializationError,
        `predicate <${bad}> cannot be written in RDF/XML`,
      );
      for (const format of FORMATS.filter((f) => f !== 'rdfxml')) await expectRoundTrip(format, ID, quads);
    }
  });

  it('labels blank nodes used twice or in a cycle, and nests the rest', async () => {
    const p = df.namedNode(CRM + 'P46_is_composed_of');
    const [shared, c1, c2, self, orphan] = ['shared', 'c1', 'c2', 'self', 'orphan'].map((l) => df.blankNode(l)) as [
      ReturnType<typeof df.blankNode>,
      ...ReturnType<typeof df.blankNode>[],
    ];
    const root = df.namedNode(ID);
    const quads = [
      df.quad(root, p, shared),
      df.quad(root, p, df.blankNode('leaf')),
      df.quad(c1, p, shared),
      df.quad(shared, RDF_TYPE, df.namedNode(CRM + 'E22_Human-Made_Object')),
      df.quad(c1, p, c2),
      df.quad(c2, p, c1), // a cycle of single uses
      df.quad(self, p, self), // a self-loop
      df.quad(orphan, RDF_TYPE, df.namedNode(CRM + 'E55_Type')),
    ];
    for (const format of FORMATS) await expectRoundTrip(format, ID, quads);
    const ttl = serializeGraph('turtle', ID, quads);
    expect(ttl.startsWith('@prefix crm:')).to.equal(true);
    expect(ttl).to.include(`<${ID}> crm:P46_is_composed_of _:b0, [] .`);
  });

  it('writes an empty graph in every format', async () => {
    for (const format of FORMATS) await expectRoundTrip(format, ID, []);
  });
});
