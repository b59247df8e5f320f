/**
 * Each shape compiled to the results rdf-validate-shacl 0.6 reports when it validates a focus
 * node against it (validation-engine.js, validateNodeAgainstShape), built without the library:
 * the same results in the same order, each with the focus node, path, value, severity, source
 * shape, source constraint component and (for sh:node) details the library would give it.
 *
 * Whether each constraint fails is the compiled check's verdict (constraints.ts), which the
 * precheck holds to the library's; what the library makes of a failure follows from the kind
 * of constraint alone:
 * - a component the library judges per value node (sh:class, sh:in, sh:nodeKind, sh:pattern,
 *   the numeric ranges, sh:not, sh:or, sh:node, sh:closed) gives one result per failing value
 *   node, with that value; sh:node's carries as details the value's results against the
 *   nested shape, and sh:closed gives one result per triple of the value whose predicate is
 *   not allowed, with that predicate as path and its object as value, in the data's order;
 * - one judged on all value nodes at once (sh:minCount, sh:maxCount, sh:hasValue on a property
 *   shape, and sh:hasValue on a node shape, judged on the focus node) gives one result, with
 *   no value;
 * - sh:property gives the results of each value node against the property shape.
 * A result's path is the shape's sh:path (none on a node shape) unless the component gives one
 * (sh:closed); its severity the shape's single sh:severity, else sh:Violation.
 *
 * Two things the library does are not reproduced, and shapes that would meet them are
 * Unsupported (the library then writes every report): a component with two parameters of
 * several values each (the order of their combinations is the library's own), and shapes
 * reached from an sh:or or sh:not member that have an sh:node: the library validates that
 * sh:node with its main engine while inside the throwaway engine of sh:or and sh:not, and the
 * nested results it records there are attached to whichever sh:node result comes next,
 * perhaps in another document.
 */
import type { Term } from '@rdfjs/types';
import { df } from '../../rdf/terms.js';
import {
  closedAllowed,
  compileConstraint,
  type CompiledConstraint,
  type ConstraintContext,
  type NodeCheck,
  type ValuesCheck,
} from './constraints.js';
import type { DocumentGraph, GraphNode } from './DocumentGraph.js';
import type { LibraryResult } from './LibraryResult.js';
import { compilePath } from './paths.js';
import { readShape, type ConstraintDefinition } from './shapeDefinition.js';
import type { ShapeCompiler } from './compileShapes.js';
import { show } from './ShapesIndex.js';
import { termKey } from './termKey.js';
import { Unsupported } from './Unsupported.js';
import { SH } from './vocabulary.js';

/** Append to `out` the library's results for `focus` against one shape, in the data graph `graph`. */
export type ShapeReport = (focus: GraphNode, graph: DocumentGraph, out: LibraryResult[]) => void;

/** Append the results of one constraint, given the focus node and the shape's value nodes. */
type ConstraintReport = (
  focus: GraphNode,
  values: readonly GraphNode[],
  graph: DocumentGraph,
  out: LibraryResult[],
) => void;

/** How one failing constraint is turned into results. */
type ResultOf = (focus: GraphNode, value: Term | null, detail?: readonly LibraryResult[], path?: Term) => LibraryResult;

const SH_VIOLATION = df.namedNode(`${SH}Violation`);
const SEVERITY = `${SH}severity`;
/** The links from a shape to the shapes it validates nodes against. */
const SHAPE_LINKS = ['property', 'node', 'or', 'not'].map((p) => SH + p);
const NO_DETAIL: readonly LibraryResult[] = [];

export class ShapeReporter {
  private readonly reports = new Map<string, ShapeReport>();
  private readonly components = new Map<string, Term>();

  constructor(private readonly compiler: ShapeCompiler) {
    if (compiler.shapes.duplicates > 0)
      throw new Unsupported('the shapes graph states some triples twice (the library would repeat their results)');
    this.refuseNodeUnderOrNot();
  }

  /** The report of `shape`, compiling it (and the shapes it nests) on first use. */
  report(shape: Term): ShapeReport {
    const key = termKey(shape);
    let report = this.reports.get(key);
    if (!report) this.reports.set(key, (report = this.compile(shape)));
    return report;
  }

  private compile(shape: Term): ShapeReport {
    // Compiled first: it refuses what it does not judge, and cycles; so no recursion below loops.
    const conforms = this.compiler.shapeCheck(shape);
    const shapes = this.compiler.shapes;
    const definition = readShape(shapes, shape);
    if (definition.deactivated) return () => undefined;
    if (definition.combinationOrderUnknown) {
      throw new Unsupported(`shape ${show(shape)}: two parameters of one component have several values`);
    }
    const path = definition.path && compilePath(shapes, definition.path);
    const severities = shapes.objects(shape, SEVERITY);
    const severity = severities.length === 1 ? severities[0] : SH_VIOLATION;
    const ctx: ConstraintContext = {
      shapes,
      shape,
      isPropertyShape: path !== undefined,
      shapeCheck: (other) => this.compiler.shapeCheck(other),
    };
    const constraints: ConstraintReport[] = [];
    for (const constraint of definition.constraints) {
      const component = this.component(constraint.component);
      const resultOf: ResultOf = (focus, value, detail = NO_DETAIL, resultPath = definition.path) => ({
        focusNode: focus.term,
        path: resultPath ?? null,
        value,
        severity,
        shape,
        component,
        detail,
      });
      const report = this.constraintReport(constraint, ctx, resultOf);
      if (report) constraints.push(report);
    }
    return (focus, graph, out) => {
      // A conforming node has no result: most property shapes reached through sh:property.
      if (conforms(focus)) return;
      const values = path ? path(focus) : [focus];
      for (const report of constraints) report(focus, values, graph, out);
    };
  }

  private constraintReport(
    { component, params }: ConstraintDefinition,
    ctx: ConstraintContext,
    resultOf: ResultOf,
  ): ConstraintReport | undefined {
    const nested = (name: string): Term => params.get(SH + name)!;
    switch (component) {
      case 'Property': {
        const property = this.report(nested('property'));
        return (_focus, values, graph, out) => {
          for (const value of values) property(value, graph, out);
        };
      }
      case 'Node': {
        const shape = nested('node');
        const conforms = this.compiler.shapeCheck(shape);
        const node = this.report(shape);
        return (focus, values, graph, out) => {
          for (const value of values) {
            if (conforms(value)) continue;
            const detail: LibraryResult[] = [];
            node(value, graph, detail);
            if (detail.length > 0) out.push(resultOf(focus, value.term, detail));
          }
        };
      }
      case 'Closed': {
        const allowed = closedAllowed(ctx, params);
        if (!allowed) return undefined;
        const passes = perValueCheck(compileConstraint(component, ctx, params));
        return (focus, values, graph, out) => {
          for (const value of values) {
            if (passes(value)) continue;
            // Duplicate triples included: the library reads the value's triples from its index.
            for (const triple of graph.triples()) {
              if (!allowed.has(triple.predicate.value) && graph.node(triple.subject) === value) {
                out.push(resultOf(focus, triple.object, NO_DETAIL, triple.predicate));
              }
            }
          }
        };
      }
      case 'HasValue':
        if (!ctx.isPropertyShape) return onFocus(perValueCheck(compileConstraint(component, ctx, params)), resultOf);
        return onValues(onValuesCheck(compileConstraint(component, ctx, params)), resultOf);
      case 'MinCount':
      case 'MaxCount':
        return onValues(onValuesCheck(compileConstraint(component, ctx, params)), resultOf);
      case 'Class':
      case 'In':
      case 'NodeKind':
      case 'Pattern':
      case 'Not':
      case 'Or':
      case 'MinInclusive':
      case 'MinExclusive':
      case 'MaxInclusive':
      case 'MaxExclusive':
        return perValue(perValueCheck(compileConstraint(component, ctx, params)), resultOf);
      default:
        throw new Unsupported(`no compiled report for sh:${component}ConstraintComponent`);
    }
  }

  private component(name: string): Term {
    let term = this.components.get(name);
    if (!term) this.components.set(name, (term = df.namedNode(`${SH}${name}ConstraintComponent`)));
    return term;
  }

  /** See the module comment: no shape reached from an sh:or or sh:not member has an sh:node. */
  private refuseNodeUnderOrNot(): void {
    const shapes = this.compiler.shapes;
    const seen = new Set<string>();
    const pending: Term[] = [];
    for (const shape of shapes.subjects(`${SH}not`)) pending.push(...shapes.objects(shape, `${SH}not`));
    for (const shape of shapes.subjects(`${SH}or`))
      for (const list of shapes.objects(shape, `${SH}or`)) pending.push(...shapes.list(list));
    for (let shape = pending.pop(); shape; shape = pending.pop()) {
      const key = termKey(shape);
      if (seen.has(key)) continue;
      seen.add(key);
      if (shapes.objects(shape, `${SH}node`).length > 0) {
        throw new Unsupported(`shape ${show(shape)}, reached from an sh:or or sh:not, has an sh:node`);
      }
      for (const link of SHAPE_LINKS) {
        for (const next of shapes.objects(shape, link))
          pending.push(...(link === `${SH}or` ? shapes.list(next) : [next]));
      }
    }
  }
}

function perValueCheck(constraint: CompiledConstraint): NodeCheck {
  if (constraint && 'perValue' in constraint) return constraint.perValue;
  throw new Unsupported('a constraint judged per value node is not compiled so');
}

function onValuesCheck(constraint: CompiledConstraint): ValuesCheck {
  if (constraint && 'onValues' in constraint) return constraint.onValues;
  throw new Unsupported('a constraint judged on all value nodes is not compiled so');
}

function perValue(passes: NodeCheck, resultOf: ResultOf): ConstraintReport {
  return (focus, values, _graph, out) => {
    for (const value of values) if (!passes(value)) out.push(resultOf(focus, value.term));
  };
}

function onValues(passes: ValuesCheck, resultOf: ResultOf): ConstraintReport {
  return (focus, values, _graph, out) => {
    if (!passes(values)) out.push(resultOf(focus, null));
  };
}

function onFocus(passes: NodeCheck, resultOf: ResultOf): ConstraintReport {
  return (focus, _values, _graph, out) => {
    if (!passes(focus)) out.push(resultOf(focus, null));
  };
}
