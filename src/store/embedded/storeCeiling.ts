/**
 * How much the embedded store may hold, and which writes it refuses: the limit arithmetic.
 *
 * Oxigraph's npm build keeps every quad in one WebAssembly memory, which cannot pass 4 GiB. Run
 * out of it, Oxigraph traps (`RuntimeError: unreachable`, measured at 473,000 generated documents,
 * 12.0M quads), the store is marked failed and answers nothing, reads included, until restarted;
 * the query replica, with a memory of its own, runs out sooner. So a write is refused
 * (StoreFull) while both memories have room for it and more, never at the edge.
 *
 * "Full" measures the WebAssembly memory's size (wasmMemory.ts): what runs out. It grows in
 * steps as Oxigraph's tables grow, and never shrinks while the process runs: what a DELETE frees
 * is reused by later writes, but does not show. So a write that stores more than it replaces
 * needs room under the limit; one that stores no more than it replaces (a DELETE, a smaller
 * version) frees as much as it takes, and only needs room under the safe ceiling.
 */

import { WASM_CEILING_BYTES } from '../../config/wasmCeiling.js';

/**
 * Memory a write may need per byte of its log record: the record copied into the WebAssembly
 * memory while Oxigraph parses it (1), and what its quads take once stored (measured: 4 GiB
 * for 2.35 GB of log, 1.8 bytes per byte), rounded up.
 */
export const WRITE_FACTOR = 3;

export interface StoreCeiling {
  /** The most the store's memory may use after a write that grows it, in bytes. */
  readonly limitBytes: number;
  readonly setBy: 'max-store-mb' | 'wasm-ceiling';
}

/** The ceiling: `--max-store-mb` when given and lower, else the safe ceiling under 4 GiB. */
export function storeCeiling(maxStoreBytes?: number): StoreCeiling {
  if (maxStoreBytes !== undefined && maxStoreBytes < WASM_CEILING_BYTES)
    return { limitBytes: maxStoreBytes, setBy: 'max-store-mb' };
  return { limitBytes: WASM_CEILING_BYTES, setBy: 'wasm-ceiling' };
}

/** A write, as the ceiling sees it. */
export interface WriteSize {
  /** Bytes of its log record's body: the N-Quads (or the update's text) Oxigraph reads. */
  readonly recordBytes: number;
  /** The quads it stores (for a SPARQL update, not known before it runs: counted as growing). */
  readonly quads: number;
  /**
   * The quads it overwrites. Counted in quads, not bytes: the store's own text of what it holds
   * (blank nodes with 32-character labels) is longer than the same quads as written, so a write
   * adding its activity's quad could look smaller than what it replaced.
   */
  readonly replacedQuads: number;
}

export interface Refusal {
  readonly usedBytes: number;
  readonly limitBytes: number;
  readonly setBy: StoreCeiling['setBy'];
  readonly neededBytes: number;
}

/** Why the write is refused, with `usedBytes` of memory in use now; null when it may go on. */
export function refusal(ceiling: StoreCeiling, usedBytes: number, write: WriteSize): Refusal | null {
  const neededBytes = WRITE_FACTOR * write.recordBytes;
  const grows = write.quads > write.replacedQuads;
  // A write that does not grow the data is held only to the safe ceiling (--max-store-mb is policy, the ceiling is not).
  const limit = grows ? ceiling : storeCeiling();
  if (usedBytes + neededBytes <= limit.limitBytes) return null;
  return { usedBytes, limitBytes: limit.limitBytes, setBy: limit.setBy, neededBytes };
}
