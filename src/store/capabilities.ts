/**
 * What a store can do beyond the QuadStore every store is (StoreCapabilities.ts), asked here, in
 * one place, by everything above it.
 */
import type { QuadStore } from './QuadStore.js';
import type { StoreCapabilities } from './StoreCapabilities.js';

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
