/**
 * The reverse-link index in memory: for each target, each relation's hits as a set, sorted on
 * first read after a change (an insert into a sorted array of 100,000 would cost a copy of it per
 * write). Built at start from the stored links graphs, then kept by every write of this process.
 */
import type { Quad } from '../rdf/terms.js';
import { documentOfLinksGraph, isLinksGraph, documentLinksFrom } from './linksGraph.js';
import { RELATIONS, relationNamed } from './relations/index.js';
import type { DocumentLinks } from './reverseLinksOf.js';
import type { Hit, HitPage, ReverseLinks } from './ReverseLinks.js';

/** The ids of one list, as a set, with its sorted form cached until the next change. */
class Bucket {
  readonly ids = new Set<string>();
  private sorted: string[] | undefined;

  add(id: string): void {
    if (!this.ids.has(id)) {
      this.ids.add(id);
      this.sorted = undefined;
    }
  }
  delete(id: string): void {
    if (this.ids.delete(id)) this.sorted = undefined;
  }
  inOrder(): readonly string[] {
    this.sorted ??= [...this.ids].sort(byId);
    return this.sorted;
  }
}

/** One target's hits by relation, with the target's id: the one string every row naming it shares. */
class TargetRows extends Map<string, Bucket> {
  constructor(readonly id: string) {
    super();
  }
}

/** The relations whose hits come partly through another entity, by the relations they go through. */
const VIAS = RELATIONS.filter((r) => r.via !== undefined);

export class MemoryReverseLinks implements ReverseLinks {
  private readonly byTarget = new Map<string, TargetRows>();
  private readonly bySource = new Map<string, DocumentLinks>();
  private readonly byClass = new Map<string, Bucket>();

  // eslint-disable-next-line @typescript-eslint/require-await -- ReverseLinks is async (the store-backed one awaits the store); callers await this one the same way
  async counts(target: string): Promise<ReadonlyMap<string, number>> {
    const out = new Map<string, number>();
    for (const [relation, bucket] of this.byTarget.get(target) ?? []) {
      if (bucket.ids.size > 0 && !relationNamed(relation)?.internal) out.set(relation, bucket.ids.size);
    }
    for (const relation of VIAS) {
      const n = this.listOf(target, relation.name).length;
      if (n > 0) out.set(relation.name, n);
      else out.delete(relation.name);
    }
    return out;
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- ReverseLinks is async (the store-backed one awaits the store); callers await this one the same way
  async hits(target: string, relation: string, offset: number, limit: number): Promise<HitPage> {
    return this.page(this.listOf(target, relation), offset, limit);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- ReverseLinks is async (the store-backed one awaits the store); callers await this one the same way
  async ofClass(className: string, offset: number, limit: number): Promise<HitPage> {
    return this.page(this.byClass.get(className)?.inOrder() ?? [], offset, limit);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- ReverseLinks is async (the store-backed one awaits the store); callers await this one the same way
  async classCounts(): Promise<ReadonlyMap<string, number>> {
    const out = new Map<string, number>();
    for (const [name, bucket] of this.byClass) if (bucket.ids.size > 0) out.set(name, bucket.ids.size);
    return out;
  }

  /** How many documents have rows. */
  get size(): number {
    return this.bySource.size;
  }

  /** Each document's rows, as replace() took them (to build the index again: src/keptIndexes/). */
  sources(): IterableIterator<[string, DocumentLinks]> {
    return this.bySource.entries();
  }

  written(graphs: ReadonlyMap<string, readonly Quad[]>): string[] {
    const affected = new Set<string>();
    for (const [graph, quads] of graphs) {
      if (!isLinksGraph(graph)) continue;
      const source = documentOfLinksGraph(graph);
      this.replace(source, quads.length === 0 ? undefined : documentLinksFrom(source, quads), affected);
    }
    return [...affected];
  }

  /**
   * Set one document's rows (undefined: it is gone), adding to `affected` the targets whose hits
   * changed, and those whose hits include this rewritten document (their pages show its name).
   */
  replace(source: string, next: DocumentLinks | undefined, affected?: Set<string>): void {
    const before = this.bySource.get(source);
    const key = (relation: string, target: string): string => `${relation} ${target}`;
    const kept = new Set((next?.links ?? []).map((l) => key(l.relation, l.target)));
    const had = new Set((before?.links ?? []).map((l) => key(l.relation, l.target)));
    for (const link of before?.links ?? []) {
      if (kept.has(key(link.relation, link.target))) continue;
      this.byTarget.get(link.target)?.get(link.relation)?.delete(source);
      this.touched(link.relation, link.target, affected);
    }
    for (const link of next?.links ?? []) {
      // Kept rows: the hits are the same, but a page that lists this source by name may not be.
      if (had.has(key(link.relation, link.target))) {
        affected?.add(link.target);
        continue;
      }
      let relations = this.byTarget.get(link.target);
      if (!relations) this.byTarget.set(link.target, (relations = new TargetRows(link.target)));
      let bucket = relations.get(link.relation);
      if (!bucket) relations.set(link.relation, (bucket = new Bucket()));
      bucket.add(source);
      this.touched(link.relation, link.target, affected);
    }
    if (before?.type !== next?.type) {
      if (before?.type) this.byClass.get(before.type)?.delete(source);
      if (next?.type) {
        let bucket = this.byClass.get(next.type);
        if (!bucket) this.byClass.set(next.type, (bucket = new Bucket()));
        bucket.add(source);
      }
    }
    if (next) this.bySource.set(source, this.shared(next));
    else this.bySource.delete(source);
  }

  /**
   * The rows kept with their strings shared: a relation's name and a target's id are one string
   * each, where the kept file's parse and each write's rows make one a row (issue 35: 12 MB of
   * copies at 20,000 documents). Every target of `rows` has its TargetRows by now (replace).
   */
  private shared(rows: DocumentLinks): DocumentLinks {
    const links = rows.links.map((link) => ({
      relation: relationNamed(link.relation)?.name ?? link.relation,
      target: this.byTarget.get(link.target)?.id ?? link.target,
    }));
    return { type: rows.type, links };
  }

  /** A row of `relation` for `target` came or went: `target` is affected, and so are those a `via` reaches it from. */
  private touched(relation: string, target: string, affected: Set<string> | undefined): void {
    if (!affected) return;
    affected.add(target);
    for (const via of VIAS) {
      if (via.via!.through !== relation) continue;
      // The entities whose `via` goes through `target`: the step's targets in target's own rows.
      for (const link of this.bySource.get(target)?.links ?? [])
        if (link.relation === via.via!.step) affected.add(link.target);
    }
  }

  /** The ids of `relation`'s hits for `target`, in order. */
  private listOf(target: string, relation: string): readonly string[] {
    const direct = this.byTarget.get(target)?.get(relation)?.inOrder() ?? [];
    const via = relationNamed(relation)?.via;
    if (!via) return direct;
    const all = new Set(direct);
    for (const through of this.byTarget.get(target)?.get(via.step)?.ids ?? []) {
      for (const id of this.byTarget.get(through)?.get(via.through)?.ids ?? []) all.add(id);
    }
    return all.size === direct.length ? direct : [...all].sort(byId);
  }

  private page(ids: readonly string[], offset: number, limit: number): HitPage {
    const items: Hit[] = ids.slice(offset, offset + limit).map((id) => ({
      id, // Every listed id is a source whose rows name its class.
      type: this.bySource.get(id)!.type!,
    }));
    return { total: ids.length, items };
  }
}

function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
