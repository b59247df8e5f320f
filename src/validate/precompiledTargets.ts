/**
 * Each targeted shape's focus nodes, read from its target declarations once (ShaclValidator.ts,
 * option precompiledTargets).
 */
import type { DatasetCore, Term } from '@rdfjs/types';
import type SHACLValidator from 'rdf-validate-shacl';
import { df, RDF_TYPE } from '../rdf/terms.js';
import { SH } from './compiled/vocabulary.js';
import type { QuadIndex } from './QuadIndex.js';

/**
 * rdf-validate-shacl finds a shape's focus nodes by re-reading its target declarations from
 * the shapes graph on every validation (and checks whether the shape is itself a class): half
 * the time of a call. The declarations never change, so read them once and give each targeted
 * shape a getTargetNodes that only looks into the data: the same SHACL Core semantics, without
 * rdfs:subClassOf inference (the shapes never rely on it, see shapes/shared.ttl). A shape using
 * anything else (SHACL-AF sh:target, or a shape that is itself an rdfs:Class) keeps the library's.
 */
export function compileTargets(validator: SHACLValidator, shapes: QuadIndex): void {
  const objects = (s: Term, p: string): Term[] => [...shapes.match(s, df.namedNode(p))].map((q) => q.object);
  const rdfType = df.namedNode(RDF_TYPE);
  for (const shape of validator.shapesGraph.shapesWithTarget) {
    const node = shape.shapeNode;
    if (objects(node, `${SH}target`).length > 0) continue;
    if (objects(node, RDF_TYPE).some((t) => t.value === 'http://www.w3.org/2000/01/rdf-schema#Class')) continue;
    const classes = objects(node, `${SH}targetClass`);
    const nodes = objects(node, `${SH}targetNode`);
    const subjectsOf = objects(node, `${SH}targetSubjectsOf`);
    const objectsOf = objects(node, `${SH}targetObjectsOf`);
    shape.getTargetNodes = (data: { dataset: DatasetCore }): Term[] => {
      const found = new Map<string, Term>();
      const add = (t: Term): void => {
        const key =
          t.termType === 'Literal' ? `"${t.value}"@${t.language}^${t.datatype.value}` : `${t.termType}:${t.value}`;
        if (!found.has(key)) found.set(key, t);
      };
      for (const c of classes) for (const q of data.dataset.match(null, rdfType, c)) add(q.subject);
      for (const n of nodes) add(n);
      for (const p of subjectsOf) for (const q of data.dataset.match(null, p, null)) add(q.subject);
      for (const p of objectsOf) for (const q of data.dataset.match(null, p, null)) add(q.object);
      return [...found.values()];
    };
  }
}
