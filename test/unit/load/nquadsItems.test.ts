/**
 * The N-Quads line reader (nquadsItems) against n3: on every line form of N-Quads and N-Triples
 * (every escape, the edge cases of blank node labels, language tags, whitespace, comments, line
 * endings), on real exports, and on broken input, both give the same quads and comments in the
 * same order (term by term: IRIs, literals with their datatype and language, blank nodes the same
 * within the input), or the same error on the same line. And the plain forms are read by the
 * line reader itself, not handed to n3, or the comparison would prove nothing.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Term } from '@rdfjs/types';
import { relabelBlankNodes } from '../../../src/export/documentText.js';
import { exportDocuments } from '../../../src/export/exportDocuments.js';
import { hintCommentLines } from '../../../src/export/hintComments.js';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import type { LineFormat } from '../../../src/rdf/syntax/n3Line.js';
import { nquadsItems } from '../../../src/load/nquadsItems.js';
import { NQuadsLineReader } from '../../../src/rdf/syntax/nquadsLine.js';
import { orderedQuads } from '../../../src/load/orderedQuads.js';
import { isLineMark, type ParsedItem } from '../../../src/rdf/syntax/parsedItem.js';
import { writeNTriples } from '../../../src/rdf/syntax/ntriples.js';
import { demoDocuments } from '../../../src/service/demoCollection.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { acceptedCorpus } from '../../support/accepted.js';
import { CORPUS_DIR, DEMO_DIR } from '../../support/corpus.js';

interface Reading {
  readonly items: ParsedItem[];
  readonly error?: string;
}

async function collect(batches: AsyncGenerator<ParsedItem[]>): Promise<Reading> {
  const items: ParsedItem[] = [];
  try {
    for await (const batch of batches) items.push(...batch);
  } catch (error) {
    return { items, error: (error as Error).message };
  }
  return { items };
}

/** What n3 gives, reading the text whole (its streaming parser, comments in place). */
function byN3(text: string, format: LineFormat): Promise<Reading> {
  return collect(orderedQuads(Readable.from([text]), format));
}

function byReader(chunks: ReadonlyArray<string | Buffer>, format: LineFormat): Promise<Reading> {
  return collect(nquadsItems(Readable.from(chunks), format));
}

/**
 * The text whole, and as bytes cut into pieces: one byte and 7 for short texts (characters, CRLF
 * and lines split every way), 997 for long ones.
 */
function chunkings(text: string): Array<{ how: string; chunks: Array<string | Buffer> }> {
  const bytes = Buffer.from(text, 'utf8');
  const cut = (size: number): Buffer[] =>
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  const sizes = bytes.length < 10_000 ? [1, 7] : [997];
  return [{ how: 'whole', chunks: [text] }, ...sizes.map((size) => ({ how: `bytes in ${size}s`, chunks: cut(size) }))];
}

/** Blank node labels paired up between two readings: each label of one stands for one label of the other. */
class BlankPairs {
  private readonly there = new Map<string, string>();
  private readonly back = new Map<string, string>();

  same(actual: string, expected: string): boolean {
    const a = this.there.get(actual);
    const e = this.back.get(expected);
    if (a === undefined && e === undefined) {
      this.there.set(actual, expected);
      this.back.set(expected, actual);
      return true;
    }
    return a === expected && e === actual;
  }
}

function describeTerm(t: Term): string {
  return `${t.termType} ${JSON.stringify(t.value)}`;
}

function expectSameTerm(actual: Term, expected: Term, blanks: BlankPairs, at: string): void {
  expect(actual.termType, `${at}: ${describeTerm(actual)} for ${describeTerm(expected)}`).to.equal(expected.termType);
  switch (expected.termType) {
    case 'BlankNode':
      expect(
        blanks.same(actual.value, expected.value),
        `${at}: blank node _:${actual.value} for _:${expected.value}`,
      ).to.equal(true);
      return;
    case 'Literal': {
      const a = actual as typeof expected & { direction?: string };
      const e = expected as typeof expected & { direction?: string };
      expect([a.value, a.language, a.datatype.termType, a.datatype.value, a.direction ?? ''], at).to.deep.equal([
        e.value,
        e.language,
        e.datatype.termType,
        e.datatype.value,
        e.direction ?? '',
      ]);
      return;
    }
    case 'Quad': {
      const a = actual as typeof expected;
      expectSameTerm(a.subject, expected.subject, blanks, `${at} (subject)`);
      expectSameTerm(a.predicate, expected.predicate, blanks, `${at} (predicate)`);
      expectSameTerm(a.object, expected.object, blanks, `${at} (object)`);
      expectSameTerm(a.graph, expected.graph, blanks, `${at} (graph)`);
      return;
    }
    default:
      expect(actual.value, at).to.equal(expected.value);
  }
}

/** n3 writes blank node labels into some messages, with its own prefix (`b0_`); ours is `l0_`. */
function withoutBlankPrefix(message: string | undefined): string | undefined {
  return message?.replace(/_:(?:b\d+|l[0-9a-z]+)_/g, '_:');
}

function expectSameReading(actual: Reading, expected: Reading, how: string): void {
  expect(withoutBlankPrefix(actual.error), `${how}: the error`).to.equal(withoutBlankPrefix(expected.error));
  expect(actual.items.length, `${how}: the number of quads and comments`).to.equal(expected.items.length);
  const blanks = new BlankPairs();
  expected.items.forEach((e, i) => {
    const a = actual.items[i];
    const at = `${how}: item ${i + 1}`;
    if (typeof e === 'string') expect(a, at).to.equal(e);
    else if (isLineMark(e)) expect(a, `${at}: the line where a document may start`).to.deep.equal(e);
    else {
      expect(typeof a, `${at}: a quad`).to.equal('object');
      expectSameTerm(a as Term, e, blanks, at);
    }
  });
}

async function expectAsN3(text: string, format: LineFormat): Promise<Reading> {
  const expected = await byN3(text, format);
  for (const { how, chunks } of chunkings(text)) expectSameReading(await byReader(chunks, format), expected, how);
  return expected;
}

/** Whether the line reader reads the line itself (true) or leaves it to n3. */
function readsItself(line: string, format: LineFormat): boolean {
  return new NQuadsLineReader({ graphs: format === 'N-Quads', blankNodePrefix: 'x_' }).read(line, 0, line.length, []);
}

const S = '<http://example.org/s>';
const P = '<http://example.org/p>';
const O = '<http://example.org/o>';
const G = '<http://example.org/g>';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
/** A plain line before and after each case, so that the case is read in the middle of an input. */
const BEFORE = `${S} ${P} "before" ${G} .`;
const AFTER = `_:after ${P} ${O} ${G} .`;

/** Lines the line reader reads itself: n3 reads each the same. */
const PLAIN_LINES: ReadonlyArray<[string, string]> = [
  ['IRIs, in a graph', `${S} ${P} ${O} ${G} .`],
  ['no graph', `${S} ${P} ${O} .`],
  ['blank nodes, in a graph named by one', `_:b1 ${P} _:b2 _:g .`],
  ['blank node labels: a digit first, dots inside, - and _', `_:1a ${P} _:a.b.c ${G} .`],
  ['blank node labels: _ first, - inside', `_:_x-y_ ${P} _:a-b ${G} .`],
  ['a blank node label seen again (the same node)', `_:b1 ${P} _:b1 _:b1 .`],
  ['a plain literal', `${S} ${P} "plain" ${G} .`],
  ['an empty literal', `${S} ${P} "" ${G} .`],
  [
    'every one-letter escape',
    `${S} ${P} "tab\\t backspace\\b newline\\n return\\r formfeed\\f quote\\" apostrophe\\' backslash\\\\ end" ${G} .`,
  ],
  ['\\u and \\U escapes', `${S} ${P} "\\u00E9\\u00e9 \\U0001F600 \\u0041\\u0000" ${G} .`],
  ['escapes n3 and JSON read alike, and a \\U', `${S} ${P} "{\\"a\\":[\\"\\\\\\\\\\"]} \\U00000041" ${G} .`],
  ['written tabs and control characters', `${S} ${P} "raw\ttab and \u0001 control \u007f" ${G} .`],
  ['non-ASCII written', `${S} ${P} "Åsa – 東京 😀" <http://example.org/ö/東京> .`],
  ['a language', `${S} ${P} "x"@en ${G} .`],
  ['a language with a region', `${S} ${P} "x"@en-US ${G} .`],
  ['a language in capitals (kept as written)', `${S} ${P} "x"@EN-us .`],
  ['a language with a digit subtag', `${S} ${P} "x"@de-1996 ${G} .`],
  ['a language of 8 letters', `${S} ${P} "x"@abcdefgh-12345678 ${G} .`],
  ['a datatype', `${S} ${P} "1"^^<${XSD}integer> ${G} .`],
  ['xsd:string as datatype', `${S} ${P} "x"^^<${XSD}string> .`],
  ['the same datatype again', `${S} ${P} "2"^^<${XSD}integer> ${G} .`],
  ['\\u and \\U escapes in IRIs', `<http://example.org/\\u00E9t\\U0001F600> ${P} <urn:x:\\u0041> ${G} .`],
  ['an escape in the scheme of an IRI', `<\\u0068ttp://example.org/s> ${P} ${O} .`],
  [
    'IRIs with a query, a fragment, %-escapes, @ and non-ASCII',
    `<http://example.org/é?q=1&r=%20#frag> ${P} <mailto:a@b.c> <a:> .`,
  ],
  ['tabs and spaces around terms', `  ${S}\t${P}   ${O}\t${G}\t.  \t`],
  ['no space between terms', `${S}${P}${O}${G}.`],
  ['no space after a literal and a language', `${S} ${P} "x"${G}.`],
  ['no space after a language', `${S} ${P} "x"@en${G} .`],
  ['a comment after the dot', `${S} ${P} ${O} ${G} . # a comment "with" quotes`],
  ['a comment right after the dot', `${S} ${P} "x" .#c`],
  ['a comment line', '# a comment'],
  ['an indented comment line', ' \t# indented'],
  ['an empty comment', '#'],
  [
    'a hint comment line',
    `#@hint ${S} <urn:linkedart-service:shape> "{\\"i\\":1}" <urn:linkedart-service:hints:http://example.org/s> .`,
  ],
  ['an empty line', ''],
  ['a line of spaces and tabs', '  \t  '],
];

/** Lines in forms the line reader leaves to n3, which reads them. */
const N3_LINES: ReadonlyArray<[string, string]> = [
  ['a blank node label past ASCII', `_:é ${P} _:a·b ${G} .`],
  ['a blank node right before the next term', `_:a${P} ${O} .`],
  ['a blank node right before the dot', `${S} ${P} _:a.`],
  ['space before a language', `${S} ${P} "x" @en .`],
  ['space between ^^ and the datatype', `${S} ${P} "x"^^ <${XSD}string> .`],
  ['space before ^^', `${S} ${P} "x" ^^<${XSD}string> .`],
  ['a direction', `${S} ${P} "x"@en--ltr ${G} .`],
  ['a triple term', `${S} ${P} <<( ${S} ${P} "x" )>> ${G} .`],
  ['a version declaration', 'VERSION "1.2"'],
  ['two statements on one line', `${S} ${P} ${O} ${G} . _:a ${P} "x" .`],
  ['a lone CR between two statements', `${S} ${P} ${O} .\r${S} ${P} "y" .`],
];

/** Lines n3 refuses: the same error, on the same line (the next, when n3 sees what is missing only there). */
const BROKEN_LINES: ReadonlyArray<[string, string, number?]> = [
  ['a relative IRI', `<s> ${P} ${O} .`],
  ['an empty IRI', `<> ${P} ${O} .`],
  ['a space in an IRI', `<http://example.org/a b> ${P} ${O} .`],
  ['a | in an IRI', `<http://example.org/a|b> ${P} ${O} .`],
  ['an escaped space in an IRI', `<http://example.org/a\\u0020b> ${P} ${O} .`],
  ['an escaped > in an IRI', `<http://example.org/a\\u003E> ${P} ${O} .`],
  ['another escape in an IRI', `<http://example.org/a\\nb> ${P} ${O} .`],
  ['an unclosed IRI', `${S} ${P} <http://example.org/o .`],
  ['a blank node predicate', `${S} _:p ${O} .`],
  ['a literal subject', `"s" ${P} ${O} .`],
  ['\\/ (no escape in N-Quads)', `${S} ${P} "a\\/b" .`],
  ['an escaped surrogate', `${S} ${P} "\\uD83D\\uDE00" .`],
  ['an unknown escape', `${S} ${P} "a\\qb" .`],
  ['a short \\u', `${S} ${P} "a\\u12" .`],
  ['a \\U past U+10FFFF', `${S} ${P} "a\\U00110000" .`],
  ['two literals', `${S} ${P} "x" "y" .`],
  ['a quote right after a literal', `${S} ${P} "x""y" .`],
  ['a long string', `${S} ${P} """x""" .`],
  ['an unterminated literal', `${S} ${P} "unterminated ${G} .`],
  ['@version after a literal', `${S} ${P} "x"@version .`],
  ['a language subtag of 9 letters', `${S} ${P} "x"@abcdefghi .`],
  ['a second subtag of 9', `${S} ${P} "x"@en-abcdefghi .`],
  ['a dangling -', `${S} ${P} "x"@en- .`],
  ['a language starting with a digit', `${S} ${P} "x"@1en .`],
  ['rdf:langString as datatype', `${S} ${P} "x"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#langString> .`],
  ['a relative datatype', `${S} ${P} "x"^^<integer> .`],
  ['a literal graph', `${S} ${P} ${O} "g" .`],
  ['two graphs', `${S} ${P} ${O} ${G} ${G} .`],
  ['no dot', `${S} ${P} ${O} ${G}`, 3],
  ['a number after the dot', `${S} ${P} ${O} ${G} .5`],
  ['a word after the dot', `${S} ${P} ${O} ${G} . x`],
  ['a form feed between terms', `${S}\f${P} ${O} .`],
];

describe('load: the N-Quads line reader, against n3 (nquadsItems)', () => {
  describe('line forms it reads itself: as n3 reads them', () => {
    for (const [name, line] of PLAIN_LINES) {
      it(name, async () => {
        expect(readsItself(line, 'N-Quads'), 'read by the line reader').to.equal(true);
        const expected = await expectAsN3(`${BEFORE}\n${line}\n${AFTER}\n`, 'N-Quads');
        expect(expected.error, 'n3 reads it').to.equal(undefined);
        await expectAsN3(line, 'N-Quads');
      });
    }
  });

  describe('line forms it leaves to n3: as n3 reads them', () => {
    for (const [name, line] of N3_LINES) {
      it(name, async () => {
        expect(readsItself(line, 'N-Quads'), 'left to n3').to.equal(false);
        const expected = await expectAsN3(`${BEFORE}\n${line}\n${AFTER}\n`, 'N-Quads');
        expect(expected.error, 'n3 reads it').to.equal(undefined);
      });
    }
  });

  describe('broken lines: the error n3 gives, on its line', () => {
    for (const [name, line, at = 2] of BROKEN_LINES) {
      it(name, async () => {
        expect(readsItself(line, 'N-Quads'), 'left to n3').to.equal(false);
        const expected = await expectAsN3(`${BEFORE}\n${line}\n${AFTER}\n`, 'N-Quads');
        expect(expected.error, 'n3 refuses it').to.match(new RegExp(` on line ${at}\\.$`));
      });
    }
  });

  describe('N-Triples', () => {
    it('triples, comments and blank nodes as n3 reads them', async () => {
      const text = `#@document <http://example.org/s>\n${S} ${P} "x"@en .\n_:b ${P} "1"^^<${XSD}integer> .\n${S} ${P} _:b . # c\n`;
      for (const line of text.split('\n').filter(Boolean)) expect(readsItself(line, 'N-Triples'), line).to.equal(true);
      const expected = await expectAsN3(text, 'N-Triples');
      // The marker's line, the marker, three triples, the comment.
      expect(expected.items).to.have.lengthOf(6);
      expect(expected.items[0]).to.deep.equal({ line: 1 });
    });

    it('a graph term is an error, as n3 says', async () => {
      const line = `${S} ${P} ${O} ${G} .`;
      expect(readsItself(line, 'N-Triples')).to.equal(false);
      expect((await expectAsN3(`${BEFORE.replace(` ${G}`, '')}\n${line}\n`, 'N-Triples')).error).to.match(
        / on line 2\.$/,
      );
    });

    it('a long message cut to 200 characters is cut as n3 cuts it when the line number is longer', async () => {
      // A statement over two lines sends the rest to n3 from line 8 on; the error on line 12 (n3's line 5 of the rest) has a longer number.
      const lines = [
        ...Array.from({ length: 7 }, (_, i) => `${S} ${P} "${i}" .`),
        `${S} ${P}`,
        `${O} .`,
        `${S} ${P} "9" .`,
        `${S} ${P} "10" .`,
        `VERSION "${'9'.repeat(300)}"`,
      ];
      const expected = await expectAsN3(lines.join('\n') + '\n', 'N-Triples');
      expect(expected.error)
        .to.have.lengthOf(200)
        .and.match(/^Detected unsupported version: "9+… on line 12\.$/);
    });
  });

  describe('line endings, whitespace and where n3 takes over', () => {
    const cases: ReadonlyArray<[string, string]> = [
      ['CRLF line endings', `${BEFORE}\r\n# c\r\n${S} ${P} "x" .\r\n\r\n${AFTER}\r\n`],
      ['CRLF, then an error: its line', `${BEFORE}\r\n${S} ${P} "x" .\r\n<s> ${P} ${O} .\r\n${AFTER}\r\n`],
      [
        'lone CRs count as line breaks, as n3 counts them',
        `${BEFORE}\r${S} ${P} "x" .\n${S} ${P} ${O} .\r${S} ${P} ${O} .\n<s> ${P} ${O} .\n`,
      ],
      ['a CR at the very end', `${BEFORE}\n${AFTER}\r`],
      ['no line break at the end', `${BEFORE}\n${AFTER}`],
      ['a comment with no line break at the end', `${BEFORE}\n# the end`],
      ['a byte order mark at the start', `\ufeff${BEFORE}\n${AFTER}\n`],
      ['empty input', ''],
      ['only line breaks', '\n\n\r\n'],
      [
        'a statement over two lines: n3 reads on from there',
        `${BEFORE}\n${S} ${P}\n  ${O} ${G} .\n${AFTER}\n_:b ${P} "x"@en .\n`,
      ],
      ['a statement over lines, then an error: its line', `${BEFORE}\n${S}\n${P}\n${O} .\n${AFTER}\n${S} ${P} <o> .\n`],
      [
        'a comment inside a statement over lines, before its quad as n3 places it',
        `${BEFORE}\n${S} ${P} # between\n${O} .\n`,
      ],
      [
        'blank nodes before and after n3 takes over are the same nodes',
        `_:a ${P} _:b .\n${S} ${P}\n_:a .\n_:b ${P} _:a .\n`,
      ],
      ['an error at the end of the input', `${BEFORE}\n${S} ${P} "x"`],
      [
        'a CR inside a comment ends it: the rest of the line is an error',
        `${BEFORE}\n${S} ${P} ${O} . # a\rb\n${AFTER}\n`,
      ],
    ];
    for (const [name, text] of cases) {
      it(name, async () => {
        await expectAsN3(text, 'N-Quads');
      });
    }
  });

  describe('the input: its errors, and reading no further ahead than asked', () => {
    /** A stream of the given chunks that then fails, as a broken gzip stream or a body over its limit does. */
    function failingAfter(chunks: readonly string[], failure: Error): Readable {
      return Readable.from(
        // eslint-disable-next-line @typescript-eslint/require-await -- an AsyncIterable on purpose: the code under test reads an async source
        (async function* () {
          for (const chunk of chunks) yield chunk;
          throw failure;
        })(),
      );
    }

    for (const [name, chunks] of [
      ['while the line reader reads', [`${BEFORE}\n`, `${AFTER}\n`]],
      ['after n3 has taken over (a statement over lines)', [`${BEFORE}\n${S} ${P}\n`, `${O} .\n${AFTER}\n`]],
    ] as const) {
      it(`an error of the input ${name}: thrown as it is, marked as the input's (not a syntax error)`, async () => {
        const failure = new Error('the input broke');
        const reading = await collect(nquadsItems(failingAfter(chunks, failure), 'N-Quads'));
        expect(reading.error).to.equal('the input broke');
        expect((failure as Error & { fromInput?: boolean }).fromInput).to.equal(true);
        expect(reading.items.length, 'what came before it').to.be.greaterThan(0);
      });
    }

    it('the input is read ahead of the batches taken by a bounded number of items, not to its end; stopping lets it go', async () => {
      let pulled = 0;
      const source = Readable.from(
        (function* () {
          for (let i = 0; i < 100_000; i++) {
            pulled++;
            yield `${S} ${P} "${i}" ${G} .\n`;
          }
        })(),
      );
      const items = nquadsItems(source, 'N-Quads');
      const first = await items.next();
      expect(first.done).to.equal(false);
      // Time for the reading ahead to fill up, while the batch taken is not yet handed back.
      for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(pulled, 'lines read ahead').to.be.above(1000).and.below(25_000);
      await items.return(undefined);
      for (let i = 0; i < 50 && !source.destroyed; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(source.destroyed, 'the input let go').to.equal(true);
    });
  });

  describe('real exports', () => {
    let dir: string;
    let store: EmbeddedStore;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'linkedart-nquads-'));
      store = await EmbeddedStore.open({ dataDir: dir });
      await new DocumentService(store).putAll(demoDocuments('http://localhost:8080/'));
    });
    after(async () => {
      await store?.close();
      await rm(dir, { recursive: true, force: true });
    });

    async function exported(format: 'nquads' | 'ntriples'): Promise<string> {
      let text = '';
      for await (const chunk of exportDocuments(store, { format })) text += chunk;
      return text;
    }

    /** Every line the export writes is read by the line reader itself. */
    function expectAllReadItself(text: string, format: LineFormat): void {
      const reader = new NQuadsLineReader({ graphs: format === 'N-Quads', blankNodePrefix: 'x_' });
      const lines = text.split('\n');
      for (const line of lines) expect(reader.read(line, 0, line.length, []), line).to.equal(true);
    }

    for (const [format, n3Format] of [
      ['nquads', 'N-Quads'],
      ['ntriples', 'N-Triples'],
    ] as const) {
      it(`the demo collection exported as ${format}: every line read by the line reader, and as n3 reads it`, async () => {
        const text = await exported(format);
        expectAllReadItself(text, n3Format);
        const expected = await expectAsN3(text, n3Format);
        expect(expected.error).to.equal(undefined);
        expect(
          expected.items.filter((i) => typeof i === 'string' && i.startsWith('@hint ')).length,
          'hint lines',
        ).to.be.greaterThan(10);
      });
    }

    it('the corpus and the demo written as an export writes them (hints, relabelled blank nodes): as n3 reads it', async () => {
      let text = '';
      let n = 0;
      for (const doc of acceptedCorpus((json, file) => ingestDocument(json, file), [CORPUS_DIR, DEMO_DIR])) {
        text += hintCommentLines(doc.hintQuads) + relabelBlankNodes(writeNTriples(doc.quads, doc.id), `d${n++}_`);
      }
      expect(n).to.be.greaterThan(100);
      expectAllReadItself(text, 'N-Quads');
      const expected = await byN3(text, 'N-Quads');
      expect(expected.error).to.equal(undefined);
      expectSameReading(await byReader([text], 'N-Quads'), expected, 'whole');
      const bytes = Buffer.from(text);
      const chunks = Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) =>
        bytes.subarray(i * 1000, (i + 1) * 1000),
      );
      expectSameReading(await byReader(chunks, 'N-Quads'), expected, 'bytes in 1000s');
    });

    it('a broken line deep in an export: the same error, on the same line', async () => {
      const lines = (await exported('nquads')).split('\n');
      for (const at of [1, 2, Math.floor(lines.length / 2), lines.length - 2]) {
        const broken = [...lines];
        broken.splice(at, 0, `${S} ${P} "unterminated ${G} .`);
        const expected = await expectAsN3(broken.join('\n'), 'N-Quads');
        expect(expected.error, `broken at line ${at + 1}`).to.match(new RegExp(` on line ${at + 1}\\.$`));
      }
    });
  });
});
