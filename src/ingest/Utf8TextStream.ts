/**
 * A stream of bytes read as UTF-8 text, strictly: it passes on strings (the readers of dumps
 * take text as it is), and fails with NotUtf8, naming the byte offset in the whole stream, at the
 * first bytes that are not UTF-8. A character split between two chunks is put back together.
 * Checked with buffer.isUtf8 (simdutf) and decoded with a StringDecoder: a fatal TextDecoder
 * was four times slower (test/bench/utf8-bench.ts).
 */
import { isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { firstIllFormed, incompleteTail, NotUtf8, notUtf8At, sequenceLength } from './utf8.js';

export class Utf8TextStream extends Transform {
  private readonly decoder = new StringDecoder('utf8');
  /** Bytes before the current chunk. */
  private offset = 0;
  /** The start of a character the last chunk cut off (well-formed so far): the decoder holds it until the next. */
  private tail: Buffer = Buffer.alloc(0);

  /** `source` names the input in the error (a file's name). */
  constructor(private readonly source?: string) {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const problem = this.check(chunk);
    if (problem) {
      done(problem);
      return;
    }
    this.offset += chunk.length;
    const text = this.decoder.write(chunk);
    if (text.length > 0) this.push(text);
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.tail.length > 0) {
      done(new NotUtf8(this.offset - this.tail.length, undefined, this.source));
      return;
    }
    const text = this.decoder.end();
    if (text.length > 0) this.push(text);
    done();
  }

  /** The NotUtf8 of the first bytes of `chunk` (with the tail before it) that are not UTF-8; the new tail otherwise. */
  private check(chunk: Buffer): NotUtf8 | undefined {
    let start = 0;
    if (this.tail.length > 0) {
      // The character the last chunk cut off, with the bytes of this one that complete it.
      const joined = Buffer.concat([this.tail, chunk.subarray(0, sequenceLength(this.tail[0]) - this.tail.length)]);
      const at = firstIllFormed(joined);
      if (at < joined.length) return notUtf8At(joined, this.offset - this.tail.length, this.source);
      if (joined.length < sequenceLength(joined[0])) {
        this.tail = joined;
        return undefined;
      }
      start = joined.length - this.tail.length;
    }
    const end = incompleteTail(chunk, start);
    const whole = chunk.subarray(start, end);
    if (!isUtf8(whole)) return notUtf8At(whole, this.offset + start, this.source);
    // A cut-off character must be well-formed as far as it goes (E0 80 is wrong already).
    const cut = chunk.subarray(end);
    if (firstIllFormed(cut) < cut.length) return notUtf8At(cut, this.offset + end, this.source);
    this.tail = Buffer.from(cut);
    return undefined;
  }
}

/** `bytes` as strict UTF-8 text; an error of either stream ends both (NotUtf8 from the text side, naming `source`). */
export function strictText(bytes: Readable, source?: string): Readable {
  return pipeline(bytes, new Utf8TextStream(source), () => undefined);
}
