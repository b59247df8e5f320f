/**
 * Where a query replica's seed from the data directory's files ends (seedFromFiles.ts), told
 * across threads in shared memory: the replica starts reading the files while the store worker
 * is still replaying them at open (issue 35: the first SPARQL answer no longer waits for the
 * store's open and then for a whole seeding), and only then is the last write known.
 *
 * The race this settles (a replica reading the log while the store opens): the store worker sets
 * the end once its replay is done, before it cuts a torn tail off the log or appends anything.
 * A record the replica read before the end was set is one the replay read too (the same bytes,
 * valid and following the ones before), so it is applied; once the end is set, records past it
 * (written since, or a torn tail being cut) are left to the feed. Atomics order the two: the
 * replica checks the end after reading a record, and the store sets it before the file changes.
 */

/** Not known yet (the store worker is replaying). */
const UNKNOWN = -1n;
/** While waiting for the end, look again this often (a wait happens at most once a seeding). */
const POLL_MS = 5;

export class SeedEnd {
  private readonly cells: BigInt64Array;

  /** `buffer`: from SeedEnd.buffer(), shared by the store worker and the replica. */
  constructor(buffer: SharedArrayBuffer) {
    this.cells = new BigInt64Array(buffer);
  }

  /** A fresh shared end, not known yet. */
  static buffer(): SharedArrayBuffer {
    const buffer = new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);
    new BigInt64Array(buffer).fill(UNKNOWN);
    return buffer;
  }

  /** The store worker: the last write the files hold, and the entity graphs then (the seed's progress). */
  set(seq: number, graphs: number): void {
    Atomics.store(this.cells, 1, BigInt(graphs));
    Atomics.store(this.cells, 0, BigInt(seq));
  }

  /** The last write, or null while the store worker is still replaying. */
  now(): number | null {
    const seq = Atomics.load(this.cells, 0);
    return seq === UNKNOWN ? null : Number(seq);
  }

  /** The entity graphs the seed ends with (0 while not known). */
  graphs(): number {
    return this.now() === null ? 0 : Number(Atomics.load(this.cells, 1));
  }

  /** The last write, once the store worker has set it. */
  async known(): Promise<number> {
    for (let seq = this.now(); ; seq = this.now()) {
      if (seq !== null) return seq;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
