/**
 * The embedded, durable QuadStore: Oxigraph (in memory, WASM) in a worker thread, made durable
 * by a write-ahead log and snapshots in a data directory.
 *
 *   dataDir/LOCK                   PID of the process using the directory (lock.ts)
 *   dataDir/snapshot.nq            every graph, as of log record `seq` (snapshot.ts)
 *   dataDir/wal-<first seq>.log    records after the snapshot, each checksummed (wal.ts)
 *
 * Opening restores the snapshot, then replays the log records after it (a torn last record
 * left by kill -9 is dropped). Every write resolves only once its log record is fdatasync'ed.
 * A new snapshot replaces the log when enough of the stored data is dead (graphs replaced or
 * emptied, SPARQL updates): at least a quarter of snapshot + log, once the log has passed
 * `compactAfterBytes` and the size of the last snapshot; at close() on the first condition
 * alone. A log of new graphs is left as it is: it replays as fast as a snapshot loads (worker.ts).
 *
 * This thread only posts messages and converts terms: all Oxigraph work and file I/O happen in
 * the worker (worker.ts), so a long query does not block request handling.
 */
import { Worker, type MessagePort, type TransferListItem } from 'node:worker_threads';
import { mkdir } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import type { GraphCopies, QuadStore, QueryResult } from '../QuadStore.js';
import { fromPlainQuad, type Quad } from '../../rdf/terms.js';
import { acquireLock, type DirLock } from './lock.js';
import { StoreFull } from '../StoreFull.js';
import { STORE_OK, type StoreCondition } from '../StoreCondition.js';
import { ReplicaPool, type StandbyBounds } from './ReplicaPool.js';
import { chooseQueryReplicas, machineMemoryBytes, type ReplicaChoice } from './replicaBudget.js';
import { encodeGraphs, type WireGraphs } from '../../rdf/wireGraphs.js';
import { graphTextQuads } from './graphTextQuads.js';
import type { SparqlEngine } from '../../sparql/SparqlEngine.js';
import type { OpName, Ops, OpenInfo, StoreStats } from './protocol.js';
import { workerInitOf, type EmbeddedStoreOptions } from './embeddedStoreOptions.js';
import { StoreWorkerCalls } from './storeWorkerCalls.js';
import type { StoreCapabilities } from '../StoreCapabilities.js';

export type { OpenInfo, StoreStats } from './protocol.js';
export type { EmbeddedStoreOptions } from './embeddedStoreOptions.js';

const CAPABILITIES = { sharedWriters: false, wireGraphs: true, documentGraphList: false, graphCopies: true };

export class EmbeddedStore implements QuadStore {
  /** The only writer of its directory (lock.ts); takes wire graphs to its worker as they are, copies graphs there. */
  readonly capabilities: StoreCapabilities = CAPABILITIES;
  /** Set while the disk refuses writes (a write refused for space; cleared by the next that goes through), or once the store failed. */
  private state: StoreCondition = STORE_OK;
  private closing: Promise<void> | null = null;
  /** The sequence number of the last write acknowledged here (queries on the replica wait for it). */
  private lastAcked = 0;
  private replicas: ReplicaPool | null = null;
  /** When auto's standby is seeded and given back, if not the defaults (EmbeddedStoreOptions.standbyBounds). */
  private standbyBounds: StandbyBounds | undefined;
  /** Its messages to the store worker (storeWorkerCalls.ts). */
  private readonly calls: StoreWorkerCalls;
  /** What open() found and did: snapshot, replayed records, discarded tail, restore time. */
  openInfo!: OpenInfo;
  /** With `queryReplicas: 'auto'`: how many were chosen, and why. */
  replicaChoice: ReplicaChoice | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly lock: DirLock,
    readonly dataDir: string,
    private readonly onWarning: (message: string) => void,
    private queryReplicas: number,
    readersWaiting: SharedArrayBuffer | undefined,
  ) {
    this.calls = new StoreWorkerCalls(worker, readersWaiting ? new Int32Array(readersWaiting) : null, {
      dataDir,
      warning: (message) => this.onWarning(message),
      failed: (detail) => this.noteFailed(detail),
    });
  }

  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    const dataDir = resolvePath(options.dataDir);
    await mkdir(dataDir, { recursive: true });
    const lock = await acquireLock(dataDir);
    const init = workerInitOf(dataDir, options);
    const onWarning = options.onWarning ?? ((m: string) => process.emitWarning(m, 'EmbeddedStoreWarning'));
    let worker: Worker;
    try {
      worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: init });
    } catch (err) {
      await lock.release();
      throw err;
    }
    const replicas = options.queryReplicas ?? 1;
    const queryReplicas = replicas === 'auto' ? 1 : replicas;
    const store = new EmbeddedStore(worker, lock, dataDir, onWarning, queryReplicas, init.readersWaiting);
    store.standbyBounds = options.standbyBounds;
    try {
      const opening = store.call('open', options.keptSince === undefined ? {} : { keptSince: options.keptSince });
      // Posted after 'open': the store worker takes it while it replays the files (seedEnd.ts).
      if (options.seedWhileOpening && replicas !== 0) store.sparqlEngine().warmUp();
      options.whileOpening?.();
      store.openInfo = await opening;
      if (replicas === 'auto') {
        store.replicaChoice = chooseQueryReplicas(store.openInfo.quads, machineMemoryBytes());
        store.queryReplicas = store.replicaChoice.replicas;
        store.replicas?.grow(store.queryReplicas);
        store.replicas?.keepStandby(store.replicaChoice.withStandby);
        if (store.replicaChoice.warning) onWarning(store.replicaChoice.warning);
      }
    } catch (err) {
      await store.replicas?.close();
      await worker.terminate();
      await lock.release();
      throw err;
    }
    return store;
  }

  // ------------------------------------------------------------------ QuadStore

  async replaceGraphs(graphs: ReadonlyMap<string, readonly Quad[]>): Promise<void> {
    if (graphs.size === 0) return;
    // Interned, not as PlainQuads: see wire.ts (this thread's cost is what limits a load).
    await this.replaceWireGraphs(encodeGraphs(graphs));
  }

  /** `copies`: made by the worker from the quads it holds (writeRecords.ts), none of them sent. */
  async replaceWireGraphs(wire: WireGraphs, copies?: GraphCopies): Promise<void> {
    if (wire.names.length === 0) return;
    const args = copies && copies.size > 0 ? { graphs: wire, copies: [...copies] } : { graphs: wire };
    this.acked(await this.written(this.call('replaceGraphs', args, [wire.codes.buffer])));
  }

  async readGraphs(names: readonly string[]): Promise<Quad[]> {
    if (names.length === 0) return [];
    // As N-Triples, a string a graph: one copy across the thread, parsed here (protocol.ts).
    const unique = [...new Set(names)];
    return graphTextQuads(unique, await this.call('readGraphTexts', { names: unique }));
  }

  hasGraph(name: string): Promise<boolean> {
    return this.call('hasGraph', { name });
  }

  listGraphs(): Promise<string[]> {
    return this.call('listGraphs', {});
  }

  async query(sparql: string): Promise<QueryResult> {
    const r = await this.call('query', { sparql });
    if (r.kind === 'quads') return { kind: 'quads', quads: r.quads.map(fromPlainQuad) };
    return r;
  }

  async update(sparql: string): Promise<void> {
    this.acked(await this.written(this.call('update', { sparql })));
  }

  /** What the store can do now: writes refused while its disk is full, failed once it must be reopened. */
  condition(): StoreCondition {
    return this.state;
  }

  /** A write's outcome, noted for condition(): refused for space, or through (space was there). */
  private async written(write: Promise<number>): Promise<number> {
    try {
      const seq = await write;
      if (this.state.state === 'writes refused') this.state = STORE_OK;
      return seq;
    } catch (err) {
      if (err instanceof StoreFull && err.details.limitSetBy === 'disk' && this.state.state !== 'failed') {
        const d = err.details;
        // Said on the public /health and /ready: without the data directory's path (the log and the curator's 507 have it).
        const detail =
          `no space left on the disk holding the data directory (${(d.availableBytes / 1048576).toFixed(1)} MB free; ` +
          `a write needed ${d.neededBytes} bytes): writes are refused until space is freed there; reads go on`;
        this.state = { state: 'writes refused', detail, since: new Date().toISOString() };
      }
      throw err;
    }
  }

  private noteFailed(detail: string): void {
    if (this.state.state !== 'failed' && !this.closing)
      this.state = { state: 'failed', detail, since: new Date().toISOString() };
  }

  /**
   * Curators' SPARQL: on replicas of the entity graphs, each in a worker of its own
   * (ReplicaPool.ts), seeded once the engine's warmUp() is called, or on first use.
   */
  sparqlEngine(): SparqlEngine {
    this.replicas ??= new ReplicaPool(
      {
        attachReplica: (replica: number, port: MessagePort) => this.call('attachReplica', { replica, port }, [port]),
        detachReplica: (replica: number) =>
          this.calls.exited ? Promise.resolve() : this.send('detachReplica', { replica }),
        lastWriteSeq: () => this.lastAcked,
      },
      this.queryReplicas,
      this.onWarning,
      this.standbyBounds,
    );
    if (this.replicaChoice) this.replicas.keepStandby(this.replicaChoice.withStandby);
    return this.replicas;
  }

  /** The position of the last write the store holds (its log sequence number): what opened, and every write acknowledged since. */
  writtenUpTo(): number {
    return Math.max(this.openInfo.lastSeq, this.lastAcked);
  }

  private acked(seq: number): void {
    if (seq > this.lastAcked) this.lastAcked = seq;
  }

  size(): Promise<number> {
    return this.call('size', {});
  }

  /**
   * Waits for in-flight operations, writes a snapshot if a quarter of the data on disk is dead
   * (else the log stays, to be replayed at the next open), releases the directory.
   */
  close(): Promise<void> {
    if (!this.closing) this.closing = this.doClose();
    return this.closing;
  }

  // ------------------------------------------------------------------ extras

  /** Writes a snapshot now, whatever the log holds (also happens by itself, see compactAfterBytes). */
  compact(): Promise<void> {
    return this.call('compact', {});
  }

  /** Sequence numbers, log and snapshot sizes, the worker's memory, and how full the store is (memoryBytes of limitBytes). */
  stats(): Promise<StoreStats> {
    return this.call('stats', {});
  }

  // ------------------------------------------------------------------ plumbing

  private async doClose(): Promise<void> {
    // Let everything already asked for finish; new calls are refused from here on.
    await this.calls.settled();
    await this.replicas?.close();
    let failed: { error: unknown } | undefined;
    if (!this.calls.exited) {
      try {
        await this.send('close', {});
      } catch (error) {
        failed = { error };
      }
      await this.worker.terminate();
    }
    await this.lock.release();
    if (failed) throw failed.error;
  }

  private call<K extends OpName>(
    op: K,
    args: Ops[K]['args'],
    transfer?: readonly TransferListItem[],
  ): Promise<Ops[K]['result']> {
    if (this.closing) return Promise.reject(new Error(`embedded store in ${this.dataDir} is closed`));
    return this.send(op, args, transfer);
  }

  private send<K extends OpName>(
    op: K,
    args: Ops[K]['args'],
    transfer?: readonly TransferListItem[],
  ): Promise<Ops[K]['result']> {
    return this.calls.send(op, args, transfer);
  }
}
