/**
 * A write refused because the store is full: the embedded store's memory (one WebAssembly
 * memory, 4 GiB at most) has too little room left for it. Nothing of the write was stored, and
 * everything stored before is still there; reads and queries go on. The way beyond is the remote
 * store (`--store sparql`). The HTTP layer answers it 507 Insufficient Storage; a load stops
 * with it, saying how far it got. The same goes for a write the disk under the data directory has
 * no room for (DiskFull.ts), whose way beyond is freeing space there.
 */

import { describeDiskFull, type DiskFullDetails } from './DiskFull.js';

/** How full the store (or its disk: DiskFull.ts) was when it refused the write. */
export type StoreFullDetails = MemoryFullDetails | DiskFullDetails;

/** How full the store's memory was when it refused the write (plain data: it crosses from the store's worker). */
export interface MemoryFullDetails {
  /** Memory the store uses now, in bytes (Oxigraph's WebAssembly memory). */
  readonly usedBytes: number;
  /** The most it may use, in bytes. */
  readonly limitBytes: number;
  /** What set the limit: `--max-store-mb`, or the safe ceiling under the WebAssembly memory's 4 GiB. */
  readonly limitSetBy: 'max-store-mb' | 'wasm-ceiling';
  /** The room the refused write needed, in bytes. */
  readonly neededBytes: number;
  /** Quads in the store. */
  readonly quads: number;
}

/** The way beyond the embedded store's ceiling, as every refusal names it. */
export const BEYOND_THE_EMBEDDED_STORE = 'the remote store: --store sparql --sparql-url URL (e.g. Virtuoso)';

export class StoreFull extends Error {
  override name = 'StoreFull';

  constructor(readonly details: StoreFullDetails) {
    super(describeFull(details));
  }
}

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The refusal as a sentence: the limit, how full the store is, and the way beyond. */
export function describeFull(d: StoreFullDetails): string {
  if (d.limitSetBy === 'disk') return describeDiskFull(d);
  const limit =
    d.limitSetBy === 'max-store-mb'
      ? `its limit of ${mb(d.limitBytes)} (--max-store-mb)`
      : `its safe ceiling of ${mb(d.limitBytes)} (the embedded store's WebAssembly memory is 4096 MB at most)`;
  return (
    `The embedded store is full: it uses ${mb(d.usedBytes)} of ${limit}, holding ${d.quads} quads, ` +
    `and the write needed ${mb(d.neededBytes)} more; nothing of it was stored. ` +
    `Writes that store no more than they replace (a DELETE, a smaller version) still go through; to hold more, move to ${BEYOND_THE_EMBEDDED_STORE}.`
  );
}
