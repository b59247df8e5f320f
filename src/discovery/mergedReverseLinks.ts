/**
 * Reverse links that follow merges: when A was merged into B (and B perhaps into C), the
 * documents still pointing at A are listed under B's "referenced by" (and C's), counted once
 * however many of the merged ids each points at. A document none was merged into is answered by
 * the index as it is, with nothing more than asking which ids were merged into it.
 */
import type { Quad } from '../rdf/terms.js';
import type { Hit, HitPage, ReverseLinks } from './ReverseLinks.js';

/** Ids gathered at most through merges into one document (a store gone wrong stops here). */
const MAX_MERGED = 10000;

/** `index`, with `mergedInto(id)` the ids merged straight into `id`. */
export function followingMerges(index: ReverseLinks, mergedInto: (id: string) => Promise<string[]>): ReverseLinks {
  /** `target` and every id merged into it, through others too. */
  const sourcesOf = async (target: string): Promise<string[]> => {
    const sources = [target];
    const seen = new Set(sources);
    for (let i = 0; i < sources.length && sources.length < MAX_MERGED; i++)
      for (const id of await mergedInto(sources[i]))
        if (!seen.has(id)) {
          seen.add(id);
          sources.push(id);
        }
    return sources;
  };
  /** Every hit of `relation` for any of `sources`, once each, in id order (none of the sources themselves). */
  const allHits = async (sources: readonly string[], relation: string): Promise<Hit[]> => {
    const byId = new Map<string, Hit>();
    for (const source of sources) {
      const total = (await index.counts(source)).get(relation) ?? 0;
      if (total === 0) continue;
      for (const hit of (await index.hits(source, relation, 0, total)).items) byId.set(hit.id, hit);
    }
    for (const source of sources) byId.delete(source);
    return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  };
  return {
    async counts(target: string): Promise<ReadonlyMap<string, number>> {
      const sources = await sourcesOf(target);
      if (sources.length === 1) return index.counts(target);
      const relations = new Set<string>();
      for (const source of sources) for (const relation of (await index.counts(source)).keys()) relations.add(relation);
      const out = new Map<string, number>();
      for (const relation of relations) {
        const n = (await allHits(sources, relation)).length;
        if (n > 0) out.set(relation, n);
      }
      return out;
    },
    async hits(target: string, relation: string, offset: number, limit: number): Promise<HitPage> {
      const sources = await sourcesOf(target);
      if (sources.length === 1) return index.hits(target, relation, offset, limit);
      const hits = await allHits(sources, relation);
      return { total: hits.length, items: hits.slice(offset, offset + limit) };
    },
    ofClass: (className, offset, limit) => index.ofClass(className, offset, limit),
    classCounts: () => index.classCounts(),
    written: (graphs: ReadonlyMap<string, readonly Quad[]>) => index.written(graphs),
  };
}
