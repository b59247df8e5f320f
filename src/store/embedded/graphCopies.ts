/**
 * A write's graph copies (QuadStore's GraphCopies) made in the store worker, from the quads it
 * holds: a graph written gets, after the quads the write gives it, those another graph held just
 * before the write. So the copy is atomic with the write (in its one log record) and costs no read
 * by the service, nor its quads' trip to the worker and back (a PUT with versions kept copied the
 * live graphs out so: issue 33). The graph copied is most often one the write replaces: its text
 * is the one overwritten() dumped already for the undo copy. A small write's record names its
 * copies rather than holding them, made again by its replay (writeRecords.ts says when); a large
 * one's, and one written during a snapshot, holds them as N-Quads in the write's own text.
 */
import type { Overwritten } from './engine.js';
import { linesIn } from './storeCeiling.js';
import { packedQuad } from './packedGraph.js';
import { isInternalGraph, NEWEST_PAST_PREDICATE } from '../internalGraphs.js';

/** Reads a graph's N-Triples (Engine.graphTexts) for a copied graph the write does not replace. */
export type GraphText = (name: string) => string;

/** One copy's N-Quads: `at`, the index of its graph in the write's names; `quads`, how many. */
export interface CopiedGraph {
  readonly at: number;
  readonly text: string;
  readonly quads: number;
}

/**
 * Each copy's N-Quads, from what its graph held just before the write (empty ones left out). A
 * copy into a graph the write does not name is refused (its record would not say it replaces that
 * graph), naming both graphs.
 */
export function copiedGraphs(
  names: readonly string[],
  copies: ReadonlyArray<readonly [string, string]>,
  before: Overwritten,
  graphText: GraphText,
): CopiedGraph[] {
  const held = new Map(before.graphs);
  const replaced = new Set(names);
  const out: CopiedGraph[] = [];
  for (const [to, from] of copies) {
    const at = names.indexOf(to);
    if (at < 0) throw new Error(`a copy of graph ${from} into ${to}, a graph the write does not replace`);
    // A graph the write replaces holds nothing before it unless overwritten() found it.
    const nt = held.get(from) ?? (replaced.has(from) ? '' : graphText(from));
    if (nt.length > 0) out.push({ at, text: copyOf(nt, from, to), quads: linesIn(nt) });
  }
  return out;
}

/** `texts` (the write's N-Quads, one text a graph of `names`) with each copy appended to its graph's text. */
export function appendCopies(texts: string[], copied: readonly CopiedGraph[]): void {
  for (const { at, text } of copied) texts[at] += text;
}

/**
 * A record's copies (its header's `copies`) made again as its replay applies it: the graphs copied
 * hold then what they held when it was written, replay having applied every write before it
 * (writeRecords.ts says when a record may name its copies rather than hold them).
 */
export function replayedCopies(copies: ReadonlyArray<readonly [string, string]>, graphText: GraphText): string {
  let text = '';
  for (const [to, from] of copies) {
    const nt = graphText(from);
    if (nt.length > 0) text += copyOf(nt, from, to);
  }
  return text;
}

/**
 * A copy's N-Quads: a document's graph into an internal one (a past version, read only whole)
 * packed in one literal (packedGraph.ts); an internal graph's (hints, which queries read), or a
 * copy into a document's graph (curators' SPARQL reads it), as quads.
 */
function copyOf(nt: string, from: string, to: string): string {
  return !isInternalGraph(from) && isInternalGraph(to)
    ? packedQuad(relabelled(nt), to)
    : copiedText(withoutNewestPast(nt), to);
}

const NEWEST_PAST = `<${NEWEST_PAST_PREDICATE}> `;

/**
 * N-Triples without their newest past record (NEWEST_PAST_PREDICATE: no copy takes it). A
 * subject, an IRI or a blank node label, holds no space: the predicate follows a line's first.
 */
export function withoutNewestPast(nt: string): string {
  if (!nt.includes(NEWEST_PAST)) return nt;
  return nt
    .split('\n')
    .filter((line) => !line.startsWith(NEWEST_PAST, line.indexOf(' ') + 1))
    .join('\n');
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
  return relabelled(nt).replaceAll(' .\n', ` <${to}> .\n`);
}

/** N-Triples with each blank node's label given a `c` in front (copiedText says why). */
function relabelled(nt: string): string {
  return nt.includes('_:') ? nt.replace(/^_:/gm, '_:c').replace(OBJECT_BLANK_NODE, ' _:c$1 .') : nt;
}
