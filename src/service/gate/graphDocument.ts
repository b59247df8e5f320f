/**
 * A named graph of an N-Quads or TriG dump is the document of the entity the graph is named
 * after: check that this entity is there and is a top-level entity, and find the triples of
 * the graph that hang off nothing reachable from it (to report, not drop).
 */
import { linkedArtContext } from '../../context/linkedArtContext.js';
import { nodeKey, RDF_TYPE, type Quad } from '../../rdf/terms.js';
import { PREFIXES } from '../../rdf/syntax/prefixes.js';
import { topLevelClassIris } from '../../linkedart/kinds.js';

/** `crm:E12_Production (Production)`: an IRI compacted with the usual prefixes, with its Linked Art name. */
export function compactClass(iri: string): string {
  let compact = iri;
  let longest = 0;
  for (const [prefix, ns] of Object.entries(PREFIXES)) {
    if (ns.length > longest && iri.startsWith(ns) && iri.length > ns.length) {
      compact = `${prefix}:${iri.slice(ns.length)}`;
      longest = ns.length;
    }
  }
  const term = linkedArtContext()
    .termsFor(iri)
    .find((d) => !d.prefix)?.term;
  return compact === iri ? `<${iri}>${term ? ` (${term})` : ''}` : `${compact}${term ? ` (${term})` : ''}`;
}

/**
 * Undefined when `graph` is an IRI subject of these quads typed with a top-level class;
 * otherwise a short message saying what is wrong.
 */
export function checkGraphRoot(graph: string, quads: readonly Quad[]): string | undefined {
  const topClasses = topLevelClassIris();
  let found = false;
  const types = new Set<string>();
  const topTypedSubjects = new Set<string>();
  for (const q of quads) {
    const isRoot = q.subject.termType === 'NamedNode' && q.subject.value === graph;
    if (isRoot) found = true;
    if (q.predicate.value !== RDF_TYPE || q.object.termType !== 'NamedNode') continue;
    if (isRoot) types.add(q.object.value);
    else if (q.subject.termType === 'NamedNode' && topClasses.has(q.object.value))
      topTypedSubjects.add(q.subject.value);
  }
  if (!found) {
    const others = [...topTypedSubjects];
    const hint =
      others.length === 0
        ? ''
        : `; its top-level-typed subject${others.length > 1 ? 's are' : ' is'} ${others
            .slice(0, 3)
            .map((s) => `<${s}>`)
            .join(', ')}${others.length > 3 ? ', ...' : ''}`;
    return `no triple of the graph <${graph}> has <${graph}> as its subject${hint}`;
  }
  if (types.size === 0) return `<${graph}> has no type in its graph; a document's root must have a top-level class`;
  if ([...types].some((t) => topClasses.has(t))) return undefined;
  const names = [...types].map(compactClass).join(', ');
  return types.size === 1
    ? `<${graph}> is typed ${names}, which is not a top-level class`
    : `<${graph}> is typed ${names}, none of which is a top-level class`;
}

/**
 * The quads of the graph whose subject cannot be reached from `graph` by following objects
 * (IRIs and blank nodes; `rdf:type` objects are classes, not part of the document), in order.
 */
export function unreachable(graph: string, quads: readonly Quad[]): Quad[] {
  const bySubject = new Map<string, Quad[]>();
  for (const q of quads) {
    const s = nodeKey(q.subject);
    if (s === undefined) continue;
    const list = bySubject.get(s);
    if (list) list.push(q);
    else bySubject.set(s, [q]);
  }
  const visited = new Set<string>([graph]);
  const queue: string[] = [graph];
  for (let n = 0; n < queue.length; n++) {
    for (const q of bySubject.get(queue[n]) ?? []) {
      if (q.predicate.value === RDF_TYPE) continue;
      const k = nodeKey(q.object);
      if (k === undefined || visited.has(k)) continue;
      visited.add(k);
      if (bySubject.has(k)) queue.push(k);
    }
  }
  return quads.filter((q) => {
    const s = nodeKey(q.subject);
    return s === undefined || !visited.has(s);
  });
}
