/**
 * A shape read as rdf-validate-shacl reads it (shapes-graph.js, class Shape): its path, if
 * any (a property shape), whether it is deactivated, and its constraints in the library's
 * order. The library makes one constraint per combination of values of each component's
 * parameters (a shape with two sh:class values has two constraints), and orders them by where
 * the component's first parameter appears among the shape's triples, then by combination.
 * Read once here for both the compiled check (compileShapes.ts) and the compiled report
 * (ShapeReporter.ts). Anything the compiler does not judge is Unsupported.
 */
import type { Term } from '@rdfjs/types';
import { COMPILED_COMPONENTS, type Parameters } from './constraints.js';
import { ShapesIndex, show } from './ShapesIndex.js';
import { Unsupported } from './Unsupported.js';
import {
  NON_VALIDATING,
  PARAMETERS,
  SH,
  SH_DEACTIVATED,
  SH_PATH,
  TARGET,
  TARGET_CLASS,
  TARGET_NODE,
  TARGET_OBJECTS_OF,
  TARGET_SUBJECTS_OF,
} from './vocabulary.js';

/** The sh: predicates a shape may carry besides constraint parameters and NON_VALIDATING ones. */
const STRUCTURAL = new Set([SH_PATH, SH_DEACTIVATED, TARGET_CLASS, TARGET_NODE, TARGET_SUBJECTS_OF, TARGET_OBJECTS_OF]);

export interface ConstraintDefinition {
  /** The component's local name (sh:ClassConstraintComponent → "Class"). */
  readonly component: string;
  /** One value for each of the component's parameters that the shape gives. */
  readonly params: Parameters;
}

export interface ShapeDefinition {
  readonly shape: Term;
  /** The sh:path, for a property shape. */
  readonly path: Term | undefined;
  readonly deactivated: boolean;
  readonly constraints: readonly ConstraintDefinition[];
  /**
   * Whether some component has two parameters with several values each: the library then
   * orders their combinations by its own list of the component's parameters, which this
   * order (the shape's) may not follow. Whether the shape conforms does not depend on it.
   */
  readonly combinationOrderUnknown: boolean;
}

export function readShape(shapes: ShapesIndex, shape: Term): ShapeDefinition {
  if (shape.termType !== 'NamedNode' && shape.termType !== 'BlankNode')
    throw new Unsupported(`shape ${show(shape)} is a literal`);
  const paths = shapes.objects(shape, SH_PATH);
  if (paths.length > 1) throw new Unsupported(`shape ${show(shape)} has ${paths.length} paths`);

  // Group the shape's parameter values by component, in order of first appearance, refusing
  // what is not understood.
  const components = new Map<string, Map<string, readonly Term[]>>();
  for (const [predicate, values] of shapes.statements(shape)) {
    const parameter = PARAMETERS.get(predicate);
    if (parameter) {
      if (!COMPILED_COMPONENTS.has(parameter.component)) {
        throw new Unsupported(`shape ${show(shape)} uses sh:${parameter.component}ConstraintComponent`);
      }
      let params = components.get(parameter.component);
      if (!params) components.set(parameter.component, (params = new Map<string, readonly Term[]>()));
      params.set(predicate, values);
    } else if (predicate === TARGET) {
      throw new Unsupported(`shape ${show(shape)} has an sh:target (SHACL-AF)`);
    } else if (predicate.startsWith(SH) && !STRUCTURAL.has(predicate) && !NON_VALIDATING.has(predicate)) {
      throw new Unsupported(`shape ${show(shape)} uses <${predicate}>, unknown to the compiler`);
    }
  }

  const constraints: ConstraintDefinition[] = [];
  let combinationOrderUnknown = false;
  for (const [component, params] of components) {
    const required = [...params.keys()].some((p) => PARAMETERS.get(p)!.required);
    if (!required) continue; // only optional parameters (sh:flags alone): the library builds no constraint
    if ([...params.values()].filter((values) => values.length > 1).length > 1) combinationOrderUnknown = true;
    for (const combination of combinations(params)) constraints.push({ component, params: combination });
  }

  const deactivated = shapes.objects(shape, SH_DEACTIVATED);
  return {
    shape,
    path: paths[0],
    deactivated: deactivated.length === 1 && deactivated[0].value === 'true',
    constraints,
    combinationOrderUnknown,
  };
}

/** Every choice of one value per parameter (the library's cartesian product). */
function combinations(params: ReadonlyMap<string, readonly Term[]>): Map<string, Term>[] {
  let out: Map<string, Term>[] = [new Map<string, Term>()];
  for (const [parameter, values] of params) {
    out = out.flatMap((partial) => values.map((value) => new Map(partial).set(parameter, value)));
  }
  return out;
}
