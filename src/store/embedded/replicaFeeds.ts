/**
 * The query replicas' feeds, as the store worker keeps them (worker.ts): each replica
 * (queryWorker.ts) is seeded with every entity graph as of its attachment, dumped graph after
 * graph between the worker's other messages, then gets every later write.
 *
 * A write landing while a replica is seeded is sent when it happens, and graphs dumped after it
 * carry it too: each seed chunk replaces its graphs wholly, so the replica ends the same either
 * way. Until the first such write, chunks are marked fresh: the replica then loads them without
 * first removing what their graphs held (nothing). Each chunk goes as UTF-8 with its default
 * graph copy made here (withDefaultCopy): the replica's load is what a seed waits for, while the
 * store worker has time to spare between dumps (measured at 100k documents: 34 s dumping,
 * 225 s loading, on a busy machine).
 */
import type { MessagePort } from 'node:worker_threads';
import { withDefaultCopy, type GraphRef } from './engine.js';
import type { ReplicaFeed } from './protocol.js';
import { isInternalGraph } from '../internalGraphs.js';

/** What seeding reads of the store worker's store. */
export interface SeedSource {
  /** The last write's sequence number: the seed is the store as of it. */
  readonly lastSeq: () => number;
  readonly allGraphs: () => readonly GraphRef[];
  /** A graph's triples as N-Triples, one a line. */
  readonly dumpGraph: (graph: GraphRef) => string;
  /** Characters of N-Quads a seed chunk holds before it is sent. */
  readonly seedChunkChars: number;
}

interface Replica { readonly port: MessagePort; seeding: boolean; fed: boolean }

const utf8 = new TextEncoder();

/** Let the store worker's other messages run after this much dumping. */
const YIELD_MS = 1;

export class ReplicaFeeds {
  /** By replica number: whether each is still being seeded, and whether a write was fed to it since its seeding began. */
  private readonly replicas = new Map<number, Replica>();

  /** `seeded`: a seed ended (done, or cut short by a detach), so a SPARQL update waiting for it can go. */
  constructor(private readonly source: SeedSource, private readonly warn: (msg: string) => void, private readonly seeded: () => void) {}

  /** A replacement, as the replicas get it: the entity graphs only (`texts`: each graph's N-Quads). */
  replaced(seq: number, names: readonly string[], texts: readonly string[]): void {
    if (this.replicas.size === 0) return;
    const entity: number[] = [];
    for (let i = 0; i < names.length; i++) if (!isInternalGraph(names[i]!)) entity.push(i);
    if (entity.length === 0) return;
    this.feed({ kind: 'replace', seq, names: entity.map((i) => names[i]!), nquads: entity.map((i) => texts[i]!).join('') });
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

  /** Starts feeding a (new) query replica: every entity graph as of now, then every later write. */
  attach(id: number, port: MessagePort): void {
    this.detach(id);
    const replica: Replica = { port, seeding: true, fed: false };
    this.replicas.set(id, replica);
    this.seed(id, replica).catch((err: unknown) => this.warn(`seeding query replica ${id} failed: ${(err as Error).message}`)).finally(() => {
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
    this.seeded();
  }

  private feed(message: ReplicaFeed): void {
    for (const replica of this.replicas.values()) {
      replica.fed = true;
      replica.port.postMessage(message);
    }
  }

  private async seed(id: number, replica: Replica): Promise<void> {
    const { port } = replica;
    const s0 = this.source.lastSeq();
    const graphs = this.source.allGraphs().filter((g): g is { t: 'N'; v: string } => g.t === 'N' && !isInternalGraph(g.v));
    port.postMessage({ kind: 'seedStart', graphs: graphs.length } satisfies ReplicaFeed);
    let names: string[] = [];
    let parts: string[] = [];
    let chars = 0;
    const flush = () => {
      if (names.length > 0) {
        const withUnion = utf8.encode(withDefaultCopy(parts.join('')));
        port.postMessage({ kind: 'seed', names, withUnion, fresh: !replica.fed } satisfies ReplicaFeed, [withUnion.buffer]);
      }
      names = []; parts = []; chars = 0;
    };
    let slice = performance.now();
    for (const g of graphs) {
      if (this.replicas.get(id) !== replica) return;
      const nquads = inGraph(this.source.dumpGraph(g), g.v);
      names.push(g.v); parts.push(nquads); chars += nquads.length;
      if (chars >= this.source.seedChunkChars) flush();
      if (performance.now() - slice > YIELD_MS) {
        await new Promise<void>((r) => setImmediate(r));
        slice = performance.now();
      }
    }
    if (this.replicas.get(id) !== replica) return;
    flush();
    port.postMessage({ kind: 'seeded', seq: s0 } satisfies ReplicaFeed);
  }
}

/** N-Triples lines (as Oxigraph dumps them: one per line, ending ` .`) put in graph `name`. */
export function inGraph(ntriples: string, name: string): string {
  if (!ntriples) return '';
  const tail = ` <${name}> .`;
  return ntriples.replace(/ \.$/gm, tail);
}
