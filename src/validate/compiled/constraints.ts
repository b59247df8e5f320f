/**
 * The constraint components the precheck judges, each compiled from its parameter values to
 * a check, with rdf-validate-shacl 0.6's semantics (src/validators.js there), which are SHACL
 * Core's except where noted. A component is either judged per value node (most: the library's
 * "generic" validators) or once over all value nodes of a property shape (sh:minCount,
 * sh:maxCount, sh:hasValue); on a node shape the value nodes are the focus node alone.
 */
import type { Term } from '@rdfjs/types';
import type { GraphNode } from './DocumentGraph.js';
import { compileRange } from './numericRange.js';
import { ShapesIndex, show } from './ShapesIndex.js';
import { termKey } from './termKey.js';
import { Unsupported } from './Unsupported.js';
import { RDF_LANGSTRING, RDF_TYPE, SH, SH_PATH, XSD_BOOLEAN } from './vocabulary.js';

/** Whether one node passes: a value node against a constraint, or a focus node against a shape. */
export type NodeCheck = (node: GraphNode) => boolean;
/** Whether the value nodes of a property shape, all together, pass. */
export type ValuesCheck = (values: readonly GraphNode[]) => boolean;

export type CompiledConstraint = { perValue: NodeCheck } | { onValues: ValuesCheck } | undefined;

export interface ConstraintContext {
  readonly shapes: ShapesIndex;
  /** The shape whose constraint this is. */
  readonly shape: Term;
  /** Whether that shape has a path (a property shape): its value nodes are the path's. */
  readonly isPropertyShape: boolean;
  /** The compiled check of another shape (sh:node, sh:not, sh:or, sh:property). */
  shapeCheck(shape: Term): NodeCheck;
}

/** One constraint: a component with one value for each of its parameters that the shape gives. */
export type Parameters = ReadonlyMap<string, Term>;

type Compiler = (ctx: ConstraintContext, params: Parameters) => CompiledConstraint;

const param = (params: Parameters, name: string): Term => params.get(SH + name)!;

/** A term given as a parameter, keyed like data terms; Unsupported where keys and the library's equality could differ. */
export function parameterKey(term: Term): string {
  if (term.termType === 'Literal' && (term.direction || (term.language && term.datatype.value !== RDF_LANGSTRING))) {
    throw new Unsupported(`literal ${show(term)} with a base direction or a stray language`);
  }
  return termKey(term);
}

const COMPILERS: Record<string, Compiler> = {
  // sh:class: the value has rdf:type C in the data (rdfs:subClassOf in the data would make the
  // library infer more: DocumentGraph marks such documents uncertain).
  Class: (_ctx, params) => {
    const cls = parameterKey(param(params, 'class'));
    return {
      perValue: (value) => {
        for (const type of value.objects(RDF_TYPE)) if (type.key === cls) return true;
        return false;
      },
    };
  },

  // sh:closed: only when the parameter is exactly "true"^^xsd:boolean (else the library passes
  // everything); see closedAllowed.
  Closed: (ctx, params) => {
    const allowed = closedAllowed(ctx, params);
    if (!allowed) return undefined;
    return {
      perValue: (value) => {
        if (value.out) for (const predicate of value.out.keys()) if (!allowed.has(predicate)) return false;
        return true;
      },
    };
  },

  HasValue: (ctx, params) => {
    const expected = parameterKey(param(params, 'hasValue'));
    if (!ctx.isPropertyShape) return { perValue: (focus) => focus.key === expected };
    return {
      onValues: (values) => {
        for (const value of values) if (value.key === expected) return true;
        return false;
      },
    };
  },

  In: (ctx, params) => {
    const allowed = new Set(ctx.shapes.list(param(params, 'in')).map(parameterKey));
    return { perValue: (value) => allowed.has(value.key) };
  },

  // The library has these two for property shapes only (on a node shape it throws).
  MaxCount: (ctx, params) => {
    if (!ctx.isPropertyShape) throw new Unsupported(`sh:maxCount on node shape ${show(ctx.shape)}`);
    const max = Number(param(params, 'maxCount').value);
    return { onValues: (values) => values.length <= max };
  },
  MinCount: (ctx, params) => {
    if (!ctx.isPropertyShape) throw new Unsupported(`sh:minCount on node shape ${show(ctx.shape)}`);
    const min = Number(param(params, 'minCount').value);
    return { onValues: (values) => values.length >= min };
  },

  MinInclusive: (_ctx, params) => ({ perValue: compileRange('minInclusive', param(params, 'minInclusive')) }),
  MinExclusive: (_ctx, params) => ({ perValue: compileRange('minExclusive', param(params, 'minExclusive')) }),
  MaxInclusive: (_ctx, params) => ({ perValue: compileRange('maxInclusive', param(params, 'maxInclusive')) }),
  MaxExclusive: (_ctx, params) => ({ perValue: compileRange('maxExclusive', param(params, 'maxExclusive')) }),

  Node: (ctx, params) => ({ perValue: ctx.shapeCheck(param(params, 'node')) }),

  NodeKind: (_ctx, params) => {
    const kind = param(params, 'nodeKind');
    const name = kind.termType === 'NamedNode' && kind.value.startsWith(SH) ? kind.value.slice(SH.length) : '';
    const kinds = new Set(Object.hasOwn(NODE_KINDS, name) ? NODE_KINDS[name] : []);
    return { perValue: (value) => kinds.has(value.term.termType) };
  },

  Not: (ctx, params) => {
    const check = ctx.shapeCheck(param(params, 'not'));
    return { perValue: (value) => !check(value) };
  },

  Or: (ctx, params) => {
    const checks = ctx.shapes.list(param(params, 'or')).map((shape) => ctx.shapeCheck(shape));
    return {
      perValue: (value) => {
        for (const check of checks) if (check(value)) return true;
        return false;
      },
    };
  },

  // sh:pattern: a JavaScript RegExp (as the library builds it, a fresh one per test) on the
  // lexical form of a literal or the IRI; a blank node fails.
  Pattern: (_ctx, params) => {
    const pattern = param(params, 'pattern').value;
    const flags = params.get(`${SH}flags`)?.value;
    let re: RegExp;
    try {
      re = flags === undefined ? new RegExp(pattern) : new RegExp(pattern, flags);
    } catch (e) {
      throw new Unsupported(`sh:pattern ${JSON.stringify(pattern)}: ${(e as Error).message}`);
    }
    // A global or sticky RegExp keeps state between tests; the library's never does.
    const fresh = re.global || re.sticky;
    return {
      perValue: (value) => value.term.termType !== 'BlankNode' && (fresh ? new RegExp(re) : re).test(value.term.value),
    };
  },

  Property: (ctx, params) => ({ perValue: ctx.shapeCheck(param(params, 'property')) }),
};

/**
 * The predicates an sh:closed constraint allows (undefined: the constraint is not "true" and
 * passes everything): the IRI paths of the shape's own sh:property shapes and the members of
 * sh:ignoredProperties.
 */
export function closedAllowed(ctx: ConstraintContext, params: Parameters): ReadonlySet<string> | undefined {
  const closed = param(params, 'closed');
  if (!(
    closed.termType === 'Literal' &&
    closed.value === 'true' &&
    closed.datatype.value === XSD_BOOLEAN &&
    !closed.language
  )) {
    return undefined;
  }
  const allowed = new Set<string>();
  for (const property of ctx.shapes.objects(ctx.shape, `${SH}property`)) {
    for (const path of ctx.shapes.objects(property, SH_PATH))
      if (path.termType === 'NamedNode') allowed.add(path.value);
  }
  const ignored = params.get(`${SH}ignoredProperties`);
  if (ignored) for (const p of ctx.shapes.list(ignored)) if (p.termType === 'NamedNode') allowed.add(p.value);
  return allowed;
}

const NODE_KINDS: Record<string, readonly string[]> = {
  IRI: ['NamedNode'],
  BlankNode: ['BlankNode'],
  Literal: ['Literal'],
  BlankNodeOrIRI: ['BlankNode', 'NamedNode'],
  BlankNodeOrLiteral: ['BlankNode', 'Literal'],
  IRIOrLiteral: ['NamedNode', 'Literal'],
};

export function compileConstraint(component: string, ctx: ConstraintContext, params: Parameters): CompiledConstraint {
  const compiler = COMPILERS[component];
  if (!compiler) throw new Unsupported(`constraint component sh:${component}ConstraintComponent is not compiled`);
  return compiler(ctx, params);
}

export const COMPILED_COMPONENTS: ReadonlySet<string> = new Set(Object.keys(COMPILERS));
