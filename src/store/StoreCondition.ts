/**
 * What the store can do now, for `/ready` and `/health` (src/http/operations.ts):
 *   ok              reads and writes go through
 *   writes refused  the disk under the data directory is full: writes are refused (507), reads
 *                   go on, and writes resume by themselves once space is freed
 *   failed          the store cannot serve (a write to its disk failed other than for space, or
 *                   its worker stopped): nothing goes through until the service is restarted
 */
export type StoreCondition =
  | { readonly state: 'ok' }
  | { readonly state: 'writes refused' | 'failed'; readonly detail: string; readonly since: string };

export const STORE_OK: StoreCondition = { state: 'ok' };

/** Every state, for the metric that says which one holds (src/metrics/storeMetrics.ts). */
export const STORE_STATES: ReadonlyArray<StoreCondition['state']> = ['ok', 'writes refused', 'failed'];
