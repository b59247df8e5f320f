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
import { StoreFull } from '../StoreFull.js';

const MIB = 1024 * 1024;

/** A WebAssembly (wasm32) memory is 65,536 pages of 64 KiB at most. */
export const WASM_MAX_BYTES = 4096 * MIB;

/**
 * The most the memory may grow by at once, with no warning: filling the store (ad hoc, 470,000
 * generated documents) it grew in steps of about 160 MB, one of 321 MB, as Oxigraph's tables grew.
 */
export const GROWTH_RESERVE_BYTES = 384 * MIB;

/**
 * Working memory beside the data: the list of every graph a snapshot (compaction) or the query
 * replica's seed starts from (about 60 MB at 470,000 documents; they dump graph after graph, a
 * few KB each), and the service's own small queries.
 */
export const WORK_RESERVE_BYTES = 128 * MIB;

/**
 * The query replica (queryWorker.ts) holds the entity graphs in a WebAssembly memory of its own,
 * twice over (in their graphs, and in its default graph as their union): filled with the same
 * documents it measured 0.8 to 1.29 times the store's memory, the more the larger (3,589 MB
 * beside the store's 2,937 MB at 340,000 documents). Curators' SPARQL must go on at the ceiling,
 * so the store stops where the replica still has its reserves.
 */
export const REPLICA_FACTOR = 1.3;

/**
 * The most the store may use when no lower limit is set: 2,756 MiB, where the replica reaches
 * 3,584 MiB (4 GiB less the reserves). Measured: about 305,000 generated documents, 7.7M quads.
 */
export const WASM_CEILING_BYTES =
  Math.floor((WASM_MAX_BYTES - GROWTH_RESERVE_BYTES - WORK_RESERVE_BYTES) / REPLICA_FACTOR / MIB) * MIB;

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

/** What a replacement overwrites, measured as its record measures itself: N-Quads, each line naming its graph. */
/** Lines (one quad each) in N-Quads or N-Triples text, as a string or UTF-8 bytes. */
export function linesIn(text: string | Uint8Array): number {
  let lines = 0;
  if (typeof text === 'string') {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  } else {
    for (let i = text.indexOf(10); i >= 0; i = text.indexOf(10, i + 1)) lines++;
  }
  return lines;
}

/**
 * Refuses a write the store's memory (`usedBytes` now) has no room for (StoreFull, with the store's `quads`),
 * before anything of it is applied or logged: the store stays as it was, and goes on answering.
 */
export function checkRoom(ceiling: StoreCeiling, usedBytes: number, quads: () => number, write: WriteSize): void {
  const refused = refusal(ceiling, usedBytes, write);
  if (refused) {
    throw new StoreFull({
      usedBytes: refused.usedBytes,
      limitBytes: refused.limitBytes,
      limitSetBy: refused.setBy,
      neededBytes: refused.neededBytes,
      quads: quads(),
    });
  }
}
