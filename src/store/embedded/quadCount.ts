/**
 * Quads in the store, counted again only after a write: Oxigraph counts by walking every quad
 * (about 0.1 s a million), and /metrics asks every scrape.
 */
export class QuadCount {
  /** The last count and the write it was counted at. */
  private counted: { seq: number; quads: number } | undefined;

  /**
   * The count as of write `seq`: `count()` walks the store only when a write came since the last
   * count. `failed`: the store failed, and is not walked (its engine may be what failed): the last
   * count stands.
   */
  at(seq: number, count: () => number, failed: boolean): number {
    if (this.counted?.seq !== seq && !failed) this.counted = { seq, quads: count() };
    return this.counted?.quads ?? 0;
  }
}
