/**
 * A graph kept packed: its N-Triples as one string literal, in one quad of the graph
 * (`<packed> <packed> "…" <graph>`), which reads give back as those N-Triples (engine.ts). A copy of
 * a document into a past version's graph is kept so (graphCopies.ts): Oxigraph loads one literal
 * some seven times faster than the document's quads, each new to the store (measured with the
 * demo painting's 220 quads: 1.3 against 9.1 ms, busy), and a past version is only ever read
 * whole. Its quads are then not in the store as quads: no query sees them, as none should.
 */
import { namedNode, type Store } from 'oxigraph';
import { INTERNAL_GRAPH_PREFIX } from '../internalGraphs.js';
import { free } from './hintGraphText.js';

export const PACKED_TRIPLES = `${INTERNAL_GRAPH_PREFIX}packedTriples`;
/** How a packed quad's line starts in a dump (subject and predicate: no other quad of an internal graph is so). */
const PACKED_LINE = `<${PACKED_TRIPLES}> <${PACKED_TRIPLES}> "`;

/** N-Triples escaping of a string literal's characters (those N-Triples may not hold as they are). */
const ESCAPED = /[\\"\n\r]/g;
const escape = (c: string): string => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\${c}`);

/** The N-Quads line keeping `nt` (N-Triples, one a line) packed in graph `graph`. */
export function packedQuad(nt: string, graph: string): string {
  return `${PACKED_LINE}${nt.replace(ESCAPED, escape)}" <${graph}> .\n`;
}

/**
 * `text` (graph `name`'s N-Triples, as dumped) with each packed quad's line replaced by the
 * N-Triples it holds, read as it is by match (the dump escaped it; match hands it over unescaped).
 */
export function unpacked(store: Store, name: string, text: string): string {
  if (!text.includes(PACKED_LINE)) return text;
  const held = namedNode(PACKED_TRIPLES);
  const graph = namedNode(name);
  let out = text
    .split('\n')
    .filter((line) => line.length > 0 && !line.startsWith(PACKED_LINE))
    .map((line) => `${line}\n`)
    .join('');
  try {
    for (const q of store.match(held, held, null, graph)) {
      if (q.object.termType === 'Literal') out += q.object.value;
      for (const term of [q.subject, q.predicate, q.object, q] as const) free(term);
    }
  } finally {
    free(held);
    free(graph);
  }
  return out;
}
