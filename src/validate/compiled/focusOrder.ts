/**
 * The order in which the validator visits a shape's focus nodes, for the compiled report to
 * list results as the library does (ShaclValidator.compileTargets selects them): the
 * instances of each target class, the target nodes, the subjects of each sh:targetSubjectsOf
 * predicate, the objects of each sh:targetObjectsOf predicate; each declaration in the shapes
 * graph's order, the instances, subjects and objects in the order of the data graph's triples,
 * every node at its first place. Only the failing focus nodes are ordered, and one of them
 * needs no ordering, which is the common case.
 */
import type { DocumentGraph, GraphNode } from './DocumentGraph.js';
import type { TargetDeclarations } from './targets.js';
import { termKey } from './termKey.js';
import { RDF_TYPE } from './vocabulary.js';

/** Where a focus node is first listed: declaration kind, declaration, triple. */
type Place = readonly [number, number, number];

const CLASS = 0;
const NODE = 1;
const SUBJECTS_OF = 2;
const OBJECTS_OF = 3;

/** The failing focus nodes `foci` (by key) of a shape declaring `targets`, in the library's order. */
export function focusOrder(
  targets: TargetDeclarations,
  foci: ReadonlyMap<string, GraphNode>,
  graph: DocumentGraph,
): GraphNode[] {
  if (foci.size === 1) return [...foci.values()];
  const first = new Map<string, Place>();
  const offer = (key: string, place: Place): void => {
    if (!foci.has(key)) return;
    const known = first.get(key);
    if (!known || before(place, known)) first.set(key, place);
  };
  targets.nodes.forEach((node, i) => offer(termKey(node), [NODE, i, 0]));
  const classes = indexOf(targets.classes);
  const subjectsOf = indexOf(targets.subjectsOf);
  const objectsOf = indexOf(targets.objectsOf);
  let t = 0;
  for (const { subject, predicate, object } of graph.triples()) {
    const p = predicate.value;
    if (p === RDF_TYPE && classes.size > 0) {
      const c = classes.get(graph.node(object).key);
      if (c !== undefined) offer(graph.node(subject).key, [CLASS, c, t]);
    }
    const s = subjectsOf.get(p);
    if (s !== undefined) offer(graph.node(subject).key, [SUBJECTS_OF, s, t]);
    const o = objectsOf.get(p);
    if (o !== undefined) offer(graph.node(object).key, [OBJECTS_OF, o, t]);
    t++;
  }
  const keys = [...first.keys()].sort((a, b) => (before(first.get(a)!, first.get(b)!) ? -1 : 1));
  if (keys.length !== foci.size) throw new Error("a failing focus node is not among the shape's targets");
  return keys.map((key) => foci.get(key)!);
}

function before(a: Place, b: Place): boolean {
  return a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
}

function indexOf(items: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  items.forEach((item, i) => {
    if (!index.has(item)) index.set(item, i);
  });
  return index;
}
