import { expect } from 'chai';
import { Readable } from 'node:stream';
import { jsonRecords } from '../../../src/load/jsonRecords.js';
import type { LoadRecord } from '../../../src/load/records.js';
import { DEMO_DIR, readDocuments } from '../../support/corpus.js';
import { seededRandom } from '../../support/random.js';

/** What a test expects of one record: its kind and location, then the JSON value or the message. */
type Expected =
  | { kind: 'json'; location: string; json: unknown }
  | { kind: 'unreadable'; location: string; message: string | RegExp };

async function read(chunks: ReadonlyArray<string | Buffer>): Promise<LoadRecord[]> {
  const out: LoadRecord[] = [];
  for await (const record of jsonRecords(Readable.from(chunks))) out.push(record);
  return out;
}

function check(actual: readonly LoadRecord[], expected: readonly Expected[], how: string): void {
  const summary = (r: LoadRecord | Expected): string => `${r.kind} ${r.location}`;
  expect(actual.map(summary), `${how}: kinds and locations`).to.deep.equal(expected.map(summary));
  expected.forEach((e, i) => {
    const a = actual[i];
    if (e.kind === 'json') {
      expect(a.kind === 'json' && a.json, `${how}: ${e.location}`).to.deep.equal(e.json);
    } else {
      const message = a.kind === 'unreadable' ? a.message : '';
      if (typeof e.message === 'string') expect(message, `${how}: ${e.location}`).to.equal(e.message);
      else expect(message, `${how}: ${e.location}`).to.match(e.message);
    }
  });
}

/** The message the reader gives for an element JSON.parse refuses (whatever the engine says). */
function notJson(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  throw new Error(`${text} is JSON`);
}

/** Deterministic chunk sizes (mulberry32), so a failure reproduces. */
function randomCuts(length: number, seed: number): number[] {
  const random = seededRandom(seed);
  const cuts: number[] = [];
  for (let at = 1 + Math.floor(random() * 7); at < length; at += 1 + Math.floor(random() * 7)) cuts.push(at);
  return cuts;
}

function cutAt<T extends string | Buffer>(whole: T, cuts: readonly number[]): T[] {
  const out: T[] = [];
  let from = 0;
  for (const at of cuts) {
    out.push(whole.slice(from, at) as T);
    from = at;
  }
  out.push(whole.slice(from) as T);
  return out;
}

/**
 * The ways a text is handed over: whole; as strings or as UTF-8 bytes, cut everywhere (one
 * character or byte per chunk), at random, and (for short texts) in two at every point, so a
 * boundary falls inside strings, between `\` and the escaped character, and inside the bytes
 * of one character.
 */
function chunkings(text: string): Array<{ how: string; chunks: Array<string | Buffer> }> {
  const bytes = Buffer.from(text, 'utf8');
  const out: Array<{ how: string; chunks: Array<string | Buffer> }> = [
    { how: 'whole', chunks: [text] },
    { how: 'whole, as bytes', chunks: [bytes] },
    { how: 'one character per chunk', chunks: [...text.split('')] },
    {
      how: 'one byte per chunk',
      chunks: cutAt(
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
      ),
    },
    { how: 'random cuts (seed 1)', chunks: cutAt(text, randomCuts(text.length, 1)) },
    { how: 'random byte cuts (seed 2)', chunks: cutAt(bytes, randomCuts(bytes.length, 2)) },
  ];
  if (bytes.length <= 400) {
    for (let i = 1; i < bytes.length; i++)
      out.push({ how: `bytes cut at ${i}`, chunks: [bytes.subarray(0, i), bytes.subarray(i)] });
  }
  return out;
}

const demo = readDocuments(DEMO_DIR).map((d) => d.json);
const [first, second, third] = [demo[0], demo[1], demo[2]];

/** Pretty-printed elements of an array, and the line each starts on. */
function prettyArray(docs: readonly unknown[]): { text: string; lines: number[] } {
  let text = '[\n';
  const lines: number[] = [];
  docs.forEach((d, i) => {
    lines.push(text.split('\n').length);
    text += JSON.stringify(d, null, 2).replace(/^/gm, '  ') + (i < docs.length - 1 ? ',\n' : '\n');
  });
  return { text: text + ']\n', lines };
}

const array = prettyArray([first, second, third]);
const tricky = { id: 'http://localhost:8080/object/tricky', _label: 'braces } ] { [ , : and "quotes" \\ \\" and \\\\' };
const multibyte = { id: 'http://localhost:8080/object/unicode', _label: 'Åsa Lindqvist – 東京 ☃ 😀 ñ' };
const badElement = '{"id": "http://localhost:8080/object/x", "_label": tru}';

const cases: Array<{ name: string; text: string; records: Expected[] }> = [
  {
    name: 'one pretty-printed document over many lines',
    text: JSON.stringify(first, null, 2) + '\n',
    records: [{ kind: 'json', location: 'line 1 (record 1)', json: first }],
  },
  {
    name: 'one document after blank lines',
    text: '\n\n   \n' + JSON.stringify(second, null, 2),
    records: [{ kind: 'json', location: 'line 4 (record 1)', json: second }],
  },
  {
    name: 'an array of pretty-printed documents: each at the line it starts on',
    text: array.text,
    records: [first, second, third].map((json, i) => ({
      kind: 'json',
      location: `line ${array.lines[i]} (record ${i + 1})`,
      json,
    })),
  },
  {
    name: 'an array on one line',
    text: JSON.stringify([first, second]),
    records: [
      { kind: 'json', location: 'line 1 (record 1)', json: first },
      { kind: 'json', location: 'line 1 (record 2)', json: second },
    ],
  },
  {
    name: 'NDJSON',
    text: [first, second, third].map((d) => JSON.stringify(d)).join('\n') + '\n',
    records: [first, second, third].map((json, i) => ({
      kind: 'json',
      location: `line ${i + 1} (record ${i + 1})`,
      json,
    })),
  },
  {
    name: 'NDJSON with CRLF line ends, a blank line and no final line end',
    text: `${JSON.stringify(first)}\r\n\r\n${JSON.stringify(second)}`,
    records: [
      { kind: 'json', location: 'line 1 (record 1)', json: first },
      { kind: 'json', location: 'line 3 (record 2)', json: second },
    ],
  },
  {
    name: 'a string holding } ] { [ , : and escaped quotes and backslashes',
    text: `[${JSON.stringify(tricky)},\n${JSON.stringify(tricky)}]`,
    records: [
      { kind: 'json', location: 'line 1 (record 1)', json: tricky },
      { kind: 'json', location: 'line 2 (record 2)', json: tricky },
    ],
  },
  {
    name: 'escaped line breaks and \\u escapes in strings do not count as lines',
    text: '{"_label": "a\\nb\\u007d\\"}"}\n{"_label": "c"}',
    records: [
      { kind: 'json', location: 'line 1 (record 1)', json: { _label: 'a\nb}"}' } },
      { kind: 'json', location: 'line 2 (record 2)', json: { _label: 'c' } },
    ],
  },
  {
    name: 'multi-byte UTF-8 (2, 3 and 4 bytes a character)',
    text: JSON.stringify(multibyte) + '\n' + JSON.stringify(multibyte, null, 1),
    records: [
      { kind: 'json', location: 'line 1 (record 1)', json: multibyte },
      { kind: 'json', location: 'line 2 (record 2)', json: multibyte },
    ],
  },
  { name: 'an empty array', text: '[]', records: [] },
  { name: 'an empty array over lines', text: '[\n  \n]\n', records: [] },
  { name: 'an empty input', text: '', records: [] },
  { name: 'only whitespace', text: ' \n\t\r\n', records: [] },
  {
    name: 'a truncated array (inside an element)',
    text: `[\n${JSON.stringify(first)},\n{"id": "http://localhost:8080/object/cut", "_label": "Cut sh`,
    records: [
      { kind: 'json', location: 'line 2 (record 1)', json: first },
      { kind: 'unreadable', location: 'line 3 (record 2)', message: 'the input ends inside this value (truncated?)' },
    ],
  },
  {
    name: 'a truncated array (between elements)',
    text: `[\n${JSON.stringify(first)},\n${JSON.stringify(second)},\n`,
    records: [
      { kind: 'json', location: 'line 2 (record 1)', json: first },
      { kind: 'json', location: 'line 3 (record 2)', json: second },
      {
        kind: 'unreadable',
        location: 'line 4 (record 3)',
        message: 'the input ends before the closing ] of the array',
      },
    ],
  },
  {
    name: 'a truncated object',
    text: '{\n  "id": "http://localhost:8080/object/cut",\n  "identified_by": [\n    {"type": "Name"',
    records: [
      { kind: 'unreadable', location: 'line 1 (record 1)', message: 'the input ends inside this value (truncated?)' },
    ],
  },
  {
    name: 'a truncated NDJSON line after good ones',
    text: `${JSON.stringify(first)}\n${JSON.stringify(second)}\n{"id": "http://local`,
    records: [
      { kind: 'json', location: 'line 1 (record 1)', json: first },
      { kind: 'json', location: 'line 2 (record 2)', json: second },
      { kind: 'unreadable', location: 'line 3 (record 3)', message: 'the input ends inside this value (truncated?)' },
    ],
  },
  {
    name: 'stray values in an array: a number, a string, true, null',
    text: `[42, ${JSON.stringify(first)},\n"x", true, null]`,
    records: [
      { kind: 'unreadable', location: 'line 1 (record 1)', message: '42 where a JSON object was expected' },
      { kind: 'json', location: 'line 1 (record 2)', json: first },
      { kind: 'unreadable', location: 'line 2 (record 3)', message: '"x" where a JSON object was expected' },
      { kind: 'unreadable', location: 'line 2 (record 4)', message: 'true where a JSON object was expected' },
      { kind: 'unreadable', location: 'line 2 (record 5)', message: 'null where a JSON object was expected' },
    ],
  },
  {
    name: 'stray values between NDJSON documents',
    text: `42\n${JSON.stringify(first)}\n"a string with } and \\" in it"\n-1.5e3\n${JSON.stringify(second)}\n`,
    records: [
      { kind: 'unreadable', location: 'line 1 (record 1)', message: '42 where a JSON object was expected' },
      { kind: 'json', location: 'line 2 (record 2)', json: first },
      {
        kind: 'unreadable',
        location: 'line 3 (record 3)',
        message: '"a string with } and \\" in it" where a JSON object was expected',
      },
      { kind: 'unreadable', location: 'line 4 (record 4)', message: '-1.5e3 where a JSON object was expected' },
      { kind: 'json', location: 'line 5 (record 5)', json: second },
    ],
  },
  {
    name: 'a stray } before a document does not swallow what follows',
    text: `}\n${JSON.stringify(first)}\n${JSON.stringify(second)}\n`,
    records: [
      { kind: 'unreadable', location: 'line 1 (record 1)', message: '} where a JSON object was expected' },
      { kind: 'json', location: 'line 2 (record 2)', json: first },
      { kind: 'json', location: 'line 3 (record 3)', json: second },
    ],
  },
  {
    name: 'a long stray value is shown shortened',
    text: `"${'x'.repeat(100)}"`,
    records: [
      {
        kind: 'unreadable',
        location: 'line 1 (record 1)',
        message: `"${'x'.repeat(39)}... where a JSON object was expected`,
      },
    ],
  },
  {
    name: "invalid JSON inside an array element: JSON.parse's message, and the elements after it still read",
    text: `[\n${JSON.stringify(first)},\n${badElement},\n${JSON.stringify(second)}\n]`,
    records: [
      { kind: 'json', location: 'line 2 (record 1)', json: first },
      { kind: 'unreadable', location: 'line 3 (record 2)', message: notJson(badElement) },
      { kind: 'json', location: 'line 4 (record 3)', json: second },
    ],
  },
  {
    name: 'invalid JSON on an NDJSON line (a trailing comma)',
    text: `${JSON.stringify(first)}\n{"id": "http://localhost:8080/object/y",}\n${JSON.stringify(second)}\n`,
    records: [
      { kind: 'json', location: 'line 1 (record 1)', json: first },
      {
        kind: 'unreadable',
        location: 'line 2 (record 2)',
        message: notJson('{"id": "http://localhost:8080/object/y",}'),
      },
      { kind: 'json', location: 'line 3 (record 3)', json: second },
    ],
  },
  {
    name: 'an element that is an array is handed on (the gate refuses it)',
    text: '[[1, 2], {"a": 1}]',
    records: [
      { kind: 'json', location: 'line 1 (record 1)', json: [1, 2] },
      { kind: 'json', location: 'line 1 (record 2)', json: { a: 1 } },
    ],
  },
];

describe('load: JSON-LD and NDJSON records (jsonRecords)', () => {
  for (const c of cases) {
    it(c.name, async () => {
      for (const { how, chunks } of chunkings(c.text)) check(await read(chunks), c.records, how);
    });
  }

  it('every demo document, as one array and as NDJSON, cut into random chunks', async () => {
    const all = prettyArray(demo);
    const expected: Expected[] = demo.map((json, i) => ({
      kind: 'json',
      location: `line ${all.lines[i]} (record ${i + 1})`,
      json,
    }));
    check(await read(cutAt(Buffer.from(all.text), randomCuts(all.text.length, 7))), expected, 'array');
    const ndjson = demo.map((d) => JSON.stringify(d)).join('\n');
    check(
      await read(cutAt(Buffer.from(ndjson), randomCuts(ndjson.length, 8))),
      demo.map((json, i) => ({ kind: 'json', location: `line ${i + 1} (record ${i + 1})`, json })),
      'ndjson',
    );
  });

  it('an array is read as it streams: each element comes out once complete, before the rest arrives', async () => {
    const doc = JSON.stringify(first);
    let produced = 0;
    // eslint-disable-next-line @typescript-eslint/require-await -- an AsyncIterable on purpose: the code under test reads an async source
    async function* slowly(): AsyncGenerator<string> {
      yield '[';
      for (let i = 0; i < 2000; i++) {
        produced++;
        yield (i ? ',' : '') + doc;
      }
      yield ']';
    }
    let n = 0;
    for await (const record of jsonRecords(Readable.from(slowly()))) {
      expect(record.kind).to.equal('json');
      n++;
      // Readable.from reads ahead up to its high-water mark (16 chunks), no further.
      expect(produced - n, `record ${n}`).to.be.at.most(20);
    }
    expect(n).to.equal(2000);
  });
});
