/**
 * A QuadStore in a Map, for unit tests of what sits above the store: it counts reads, can
 * hold a read until the test lets it go (to stage a read racing a write), or fail reads.
 */
import { df, type Quad } from '../../src/rdf/terms.js';
import type { QueryResult, QuadStore } from '../../src/store/QuadStore.js';

export class MemoryStore implements QuadStore {
  readonly graphs = new Map<string, Quad[]>();
  reads = 0;
  /** When set, readGraphs waits for this promise before answering (with the graphs as they are then read). */
  holdReads: Promise<void> | undefined;
  /** When set, readGraphs fails with this error. */
  failReads: Error | undefined;

  async replaceGraphs(graphs: ReadonlyMap<string, readonly Quad[]>): Promise<void> {
    for (const [name, quads] of graphs) {
      if (quads.length === 0) this.graphs.delete(name);
      else this.graphs.set(name, quads.map((q) => df.quad(q.subject, q.predicate, q.object, df.namedNode(name))));
    }
  }

  async readGraphs(names: readonly string[]): Promise<Quad[]> {
    this.reads++;
    if (this.failReads) throw this.failReads;
    const snapshot = names.flatMap((n) => this.graphs.get(n) ?? []);
    if (this.holdReads) await this.holdReads;
    return snapshot;
  }

  async hasGraph(name: string): Promise<boolean> { return this.graphs.has(name); }
  async listGraphs(): Promise<string[]> { return [...this.graphs.keys()]; }
  async query(): Promise<QueryResult> { throw new Error('MemoryStore does not run SPARQL'); }
  async update(): Promise<void> { throw new Error('MemoryStore does not run SPARQL'); }
  async size(): Promise<number> { return [...this.graphs.values()].reduce((n, g) => n + g.length, 0); }
  async close(): Promise<void> { /* nothing to release */ }
}
