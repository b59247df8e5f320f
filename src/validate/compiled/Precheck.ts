/**
 * A fast conformance precheck compiled from the SHACL shapes: `conforms` answers true only
 * when rdf-validate-shacl would report no result at all (no Violation, no Warning) for the
 * document, so that the caller may skip the library; `failures` names the (shape, focus node)
 * pairs that do not conform, so that the library need validate those alone. It answers false whenever it is not sure
 * (the library then decides, and words the report): for every document if the shapes use
 * anything it does not compile (see `unsupported`), and for a document whose data it does
 * not judge (DocumentGraph.uncertain).
 *
 * The document is checked as ShaclValidator.validate checks it: its quads plus the marker
 * triple `<root> rdf:type <markerClass>`.
 */
import { debuglog } from 'node:util';
import type { NamedNode, Quad } from '@rdfjs/types';
import { df } from '../../rdf/terms.js';
import { ShapeCompiler } from './compileShapes.js';
import { DocumentGraph } from './DocumentGraph.js';
import { ShapesIndex } from './ShapesIndex.js';
import { Targets, type Failures } from './targets.js';
import { Unsupported } from './Unsupported.js';
import { RDF_TYPE } from './vocabulary.js';

const log = debuglog('linkedart-precheck');

export interface PrecheckOptions {
  /** The class of the marker triple the validator adds to every document. */
  readonly markerClass: string;
}

export class Precheck {
  /** Why the shapes could not be compiled (the precheck then always answers false), if they could not. */
  readonly unsupported: string | undefined;
  private readonly targets: Targets | undefined;
  private readonly marker: NamedNode;

  constructor(shapeQuads: readonly Quad[], options: PrecheckOptions) {
    this.marker = df.namedNode(options.markerClass);
    let targets: Targets | undefined;
    let unsupported: string | undefined;
    try {
      targets = new Targets(new ShapeCompiler(new ShapesIndex(shapeQuads)));
      log('SHACL precheck compiled: %d shapes with targets', targets.shapeCount);
    } catch (e) {
      // Unsupported: shapes the compiler does not judge. Anything else would be a compiler bug,
      // which must not stop validation either: the library validates every document then.
      unsupported = e instanceof Unsupported ? e.message : `compiler error: ${(e as Error).message}`;
      log('SHACL precheck off, every document goes to rdf-validate-shacl: %s', unsupported);
    }
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
    if (!this.targets) return undefined;
    try {
      const graph = new DocumentGraph(quads);
      graph.add(df.namedNode(rootId), RDF_TYPE, this.marker);
      return graph.uncertain ? undefined : this.targets.failures(graph);
    } catch (e) {
      // Never expected; the library, the authority, will judge (and report) the document.
      log('SHACL precheck failed on %s: %s', rootId, (e as Error).message);
      return undefined;
    }
  }
}
