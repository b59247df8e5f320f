/**
 * A write's graph copies (QuadStore's GraphCopies) made in the store worker, from the quads it
 * holds: a graph written gets, after the quads the write gives it, those another graph held just
 * before the write, as N-Quads in the write's own text. So the copy is in the write's one log
 * record (replayed as any write, atomic with it) and costs no read by the service, nor its quads'
 * trip to the worker and back (a PUT with versions kept copied the live graphs out so: issue 33).
 * The graph copied is most often one the write replaces: its text is the one overwritten() dumped
 * already for the undo copy.
 */
import type { Overwritten } from './engine.js';
import { linesIn } from './storeCeiling.js';

/** Reads a graph's N-Triples (Engine.graphTexts) for a copied graph the write does not replace. */
export type GraphText = (name: string) => string;

/**
 * `texts` (the write's N-Quads, one text a graph of `names`) with each copy appended to its
 * graph's text; returns the quads added. A copy into a graph the write does not name is refused
 * (its record would not say it replaces that graph), naming both graphs.
 */
export function appendCopies(
  names: readonly string[],
  texts: string[],
  copies: ReadonlyArray<readonly [string, string]>,
  before: Overwritten,
  graphText: GraphText,
): number {
  const held = new Map(before.graphs);
  const replaced = new Set(names);
  let added = 0;
  for (const [to, from] of copies) {
    const at = names.indexOf(to);
    if (at < 0) throw new Error(`a copy of graph ${from} into ${to}, a graph the write does not replace`);
    // A graph the write replaces holds nothing before it unless overwritten() found it.
    const nt = held.get(from) ?? (replaced.has(from) ? '' : graphText(from));
    if (nt.length === 0) continue;
    texts[at] += copiedText(nt, to);
    added += linesIn(nt);
  }
  return added;
}

/** A blank node object ending its line: a label holds no quote, `@`, `^` nor `>`, so a literal ending in `_:x"` is not one. */
const OBJECT_BLANK_NODE = / _:([^\s"'<>@^\\]+) \.$/gm;

/**
 * N-Triples as the dump writes them (one triple a line, ending ` .`: a line break inside a literal
 * is escaped) put in graph `to`. A blank node's label (a subject starts its line, an object ends
 * it; inside a literal it is neither) gets a `c` in front: the write's own labels are `_:b<n>`
 * (wire.ts), and one load gives each label in its text one node, so a copied node stays apart
 * from the write's own, and is one node within its copy as it was in its graph.
 */
export function copiedText(nt: string, to: string): string {
  let text = nt.includes('_:') ? nt.replace(/^_:/gm, '_:c').replace(OBJECT_BLANK_NODE, ' _:c$1 .') : nt;
  text = text.replaceAll(' .\n', ` <${to}> .\n`);
  return text;
}
