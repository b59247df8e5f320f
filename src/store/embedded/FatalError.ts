/** The store worker's store failed (its engine, or its log, in a state it cannot go on from): every request after it is refused until the service restarts. */
export class FatalError extends Error {
  override name = 'EmbeddedStoreFailed';
}
