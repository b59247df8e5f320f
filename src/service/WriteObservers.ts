/**
 * The observers of one DocumentService's writes (WriteObserver.ts), and the derived data among
 * them that is built once from the store, in the write turn, so that no write falls between its
 * read and its first update (the reverse-link and name indexes).
 */
import type { Quad } from '../rdf/terms.js';
import type { QuadStore } from '../store/QuadStore.js';
import { linksGraphOf } from '../discovery/linksGraph.js';
import { tombstoneGraphOf } from '../feed/tombstone.js';
import { eachInSlices, mapInSlices } from './inSlices.js';
import type { WriteObserver } from './WriteObserver.js';

/** Graphs the observers are told of at a time (a document has three: its own, its hints, its links). */
const GRAPHS_PER_SLICE = 60;

export class WriteObservers {
  private readonly observers: WriteObserver[] = [];
  /** Derived data built (derivedInTurn), by name. */
  private readonly built = new Map<string, WriteObserver>();
  /** Derived data being built, queued in the write turn, by name. */
  private readonly building = new Map<string, Promise<WriteObserver>>();

  constructor(private readonly store: QuadStore) {}

  add(observer: WriteObserver): void {
    this.observers.push(observer);
  }

  /** Whether any observer wants the graphs written (then wire graphs are decoded for it). */
  wantsGraphs(): boolean {
    return this.observers.some((o) => 'written' in o);
  }

  /** The derived data of this name, built (and attached) on first use, in the turn that `serialized` gives. */
  derived<T extends WriteObserver>(
    name: string,
    build: () => Promise<T>,
    serialized: (work: () => Promise<T>) => Promise<T>,
  ): Promise<T> {
    const ready = this.built.get(name);
    if (ready) return Promise.resolve(ready as T);
    let pending = this.building.get(name) as Promise<T> | undefined;
    if (!pending) {
      pending = serialized(() => this.derivedInTurn(name, build));
      // A failed build (the store unreachable) is tried again by the next caller.
      pending.catch(() => this.building.delete(name));
      this.building.set(name, pending);
    }
    return pending;
  }

  /** The derived data of this name, if built. */
  builtNamed(name: string): WriteObserver | undefined {
    return this.built.get(name);
  }

  /** derived() for a caller that holds the write turn. */
  async derivedInTurn<T extends WriteObserver>(name: string, build: () => Promise<T>): Promise<T> {
    const ready = this.built.get(name);
    if (ready) return ready as T;
    const made = await build();
    this.built.set(name, made);
    this.add(made);
    return made;
  }

  /**
   * The graphs a write stored, told in slices (readers wait on this thread); answers the other
   * documents changed. Given as pairs rather than a map, they are taken a slice at a time (the
   * caller may make each as it is taken); a name must then come once.
   */
  async written(
    graphs: ReadonlyMap<string, readonly Quad[]> | Iterable<readonly [string, readonly Quad[]]>,
  ): Promise<string[]> {
    const affected: string[] = [];
    const tell = (slice: ReadonlyMap<string, readonly Quad[]>) => {
      for (const observer of this.observers) {
        const more = observer.written?.(slice);
        if (more) affected.push(...more);
      }
    };
    if (graphs instanceof Map)
      await mapInSlices(graphs as ReadonlyMap<string, readonly Quad[]>, GRAPHS_PER_SLICE, tell);
    else await eachInSlices(slicesOf(graphs, GRAPHS_PER_SLICE), tell);
    return affected;
  }

  /**
   * After a failed write: the store may or may not hold the new version of these documents, so
   * the observers are told their graphs as stored now. Answers the other documents changed.
   */
  async uncertain(ids: readonly string[]): Promise<string[]> {
    try {
      return await this.asStored(ids);
    } catch {
      return [];
    }
  }

  /**
   * The observers told these documents' graphs as the store holds them now (after a failed write,
   * or a write another process made: src/follow/), their tombstones too (a merge another process
   * made); a failed read throws. Answers the other documents changed.
   */
  async asStored(ids: readonly string[]): Promise<string[]> {
    if (!this.wantsGraphs()) return [];
    const names = [...ids, ...ids.map(linksGraphOf), ...ids.map(tombstoneGraphOf)];
    const graphs = new Map<string, Quad[]>(names.map((name) => [name, []]));
    for (const q of await this.store.readGraphs(names)) graphs.get(q.graph.value)?.push(q);
    const affected: string[] = [];
    for (const observer of this.observers) {
      const more = observer.written?.(graphs);
      if (more) affected.push(...more);
    }
    return affected;
  }

  /** After every write, stored or not (nothing cached stays). */
  changed(ids: readonly string[]): void {
    for (const observer of this.observers) observer.changed?.(ids);
  }
}

/** Maps of at most `size` of the pairs, in order, each made only when the one before has been taken. */
function* slicesOf<K, V>(pairs: Iterable<readonly [K, V]>, size: number): Generator<Map<K, V>> {
  let slice = new Map<K, V>();
  for (const [key, value] of pairs) {
    slice.set(key, value);
    if (slice.size >= size) {
      yield slice;
      slice = new Map();
    }
  }
  if (slice.size > 0) yield slice;
}
