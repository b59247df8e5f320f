/**
 * The reverse links a document gives: for each relation whose hits may be of this document's
 * class, the entities its path reaches in the document's own graph. A row says "`target` is
 * linked by `relation` from this document". Microseconds for a document; run by every write.
 */
import { RDF_TYPE, type Quad } from '../rdf/terms.js';
import { classNamesByIri, ENTITY_CLASSES } from '../linkedart/kinds.js';
import { RELATIONS } from './relations/index.js';
import { DocumentGraph, pathPredicates } from './relations/paths.js';
import type { Relation } from './relations/Relation.js';

export interface ReverseLink {
  readonly relation: string;
  readonly target: string;
}

/** What the index keeps of one document: its class (for `type` in result pages) and its rows. */
export interface DocumentLinks {
  /** The Linked Art class of the top-level entity (HumanMadeObject), or undefined if it has none known. */
  readonly type: string | undefined;
  readonly links: readonly ReverseLink[];
}

/** The Linked Art classes the document `id` (its entity graph `quads`) states for itself. */
function topLevelClassesOf(id: string, quads: readonly Quad[]): Set<string> {
  const classes = new Set<string>();
  for (const q of quads) {
    if (q.subject.value !== id || q.predicate.value !== RDF_TYPE || q.subject.termType !== 'NamedNode') continue;
    const name = classNamesByIri().get(q.object.value);
    if (name) classes.add(name);
  }
  return classes;
}

/** The document's Linked Art class (the first of ENTITY_CLASSES it states): its `type` in result pages and the feed. */
export function entityClassOf(id: string, quads: readonly Quad[]): string | undefined {
  const classes = topLevelClassesOf(id, quads);
  return ENTITY_CLASSES.find((c) => classes.has(c));
}

/** entityClassOf from the IRIs of the document's own `rdf:type`s, when a walk of its quads has them already. */
export function entityClassAmong(typeIris: readonly string[]): string | undefined {
  const classes = new Set<string>();
  for (const iri of typeIris) {
    const name = classNamesByIri().get(iri);
    if (name) classes.add(name);
  }
  return ENTITY_CLASSES.find((c) => classes.has(c));
}

/** The predicates the relations' paths step along: a document's other statements are not indexed for them. */
let relationPredicates: Set<string> | undefined;

/** The relations whose hits may be of class `name`, in RELATIONS' order, per class. */
const relationsByClass = new Map<string, readonly Relation[]>();

function relationsFor(classes: ReadonlySet<string>): readonly Relation[] {
  if (classes.size !== 1) return RELATIONS.filter((r) => r.returns.some((c) => classes.has(c)));
  const [name] = classes as Iterable<string>;
  let relations = relationsByClass.get(name);
  if (relations === undefined)
    relationsByClass.set(name, (relations = RELATIONS.filter((r) => r.returns.includes(name))));
  return relations;
}

/** The reverse links of the document `id` whose entity graph is `quads`. */
export function reverseLinksOf(id: string, quads: readonly Quad[]): DocumentLinks {
  const classes = topLevelClassesOf(id, quads);
  const type = ENTITY_CLASSES.find((c) => classes.has(c));
  if (type === undefined) return { type, links: [] };
  const graph = new DocumentGraph(quads, (relationPredicates ??= pathPredicates(RELATIONS.map((r) => r.path))));
  const links: ReverseLink[] = [];
  for (const relation of relationsFor(classes)) {
    for (const target of graph.follow(id, relation.path)) {
      if (!target.startsWith('_:')) links.push({ relation: relation.name, target });
    }
  }
  return { type, links };
}
