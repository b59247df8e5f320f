/**
 * The embedded store failed and must be reopened (restart the service): a write to its disk
 * failed other than for want of space (which is refused with StoreFull instead, and recovers by
 * itself), or its engine broke. What was acknowledged is on disk; the next open recovers it.
 * The HTTP layer answers it 503: the service cannot answer until restarted.
 */
export class StoreFailed extends Error {
  override name = 'StoreFailed';
}
