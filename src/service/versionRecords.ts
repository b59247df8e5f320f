/**
 * The documents' version records (src/history) as the TimeMap, the TimeGate, a 410's links and
 * a page's "History (n versions)" read them: read from the store once (storedHistory.ts: one
 * lookup by the document), then kept until a write to the document, as the render cache keeps
 * its bytes. A TimeMap of 1,000 versions is 1,000 rows to read and parse (tens of
 * milliseconds); a TimeMap asked again is a lookup here. Nothing is kept where other processes
 * write to the store (this process is not told of their writes).
 */
import { LRUCache } from 'lru-cache';
import { versionsOf } from '../history/storedHistory.js';
import type { VersionRecord } from '../history/versionRecord.js';
import { capabilitiesOf } from '../store/capabilities.js';
import type { QuadStore } from '../store/QuadStore.js';
import type { WriteObserver } from './WriteObserver.js';

/** Records kept, over all documents (about a hundred bytes each). */
const MAX_RECORDS = 200_000;

export class VersionRecords {
  private readonly cache: LRUCache<string, VersionRecord[]> | undefined;
  /** Writes so far: records read while one ended are not kept (they may be the version before). */
  private generation = 0;

  /** `observe`: be told of every write (DocumentService.observe). */
  constructor(
    private readonly store: QuadStore,
    observe: (observer: WriteObserver) => void,
  ) {
    if (capabilitiesOf(store).sharedWriters) return;
    this.cache = new LRUCache<string, VersionRecord[]>({
      maxSize: MAX_RECORDS,
      sizeCalculation: (records) => Math.max(1, records.length),
    });
    observe({
      changed: (ids) => {
        this.generation++;
        for (const id of ids) this.cache?.delete(id);
      },
    });
  }

  /** The document's versions, oldest first (versionsOf); empty: no document, no history. */
  async of(id: string): Promise<readonly VersionRecord[]> {
    const cached = this.cache?.get(id);
    if (cached) return cached;
    const generation = this.generation;
    const records = await versionsOf(this.store, id);
    if (generation === this.generation) this.cache?.set(id, records);
    return records;
  }
}
