/**
 * A write refused because the disk holding the embedded store's data directory has no room for
 * its log record: the log could not reserve the space (write-ahead log, wal.ts). Nothing of the
 * write was applied or logged; reads go on; the next write tries again, so writes resume by
 * themselves once space is freed. It travels as a StoreFull (`limitSetBy: 'disk'`): the HTTP
 * layer answers 507, a load stops saying how far it got, as for the store's memory ceiling.
 */

/** The disk's state when the write was refused (plain data: it crosses from the store's worker). */
export interface DiskFullDetails {
  readonly limitSetBy: 'disk';
  /** The data directory (its absolute path). */
  readonly dataDir: string;
  /** The room the write's log record needed, in bytes. */
  readonly neededBytes: number;
  /** Free bytes on that file system when the write was refused (as an unprivileged process may use them). */
  readonly availableBytes: number;
  /** The file system's size and the bytes in use on it. */
  readonly limitBytes: number;
  readonly usedBytes: number;
  /** Quads in the store. */
  readonly quads: number;
}

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The refusal as a sentence: where, how much was free and needed, and what to do. */
export function describeDiskFull(d: DiskFullDetails): string {
  return (
    `No space left on the disk holding the data directory ${d.dataDir}: ${mb(d.availableBytes)} free of ${mb(d.limitBytes)}, ` +
    `and the write needed ${d.neededBytes} bytes for its log record; nothing of it was stored. ` +
    'Reads go on; writes go through again as soon as space is freed there (no restart needed).'
  );
}
