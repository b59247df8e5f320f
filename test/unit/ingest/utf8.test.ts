/** Strict UTF-8, whole and streamed: the first ill-formed sequence's offset, wherever the chunks are cut. */
import { expect } from 'chai';
import { Readable } from 'node:stream';
import { decodeUtf8, NotUtf8 } from '../../../src/ingest/utf8.js';
import { strictText } from '../../../src/ingest/Utf8TextStream.js';

const text = 'Nachtwacht — « Rembrandt » 🖼 café\n';
const good = Buffer.from(text.repeat(3));

/** Bytes with `bad` put in at `at`. */
const spoiled = (at: number, bad: number[]): Buffer =>
  Buffer.concat([good.subarray(0, at), Buffer.from(bad), good.subarray(at)]);

/** The text of `bytes` read through the stream in chunks of `size`, or the NotUtf8 it failed with. */
async function streamed(bytes: Buffer, size: number): Promise<string | NotUtf8> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  let out = '';
  try {
    for await (const piece of strictText(Readable.from(chunks))) out += piece as string;
    return out;
  } catch (error) {
    return error as NotUtf8;
  }
}

describe('strict UTF-8', () => {
  it('reads UTF-8 as it is, a byte-order mark kept', () => {
    expect(decodeUtf8(good)).to.equal(text.repeat(3));
    expect(decodeUtf8(Buffer.from('\uFEFFx'))).to.equal('\uFEFFx');
  });

  const cases: Array<[string, number[]]> = [
    ['a lone continuation byte', [0x80]],
    ['0xFF', [0xff]],
    ['an overlong "/" (C0 AF)', [0xc0, 0xaf]],
    ['an overlong three-byte form (E0 80 80)', [0xe0, 0x80, 0x80]],
    ['a surrogate (ED A0 80)', [0xed, 0xa0, 0x80]],
    ['past U+10FFFF (F4 90 80 80)', [0xf4, 0x90, 0x80, 0x80]],
    ['a lead byte then ASCII (C3 28)', [0xc3, 0x28]],
  ];
  for (const [name, bad] of cases) {
    it(`${name}: NotUtf8 at its offset, whole and streamed in chunks of every size from 1 to 7`, async () => {
      for (const at of [0, 5, 14, good.length]) {
        const bytes = spoiled(at, bad);
        const whole = (() => {
          try {
            decodeUtf8(bytes);
            return undefined;
          } catch (e) {
            return e as NotUtf8;
          }
        })();
        expect(whole, `at ${at}`).to.be.instanceOf(NotUtf8);
        expect(whole!.offset, `at ${at}`).to.equal(at);
        for (let size = 1; size <= 7; size++) {
          const result = await streamed(bytes, size);
          expect(result, `at ${at}, chunks of ${size}`).to.be.instanceOf(NotUtf8);
          expect((result as NotUtf8).offset, `at ${at}, chunks of ${size}`).to.equal(at);
        }
      }
    });
  }

  it('a character cut off at the end: NotUtf8 at its first byte, whole and streamed', async () => {
    const bytes = Buffer.concat([good, Buffer.from([0xf0, 0x9f, 0x96])]);
    expect(() => decodeUtf8(bytes)).to.throw(NotUtf8, `byte offset ${good.length}`);
    for (let size = 1; size <= 7; size++)
      expect(((await streamed(bytes, size)) as NotUtf8).offset).to.equal(good.length);
  });

  it('streamed in chunks that split every character, the text is whole', async () => {
    for (let size = 1; size <= 7; size++) expect(await streamed(good, size)).to.equal(text.repeat(3));
  });
});
