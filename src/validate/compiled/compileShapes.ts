/**
 * Each shape compiled once to a closure that says whether a focus node conforms to it, as
 * rdf-validate-shacl would find it (no result of any severity), from the shape read as the
 * library reads it (shapeDefinition.ts). A deactivated shape conforms. Shapes referencing each
 * other in a cycle are not compiled (the library would loop): Unsupported.
 */
import type { Term } from '@rdfjs/types';
import { compileConstraint, type ConstraintContext, type NodeCheck, type ValuesCheck } from './constraints.js';
import type { GraphNode } from './DocumentGraph.js';
import { compilePath, type PathFunction } from './paths.js';
import { readShape } from './shapeDefinition.js';
import { ShapesIndex, show } from './ShapesIndex.js';
import { termKey } from './termKey.js';
import { Unsupported } from './Unsupported.js';

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
    const definition = readShape(this.shapes, shape);
    const path = definition.path && compilePath(this.shapes, definition.path);
    const ctx: ConstraintContext = {
      shapes: this.shapes,
      shape,
      isPropertyShape: path !== undefined,
      shapeCheck: (other) => this.shapeCheck(other),
    };
    const perValue: NodeCheck[] = [];
    const onValues: ValuesCheck[] = [];
    for (const { component, params } of definition.constraints) {
      const constraint = compileConstraint(component, ctx, params);
      if (!constraint) continue;
      if ('perValue' in constraint) perValue.push(constraint.perValue);
      else onValues.push(constraint.onValues);
    }
    if (definition.deactivated) return () => true;
    return path ? propertyShape(path, onValues, perValue) : nodeShape(perValue);
  }
}

function nodeShape(checks: NodeCheck[]): NodeCheck {
  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0];
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
