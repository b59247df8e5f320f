/**
 * What a store can do beyond the QuadStore every store is, declared by the store
 * (QuadStore.capabilities; ask with capabilitiesOf, capabilities.ts): whether other processes
 * write to it, whether it takes graphs already encoded, whether it lists the documents' graphs
 * without the internal ones, whether it copies graphs within a write.
 */
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
  /**
   * Its replaceWireGraphs copies graphs itself (GraphCopies; absent: it does not): a write that copies a document's
   * live graphs out as a past version need not read them first nor send their quads back.
   */
  readonly graphCopies?: boolean;
}
