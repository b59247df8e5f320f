/**
 * Which shapes the library validates, and on which focus nodes: the shapes that carry a
 * required constraint parameter and a target declaration (its shapesWithTarget), targets
 * being sh:targetNode, sh:targetClass (instances by rdf:type, no rdfs:subClassOf inference:
 * DocumentGraph marks a document with subClassOf triples uncertain), sh:targetSubjectsOf and
 * sh:targetObjectsOf. Shapes that are themselves classes (implicit class targets) and
 * sh:target are not compiled: Unsupported.
 *
 * The targets are turned around into dispatch tables, so that one pass over the document's
 * (subject, predicate) pairs finds every focus node: a shape targeting the objects of three
 * hundred predicates costs a map lookup per predicate the document uses, not three hundred.
 */
import type { Term } from '@rdfjs/types';
import type { NodeCheck } from './constraints.js';
import { parameterKey } from './constraints.js';
import type { DocumentGraph, GraphNode } from './DocumentGraph.js';
import type { ShapeCompiler } from './compileShapes.js';
import { show } from './ShapesIndex.js';
import { Unsupported } from './Unsupported.js';
import {
  PARAMETERS,
  RDF_TYPE,
  RDFS_CLASS,
  RDFS_SUBCLASS_OF,
  TARGET,
  TARGET_CLASS,
  TARGET_NODE,
  TARGET_OBJECTS_OF,
  TARGET_SUBJECTS_OF,
} from './vocabulary.js';

/** A targeted shape's check, with the shape's key (termKey) to name it in a list of failures. */
interface ShapeCheck {
  readonly shape: string;
  readonly check: NodeCheck;
}

/** Shape key → its focus nodes that do not conform to it, by key (termKey). */
export type Failures = Map<string, Map<string, GraphNode>>;

/**
 * One shape's target declarations, each kind in the shapes graph's order: the order in which
 * the validator's target selection (ShaclValidator.compileTargets) lists focus nodes.
 */
export interface TargetDeclarations {
  /** The classes' keys (termKey). */
  readonly classes: readonly string[];
  readonly nodes: readonly Term[];
  /** Predicate IRIs. */
  readonly subjectsOf: readonly string[];
  readonly objectsOf: readonly string[];
}

export class Targets {
  /** Class key → the checks of the shapes targeting its instances. */
  private readonly classes = new Map<string, ShapeCheck[]>();
  /** Predicate IRI → the checks of the shapes targeting its subjects, and its objects. */
  private readonly byPredicate = new Map<string, { subjects: ShapeCheck[]; objects: ShapeCheck[]; type: boolean }>();
  private readonly nodes: Array<[Term, ShapeCheck]> = [];
  /** Shape key → its target declarations. */
  private readonly declared = new Map<string, TargetDeclarations>();
  /** How many shapes are validated on their targets. */
  readonly shapeCount: number;

  constructor(compiler: ShapeCompiler) {
    const shapes = compiler.shapes;
    if (shapes.subjects(RDFS_SUBCLASS_OF).length > 0)
      throw new Unsupported('the shapes graph has rdfs:subClassOf triples');
    const withConstraints = new Map<string, Term>();
    for (const [parameter, { required }] of PARAMETERS) {
      if (required) for (const s of shapes.subjects(parameter)) withConstraints.set(parameterKey(s), s);
    }
    let count = 0;
    for (const shape of withConstraints.values()) {
      if (shapes.objects(shape, RDF_TYPE).some((t) => t.termType === 'NamedNode' && t.value === RDFS_CLASS)) {
        throw new Unsupported(`shape ${show(shape)} is an rdfs:Class (implicit class target)`);
      }
      if (shapes.objects(shape, TARGET).length > 0)
        throw new Unsupported(`shape ${show(shape)} has an sh:target (SHACL-AF)`);
      const classes = shapes.objects(shape, TARGET_CLASS);
      const nodes = shapes.objects(shape, TARGET_NODE);
      const subjectsOf = shapes.objects(shape, TARGET_SUBJECTS_OF);
      const objectsOf = shapes.objects(shape, TARGET_OBJECTS_OF);
      if (classes.length + nodes.length + subjectsOf.length + objectsOf.length === 0) continue;
      const check: ShapeCheck = { shape: parameterKey(shape), check: compiler.shapeCheck(shape) };
      count++;
      const declarations: TargetDeclarations = {
        classes: classes.map(parameterKey),
        nodes,
        subjectsOf: subjectsOf.map((p) => predicateOf(shape, p)),
        objectsOf: objectsOf.map((p) => predicateOf(shape, p)),
      };
      this.declared.set(check.shape, declarations);
      for (const c of declarations.classes) add(this.classes, c, check);
      for (const n of nodes) this.nodes.push([n, check]);
      for (const p of declarations.subjectsOf) this.dispatch(p).subjects.push(check);
      for (const p of declarations.objectsOf) this.dispatch(p).objects.push(check);
    }
    if (this.classes.size > 0) this.dispatch(RDF_TYPE).type = true;
    this.shapeCount = count;
  }

  private dispatch(predicate: string): { subjects: ShapeCheck[]; objects: ShapeCheck[]; type: boolean } {
    let entry = this.byPredicate.get(predicate);
    if (!entry) this.byPredicate.set(predicate, (entry = { subjects: [], objects: [], type: false }));
    return entry;
  }

  /** The target declarations of the shape with key `shape`, if it is validated on targets. */
  declarations(shape: string): TargetDeclarations | undefined {
    return this.declared.get(shape);
  }

  /** Every (shape, focus node) pair that does not conform: the library's results come from these alone. */
  failures(graph: DocumentGraph): Failures {
    const failures: Failures = new Map();
    for (const [term, check] of this.nodes) judge(failures, check, graph.node(term));
    for (const node of graph.nodes) {
      if (!node.out) continue;
      // By key, then value: iterating the entries would make an array per entry.
      for (const predicate of node.out.keys()) {
        const entry = this.byPredicate.get(predicate);
        if (!entry) continue;
        const objects = node.out.get(predicate)!;
        for (const check of entry.subjects) judge(failures, check, node);
        for (const check of entry.objects) for (const object of objects) judge(failures, check, object);
        if (entry.type) {
          for (const type of objects) {
            const byClass = this.classes.get(type.key);
            if (byClass) for (const check of byClass) judge(failures, check, node);
          }
        }
      }
    }
    return failures;
  }
}

/** Notes the pair when the focus node does not conform to the shape. */
function judge(failures: Failures, { shape, check }: ShapeCheck, focus: GraphNode): void {
  if (check(focus)) return;
  const foci = failures.get(shape);
  if (foci) foci.set(focus.key, focus);
  else failures.set(shape, new Map([[focus.key, focus]]));
}

function add(map: Map<string, ShapeCheck[]>, key: string, check: ShapeCheck): void {
  const list = map.get(key);
  if (list) list.push(check);
  else map.set(key, [check]);
}

function predicateOf(shape: Term, p: Term): string {
  if (p.termType !== 'NamedNode')
    throw new Unsupported(`shape ${show(shape)} targets the subjects or objects of ${show(p)}, no IRI`);
  return p.value;
}
