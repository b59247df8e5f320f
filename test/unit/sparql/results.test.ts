import { expect } from 'chai';
import jsonld from 'jsonld';
import { Parser } from 'n3';
import { parse } from 'oxigraph';
import { df, XSD, type PlainTerm, type Quad } from '../../../src/rdf/terms.js';
import { PREFIXES } from '../../../src/rdf/syntax/prefixes.js';
import {
  GRAPH_FORMATS,
  resultFormatNamed,
  serializeResult,
  SOLUTION_FORMATS,
  type ResultFormat,
} from '../../../src/sparql/results/resultFormats.js';
import type { QueryResult } from '../../../src/store/QuadStore.js';
import { canonical, documentLoader, toNTriples } from '../../support/rdf.js';

const LA_CONTEXT = 'https://linked.art/ns/v1/linked-art.json';
const CRM = PREFIXES.crm;
const TRICKY = 'Tab\there, "quoted"\nline\r\\end';

function format(name: string): ResultFormat {
  const found = resultFormatNamed(name);
  if (!found) throw new Error(`no format ${name}`);
  return found;
}

/** Four solutions: every kind of term, characters each format must escape, unbound variables. */
const BINDINGS: QueryResult = {
  kind: 'bindings',
  variables: ['s', 'label', 'n', 'b'],
  rows: [
    {
      s: { t: 'N', v: 'https://ex.org/object/1' },
      label: { t: 'L', v: TRICKY, l: 'en' },
      n: { t: 'L', v: '5', d: XSD + 'integer' },
      b: { t: 'B', v: 'b0' },
    },
    { label: { t: 'L', v: 'plain, with a comma' }, n: { t: 'L', v: '1.5', d: XSD + 'decimal' } },
    {
      s: { t: 'N', v: 'https://ex.org/a?x=1&y=<2>' },
      label: { t: 'L', v: '' },
      n: { t: 'L', v: 'x < y', d: 'https://ex.org/type' },
    },
    {},
  ],
};

describe('query result formats', () => {
  describe('the table', () => {
    it('lists solution formats with JSON first and graph formats with Turtle first', () => {
      expect(SOLUTION_FORMATS.map((f) => f.name)).to.deep.equal(['json', 'xml', 'csv', 'tsv']);
      expect(GRAPH_FORMATS.map((f) => f.name)).to.deep.equal([
        'turtle',
        'ntriples',
        'nquads',
        'jsonld',
        'trig',
        'rdfxml',
      ]);
      expect(SOLUTION_FORMATS.every((f) => f.shape === 'solutions')).to.equal(true);
      expect(GRAPH_FORMATS.every((f) => f.shape === 'graph')).to.equal(true);
      expect([...SOLUTION_FORMATS, ...GRAPH_FORMATS].map((f) => f.mediaType)).to.deep.equal([
        'application/sparql-results+json',
        'application/sparql-results+xml',
        'text/csv',
        'text/tab-separated-values',
        'text/turtle',
        'application/n-triples',
        'application/n-quads',
        'application/ld+json',
        'application/trig',
        'application/rdf+xml',
      ]);
    });

    it('finds a format by name, whatever its case, as the very row of the table', () => {
      for (const f of [...SOLUTION_FORMATS, ...GRAPH_FORMATS]) {
        expect(resultFormatNamed(f.name)).to.equal(f);
        expect(resultFormatNamed(f.name.toUpperCase())).to.equal(f);
      }
      expect(resultFormatNamed('html')).to.equal(undefined);
      expect(resultFormatNamed('')).to.equal(undefined);
    });

    it('refuses to write a result in a format of the other shape', async () => {
      const quads: QueryResult = { kind: 'quads', quads: [] };
      for (const f of GRAPH_FORMATS) {
        await expectRejection(
          serializeResult(BINDINGS, f),
          `Solutions (a SELECT result) cannot be written as ${f.name}`,
        );
        await expectRejection(
          serializeResult({ kind: 'boolean', value: true }, f),
          'A boolean (ASK result) cannot be written as',
        );
      }
      for (const f of SOLUTION_FORMATS) {
        await expectRejection(
          serializeResult(quads, f),
          `A graph (CONSTRUCT or DESCRIBE result) cannot be written as ${f.name} (${f.mediaType}); use one of turtle, ntriples, nquads, jsonld, trig, rdfxml.`,
        );
      }
      await expectRejection(
        serializeResult(BINDINGS, { name: 'html', mediaType: 'text/html', shape: 'solutions' }),
        'html is not a result format',
      );
    });
  });

  describe('SPARQL 1.1 JSON', () => {
    it('writes head.vars and one binding object per solution, unbound variables left out', async () => {
      const json: unknown = JSON.parse(await serializeResult(BINDINGS, format('json')));
      expect(json).to.deep.equal({
        head: { vars: ['s', 'label', 'n', 'b'] },
        results: {
          bindings: [
            {
              s: { type: 'uri', value: 'https://ex.org/object/1' },
              label: { type: 'literal', value: TRICKY, 'xml:lang': 'en' },
              n: { type: 'literal', value: '5', datatype: XSD + 'integer' },
              b: { type: 'bnode', value: 'b0' },
            },
            {
              label: { type: 'literal', value: 'plain, with a comma' },
              n: { type: 'literal', value: '1.5', datatype: XSD + 'decimal' },
            },
            {
              s: { type: 'uri', value: 'https://ex.org/a?x=1&y=<2>' },
              label: { type: 'literal', value: '' },
              n: { type: 'literal', value: 'x < y', datatype: 'https://ex.org/type' },
            },
            {},
          ],
        },
      });
    });

    it('writes an ASK as head and boolean', async () => {
      expect(JSON.parse(await serializeResult({ kind: 'boolean', value: true }, format('json')))).to.deep.equal({
        head: {},
        boolean: true,
      });
      expect(JSON.parse(await serializeResult({ kind: 'boolean', value: false }, format('json')))).to.deep.equal({
        head: {},
        boolean: false,
      });
    });

    it('writes a result with no solutions', async () => {
      const empty: QueryResult = { kind: 'bindings', variables: ['x'], rows: [] };
      expect(JSON.parse(await serializeResult(empty, format('json')))).to.deep.equal({
        head: { vars: ['x'] },
        results: { bindings: [] },
      });
    });
  });

  describe('SPARQL XML', () => {
    it('writes the variables and each bound value, which read back the same', async () => {
      const xml = await serializeResult(BINDINGS, format('xml'));
      expect(xml).to.match(
        /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sparql xmlns="http:\/\/www\.w3\.org\/2005\/sparql-results#">\n/,
      );
      expect(xml.trimEnd()).to.match(/<\/sparql>$/);
      const head = /<head>([\s\S]*?)<\/head>/.exec(xml)![1];
      expect([...head.matchAll(/<variable name="([^"]*)"\/>/g)].map((m) => m[1])).to.deep.equal(
        BINDINGS.kind === 'bindings' ? BINDINGS.variables : [],
      );
      expect(readXmlResults(xml)).to.deep.equal(BINDINGS.kind === 'bindings' ? BINDINGS.rows : []);
      expect(xml, 'a carriage return survives XML line-end normalization').to.include('line&#xD;\\end');
    });

    it('writes an ASK as an empty head and boolean', async () => {
      const xml = await serializeResult({ kind: 'boolean', value: false }, format('xml'));
      expect(xml).to.match(/<head\/>\s*<boolean>false<\/boolean>\s*<\/sparql>/);
      expect(xml).not.to.include('<results>');
    });

    it('refuses a value XML 1.0 cannot carry, pointing to JSON', async () => {
      const result: QueryResult = { kind: 'bindings', variables: ['x'], rows: [{ x: { t: 'L', v: 'bell\u0007' } }] };
      await expectRejection(
        serializeResult(result, format('xml')),
        'Cannot write the results as XML: the value of ?x holds the character U+0007, which XML 1.0 cannot carry; ask for application/sparql-results+json instead.',
      );
    });
  });

  describe('CSV', () => {
    it('writes plain values, RFC 4180 quoting, CRLF line ends and a header row', async () => {
      expect(await serializeResult(BINDINGS, format('csv'))).to.equal(
        [
          's,label,n,b',
          'https://ex.org/object/1,"Tab\there, ""quoted""\nline\r\\end",5,_:b0',
          ',"plain, with a comma",1.5,',
          'https://ex.org/a?x=1&y=<2>,,x < y,',
          ',,,',
          '',
        ].join('\r\n'),
      );
    });

    it('writes an ASK as true or false on one line', async () => {
      expect(await serializeResult({ kind: 'boolean', value: true }, format('csv'))).to.equal('true\r\n');
      expect(await serializeResult({ kind: 'boolean', value: false }, format('csv'))).to.equal('false\r\n');
    });
  });

  describe('TSV', () => {
    it('writes terms in Turtle syntax, tab separated, LF line ends, ?variables in the header', async () => {
      expect(await serializeResult(BINDINGS, format('tsv'))).to.equal(
        [
          '?s\t?label\t?n\t?b',
          '<https://ex.org/object/1>\t"Tab\\there, \\"quoted\\"\\nline\\r\\\\end"@en\t5\t_:b0',
          '\t"plain, with a comma"\t1.5\t',
          '<https://ex.org/a?x=1&y=<2>>\t""\t"x < y"^^<https://ex.org/type>\t',
          '\t\t\t',
          '',
        ].join('\n'),
      );
    });

    const numbers: Array<[string, string, string]> = [
      ['integer', '42', '42'],
      ['integer', '-7', '-7'],
      ['integer', '+7', '+7'],
      ['decimal', '1.50', '1.50'],
      ['decimal', '-.5', '-.5'],
      ['decimal', '5', `"5"^^<${XSD}decimal>`],
      ['decimal', '5.', `"5."^^<${XSD}decimal>`],
      ['double', '1.0E3', '1.0E3'],
      ['double', '2e-2', '2e-2'],
      ['double', '1.5', `"1.5"^^<${XSD}double>`],
      ['double', 'INF', `"INF"^^<${XSD}double>`],
      ['integer', ' 1', `" 1"^^<${XSD}integer>`],
      ['boolean', 'true', `"true"^^<${XSD}boolean>`],
      ['int', '3', `"3"^^<${XSD}int>`],
    ];
    for (const [type, lexical, expected] of numbers) {
      it(`writes xsd:${type} ${JSON.stringify(lexical)} as ${expected}`, async () => {
        const result: QueryResult = {
          kind: 'bindings',
          variables: ['x'],
          rows: [{ x: { t: 'L', v: lexical, d: XSD + type } }],
        };
        expect(await serializeResult(result, format('tsv'))).to.equal(`?x\n${expected}\n`);
      });
    }

    it('escapes other control characters as \\u', async () => {
      const result: QueryResult = {
        kind: 'bindings',
        variables: ['x'],
        rows: [{ x: { t: 'L', v: 'a\u0000b\u001Fc' } }],
      };
      expect(await serializeResult(result, format('tsv'))).to.equal('?x\n"a\\u0000b\\u001Fc"\n');
    });

    it('writes an ASK as true or false on one line', async () => {
      expect(await serializeResult({ kind: 'boolean', value: false }, format('tsv'))).to.equal('false\n');
    });
  });

  describe('graph formats', () => {
    const object = df.namedNode('https://ex.org/object/1');
    const name = df.blankNode('n1');
    const QUADS: Quad[] = [
      df.quad(object, df.namedNode(PREFIXES.rdf + 'type'), df.namedNode(CRM + 'E22_Human-Made_Object')),
      df.quad(object, df.namedNode(PREFIXES.rdfs + 'label'), df.literal(TRICKY, 'en')),
      df.quad(object, df.namedNode(CRM + 'P1_is_identified_by'), name),
      df.quad(name, df.namedNode(PREFIXES.rdf + 'type'), df.namedNode(CRM + 'E33_E41_Linguistic_Appellation')),
      df.quad(name, df.namedNode(CRM + 'P190_has_symbolic_content'), df.literal('Le "Portrait"\t1')),
      df.quad(name, df.namedNode(CRM + 'P2_has_type'), df.namedNode('http://vocab.getty.edu/aat/300404670')),
      df.quad(object, df.namedNode(CRM + 'P57_has_number_of_parts'), df.literal('3', df.namedNode(XSD + 'integer'))),
      df.quad(object, df.namedNode('https://ex.org/odd'), df.literal('2.5', df.namedNode('https://ex.org/unit'))),
      df.quad(object, df.namedNode('https://ex.org/odd'), df.namedNode('https://ex.org/path/with.dot.')),
    ];

    it('rdfxml reads back with Oxigraph as the same triples', async () => {
      const text = await serializeResult({ kind: 'quads', quads: QUADS }, format('rdfxml'));
      const parsed = parse(text, { format: 'application/rdf+xml' }) as unknown as Quad[];
      expect(await canonical(toNTriples(parsed)), text).to.equal(await canonical(toNTriples(QUADS)));
    });

    for (const name of ['turtle', 'ntriples', 'nquads', 'trig'] as const) {
      it(`${name} reads back with n3 as the same triples`, async () => {
        const text = await serializeResult({ kind: 'quads', quads: QUADS }, format(name));
        const n3Format = { turtle: 'Turtle', ntriples: 'N-Triples', nquads: 'N-Quads', trig: 'TriG' }[name];
        const parsed = new Parser({ format: n3Format }).parse(text);
        expect(await canonical(toNTriples(parsed)), text).to.equal(await canonical(toNTriples(QUADS)));
      });
    }

    it('turtle declares the project prefixes and uses them', async () => {
      const text = await serializeResult({ kind: 'quads', quads: QUADS }, format('turtle'));
      for (const prefix of ['crm', 'la', 'aat', 'rdfs', 'skos', 'xsd', 'rdf', 'dc', 'dcterms']) {
        expect(text).to.include(`@prefix ${prefix}: <${PREFIXES[prefix]}>.`);
      }
      expect(text)
        .to.include('crm:P1_is_identified_by')
        .and.include('aat:300404670')
        .and.include(' a crm:E22_Human-Made_Object');
    });

    it('turtle leaves out a prefix that is also the scheme of an IRI in the graph', async () => {
      const quads = [df.quad(df.namedNode('dc:odd'), df.namedNode(PREFIXES.dc + 'title'), df.literal('x'))];
      const text = await serializeResult({ kind: 'quads', quads }, format('turtle'));
      expect(text).not.to.include('@prefix dc:');
      expect(toNTriples(new Parser().parse(text))).to.equal(toNTriples(quads));
    });

    it('turtle and n-triples write triples; n-quads keeps graph names', async () => {
      const graph = df.namedNode('https://ex.org/graph/1');
      const quads = [df.quad(object, df.namedNode(CRM + 'P3_has_note'), df.literal('note'), graph)];
      for (const name of ['turtle', 'ntriples']) {
        const parsed = new Parser().parse(await serializeResult({ kind: 'quads', quads }, format(name)));
        expect(parsed.map((q) => q.graph.termType)).to.deep.equal(['DefaultGraph']);
      }
      const parsed = new Parser({ format: 'N-Quads' }).parse(
        await serializeResult({ kind: 'quads', quads }, format('nquads')),
      );
      expect(parsed.map((q) => q.graph.value)).to.deep.equal([graph.value]);
    });

    it('jsonld is compacted with the Linked Art context, named by its URI, and reads back as the same triples', async () => {
      const text = await serializeResult({ kind: 'quads', quads: QUADS }, format('jsonld'));
      const doc = JSON.parse(text) as { '@context': unknown; '@graph': Array<Record<string, unknown>> };
      expect(Object.keys(doc)[0]).to.equal('@context');
      expect(doc['@context']).to.equal(LA_CONTEXT);
      const root = doc['@graph'].find((node) => node.id === object.value);
      expect(root, text).to.include({ type: 'HumanMadeObject' });
      const nquads = (await jsonld.toRDF(
        doc as jsonld.JsonLdDocument,
        { documentLoader, format: 'application/n-quads' } as unknown as jsonld.Options.ToRdf,
      )) as unknown as string;
      expect(await canonical(nquads), text).to.equal(await canonical(toNTriples(QUADS)));
    });

    it('jsonld of a single node is that node, and of no quads the context alone', async () => {
      const one = JSON.parse(
        await serializeResult({ kind: 'quads', quads: QUADS.slice(0, 1) }, format('jsonld')),
      ) as unknown;
      expect(one).to.deep.equal({ '@context': LA_CONTEXT, id: object.value, type: 'HumanMadeObject' });
      const none = JSON.parse(await serializeResult({ kind: 'quads', quads: [] }, format('jsonld'))) as unknown;
      expect(none).to.deep.equal({ '@context': LA_CONTEXT });
    });

    it('jsonld refuses, briefly, a graph the context would misread', async () => {
      const quads = [df.quad(df.namedNode('dc:odd'), df.namedNode(PREFIXES.dc + 'title'), df.literal('x'))];
      const error = await rejection(serializeResult({ kind: 'quads', quads }, format('jsonld')));
      expect(error.message).to.match(
        /^Cannot write the graph as JSON-LD: .*"dc:odd".* Ask for Turtle or N-Triples instead\.$/,
      );
      expect(Object.keys(error)).to.deep.equal([]);
    });

    it('turtle of no quads is the prefixes alone', async () => {
      const text = await serializeResult({ kind: 'quads', quads: [] }, format('turtle'));
      expect(new Parser().parse(text)).to.deep.equal([]);
    });
  });
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

async function expectRejection(promise: Promise<unknown>, message: string): Promise<void> {
  expect((await rejection(promise)).message).to.include(message);
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&apos;': "'",
  '&#xD;': '\r',
  '&#xA;': '\n',
  '&#x9;': '\t',
};

function unescapeXml(text: string): string {
  return text.replace(/&(?:lt|gt|amp|quot|apos|#xD|#xA|#x9);/g, (e) => XML_ENTITIES[e]);
}

/**
 * The solutions of a SPARQL XML results document, read with regular expressions: enough for
 * the shape our writer produces (one binding per line, no CDATA, no comments).
 */
function readXmlResults(xml: string): Array<Record<string, PlainTerm>> {
  // An XML parser normalizes raw CR and CRLF to LF: do the same before reading.
  const normalized = xml.replace(/\r\n?/g, '\n');
  return [...normalized.matchAll(/<result>([\s\S]*?)<\/result>/g)].map(([, body]) => {
    const row: Record<string, PlainTerm> = {};
    for (const [, variable, kind, attributes, value] of body.matchAll(
      /<binding name="([^"]*)"><(uri|bnode|literal)((?: [^>]*)?)>([\s\S]*?)<\/\2><\/binding>/g,
    )) {
      const term: PlainTerm = { t: kind === 'uri' ? 'N' : kind === 'bnode' ? 'B' : 'L', v: unescapeXml(value) };
      const lang = /xml:lang="([^"]*)"/.exec(attributes);
      const datatype = /datatype="([^"]*)"/.exec(attributes);
      if (lang) term.l = unescapeXml(lang[1]);
      if (datatype) term.d = unescapeXml(datatype[1]);
      row[unescapeXml(variable)] = term;
    }
    return row;
  });
}
