/**
 * Documents' histories in an export (`--with-history`, N-Quads and TriG): each document's history
 * graphs (src/history/versionGraphs.ts: its record graph, and each kept past version's entity and
 * hint graphs) as graphs of the export, right after the document; the histories of ids with no
 * live document (deleted, merged away) after all the documents. A load puts them back
 * (load/restoredHistories.ts), so the TimeMaps are the same after as before.
 */
import type { Quad } from '../rdf/terms.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { historyGraphOf, versionGraphOf, versionHintGraphOf } from '../history/versionGraphs.js';
import { hasContent, recordsFrom, VERSION_PREDICATE } from '../history/versionRecord.js';
import { serializeGraph } from '../rdf/syntax/serialize.js';
import { groupedByGraph } from '../rdf/groupedByGraph.js';
import { relabelBlankNodes, withoutPrefixLines } from './documentText.js';

/** One document's history graphs, in order: the record graph, then each past version's entity and hint graphs. */
export type HistoryGraphs = Array<[string, Quad[]]>;

/** The history graphs of these ids (an id without history has none), read in two calls. */
export async function historyGraphsOf(store: QuadStore, ids: readonly string[]): Promise<Map<string, HistoryGraphs>> {
  const out = new Map<string, HistoryGraphs>();
  if (ids.length === 0) return out;
  const byGraph = groupedByGraph(await store.readGraphs(ids.map(historyGraphOf)));
  const versions = new Map<string, string[]>();
  for (const id of ids) {
    const quads = byGraph.get(historyGraphOf(id));
    if (!quads) continue;
    out.set(id, [[historyGraphOf(id), quads]]);
    const names = recordsFrom(quads)
      .filter(hasContent)
      .flatMap((r) => [versionGraphOf(id, r.n), versionHintGraphOf(id, r.n)]);
    versions.set(id, names);
  }
  const all = [...versions.values()].flat();
  const read = all.length > 0 ? groupedByGraph(await store.readGraphs(all)) : new Map<string, Quad[]>();
  // The newest version with content is the live document's own graphs (never copied while live): none read.
  for (const [id, names] of versions)
    for (const name of names) {
      const quads = read.get(name);
      if (quads) out.get(id)!.push([name, quads]);
    }
  return out;
}

/** The ids with a history and no live document among `live` (deleted, merged away), in code-point order. */
export async function goneWithHistory(store: QuadStore, live: ReadonlySet<string>): Promise<string[]> {
  const result = await store.query(`SELECT DISTINCT ?s WHERE { GRAPH ?g { ?s ${iri(VERSION_PREDICATE)} ?r } }`);
  if (result.kind !== 'bindings') throw new Error(`reading the histories got a ${result.kind} answer`);
  const gone = result.rows.flatMap((row) => (row.s && !live.has(row.s.v) ? [row.s.v] : []));
  return gone.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A document's history graphs as export text; `label` keeps their blank nodes apart from every other graph's. */
export function historyText(format: 'nquads' | 'trig', graphs: HistoryGraphs, label: string): string {
  let out = '';
  graphs.forEach(([name, quads], k) => {
    let data = serializeGraph(format, name, quads);
    if (format === 'trig') data = withoutPrefixLines(data) + '\n';
    out += relabelBlankNodes(data, `${label}h${k}_`);
  });
  return out;
}
