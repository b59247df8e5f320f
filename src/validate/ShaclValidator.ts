/**
 * SHACL validation of one Linked Art document's quads against the shapes in shapes/*.ttl.
 *
 * The shapes are parsed once and one rdf-validate-shacl validator is built from them and
 * reused, along with a compiled form of them (compiled/): per call, the compiled precheck
 * finds the (shape, focus node) pairs that fail, if any, and the compiled report writes the
 * library's results for those, without the library (see validate). rdf-validate-shacl, the
 * authority, runs only where the compiled form is not sure or does not reproduce it: on the
 * document's quads (plus the one marker triple that says which node is the top-level entity).
 *
 * Results are reported at their most precise: an sh:node failure is reported by the nested
 * results it carries, and a conditional rule (written `sh:or ( escape body )`, see
 * shapes/shared.ttl) that fails is reported by validating its value node against the body.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Parser } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';
import type { ValidationResult } from 'rdf-validate-shacl/src/validation-report.js';
import type { DatasetCore, NamedNode, Quad, Term } from '@rdfjs/types';
import { df, RDF_TYPE } from '../rdf/terms.js';
import { SH } from './compiled/vocabulary.js';
import { compileTargets } from './precompiledTargets.js';
import { ShapeIndex, type ShapeResult } from './shapeIndex.js';
import type { CompiledReport } from './compiled/CompiledReport.js';
import type { LibraryResult } from './compiled/LibraryResult.js';
import { Precheck, type Judgement } from './compiled/Precheck.js';
import type { Failures } from './compiled/targets.js';
import { termKey } from './compiled/termKey.js';
import { QuadIndex } from './QuadIndex.js';
import { reportEnvironment } from './reportEnvironment.js';

/** The project root: this file is at dist/src/validate/ once compiled, src/validate/ in source. */
const PROJECT_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../' : '../../', import.meta.url),
);
export const SHAPES_DIR = `${PROJECT_ROOT}shapes/`;

export { HINT_PREDICATE, SHAPE_PREFIX, type Severity, type ShapeResult } from './shapeIndex.js';

/** The class of the marker triple `<root> rdf:type <Document>` the validator adds (never stored). */
export const DOCUMENT_CLASS = 'urn:linkedart-service:Document';

const log = debuglog('linkedart-precheck');

export interface ShaclValidatorOptions {
  /** Default true: see precompiledTargets.ts. */
  precompiledTargets?: boolean;
  /** Default true: answer conforming documents from the compiled precheck (validate). */
  precheck?: boolean;
  /** Default true: with the precheck, build the report of failing pairs without the library (validate). */
  compiledReport?: boolean;
}

/** How validate answered, call by call (for tests and measurements). */
export interface ValidationCounts {
  /** The precheck found the document conforming. */
  conforming: number;
  /** The precheck found failing pairs and the compiled report reported them. */
  compiled: number;
  /** The precheck found failing pairs and the library reported them. */
  libraryPairs: number;
  /** The precheck was not sure (or off): the library validated the whole document. */
  libraryAll: number;
}

/** Validates one node against one shape (the data graph set), giving the library's results. */
type Run = (node: Term, shape: Term) => readonly LibraryResult[];

/** The parts of rdf-validate-shacl used directly, to validate synchronously and reuse one engine. */
interface Engine {
  initReport(): void;
  validateAll(data: unknown): boolean;
  validateNodeAgainstShape(focus: Term, shape: unknown, data: unknown): boolean;
  getReport(): { results: ValidationResult[] };
}

export class ShaclValidator {
  private readonly validator: SHACLValidator;
  private readonly engine: Engine;
  private readonly rdfType: NamedNode;
  private readonly documentClass: NamedNode;
  /** What the report says of each shape besides the library's results. */
  private readonly shapes: ShapeIndex;
  /** Shape IRI → its hint (svc:hint). */
  readonly hints: ReadonlyMap<string, string>;
  /** The rule names of the shapes (their IRIs after SHAPE_PREFIX): what a report's `rule` is for a shape's result. */
  readonly rules: ReadonlySet<string>;
  /** The shapes compiled to a conformance check (compiled/Precheck.ts); absent with `precheck: false`. */
  readonly precheck: Precheck | undefined;
  /** The library's results for failing pairs, built without it; absent if off or not reproducible. */
  private readonly compiledReport: CompiledReport | undefined;
  readonly counts: ValidationCounts = { conforming: 0, compiled: 0, libraryPairs: 0, libraryAll: 0 };

  /** Parse every shapes/*.ttl (or the files of `dir`) and build the validator once. */
  static load(dir: string = SHAPES_DIR, options: ShaclValidatorOptions = {}): ShaclValidator {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ttl'))
      .sort();
    if (files.length === 0) throw new Error(`no SHACL shapes (*.ttl) in ${dir}`);
    const quads: Quad[] = [];
    const version = createHash('sha256');
    for (const file of files) {
      try {
        const text = readFileSync(dir + file, 'utf8');
        version.update(file).update('\u0000').update(text).update('\u0000');
        quads.push(...(new Parser({ baseIRI: `file://${dir}${file}` }).parse(text) as Quad[]));
      } catch (e) {
        throw new Error(`shapes/${file}: ${(e as Error).message}`);
      }
    }
    const validator = new ShaclValidator(quads, options);
    validator.version = version.digest('base64url').slice(0, 16);
    return validator;
  }

  /** A hash of the shapes' text: a document checked under other shapes must be checked again. */
  version = '';

  /**
   * `precompiledTargets` (default true): read each shape's targets from the shapes graph once
   * instead of on every call (precompiledTargets.ts); false leaves target selection to the library.
   * `precheck` (default true): see validate.
   */
  constructor(shapeQuads: readonly Quad[], options: ShaclValidatorOptions = {}) {
    const shapes = new QuadIndex(shapeQuads);
    // maxNodeChecks 0: no per-(node, shape) loop counter; the shapes never recurse (shared.ttl).
    this.validator = new SHACLValidator(shapes, {
      maxNodeChecks: 0,
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- rdf-validate-shacl's environment type does not resolve (its .d.ts imports @rdfjs/environment, which has no types; skipLibCheck hides it)
      factory: reportEnvironment,
    } as ConstructorParameters<typeof SHACLValidator>[1]);
    // The engine reads the shapes graph on every call (targets, parameters, messages); it copied
    // the shapes into a general-purpose dataset whose every `match` builds a new indexed dataset.
    // Give it the read-only index instead, before any shape is compiled (shapes are compiled
    // lazily, on first use, and keep a pointer into this graph).
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access -- rdf-validate-shacl's environment type does not resolve (its .d.ts imports @rdfjs/environment, which has no types; skipLibCheck hides it)
    this.validator.$shapes = this.validator.factory.clownface({ dataset: shapes as DatasetCore });
    this.engine = this.validator.validationEngine;
    this.rdfType = df.namedNode(RDF_TYPE);
    this.documentClass = df.namedNode(DOCUMENT_CLASS);
    this.shapes = new ShapeIndex(shapes);
    this.hints = this.shapes.hints;
    this.rules = this.shapes.rules;
    if (options.precompiledTargets ?? true) compileTargets(this.validator, shapes);
    this.precheck = (options.precheck ?? true) ? new Precheck(shapeQuads, { markerClass: DOCUMENT_CLASS }) : undefined;
    // The library's order of the shapes it validates on targets, which the compiled report follows.
    const libraryOrder = this.validator.shapesGraph.shapesWithTarget.map((shape) => shape.shapeNode);
    this.compiledReport = (options.compiledReport ?? true) ? this.precheck?.report(libraryOrder) : undefined;
  }

  /**
   * Validate the quads of the document whose top-level entity is `rootId` (the quads are not
   * changed). Returns every Violation and Warning, each at its most precise (module comment);
   * an empty array when the document conforms.
   *
   * The compiled precheck goes first. When it is sure of its verdict, only the (shape, focus
   * node) pairs it found failing (none: the document conforms) are reported, in the order
   * validateAll would report them, so the report is the one validateAll writes: every other
   * pair conforms and adds nothing to it. The compiled report (compiled/ShapeReporter.ts)
   * builds their results as the library would, without it; where it cannot, the library
   * validates those pairs alone. When the precheck is not sure, the library validates
   * everything.
   */
  validate(rootId: string, quads: readonly Quad[]): ShapeResult[] {
    const judgement = this.precheck?.judge(rootId, quads);
    if (judgement && judgement.failures.size === 0) {
      this.counts.conforming++;
      return [];
    }
    if (judgement && this.compiledReport) {
      const compiled = this.reportCompiled(this.compiledReport, judgement);
      if (compiled) {
        this.counts.compiled++;
        return compiled;
      }
    }
    const data = new Array<Quad>(quads.length + 1);
    for (let i = 0; i < quads.length; i++) data[i] = quads[i]!;
    data[quads.length] = df.quad(df.namedNode(rootId), this.rdfType, this.documentClass);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access -- rdf-validate-shacl's environment type does not resolve (its .d.ts imports @rdfjs/environment, which has no types; skipLibCheck hides it)
    this.validator.$data = this.validator.factory.clownface({ dataset: new QuadIndex(data) as DatasetCore });

    if (judgement) {
      this.counts.libraryPairs++;
      this.validatePairs(judgement.failures);
    } else {
      this.counts.libraryAll++;
      this.engine.validateAll(this.validator.$data);
    }
    const raw = this.engine.getReport().results.map(readResult);
    if (raw.length === 0) return [];
    const out: ShapeResult[] = [];
    const run: Run = (node, shape) => this.run(node, shape);
    for (const r of raw) this.report(r, out, 0, run);
    return out;
  }

  /**
   * The report built from the compiled report's results, the library's own, with sh:or bodies
   * expanded by the compiled report too; undefined if it failed (never expected: the library
   * then reports).
   */
  private reportCompiled(compiled: CompiledReport, { graph, failures }: Judgement): ShapeResult[] | undefined {
    try {
      const out: ShapeResult[] = [];
      const run: Run = (node, shape) => compiled.run(graph, node, shape);
      for (const r of compiled.results(graph, failures)) this.report(r, out, 0, run);
      return out;
    } catch (e) {
      log('SHACL compiled report failed, rdf-validate-shacl reports: %s', (e as Error).message);
      return undefined;
    }
  }

  /** validateAll (validation-engine.js) on the failing pairs alone: shapes, then focus nodes, in its order. */
  private validatePairs(failures: Failures): void {
    this.engine.initReport();
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- rdf-validate-shacl's environment type does not resolve (its .d.ts imports @rdfjs/environment, which has no types; skipLibCheck hides it)
    const data = this.validator.$data;
    for (const shape of this.validator.shapesGraph.shapesWithTarget) {
      const foci = failures.get(termKey(shape.shapeNode));
      if (!foci) continue;
      for (const focus of shape.getTargetNodes(data)) {
        if (foci.has(termKey(focus))) this.engine.validateNodeAgainstShape(focus, shape, data);
      }
    }
  }

  /** Report `r` at its most precise (module comment), validating sh:or bodies with `run`. */
  private report(r: LibraryResult, out: ShapeResult[], depth: number, run: Run): void {
    const component = r.component?.value;
    if (component === `${SH}NodeConstraintComponent` && r.detail.length > 0) {
      for (const d of r.detail) this.report(d, out, depth, run);
      return;
    }
    const body = r.shape && this.shapes.orBodies.get(r.shape.value);
    if (component === `${SH}OrConstraintComponent` && body && depth < 8) {
      const expanded = run(r.value ?? r.focusNode, body);
      if (expanded.length > 0) {
        for (const e of expanded) this.report(e, out, depth + 1, run);
        return;
      }
    }
    out.push(this.shapes.shapeResult(r));
  }

  /** Validate one node against one shape (the data graph already set), recording its results. */
  private run(node: Term, shape: Term): LibraryResult[] {
    this.engine.initReport();
    this.validator.nodeConformsToShape(node, shape, this.engine as never);
    return this.engine.getReport().results.map(readResult);
  }
}

function readResult(r: ValidationResult): LibraryResult {
  return {
    focusNode: r.focusNode,
    path: r.path,
    value: r.value,
    severity: r.severity,
    shape: r.sourceShape,
    component: r.sourceConstraintComponent,
    detail: r.detail.map(readResult),
  };
}

let shared: ShaclValidator | undefined;

/** The service's validator, built from shapes/ on first use and then shared. */
export function shaclValidator(): ShaclValidator {
  shared ??= ShaclValidator.load();
  return shared;
}
