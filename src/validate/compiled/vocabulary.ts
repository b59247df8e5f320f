/**
 * The IRIs the precheck compiler reads, and the constraint components of rdf-validate-shacl 0.6
 * by parameter. The library decides which shapes it validates from these parameters (a shape
 * is any subject of a required parameter), so the compiler must know every one of them, the
 * components it cannot judge included: a reachable shape using one makes the precheck refuse
 * to judge at all. test/unit/validate/compiled/vocabulary.test.ts holds this table to the
 * library's own.
 */
export const SH = 'http://www.w3.org/ns/shacl#';
export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
export const XSD = 'http://www.w3.org/2001/XMLSchema#';

export const RDF_TYPE = `${RDF}type`;
export const RDF_FIRST = `${RDF}first`;
export const RDF_REST = `${RDF}rest`;
export const RDF_NIL = `${RDF}nil`;
export const RDF_LANGSTRING = `${RDF}langString`;
export const RDFS_CLASS = `${RDFS}Class`;
export const RDFS_SUBCLASS_OF = `${RDFS}subClassOf`;
export const XSD_STRING = `${XSD}string`;
export const XSD_BOOLEAN = `${XSD}boolean`;

export interface Parameter {
  /** The constraint component's local name (ClassConstraintComponent → "Class"). */
  readonly component: string;
  /** Whether the library needs it to build a constraint (else it is an optional companion). */
  readonly required: boolean;
}

const req = (component: string): Parameter => ({ component, required: true });
const opt = (component: string): Parameter => ({ component, required: false });

/** Parameter local name → its component, as rdf-validate-shacl 0.6.5 registers them. */
const PARAMETER_TABLE: Record<string, Parameter> = {
  and: req('And'),
  class: req('Class'),
  closed: req('Closed'),
  ignoredProperties: opt('Closed'),
  datatype: req('Datatype'),
  disjoint: req('Disjoint'),
  equals: req('Equals'),
  expression: req('Expression'),
  hasValue: req('HasValue'),
  in: req('In'),
  js: req('JS'),
  languageIn: req('LanguageIn'),
  lessThan: req('LessThan'),
  lessThanOrEquals: req('LessThanOrEquals'),
  maxCount: req('MaxCount'),
  maxExclusive: req('MaxExclusive'),
  maxInclusive: req('MaxInclusive'),
  maxLength: req('MaxLength'),
  minCount: req('MinCount'),
  minExclusive: req('MinExclusive'),
  minInclusive: req('MinInclusive'),
  minLength: req('MinLength'),
  node: req('Node'),
  nodeKind: req('NodeKind'),
  not: req('Not'),
  or: req('Or'),
  pattern: req('Pattern'),
  flags: opt('Pattern'),
  property: req('Property'),
  // qualifiedValueShape belongs to both qualified components; the library keeps the last one registered.
  qualifiedMaxCount: req('QualifiedMaxCount'),
  qualifiedMinCount: req('QualifiedMinCount'),
  qualifiedValueShape: req('QualifiedMinCount'),
  qualifiedValueShapesDisjoint: opt('QualifiedMinCount'),
  sparql: req('SPARQL'),
  uniqueLang: req('UniqueLang'),
  xone: req('Xone'),
};

export const PARAMETERS: ReadonlyMap<string, Parameter> = new Map(
  Object.entries(PARAMETER_TABLE).map(([name, p]) => [SH + name, p]),
);

/** The target declarations the precheck dispatches on (targets.ts). sh:target (SHACL-AF) is not one. */
export const TARGET_CLASS = `${SH}targetClass`;
export const TARGET_NODE = `${SH}targetNode`;
export const TARGET_SUBJECTS_OF = `${SH}targetSubjectsOf`;
export const TARGET_OBJECTS_OF = `${SH}targetObjectsOf`;
export const TARGET = `${SH}target`;

export const SH_PATH = `${SH}path`;
export const SH_DEACTIVATED = `${SH}deactivated`;

/**
 * Terms of the shacl namespace that say nothing the validation outcome depends on: a result
 * of any severity makes a document non-conforming, and messages only word the report. Any
 * other sh: predicate on a shape, unknown to the compiler, makes it refuse.
 */
export const NON_VALIDATING: ReadonlySet<string> = new Set(
  ['severity', 'message', 'name', 'description', 'order', 'group', 'defaultValue'].map((n) => SH + n),
);
