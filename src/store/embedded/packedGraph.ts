/**
 * A graph kept packed: its N-Triples as one string literal, in one quad of the graph
 * (`<packed> <packed> "…" <graph>`), which reads give back as those N-Triples (engine.ts). A copy of
 * a document into a past version's graph is kept so (graphCopies.ts): Oxigraph loads one literal
 * some seven times faster than the document's quads, each new to the store (measured with the
 * demo painting's 220 quads: 1.3 against 9.1 ms, busy), and a past version is only ever read
 * whole. Its quads are then not in the store as quads: no query sees them, as none should.
 */
import { namedNode, type Quad, type Store } from 'oxigraph';
import { INTERNAL_GRAPH_PREFIX } from '../internalGraphs.js';
import { free, termText } from './hintGraphText.js';

export const PACKED_TRIPLES = `${INTERNAL_GRAPH_PREFIX}packedTriples`;
/** A packed quad's line up to its literal. */
const PACKED_LINE = `<${PACKED_TRIPLES}> <${PACKED_TRIPLES}> "`;

/** N-Triples escaping of a string literal's characters (those N-Triples may not hold as they are). */
const ESCAPED = /[\\"\n\r]/g;
const escape = (c: string): string => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\${c}`);

/** The N-Quads line keeping `nt` (N-Triples, one a line) packed in graph `graph`. */
export function packedQuad(nt: string, graph: string): string {
  return `${PACKED_LINE}${nt.replace(ESCAPED, escape)}" <${graph}> .\n`;
}

/**
 * Graph `name`'s N-Triples with each packed quad given as the N-Triples it holds, written from
 * match as hintGraphText.ts writes a hint graph (Oxigraph's dump escapes a long literal character
 * by character; match hands it over as it is); undefined when the graph holds none packed (one
 * lookup by subject and predicate), to be dumped as any graph.
 */
export function unpackedText(store: Store, name: string): string | undefined {
  const held = namedNode(PACKED_TRIPLES);
  const graph = namedNode(name);
  try {
    const found = store.match(held, held, null, graph);
    const packed = found.length > 0;
    for (const q of found) freeQuad(q);
    if (!packed) return undefined;
    let text = '';
    let triples = '';
    for (const q of store.match(null, null, null, graph)) {
      const { subject, predicate, object } = q;
      if (subject.value === PACKED_TRIPLES && predicate.value === PACKED_TRIPLES && object.termType === 'Literal')
        triples += object.value;
      else text += `${termText(subject)} ${termText(predicate)} ${termText(object)} .\n`;
      freeQuad(q);
    }
    return text + triples;
  } finally {
    free(held);
    free(graph);
  }
}

function freeQuad(q: Quad): void {
  for (const held of [q.subject, q.predicate, q.object, q]) free(held);
}
