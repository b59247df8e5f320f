/**
 * Paths through one document's graph, written as data: a path is a sequence of steps from the
 * document's top-level entity, and its ends are the entities the relation links to. Only what
 * the relations need: forward and inverse predicates, zero-or-more of a predicate (`part*`),
 * alternatives, and a filter on a node's statement (a publishing activity's type).
 */
import type { Quad } from '../../rdf/terms.js';
import { iri } from './curies.js';

export type Step =
  | { readonly out: string }
  | { readonly back: string }
  | { readonly star: string }
  | { readonly any: readonly Path[] }
  | { readonly having: string; readonly value: string };
export type Path = readonly Step[];

/** Follow a predicate from subject to object. */
export const out = (curie: string): Step => ({ out: iri(curie) });
/** Follow a predicate from object back to subject. */
export const back = (curie: string): Step => ({ back: iri(curie) });
/** Follow a predicate zero or more times (SPARQL's `p*`). */
export const star = (curie: string): Step => ({ star: iri(curie) });
/** Any of these paths (SPARQL's UNION, or `p|q`). */
export const any = (...paths: Path[]): Step => ({ any: paths });
/** Keep the nodes that have this statement (`?node crm:P2_has_type aat:300054686`). */
export const having = (curie: string, value: string): Step => ({ having: iri(curie), value: iri(value) });

/**
 * One document's graph, indexed by node key (an IRI, or `_:label` for a blank node): forward,
 * and backward on the first step that needs it. `predicates`: the only predicates any path
 * given to `follow` steps along (pathPredicates); the statements of others, which no step can
 * take, are left out of the index.
 */
export class DocumentGraph {
  private readonly forward = new Map<string, Map<string, string[]>>();
  private inverseIndex: Map<string, Map<string, string[]>> | undefined;

  constructor(
    private readonly quads: readonly Quad[],
    private readonly predicates?: ReadonlySet<string>,
  ) {
    for (const q of quads) {
      if (q.object.termType !== 'NamedNode' && q.object.termType !== 'BlankNode') continue;
      if (predicates && !predicates.has(q.predicate.value)) continue;
      add(
        this.forward,
        keyOf(q.subject.termType, q.subject.value),
        q.predicate.value,
        keyOf(q.object.termType, q.object.value),
      );
    }
  }

  private get inverse(): Map<string, Map<string, string[]>> {
    if (this.inverseIndex === undefined) {
      this.inverseIndex = new Map();
      for (const q of this.quads) {
        if (q.object.termType !== 'NamedNode' && q.object.termType !== 'BlankNode') continue;
        if (this.predicates && !this.predicates.has(q.predicate.value)) continue;
        add(
          this.inverseIndex,
          keyOf(q.object.termType, q.object.value),
          q.predicate.value,
          keyOf(q.subject.termType, q.subject.value),
        );
      }
    }
    return this.inverseIndex;
  }

  /** The nodes a path reaches from `start`. */
  follow(start: string, path: Path): Set<string> {
    let nodes = new Set([start]);
    for (const step of path) {
      nodes = this.step(nodes, step);
      // Every step from no node reaches none: most paths end at their first step.
      if (nodes.size === 0) break;
    }
    return nodes;
  }

  private step(nodes: ReadonlySet<string>, step: Step): Set<string> {
    const next = new Set<string>();
    if ('out' in step) for (const n of nodes) for (const o of this.forward.get(n)?.get(step.out) ?? []) next.add(o);
    else if ('back' in step)
      for (const n of nodes) for (const s of this.inverse.get(n)?.get(step.back) ?? []) next.add(s);
    else if ('star' in step) {
      const pending = [...nodes];
      for (const n of pending) next.add(n);
      while (pending.length > 0) {
        for (const o of this.forward.get(pending.pop()!)?.get(step.star) ?? []) {
          if (!next.has(o)) {
            next.add(o);
            pending.push(o);
          }
        }
      }
    } else if ('any' in step) {
      for (const n of nodes) for (const path of step.any) for (const end of this.follow(n, path)) next.add(end);
    } else {
      for (const n of nodes) if (this.forward.get(n)?.get(step.having)?.includes(step.value)) next.add(n);
    }
    return next;
  }
}

/** Every predicate the paths step along (forward, back, starred, or in a filter). */
export function pathPredicates(paths: Iterable<Path>): Set<string> {
  const predicates = new Set<string>();
  const walk = (path: Path): void => {
    for (const step of path) {
      if ('out' in step) predicates.add(step.out);
      else if ('back' in step) predicates.add(step.back);
      else if ('star' in step) predicates.add(step.star);
      else if ('any' in step) step.any.forEach(walk);
      else predicates.add(step.having);
    }
  };
  for (const path of paths) walk(path);
  return predicates;
}

function keyOf(termType: string, value: string): string {
  return termType === 'BlankNode' ? '_:' + value : value;
}

function add(index: Map<string, Map<string, string[]>>, from: string, predicate: string, to: string): void {
  let byPredicate = index.get(from);
  if (!byPredicate) index.set(from, (byPredicate = new Map<string, string[]>()));
  const list = byPredicate.get(predicate);
  if (list) list.push(to);
  else byPredicate.set(predicate, [to]);
}
