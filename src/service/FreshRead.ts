/**
 * A value read from elsewhere (a remote store's write generation), shared by concurrent callers
 * without ever giving one a value older than its call: every caller gets the result of a read
 * that started after it called, so whatever was written before the call is seen.
 *
 * At most one read runs at a time. Callers that arrive while one runs share the next, which
 * starts when the running one ends; under load one store query answers every request that
 * arrived during the one before.
 */
export class FreshRead<T> {
  private running: Promise<T> | undefined;
  /** The read that starts when `running` ends, promised to the callers that came during it. */
  private next: Promise<T> | undefined;
  private ended: { value: T } | undefined;

  constructor(private readonly read: () => Promise<T>) {}

  /** The value of a read started after this call. */
  get(): Promise<T> {
    if (this.next) return this.next;
    if (!this.running) return this.start();
    const startNext = (): Promise<T> => {
      this.next = undefined;
      return this.start();
    };
    this.next = this.running.then(startNext, startNext);
    return this.next;
  }

  /**
   * The value of the latest read that has ended, or undefined before one has: a value read
   * before this call (what a render that starts now may be stamped with).
   */
  latest(): T | undefined {
    return this.ended?.value;
  }

  private start(): Promise<T> {
    const run = new Promise<T>((resolve) => resolve(this.read())).then((value) => {
      this.ended = { value };
      return value;
    });
    this.running = run;
    // Registered before any caller's `next`: the running read is gone before the next one starts.
    const done = (): void => {
      if (this.running === run) this.running = undefined;
    };
    run.then(done, done);
    return run;
  }
}
