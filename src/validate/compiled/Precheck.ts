/**
 * A fast conformance precheck compiled from the SHACL shapes: `conforms` answers true only
 * when rdf-validate-shacl would report no result at all (no Violation, no Warning) for the
 * document, so that the caller may skip the library; `failures` names the (shape, focus node)
 * pairs that do not conform, so that the library need validate those alone, and `report`
 * builds the library's results for those pairs without it. It answers false (undefined)
 * whenever it is not sure (the library then decides, and words the report): for every
 * document if the shapes use anything it does not compile (see `unsupported`), and for a
 * document whose data it does not judge (DocumentGraph.uncertain).
 *
 * The document is checked as ShaclValidator.validate checks it: its quads plus the marker
 * triple `<root> rdf:type <markerClass>`.
 */
import { debuglog } from 'node:util';
import type { NamedNode, Quad, Term } from '@rdfjs/types';
import { df } from '../../rdf/terms.js';
import { CompiledReport } from './CompiledReport.js';
import { ShapeCompiler } from './compileShapes.js';
import { DocumentGraph } from './DocumentGraph.js';
import { ShapeReporter } from './ShapeReporter.js';
import { ShapesIndex } from './ShapesIndex.js';
import { Targets, type Failures } from './targets.js';
import { Unsupported } from './Unsupported.js';
import { RDF_TYPE } from './vocabulary.js';

const log = debuglog('linkedart-precheck');

export interface PrecheckOptions {
  /** The class of the marker triple the validator adds to every document. */
  readonly markerClass: string;
}

/** The precheck's verdict on one document, when it is sure of it. */
export interface Judgement {
  /** The document's graph, marker triple included. */
  readonly graph: DocumentGraph;
  /** The pairs that do not conform (none: the document conforms). */
  readonly failures: Failures;
}

export class Precheck {
  /** Why the shapes could not be compiled (the precheck then always answers false), if they could not. */
  readonly unsupported: string | undefined;
  private readonly compiler: ShapeCompiler | undefined;
  private readonly targets: Targets | undefined;
  private readonly marker: NamedNode;
  private readonly rdfType = df.namedNode(RDF_TYPE);

  constructor(shapeQuads: readonly Quad[], options: PrecheckOptions) {
    this.marker = df.namedNode(options.markerClass);
    let compiler: ShapeCompiler | undefined;
    let targets: Targets | undefined;
    let unsupported: string | undefined;
    try {
      compiler = new ShapeCompiler(new ShapesIndex(shapeQuads));
      targets = new Targets(compiler);
      log('SHACL precheck compiled: %d shapes with targets', targets.shapeCount);
    } catch (e) {
      // Unsupported: shapes the compiler does not judge. Anything else would be a compiler bug,
      // which must not stop validation either: the library validates every document then.
      unsupported = reason(e);
      log('SHACL precheck off, every document goes to rdf-validate-shacl: %s', unsupported);
    }
    this.compiler = targets && compiler;
    this.targets = targets;
    this.unsupported = unsupported;
  }

  /** True only if the document conforms for certain; false if it does not or may not. */
  conforms(rootId: string, quads: readonly Quad[]): boolean {
    return this.failures(rootId, quads)?.size === 0;
  }

  /**
   * The (shape, focus node) pairs that do not conform, when the precheck is sure of its
   * verdict on every pair (an empty map: the document conforms); undefined when it is not,
   * and the library must validate the whole document.
   */
  failures(rootId: string, quads: readonly Quad[]): Failures | undefined {
    return this.judge(rootId, quads)?.failures;
  }

  /** The failing pairs with the document's graph they were found in; undefined when not sure. */
  judge(rootId: string, quads: readonly Quad[]): Judgement | undefined {
    if (!this.targets) return undefined;
    try {
      const graph = new DocumentGraph(quads);
      graph.add(df.namedNode(rootId), this.rdfType, this.marker);
      return graph.uncertain ? undefined : { graph, failures: this.targets.failures(graph) };
    } catch (e) {
      // Never expected; the library, the authority, will judge (and report) the document.
      log('SHACL precheck failed on %s: %s', rootId, (e as Error).message);
      return undefined;
    }
  }

  /**
   * The compiled report of failing pairs (CompiledReport), given the shapes the library
   * validates on targets in its order; undefined if the shapes use what it does not reproduce.
   */
  report(libraryOrder: readonly Term[]): CompiledReport | undefined {
    if (!this.compiler || !this.targets) return undefined;
    try {
      return new CompiledReport(this.targets, new ShapeReporter(this.compiler), libraryOrder);
    } catch (e) {
      log('SHACL compiled report off, rdf-validate-shacl reports every failing pair: %s', reason(e));
      return undefined;
    }
  }
}

function reason(e: unknown): string {
  return e instanceof Unsupported ? e.message : `compiler error: ${(e as Error).message}`;
}
