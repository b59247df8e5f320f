/**
 * Each shape compiled once to a closure that says whether a focus node conforms to it, as
 * rdf-validate-shacl would find it (no result of any severity). The library reads a shape as
 * its path (if any: a property shape) plus one constraint per combination of values of each
 * component's parameters, so a shape with two sh:class values has two constraints; that is
 * done here too. A deactivated shape conforms. Shapes referencing each other in a cycle are
 * not compiled (the library would loop): Unsupported.
 */
import type { Term } from '@rdfjs/types';
import { compileConstraint, COMPILED_COMPONENTS, type ConstraintContext, type NodeCheck, type ValuesCheck } from './constraints.js';
import type { GraphNode } from './DocumentGraph.js';
import { compilePath, type PathFunction } from './paths.js';
import { ShapesIndex, show } from './ShapesIndex.js';
import { termKey } from './termKey.js';
import { Unsupported } from './Unsupported.js';
import {
  NON_VALIDATING, PARAMETERS, SH, SH_DEACTIVATED, SH_PATH, TARGET, TARGET_CLASS, TARGET_NODE, TARGET_OBJECTS_OF,
  TARGET_SUBJECTS_OF,
} from './vocabulary.js';

/** The sh: predicates a shape may carry besides constraint parameters and NON_VALIDATING ones. */
const STRUCTURAL = new Set([SH_PATH, SH_DEACTIVATED, TARGET_CLASS, TARGET_NODE, TARGET_SUBJECTS_OF, TARGET_OBJECTS_OF]);

export class ShapeCompiler {
  private readonly compiled = new Map<string, NodeCheck>();
  private readonly compiling = new Set<string>();

  constructor(readonly shapes: ShapesIndex) {}

  /** The check of `shape`, compiling it (and every shape it references) on first use. */
  shapeCheck(shape: Term): NodeCheck {
    const key = termKey(shape);
    const done = this.compiled.get(key);
    if (done) return done;
    if (this.compiling.has(key)) throw new Unsupported(`shape ${show(shape)} references itself`);
    this.compiling.add(key);
    const check = this.compile(shape);
    this.compiling.delete(key);
    this.compiled.set(key, check);
    return check;
  }

  private compile(shape: Term): NodeCheck {
    if (shape.termType !== 'NamedNode' && shape.termType !== 'BlankNode') throw new Unsupported(`shape ${show(shape)} is a literal`);
    const paths = this.shapes.objects(shape, SH_PATH);
    if (paths.length > 1) throw new Unsupported(`shape ${show(shape)} has ${paths.length} paths`);
    const path = paths[0] && compilePath(this.shapes, paths[0]);

    // Group the shape's parameter values by component, refusing what is not understood.
    const components = new Map<string, Map<string, readonly Term[]>>();
    for (const [predicate, values] of this.shapes.statements(shape)) {
      const parameter = PARAMETERS.get(predicate);
      if (parameter) {
        if (!COMPILED_COMPONENTS.has(parameter.component)) {
          throw new Unsupported(`shape ${show(shape)} uses sh:${parameter.component}ConstraintComponent`);
        }
        let params = components.get(parameter.component);
        if (!params) components.set(parameter.component, (params = new Map()));
        params.set(predicate, values);
      } else if (predicate === TARGET) {
        throw new Unsupported(`shape ${show(shape)} has an sh:target (SHACL-AF)`);
      } else if (predicate.startsWith(SH) && !STRUCTURAL.has(predicate) && !NON_VALIDATING.has(predicate)) {
        throw new Unsupported(`shape ${show(shape)} uses <${predicate}>, unknown to the compiler`);
      }
    }

    const ctx: ConstraintContext = {
      shapes: this.shapes,
      shape,
      isPropertyShape: path !== undefined,
      shapeCheck: (other) => this.shapeCheck(other),
    };
    const perValue: NodeCheck[] = [];
    const onValues: ValuesCheck[] = [];
    for (const [component, params] of components) {
      const required = [...params.keys()].some((p) => PARAMETERS.get(p)!.required);
      if (!required) continue; // only optional parameters (sh:flags alone): the library builds no constraint
      for (const combination of combinations(params)) {
        const constraint = compileConstraint(component, ctx, combination);
        if (!constraint) continue;
        if ('perValue' in constraint) perValue.push(constraint.perValue);
        else onValues.push(constraint.onValues);
      }
    }

    const deactivated = this.shapes.objects(shape, SH_DEACTIVATED);
    if (deactivated.length === 1 && deactivated[0]!.value === 'true') return () => true;
    return path ? propertyShape(path, onValues, perValue) : nodeShape(perValue);
  }
}

/** Every choice of one value per parameter (the library's cartesian product). */
function combinations(params: ReadonlyMap<string, readonly Term[]>): Map<string, Term>[] {
  let out: Map<string, Term>[] = [new Map()];
  for (const [parameter, values] of params) {
    out = out.flatMap((partial) => values.map((value) => new Map(partial).set(parameter, value)));
  }
  return out;
}

function nodeShape(checks: NodeCheck[]): NodeCheck {
  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0]!;
  return (focus) => {
    for (const check of checks) if (!check(focus)) return false;
    return true;
  };
}

function propertyShape(path: PathFunction, onValues: ValuesCheck[], perValue: NodeCheck[]): NodeCheck {
  if (onValues.length === 0 && perValue.length === 0) return () => true;
  return (focus: GraphNode) => {
    const values = path(focus);
    for (const check of onValues) if (!check(values)) return false;
    for (const value of values) for (const check of perValue) if (!check(value)) return false;
    return true;
  };
}
