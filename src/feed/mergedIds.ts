/**
 * Which ids were merged into a document (their tombstones name it: mergedId.ts), asked for by
 * the reverse links that follow merges (discovery/mergedReverseLinks.ts). On a store this process
 * alone writes, read once (one query) and then kept by this process's writes; on a store other
 * processes write to as well, asked of the store each time, as the tombstones are.
 */
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { MERGED_INTO } from './mergedId.js';

/** One change as these ids care: a Move names its target; a Create ends an id's merge. */
interface MergeChange {
  readonly kind: string;
  readonly id: string;
  readonly target?: string;
}

export class MergedIds {
  /** Where each merged-away id went, and the ids merged into each (single-writer stores only); undefined: to be read. */
  private known: { went: Map<string, string>; into: Map<string, Set<string>> } | undefined;
  /** The first read of the store's merged ids (then kept by this process's writes); undefined: not asked yet. */
  private loading: Promise<void> | undefined;

  constructor(
    private readonly store: QuadStore,
    private readonly sharedStore: boolean,
  ) {}

  /** The ids merged straight into `target` (not through another), in code-point order. */
  async into(target: string): Promise<string[]> {
    if (this.sharedStore) return this.read(target);
    this.loading ??= this.readAll().then((all) => {
      for (const [id, to] of all) this.merge(id, to);
    });
    await this.loading;
    return [...(this.known?.into.get(target) ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** A write with these changes is stored. */
  committed(changes: readonly MergeChange[]): void {
    if (!this.loading) return;
    for (const change of changes) {
      if (change.kind === 'Move' && change.target !== undefined) this.merge(change.id, change.target);
      else if (change.kind === 'Create' || change.kind === 'Delete') this.merge(change.id, undefined);
    }
  }

  /** A write failed, stored or not: read again when next asked. */
  uncertain(): void {
    this.known = undefined;
    this.loading = undefined;
  }

  /** `id` merged into `target` now (undefined: merged into nothing any more). */
  private merge(id: string, target: string | undefined): void {
    const known = (this.known ??= { went: new Map<string, string>(), into: new Map<string, Set<string>>() });
    const before = known.went.get(id);
    if (before !== undefined) known.into.get(before)?.delete(id);
    if (target === undefined) {
      known.went.delete(id);
      return;
    }
    known.went.set(id, target);
    let ids = known.into.get(target);
    if (!ids) known.into.set(target, (ids = new Set<string>()));
    ids.add(id);
  }

  private async read(target: string): Promise<string[]> {
    const result = await this.store.query(`SELECT ?a WHERE { GRAPH ?g { ?a ${iri(MERGED_INTO)} ${iri(target)} } }`);
    if (result.kind !== 'bindings')
      throw new Error(`reading the ids merged into ${target} got a ${result.kind} answer`);
    return [...new Set(result.rows.flatMap((row) => (row.a ? [row.a.v] : [])))].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
  }

  private async readAll(): Promise<Map<string, string>> {
    const result = await this.store.query(`SELECT ?a ?b WHERE { GRAPH ?g { ?a ${iri(MERGED_INTO)} ?b } }`);
    if (result.kind !== 'bindings') throw new Error(`reading the merged ids got a ${result.kind} answer`);
    return new Map(result.rows.flatMap((row): Array<[string, string]> => (row.a && row.b ? [[row.a.v, row.b.v]] : [])));
  }
}
