/**
 * A write the store did not take because another process wrote first: the write was made for a
 * version of its documents (or a place at the end of the change feed) that is no longer the
 * store's. Nothing of the request it came from was stored. The writer reads again and tries
 * again (DocumentService), so a conditional write then finds its precondition lost (412) and
 * an unconditional one takes the next free activity number.
 */
export class WriteConflict extends Error {
  override name = 'WriteConflict';

  /**
   * `written`: documents stored by the earlier requests of the same write (a write cut into
   * several requests), which a retry must not write again.
   */
  constructor(
    why: string,
    readonly written: readonly string[] = [],
  ) {
    super(`another process wrote first: ${why}`);
  }
}
