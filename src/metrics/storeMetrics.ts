/**
 * The store, read at scrape time. The embedded store says what it holds and what it keeps on
 * disk (its worker's stats: one message, the quad count kept between writes); the documents
 * are counted by class from the reverse-link index, which this process holds in memory. A
 * remote store says only its kind: counting there is a query over the whole store, no price
 * to pay every scrape (the store's own monitoring knows its size).
 */
import { Gauge, type Registry } from 'prom-client';
import { ENTITY_CLASSES } from '../linkedart/kinds.js';
import type { DocumentService } from '../service/DocumentService.js';
import { EmbeddedStore } from '../store/embedded/EmbeddedStore.js';
import type { StoreStats } from '../store/embedded/protocol.js';
import { oncePerScrape } from './oncePerScrape.js';
import { scrapedFigure, scrapedFigures, scrapedTotal } from './scrapedMetrics.js';
import { STORE_STATES } from '../store/StoreCondition.js';

export interface StoreMetricsOptions {
  readonly documents: DocumentService;
  /** Whether the service is ready: before, the reverse-link index may still be being read, and documents are not counted. */
  readonly ready: () => boolean;
}

export function storeMetrics(registry: Registry, prefix: string, { documents, ready }: StoreMetricsOptions): void {
  const registers = [registry];
  const store = documents.store;
  const embedded = store instanceof EmbeddedStore;
  new Gauge({
    name: `${prefix}store_info`,
    registers,
    labelNames: ['kind'] as const,
    help: 'The store behind the service (always 1): kind is embedded (Oxigraph in the data directory) or sparql (a remote SPARQL 1.1 store).',
  }).set({ kind: embedded ? 'embedded' : 'sparql' }, 1);
  scrapedFigures(
    registry,
    `${prefix}store_condition`,
    'state',
    'What the store can do now: 1 for its state (ok; writes refused: the disk under the data directory is full, reads go on; failed: restart the service), 0 for the others.',
    () => {
      const now = store.condition?.().state ?? 'ok';
      return STORE_STATES.map((state) => [state, state === now ? 1 : 0]);
    },
  );
  if (!embedded) return;

  const stats = oncePerScrape<StoreStats>(() => store.stats());
  const figure = (name: string, help: string, of: (s: StoreStats) => number): void =>
    scrapedFigure(registry, `${prefix}${name}`, help, async () => of(await stats()));
  figure(
    'store_quads',
    "Quads in the store: entity graphs and the service's own graphs (shape hints, links, the change feed).",
    (s) => s.quads,
  );
  figure('store_log_bytes', 'Bytes of the write-ahead log since the last snapshot.', (s) => s.logBytes);
  figure('store_snapshot_bytes', 'Bytes of the last snapshot.', (s) => s.snapshotBytes);
  figure(
    'store_dead_bytes',
    'Data made dead since the last snapshot (replaced graphs, updates): a snapshot is written when it is a quarter of what an open reads.',
    (s) => s.deadBytes,
  );
  figure(
    'store_memory_bytes',
    "Memory of the store worker outside its JavaScript heap: mostly Oxigraph's WebAssembly memory, which cannot grow past 4 GiB.",
    (s) => s.workerMemory.external,
  );
  figure('store_last_write_sequence', 'Sequence number of the last write the store has logged.', (s) => s.lastSeq);
  scrapedTotal(
    registry,
    `${prefix}store_snapshots_total`,
    'Snapshots (compactions of the log) written since start.',
    async () => (await stats()).compactions,
  );
  scrapedFigures(
    registry,
    `${prefix}store_documents`,
    'class',
    "Documents stored, by the class of their root entity (Linked Art's class names); reported once the service is ready.",
    async () => {
      if (!ready()) return [];
      const counts = await (await documents.reverseLinks()).classCounts();
      return ENTITY_CLASSES.map((name) => [name, counts.get(name) ?? 0]);
    },
  );
}
