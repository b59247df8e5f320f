/** Quads grouped by the name of their graph, each group in the order the quads came. */
import type { Quad } from './terms.js';

export function groupedByGraph(quads: Iterable<Quad>): Map<string, Quad[]> {
  const out = new Map<string, Quad[]>();
  for (const q of quads) {
    const list = out.get(q.graph.value);
    if (list) list.push(q);
    else out.set(q.graph.value, [q]);
  }
  return out;
}
