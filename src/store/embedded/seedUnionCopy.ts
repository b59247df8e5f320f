/**
 * A replica's seed with its default graph's copy made once a triple (issue 35): the default graph
 * is the set union of the entity graphs (engine.replaceGraphsKeepingUnion), and a copy of every
 * graph's triples (withDefaultCopy) makes Oxigraph parse the triples many documents share (the
 * type and label of a concept, a person, a place each document refers to: 39% of the copy at
 * 20,000 rich documents) once per document, only to find them there already. While the seed only
 * adds graphs (the snapshot's, and log records of new graphs), a triple already copied is not
 * copied again; once anything is taken out of the default graph (a graph replaced, an update), a
 * triple seen may have left it, so from then on every triple is copied again (as withDefaultCopy).
 *
 * Only lines safe to compare as text are skipped: an IRI subject other than the graph's own name
 * (a document's own triples are its own), no blank node anywhere (each load() call has its own
 * blank node scope, so the same label in two calls is two nodes). The triples remembered are bounded.
 */
import { withDefaultCopy } from './engine.js';

/** Triples remembered, at most (about 150 bytes each: some 75 MB at the bound, during a seed only). */
export const MAX_REMEMBERED = 500_000;

export class SeedUnionCopy {
  private seen: Set<string> | null = new Set();

  constructor(private readonly bound = MAX_REMEMBERED) {}

  /** `nquads` (whole lines, each ending in a graph name) followed by their default graph's copy. */
  withCopy(nquads: string): string {
    const seen = this.seen;
    if (!seen) return withDefaultCopy(nquads);
    const copies: string[] = [];
    for (let at = 0; at < nquads.length;) {
      let end = nquads.indexOf('\n', at);
      if (end < 0) end = nquads.length;
      // A line of a named graph ends `<graph> .`, its term after the last " <" (none holds a space).
      const graph = nquads.startsWith('> .', end - 3) ? nquads.lastIndexOf(' <', end - 3) : -1;
      if (graph < 0) {
        // Not a named graph's line: as withDefaultCopy leaves it.
        if (end > at) copies.push(`${nquads.slice(at, end)}\n`);
        at = end + 1;
        continue;
      }
      const triple = `${nquads.slice(at, graph)} .\n`;
      const shared =
        nquads.charCodeAt(at) === 60 /* < */ &&
        !nquads.startsWith(nquads.slice(graph + 1, end - 2), at) &&
        !triple.includes('_:');
      if (!shared || !seen.has(triple)) {
        copies.push(triple);
        if (shared && seen.size < this.bound) seen.add(triple);
      }
      at = end + 1;
    }
    return nquads + copies.join('');
  }

  /** Something may have left the default graph: every triple is copied from now on. */
  forget(): void {
    this.seen = null;
  }
}
