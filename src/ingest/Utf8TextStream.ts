/**
 * A stream of bytes read as UTF-8 text, strictly: it passes on strings (the readers of dumps
 * take text as it is), and fails with NotUtf8, naming the byte offset in the whole stream, at the
 * first bytes that are not UTF-8. A character split between two chunks is put back together.
 */
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { incompleteTail, notUtf8At } from './utf8.js';

export class Utf8TextStream extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  /** Bytes before the current chunk. */
  private offset = 0;
  /** The start of a character the last chunk cut off: the decoder holds it until the next. */
  private tail: Uint8Array = new Uint8Array(0);

  /** `source` names the input in the error (a file's name). */
  constructor(private readonly source?: string) {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      done(notUtf8At(Buffer.concat([this.tail, chunk]), this.offset - this.tail.length, this.source));
      return;
    }
    // What the decoder holds back now: the cut-off character, if any (which may have begun in the tail).
    const seen = chunk.length >= 3 ? chunk : Buffer.concat([this.tail, chunk]);
    this.tail = seen.subarray(incompleteTail(seen, 0));
    this.offset += chunk.length;
    if (text.length > 0) this.push(text);
    done();
  }

  override _flush(done: TransformCallback): void {
    try {
      const text = this.decoder.decode();
      if (text.length > 0) this.push(text);
      done();
    } catch {
      done(notUtf8At(this.tail, this.offset - this.tail.length, this.source));
    }
  }
}

/** `bytes` as strict UTF-8 text; an error of either stream ends both (NotUtf8 from the text side, naming `source`). */
export function strictText(bytes: Readable, source?: string): Readable {
  return pipeline(bytes, new Utf8TextStream(source), () => undefined);
}
