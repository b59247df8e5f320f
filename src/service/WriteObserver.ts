/**
 * How data derived from the documents stays current — the reverse-link index, the name search
 * index, the render cache: each attaches to the write path in this one way (DocumentService.observe
 * or .derived) and is told, in the write's turn, what a write stored and which documents it
 * changed. The change feed is no observer: its activities are part of the write itself, stored in
 * the same atomic write (ChangeFeed.ts), so that the feed and the documents agree after any crash.
 */
import type { Quad } from '../rdf/terms.js';

export interface WriteObserver {
  /**
   * The graphs a write stored, a slice at a time (an empty list: the graph is gone); after a failed
   * write, the graphs of its documents as stored now (the store may or may not hold the new version).
   * Answers the other documents whose representations this changes (a hit count in their `_links`).
   */
  written?(graphs: ReadonlyMap<string, readonly Quad[]>): readonly string[] | void;
  /** After every write, stored or not: the documents it changed, and those written() named. */
  changed?(ids: readonly string[]): void;
}
