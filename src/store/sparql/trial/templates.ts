/**
 * Quad templates made ground (SPARQL 1.1 Update §3.1.3): a triple with an unbound variable, or
 * one RDF does not allow (a literal subject, a graph that is not an IRI), is left out. Blank
 * nodes become new skolem IRIs, as the store keeps blank nodes (storedTerms.ts): fromStored
 * turns them into blank nodes at the end of the trial.
 */
import { randomUUID } from 'node:crypto';
import type sparqljs from 'sparqljs';
import { toPlainTerm, type PlainQuad, type PlainTerm } from '../../../rdf/terms.js';
import { SKOLEM_PREFIX } from '../storedTerms.js';
import type { Solution } from './storeReader.js';

/** Blank node labels → the nodes they stand for in one scope (an INSERT DATA, one solution, one result set). */
export class BlankScope {
  private readonly nodes = new Map<string, PlainTerm>();
  constructor(private readonly fresh: FreshNodes) {}

  node(label: string): PlainTerm {
    let t = this.nodes.get(label);
    if (!t) this.nodes.set(label, (t = this.fresh.next()));
    return t;
  }
}

/** New nodes, never equal to a stored one (their own run id). */
export class FreshNodes {
  private readonly run = `trial-${randomUUID()}`;
  private n = 0;

  next(): PlainTerm {
    return { t: 'N', v: `${SKOLEM_PREFIX}${this.run}-${(this.n++).toString(36)}` };
  }
}

/** The template's quads under one solution; `withGraph`: where triples outside GRAPH go. */
export function groundQuads(
  templates: readonly sparqljs.Quads[],
  solution: Solution,
  withGraph: string | undefined,
  blanks: BlankScope,
): PlainQuad[] {
  const out: PlainQuad[] = [];
  for (const q of templates) {
    const g =
      q.type === 'graph'
        ? ground(q.name, solution, blanks)
        : withGraph === undefined
          ? undefined
          : ({ t: 'N', v: withGraph } as PlainTerm);
    if (g?.t !== 'N' || g.v.startsWith(SKOLEM_PREFIX)) continue;
    for (const triple of q.triples) {
      const s = ground(triple.subject, solution, blanks);
      const p = 'termType' in triple.predicate ? ground(triple.predicate, solution, blanks) : undefined;
      const o = ground(triple.object, solution, blanks);
      // A skolem IRI is a blank node: never a predicate.
      if (s?.t !== 'N' || p?.t !== 'N' || p.v.startsWith(SKOLEM_PREFIX) || o === undefined) continue;
      out.push([s, p, o, g]);
    }
  }
  return out;
}

function ground(term: sparqljs.Term, solution: Solution, blanks: BlankScope): PlainTerm | undefined {
  switch (term.termType) {
    case 'Variable':
      return solution[term.value];
    case 'BlankNode':
      return blanks.node(term.value);
    case 'NamedNode':
    case 'Literal':
      return toPlainTerm(term);
    default:
      return undefined; // quoted triples: not RDF 1.1
  }
}
