/**
 * Strict UTF-8: bytes that are not UTF-8 are refused, never read as U+FFFD (a replacement
 * would store something the sender never wrote). The refusal says where: the byte offset of the
 * first ill-formed sequence, so the sender can find it.
 */
import { isUtf8 } from 'node:buffer';

/** Bytes that are not UTF-8: `offset` is where the first ill-formed sequence starts; `source` names the input, when known. */
export class NotUtf8 extends Error {
  override name = 'NotUtf8';
  /** What is wrong, without the source: "not UTF-8: byte 0xFF at byte offset 12 …". */
  readonly problem: string;
  constructor(
    readonly offset: number,
    readonly byte: number | undefined,
    readonly source?: string,
  ) {
    const problem =
      byte === undefined
        ? `not UTF-8: a character is cut off at the end, at byte offset ${offset}`
        : `not UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} at byte offset ${offset} starts no valid UTF-8 sequence`;
    super(source === undefined ? problem : `${source}: ${problem}`);
    this.problem = problem;
  }
}

/** The text of `bytes` (a byte-order mark kept); NotUtf8 (its offset counted from `start`) when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array, start = 0): string {
  // Checked by buffer.isUtf8 (simdutf), then decoded: several times faster than a fatal TextDecoder.
  if (!isUtf8(bytes)) throw notUtf8At(bytes, start);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** The NotUtf8 of `bytes` that are known not to be UTF-8, offsets counted from `start`. */
export function notUtf8At(bytes: Uint8Array, start = 0, source?: string): NotUtf8 {
  const at = firstIllFormed(bytes);
  return at < bytes.length
    ? new NotUtf8(start + at, bytes[at], source)
    : new NotUtf8(start + incompleteTail(bytes, 0), undefined, source);
}

/**
 * Where the first ill-formed sequence starts (Unicode Table 3-7: no overlongs, no surrogates,
 * nothing past U+10FFFF); `bytes.length` when every sequence is well-formed, the last
 * perhaps cut off (incompleteTail says where it starts).
 */
export function firstIllFormed(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      if (i + k >= bytes.length) return bytes.length; // cut off: well-formed so far
      const c = bytes[i + k];
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return i;
}

/** How many bytes the sequence a lead byte starts has (1 for ASCII and for bytes that start none). */
export function sequenceLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

/** Where a character cut off at the end of `bytes` starts (`bytes.length` when none is): at most three bytes back, from `from` on. */
export function incompleteTail(bytes: Uint8Array, from: number): number {
  for (let i = bytes.length - 1; i >= Math.max(from, bytes.length - 3); i--) {
    const b = bytes[i];
    if (b < 0x80) return bytes.length;
    if (b >= 0xc0) return bytes.length - i < sequenceLength(b) ? i : bytes.length;
  }
  return bytes.length;
}
