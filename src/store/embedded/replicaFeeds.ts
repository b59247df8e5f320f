/**
 * The query replicas' feeds, as the store worker keeps them (worker.ts): each replica
 * (queryWorker.ts) is seeded with every entity graph as of its attachment, dumped graph after
 * graph between the worker's other messages, then gets every later write.
 *
 * A write landing while a replica is seeded is sent when it happens, and graphs dumped after it
 * carry it too: each seed chunk replaces its graphs wholly, so the replica ends the same either
 * way; a graph of the chunk being gathered that a write touched is dumped again before it goes.
 * Until the first such write, chunks are marked fresh: the replica then loads them without
 * first removing what their graphs held (nothing). Each chunk goes as UTF-8 with its default
 * graph copy made here (withDefaultCopy): the replica's load is what a seed waits for, while the
 * store worker has time to spare between dumps (measured at 100k documents: 34 s dumping,
 * 225 s loading, on a busy machine), so chunks go only as the replica takes them (CHUNKS_AHEAD).
 */
import type { MessagePort } from 'node:worker_threads';
import { withDefaultCopy, type GraphRef } from './engine.js';
import type { ReplicaFeed, ReplicaFeedAck } from './protocol.js';
import { isInternalGraph } from '../internalGraphs.js';
import { SeedEnd } from './seedEnd.js';

/** What seeding reads of the store worker's store. */
export interface SeedSource {
  /** The last write's sequence number: the seed is the store as of it. */
  readonly lastSeq: () => number;
  readonly allGraphs: () => readonly GraphRef[];
  /** A graph's triples as N-Triples, one a line. */
  readonly dumpGraph: (graph: GraphRef) => string;
  /** Characters of N-Quads a seed chunk holds before it is sent. */
  readonly seedChunkChars: number;
  /** The data directory: its snapshot and log are what a replica may seed from instead (seedFromFiles.ts). */
  readonly dir: string;
  /** Whether the files are a good seed now: little of what they hold is dead (else a dump is less to load). */
  readonly filesFit: () => boolean;
  /** Resolves once every write applied so far is in the log's files. */
  readonly durable: () => Promise<void>;
}

interface Replica {
  readonly port: MessagePort;
  seeding: boolean;
  fed: boolean;
  /** Seed chunks sent and not yet loaded, and what waits for one to be. */
  unloaded: number;
  onLoaded: (() => void) | undefined;
  /** Graphs written since the chunk being gathered began: dumped again before it goes. */
  readonly written: Set<string>;
  /** Seeding from the files: the writes fed until the seed message is sent (it must go first). */
  held: ReplicaFeed[] | null;
  /** Seeding from the files: resolved once the replica has read them (or is detached). */
  onFilesRead: (() => void) | undefined;
}

const utf8 = new TextEncoder();

/** Let the store worker's other messages run after this much dumping. */
const YIELD_MS = 1;

/**
 * Seed chunks sent ahead of the replica's load. Dumping is some six times faster than loading:
 * unchecked, the whole store's N-Quads waited in the replica's queue (about 1 GB a replica at
 * 100,000 documents), and the memory stayed with the process after the seed.
 */
const CHUNKS_AHEAD = 2;

export class ReplicaFeeds {
  /** By replica number: whether each is still being seeded, and whether a write was fed to it since its seeding began. */
  private readonly replicas = new Map<number, Replica>();
  /** A seed from the files ended before the replica read them (it failed): seed by dump from then on. */
  private filesFailed = false;
  /** Replicas reading the files now: a compaction must not replace them meanwhile. */
  private readonly readingFiles = new Set<Promise<void>>();
  /** Replicas attached while the store opens: told where their seed ends once the open has replayed the files. */
  private readonly ends = new Set<SeedEnd>();
  /** What the open's replay reached (null: the store is still opening). */
  private openedAt: { seq: number; graphs: number } | null = null;

  /** `seeded`: a seed ended (done, or cut short by a detach), so a SPARQL update waiting for it can go. */
  constructor(
    private readonly source: SeedSource,
    private readonly warn: (msg: string) => void,
    private readonly seeded: () => void,
  ) {}

  /** A replacement, as the replicas get it: the entity graphs only (`texts`: each graph's N-Quads). */
  replaced(seq: number, names: readonly string[], texts: readonly string[]): void {
    if (this.replicas.size === 0) return;
    const entity: number[] = [];
    for (let i = 0; i < names.length; i++) if (!isInternalGraph(names[i])) entity.push(i);
    if (entity.length === 0) return;
    for (const replica of this.replicas.values())
      if (replica.seeding && !replica.held) for (const i of entity) replica.written.add(names[i]);
    this.feed({
      kind: 'replace',
      seq,
      names: entity.map((i) => names[i]),
      nquads: entity.map((i) => texts[i]).join(''),
    });
  }

  /** A SPARQL update, replayed by each replica. */
  updated(seq: number, sparql: string): void {
    this.feed({ kind: 'update', seq, sparql });
  }

  /** Whether a replica is being seeded (a SPARQL update waits for it: it cannot be replayed onto a half-seeded copy). */
  seeding(): boolean {
    for (const replica of this.replicas.values()) if (replica.seeding) return true;
    return false;
  }

  /** Resolves once no replica reads the files (a compaction waits for it); null when none does. */
  filesInUse(): Promise<void> | null {
    return this.readingFiles.size > 0 ? Promise.all(this.readingFiles).then(() => undefined) : null;
  }

  /**
   * Starts feeding a (new) query replica: every entity graph as of now, then every later write.
   * From the data directory's files when they fit (seedFromFiles.ts: no second dump, and the
   * store worker goes on serving), else dumped graph by graph.
   */
  attach(id: number, port: MessagePort, opening = false): void {
    this.detach(id);
    const replica: Replica = {
      port,
      seeding: true,
      fed: false,
      unloaded: 0,
      onLoaded: undefined,
      written: new Set(),
      held: null,
      onFilesRead: undefined,
    };
    this.replicas.set(id, replica);
    port.on('message', (m: ReplicaFeedAck) => {
      if (m.kind === 'filesRead') {
        replica.onFilesRead?.();
        return;
      }
      replica.unloaded -= 1;
      replica.onLoaded?.();
    });
    const fromFiles = opening || (!this.filesFailed && this.source.filesFit());
    (fromFiles ? this.seedFromFiles(id, replica, opening) : this.seed(id, replica))
      .catch((err: unknown) => this.warn(`seeding query replica ${id} failed: ${(err as Error).message}`))
      .finally(() => {
        replica.seeding = false;
        this.seeded();
      });
  }

  detach(id: number): void {
    const replica = this.replicas.get(id);
    if (!replica) return;
    replica.port.close();
    replica.seeding = false;
    this.replicas.delete(id);
    replica.onLoaded?.();
    replica.onFilesRead?.();
    this.seeded();
  }

  private feed(message: ReplicaFeed): void {
    for (const replica of this.replicas.values()) {
      replica.fed = true;
      if (replica.held) replica.held.push(message);
      else replica.port.postMessage(message);
    }
  }

  /**
   * The store's open has replayed the files up to write `seq` (and cuts a torn tail, appends
   * after this): the replicas reading them meanwhile stop there (seedEnd.ts).
   */
  opened(seq: number): void {
    const graphs = this.ends.size > 0 ? this.entityGraphs().length : 0;
    this.openedAt = { seq, graphs };
    for (const end of this.ends) end.set(seq, graphs);
    this.ends.clear();
  }

  /**
   * The seed as the files hold it up to the last write: sent once that write is in them, the
   * writes fed meanwhile after it; the files stay as they are until the replica has read them.
   * `opening`: the store is still replaying them, the replica starts at once and is told where to
   * stop once the replay is done (seedEnd.ts); no write comes before.
   */
  private async seedFromFiles(id: number, replica: Replica, opening: boolean): Promise<void> {
    const seq = this.source.lastSeq();
    const graphs = opening ? 0 : this.entityGraphs().length;
    let end: SharedArrayBuffer | undefined;
    if (opening) {
      end = SeedEnd.buffer();
      const shared = new SeedEnd(end);
      if (this.openedAt) shared.set(this.openedAt.seq, this.entityGraphs().length);
      else this.ends.add(shared);
    }
    replica.held = [];
    let read = Promise.resolve();
    try {
      if (!opening) await this.source.durable();
      if (this.replicas.get(id) !== replica) return;
      read = new Promise<void>((resolve) => {
        replica.onFilesRead = resolve;
      });
      this.readingFiles.add(read);
      replica.port.postMessage({
        kind: 'seedFromFiles',
        dir: this.source.dir,
        seq,
        graphs,
        chunkChars: this.source.seedChunkChars,
        ...(end ? { end } : {}),
      } satisfies ReplicaFeed);
    } finally {
      for (const m of replica.held) replica.port.postMessage(m);
      replica.held = null;
    }
    await read;
    this.readingFiles.delete(read);
    replica.onFilesRead = undefined;
    // Detached before it read them: it failed (its error is reported as the replica's), or the pool
    // closes. Either way, later seeds are dumps: a seed from the files that fails would fail again.
    if (this.replicas.get(id) !== replica) this.filesFailed = true;
  }

  /** The store's entity graphs (what a replica holds). */
  private entityGraphs(): Array<{ t: 'N'; v: string }> {
    return this.source.allGraphs().filter((g): g is { t: 'N'; v: string } => g.t === 'N' && !isInternalGraph(g.v));
  }

  private async seed(id: number, replica: Replica): Promise<void> {
    const { port } = replica;
    const s0 = this.source.lastSeq();
    const graphs = this.entityGraphs();
    port.postMessage({ kind: 'seedStart', graphs: graphs.length } satisfies ReplicaFeed);
    let names: string[] = [];
    let parts: string[] = [];
    let chars = 0;
    const flush = async () => {
      while (replica.unloaded >= CHUNKS_AHEAD && this.replicas.get(id) === replica) {
        await new Promise<void>((resolve) => {
          replica.onLoaded = resolve;
        });
      }
      replica.onLoaded = undefined;
      if (names.length > 0 && this.replicas.get(id) === replica) {
        // A graph written after it was dumped: its replacement went ahead of this chunk, which must not undo it.
        names.forEach((name, i) => {
          if (replica.written.has(name)) parts[i] = this.dumped(name);
        });
        const withUnion = utf8.encode(withDefaultCopy(parts.join('')));
        port.postMessage({ kind: 'seed', names, withUnion, fresh: !replica.fed } satisfies ReplicaFeed, [
          withUnion.buffer,
        ]);
        replica.unloaded += 1;
      }
      replica.written.clear();
      names = [];
      parts = [];
      chars = 0;
    };
    let slice = performance.now();
    for (const g of graphs) {
      if (this.replicas.get(id) !== replica) return;
      const nquads = this.dumped(g.v);
      names.push(g.v);
      parts.push(nquads);
      chars += nquads.length;
      if (chars >= this.source.seedChunkChars) await flush();
      if (performance.now() - slice > YIELD_MS) {
        await new Promise<void>((r) => setImmediate(r));
        slice = performance.now();
      }
    }
    if (this.replicas.get(id) !== replica) return;
    await flush();
    if (this.replicas.get(id) !== replica) return;
    port.postMessage({ kind: 'seeded', seq: s0 } satisfies ReplicaFeed);
  }

  /** A graph's quads as N-Quads, as the store holds them now. */
  private dumped(name: string): string {
    return inGraph(this.source.dumpGraph({ t: 'N', v: name }), name);
  }
}

/** N-Triples lines (as Oxigraph dumps them: one per line, ending ` .`) put in graph `name`. */
export function inGraph(ntriples: string, name: string): string {
  if (!ntriples) return '';
  const tail = ` <${name}> .`;
  return ntriples.replace(/ \.$/gm, tail);
}
