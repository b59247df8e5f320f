/**
 * What a remote update trial reads from the store: graphs' triples, the registered graphs and
 * the solutions of a WHERE clause, each request given only the time left before the trial's
 * deadline. Skolem IRIs stay IRIs here (the trial works on stored terms); literals Virtuoso
 * answers in forms RDF does not allow (booleans as "1"/"0", short BCE years) are repaired
 * at once, so that they meet the update's own terms.
 */
import sparqljs from 'sparqljs';
import type { PlainQuad, PlainTerm } from '../../../rdf/terms.js';
import { fromSparqlXml } from '../../../sparql/results/readXml.js';
import { STORED_RESULTS } from '../storedResults.js';
import { isInternalGraph } from '../../internalGraphs.js';
import { restrictGraphs } from '../curatorDataset.js';
import { SparqlRefused } from '../../../sparql/errors.js';
import { StoreRequestFailed, StoreUnavailable } from '../errors.js';
import { REGISTERED_CLASS, REGISTRY_GRAPH } from '../graphWrites.js';
import type { SparqlHttp } from '../SparqlHttp.js';
import { iriText } from '../sparqlTerms.js';
import { quadRowsAsSet } from '../quadRows.js';
import { fromStored } from '../storedTerms.js';
import { storePatterns } from './storePatterns.js';

export type Solution = Record<string, PlainTerm>;

/** The dataset a WHERE clause is matched on; `restrict`: GRAPH ?g limited to the registered documents' graphs. */
export interface WhereDataset {
  readonly default: readonly string[];
  readonly named: readonly string[];
  readonly restrict: boolean;
}

/** Graphs read per request (VALUES of graph IRIs). */
const GRAPHS_PER_READ = 100;
const iri = (v: string): sparqljs.IriTerm => ({ termType: 'NamedNode', value: v }) as sparqljs.IriTerm;

export class StoreReader {
  constructor(
    private readonly http: SparqlHttp,
    private readonly deadline: number,
  ) {}

  /** Each graph's triples (graph term = its IRI); a graph with none is absent. */
  async graphs(names: readonly string[]): Promise<Map<string, PlainQuad[]>> {
    const out = new Map<string, PlainQuad[]>();
    for (let i = 0; i < names.length; i += GRAPHS_PER_READ) {
      const values = names
        .slice(i, i + GRAPHS_PER_READ)
        .map(iriText)
        .join(' ');
      for (const [s, p, o, { v: g }] of quadRowsAsSet(
        await this.select(`SELECT ?g ?s ?p ?o WHERE { VALUES ?g { ${values} } GRAPH ?g { ?s ?p ?o } }`),
      )) {
        let quads = out.get(g);
        if (!quads) out.set(g, (quads = []));
        quads.push([s, p, o, { t: 'N', v: g }]);
      }
    }
    return out;
  }

  /** The documents' graphs the service registered (NAMED), internal graphs left out. */
  async registeredGraphs(): Promise<string[]> {
    const rows = await this.select(
      `SELECT ?g WHERE { GRAPH ${iriText(REGISTRY_GRAPH)} { ?g a ${iriText(REGISTERED_CLASS)} } }`,
    );
    return rows
      .map((row) => row.g)
      .filter((g): g is PlainTerm => g?.t === 'N' && !isInternalGraph(g.v))
      .map((g) => g.v);
  }

  /** Every solution of the WHERE clause (a bag: `SELECT *`, not DISTINCT, so blank nodes in INSERT are fresh per solution as the spec says). */
  async solutions(where: sparqljs.Pattern[], dataset: WhereDataset): Promise<Solution[]> {
    const query: sparqljs.SelectQuery = {
      type: 'query',
      queryType: 'SELECT',
      prefixes: {},
      variables: [new sparqljs.Wildcard()],
      where: storePatterns(restrictGraphs(where, dataset.restrict ? undefined : dataset.named)),
      from: { default: dataset.default.map(iri), named: dataset.named.map(iri) },
    };
    try {
      return await this.select(new sparqljs.Generator().stringify(query));
    } catch (error) {
      // The curator's pattern, not the store, is at fault (Virtuoso lacks BNODE(), for one): a 400, as on the embedded store.
      if (!(error instanceof StoreRequestFailed) || error.storeStatus !== 400) throw error;
      throw new SparqlRefused(
        `The store could not run this: ${error.body.split('\nSPARQL query:')[0].replace(/\s+/g, ' ').trim().slice(0, 500)}`,
      );
    }
  }

  private async select(text: string): Promise<Solution[]> {
    const left = this.deadline - Date.now();
    // timedOut: RemoteSparqlEngine answers it as QueryTimedOut, as for a query.
    if (left <= 0)
      throw new StoreUnavailable(
        `SPARQL store at ${this.http.endpoints.queryUrl}: the update's trial ran out of time`,
        true,
      );
    const result = fromSparqlXml(await this.http.query(text, STORED_RESULTS, { timeoutMs: left }));
    if (result.kind !== 'bindings') return [];
    for (const row of result.rows) for (const [k, v] of Object.entries(row)) if (v.t === 'L') row[k] = fromStored(v);
    return result.rows;
  }
}
