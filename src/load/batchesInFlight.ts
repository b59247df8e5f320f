/**
 * The batches sent to the gate and not yet stored, in order, of a load (LoadPass.ts) or a
 * harvest. While the store writes one and the gate checks the next, the reader reads on; how
 * many are in flight bounds how far ahead. Verdicts are reported, and writes queued, in batch
 * order whatever order the gate answers in: each batch's after the batch before it is queued.
 */

/** A batch in flight: its documents' ids (a later batch naming one waits for it), settled once stored. */
interface InFlight {
  readonly ids: ReadonlySet<string>;
  readonly done: Promise<void>;
}

export class BatchesInFlight {
  private readonly inFlight: InFlight[] = [];
  private last: Promise<unknown> = Promise.resolve();

  /** Settles once the batch added last has been queued; fails if it (or one before it) failed. */
  get queued(): Promise<unknown> {
    return this.last;
  }

  /** Whether a batch in flight may hold an earlier copy of one of these ids. */
  touches(ids: Iterable<string>): boolean {
    return this.inFlight.some((w) => [...ids].some((id) => w.ids.has(id)));
  }

  /** Waits until at most `keep` batches are in flight; throws the first failure met. */
  async settle(keep = 0): Promise<void> {
    while (this.inFlight.length > keep) await this.inFlight.shift()!.done;
  }

  /**
   * Adds a batch: `queued` settles once its verdicts are reported and its write queued (the next
   * batch's wait for it), `done` once it is stored. Then waits until at most `ahead` are in flight.
   */
  async add(ids: ReadonlySet<string>, queued: Promise<unknown>, done: Promise<void>, ahead: number): Promise<void> {
    this.last = queued;
    // Reported where it is awaited (settle), not as unhandled meanwhile.
    queued.catch(() => undefined);
    done.catch(() => undefined);
    this.inFlight.push({ ids, done });
    await this.settle(ahead);
  }

  /** Waits for every batch in flight, whatever became of it. */
  async finish(): Promise<void> {
    await Promise.allSettled(this.inFlight.map((w) => w.done));
  }
}
