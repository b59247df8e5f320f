/**
 * Each document's newest past record (where its next version number starts) as this process last
 * wrote it, kept in memory where no other process writes the store. Its live hints then need not
 * carry it (liveVersion.ts): kept there, it was a new quad of the hint graph at every write, and
 * Oxigraph's memory store keeps every quad a write removed in its graph's index, so each read, dump
 * and drop of a document's hints scanned one more dead quad for each version it had (issue 33:
 * profiled, a thousand PUTs of one three-quad document, the record was half the store worker's
 * extra work for the history). Not known here (not written since the process started, forgotten,
 * or written by a write that did not number it): the hints' record (a store written by an earlier
 * build), else the head graph, else the records themselves (versionWrite.ts).
 */
import { LRUCache } from 'lru-cache';
import type { VersionRecord } from './versionRecord.js';

/** Documents remembered at most (a record and an id each, some 200 bytes): past it, the least recently written is looked up again. */
const MAX_DOCUMENTS = 20_000;

export class NewestPastRecords {
  private readonly known = new LRUCache<string, VersionRecord>({ max: MAX_DOCUMENTS });

  /** The newest past record of `id` as written last by this process; undefined: not known here. */
  get(id: string): VersionRecord | undefined {
    return this.known.get(id);
  }

  /**
   * A write stored: what it did to the graphs of the documents `touched` is not known here any
   * more, but for `numbered` (the newest past record it gave each document it replaced).
   */
  wrote(touched: Iterable<string>, numbered: ReadonlyMap<string, VersionRecord>): void {
    // Set over, rather than deleted and set: lru-cache's delete of its last entry clears every slot
    // of its 20,000 (some 50 µs, a PUT's whole history share on a one-document store, profiled).
    for (const id of touched) if (!numbered.has(id)) this.known.delete(id);
    for (const [id, record] of numbered) this.known.set(id, record);
  }

  /** A write failed or may have stored part of itself: what it touched is read from the store again. */
  forget(touched: Iterable<string>): void {
    for (const id of touched) this.known.delete(id);
  }
}
