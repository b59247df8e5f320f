/**
 * A hint graph as N-Triples, written here from Oxigraph's `match` instead of its dump: a hint
 * graph is a few quads, one of them the skeleton, a JSON literal of 1–2.5 KB, and the dump's
 * time grows with each literal's characters (some 0.1 µs each, test/bench/scale/graphDumpCost.ts)
 * while match hands the value over as it is. Each term is freed at once: left to the
 * finalizers, match's terms pile up in the WASM heap and reads slow down tenfold. An entity
 * graph (some 60 quads of short literals) is cheaper dumped: match pays for every term.
 *
 * With `apart`, the skeleton's quad is left out of the text and handed over as its subject and
 * its JSON as they are: written into N-Triples, its every quote was escaped here and unescaped on
 * the request thread, which then parsed the JSON (a cold GET's read, issue 35).
 */
import { namedNode, type Store, type Term } from 'oxigraph';
import { iriRef, literalString } from '../../rdf/syntax/plainNQuads.js';
import { XSD_STRING } from '../../rdf/terms.js';
import { SHAPE_PREDICATE } from '../../hints/Skeleton.js';
import type { ShapeApart } from './shapeApart.js';

/**
 * The graph `name`'s quads as N-Triples, as the dump writes them (the order aside). `apart`: a
 * holder for the skeleton's quad (an IRI subject, the shape predicate, a plain string), then not
 * in the text; one at most (any other such quad stays in the text).
 */
export function hintGraphText(store: Store, name: string, apart?: { shape?: ShapeApart }): string {
  const graph = namedNode(name);
  let text = '';
  try {
    for (const q of store.match(null, null, null, graph)) {
      const { subject, predicate, object } = q;
      const shape = apart && apart.shape === undefined ? shapeOf(subject, predicate, object) : undefined;
      if (shape) apart!.shape = shape;
      else text += `${termText(subject)} ${termText(predicate)} ${termText(object)} .\n`;
      for (const held of [subject, predicate, object, q]) free(held);
    }
  } finally {
    free(graph);
  }
  return text;
}

/** The skeleton's quad as [subject, JSON], or undefined for any other quad. */
function shapeOf(subject: Term, predicate: Term, object: Term): ShapeApart | undefined {
  if (subject.termType !== 'NamedNode' || predicate.value !== SHAPE_PREDICATE || object.termType !== 'Literal')
    return undefined;
  if (object.language) return undefined;
  const datatype = object.datatype;
  const plain = datatype.value === XSD_STRING;
  free(datatype);
  return plain ? [subject.value, object.value] : undefined;
}

/** The WASM memory behind a term handed out (its class has free(), which the typings leave out): freed now. */
export function free(held: object): void {
  (held as { free?: () => void }).free?.();
}

/** A term as N-Triples writes it (as Oxigraph's dump does). */
export function termText(term: Term): string {
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
