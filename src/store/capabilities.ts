/**
 * What a store can do beyond the QuadStore every store is, declared by the store
 * (QuadStore.capabilities) and asked here, in one place, by everything above it: whether other
 * processes write to it, whether it takes graphs already encoded, whether it lists the documents'
 * graphs without the internal ones.
 */
import type { QuadStore } from './QuadStore.js';

export interface StoreCapabilities {
  /**
   * Other processes write to it (a remote store with several service processes in front): this
   * process is not told of their writes, so what it derives from the store (render cache, reverse
   * links, the feed's length) is read from the store rather than kept. Such a store has writeGeneration.
   */
  readonly sharedWriters: boolean;
  /** It takes graphs already encoded (replaceWireGraphs: the embedded store posts them to its worker as they are). */
  readonly wireGraphs: boolean;
  /** It lists the documents' graphs without the internal ones as it reads (listDocumentGraphs). */
  readonly documentGraphList: boolean;
}

/**
 * The capabilities `store` declares. A store that declares none (a test double, a store written
 * before they were declared) is taken to have those whose methods it has.
 */
export function capabilitiesOf(store: QuadStore): StoreCapabilities {
  return (
    store.capabilities ?? {
      sharedWriters: store.writeGeneration !== undefined,
      wireGraphs: store.replaceWireGraphs !== undefined,
      documentGraphList: store.listDocumentGraphs !== undefined,
    }
  );
}
