/**
 * A hint graph as N-Triples, written here from Oxigraph's `match` instead of its dump: a hint
 * graph is a few quads, one of them the skeleton, a JSON literal of 1–2.5 KB, and the dump's
 * time grows with each literal's characters (some 0.1 µs each, test/bench/scale/graphDumpCost.ts)
 * while match hands the value over as it is. Each term is freed at once: left to the
 * finalizers, match's terms pile up in the WASM heap and reads slow down tenfold. An entity
 * graph (some 60 quads of short literals) is cheaper dumped: match pays for every term.
 */
import { namedNode, type Store, type Term } from 'oxigraph';
import { iriRef, literalString } from '../../rdf/syntax/plainNQuads.js';
import { XSD_STRING } from '../../rdf/terms.js';

/** The graph `name`'s quads as N-Triples, as the dump writes them (the order aside). */
export function hintGraphText(store: Store, name: string): string {
  const graph = namedNode(name);
  let text = '';
  try {
    for (const q of store.match(null, null, null, graph)) {
      const { subject, predicate, object } = q;
      text += `${termText(subject)} ${termText(predicate)} ${termText(object)} .\n`;
      for (const held of [subject, predicate, object, q]) free(held);
    }
  } finally {
    free(graph);
  }
  return text;
}

/** The WASM memory behind a term handed out (its class has free(), which the typings leave out). */
function free(held: object): void {
  (held as { free?: () => void }).free?.();
}

function termText(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return iriRef(term.value);
    case 'BlankNode':
      return `_:${term.value}`;
    case 'Literal': {
      const lexical = literalString(term.value);
      if (term.language) return `${lexical}@${term.language}`;
      const datatype = term.datatype;
      const type = datatype.value;
      free(datatype);
      return type === XSD_STRING ? lexical : `${lexical}^^${iriRef(type)}`;
    }
    default:
      throw new Error(`a ${term.termType} in a hint graph`);
  }
}
