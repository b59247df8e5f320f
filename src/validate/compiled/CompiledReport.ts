/**
 * The report of a document the precheck found failing, built without the library: the
 * results ShaclValidator.validatePairs has the library write, in its order. The library
 * validates its shapes with targets in its own order (shapesWithTarget, given here once), each
 * on its focus nodes in target order (focusOrder.ts); every pair the precheck found conforming
 * adds nothing, and each failing pair adds its results (ShapeReporter.ts).
 */
import type { Term } from '@rdfjs/types';
import type { DocumentGraph } from './DocumentGraph.js';
import { focusOrder } from './focusOrder.js';
import type { LibraryResult } from './LibraryResult.js';
import type { ShapeReport, ShapeReporter } from './ShapeReporter.js';
import type { Failures, TargetDeclarations, Targets } from './targets.js';
import { termKey } from './termKey.js';
import { Unsupported } from './Unsupported.js';

interface TargetedShape {
  readonly key: string;
  readonly targets: TargetDeclarations;
  readonly report: ShapeReport;
}

export class CompiledReport {
  /** The shapes the precheck validates on targets, in the library's order. */
  private readonly shapes: readonly TargetedShape[];

  /**
   * `libraryOrder`: the shapes the library validates on their targets, in its order. Every
   * targeted shape is compiled now: what is Unsupported is known at once.
   */
  constructor(
    targets: Targets,
    private readonly reporter: ShapeReporter,
    libraryOrder: readonly Term[],
  ) {
    const shapes: TargetedShape[] = [];
    for (const shape of libraryOrder) {
      const key = termKey(shape);
      const declarations = targets.declarations(key);
      if (declarations) shapes.push({ key, targets: declarations, report: reporter.report(shape) });
    }
    if (shapes.length !== targets.shapeCount || libraryOrder.length !== targets.shapeCount) {
      throw new Unsupported(
        `the library validates ${libraryOrder.length} shapes on targets, the precheck ${targets.shapeCount}`,
      );
    }
    this.shapes = shapes;
  }

  /** The library's results for the failing (shape, focus node) pairs of `graph`, in its order. */
  results(graph: DocumentGraph, failures: Failures): LibraryResult[] {
    const out: LibraryResult[] = [];
    let failing = 0;
    for (const shape of this.shapes) {
      const foci = failures.get(shape.key);
      if (!foci) continue;
      for (const focus of focusOrder(shape.targets, foci, graph)) shape.report(focus, graph, out);
      failing++;
    }
    if (failing !== failures.size) throw new Error('a failing shape is not among the shapes validated on targets');
    return out;
  }

  /** The library's results for `node` against `shape` (validateNodeAgainstShape), in `graph`. */
  run(graph: DocumentGraph, node: Term, shape: Term): LibraryResult[] {
    const out: LibraryResult[] = [];
    this.reporter.report(shape)(graph.node(node), graph, out);
    return out;
  }
}
