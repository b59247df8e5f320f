/**
 * SHACL property paths compiled to functions from a focus node to its value nodes, distinct
 * (the library collects them in a node set, and sh:minCount/sh:maxCount count that set).
 * Read as the library reads them (extractPropertyPath): an IRI is a predicate; a blank node is
 * tried as a list (sequence path), then sh:alternativePath, the repetition paths, and
 * sh:inversePath, whose operand the library only follows when it is an IRI. The repetition
 * paths (sh:zeroOrMorePath, sh:oneOrMorePath, sh:zeroOrOnePath) are not compiled: Unsupported.
 */
import type { Term } from '@rdfjs/types';
import type { GraphNode } from './DocumentGraph.js';
import { ShapesIndex, show } from './ShapesIndex.js';
import { Unsupported } from './Unsupported.js';
import { RDF_FIRST, SH } from './vocabulary.js';

export type PathFunction = (focus: GraphNode) => readonly GraphNode[];

const ALTERNATIVE = `${SH}alternativePath`;
const INVERSE = `${SH}inversePath`;
const REPETITIONS = ['zeroOrMorePath', 'oneOrMorePath', 'zeroOrOnePath'].map((p) => SH + p);

export function compilePath(shapes: ShapesIndex, path: Term, depth = 0): PathFunction {
  if (depth > 32) throw new Unsupported(`path ${show(path)} nests too deep`);
  if (path.termType === 'NamedNode') {
    const predicate = path.value;
    return (focus) => focus.objects(predicate);
  }
  if (path.termType !== 'BlankNode') throw new Unsupported(`path ${show(path)} is neither an IRI nor a blank node`);
  if (shapes.objects(path, RDF_FIRST).length > 0) {
    return sequence(shapes.list(path).map((step) => compilePath(shapes, step, depth + 1)));
  }
  const alternatives = shapes.optional(path, ALTERNATIVE);
  if (alternatives) return union(shapes.list(alternatives).map((p) => compilePath(shapes, p, depth + 1)));
  for (const repetition of REPETITIONS) {
    if (shapes.objects(path, repetition).length > 0)
      throw new Unsupported(`path ${show(path)}: <${repetition}> is not compiled`);
  }
  const inverse = shapes.optional(path, INVERSE);
  if (inverse) {
    if (inverse.termType !== 'NamedNode')
      throw new Unsupported(`path ${show(path)}: the library follows sh:inversePath of an IRI only`);
    const predicate = inverse.value;
    return (focus) => focus.subjects(predicate);
  }
  // The library would use the blank node itself as a predicate, which matches nothing.
  throw new Unsupported(`path ${show(path)} is no path the compiler knows`);
}

function sequence(steps: PathFunction[]): PathFunction {
  if (steps.length === 1) return steps[0];
  return (focus) => {
    let current: readonly GraphNode[] = [focus];
    for (const step of steps) {
      if (current.length === 1) {
        current = step(current[0]);
        continue;
      }
      const next = new Set<GraphNode>();
      for (const node of current) for (const value of step(node)) next.add(value);
      current = [...next];
    }
    return current;
  };
}

function union(alternatives: PathFunction[]): PathFunction {
  if (alternatives.length === 1) return alternatives[0];
  return (focus) => {
    const values = new Set<GraphNode>();
    for (const alternative of alternatives) for (const value of alternative(focus)) values.add(value);
    return [...values];
  };
}
