/**
 * Curators' SPARQL on a remote store: proxied, with the dataset the embedded store shows
 * (curatorDataset.ts), the same time limit (the store is asked to stop at it; the client stops
 * waiting just after) and the service's skolem IRIs shown as the blank nodes they stand for.
 * Updates are tried without changing the store (remoteTrial.ts) and then go through the same
 * gate and commit as on the embedded store (SparqlService).
 */
import type { QueryResult } from '../QuadStore.js';
import type { Quad } from '../../rdf/terms.js';
import { QueryTimedOut, SparqlRefused } from '../../sparql/errors.js';
import type { QueryDataset, SparqlEngine } from '../../sparql/SparqlEngine.js';
import { curatorQueryText } from './curatorDataset.js';
import { StoreRequestFailed, StoreUnavailable } from './errors.js';
import { tryUpdateRemotely } from './remoteTrial.js';
import type { SparqlHttp } from './SparqlHttp.js';
import { GRAPH_FORM, storedSolutions, storedTriples } from './storedResults.js';

export class RemoteSparqlEngine implements SparqlEngine {
  constructor(private readonly http: SparqlHttp) {}

  async query(sparql: string, dataset: QueryDataset, timeoutMs: number): Promise<QueryResult> {
    const text = curatorQueryText(sparql, dataset);
    const protocolDataset = { defaultGraphs: dataset.defaultGraphs, namedGraphs: dataset.namedGraphs };
    try {
      if (GRAPH_FORM.test(text)) {
        return { kind: 'quads', quads: storedTriples(await this.http.query(text, 'application/n-triples', { dataset: protocolDataset, timeoutMs })) };
      }
      return storedSolutions(await this.http.query(text, 'application/sparql-results+json', { dataset: protocolDataset, timeoutMs }));
    } catch (error) {
      throw timedOut(error, timeoutMs);
    }
  }

  async tryUpdate(sparql: string, timeoutMs: number): Promise<Map<string, Quad[]>> {
    try {
      return await tryUpdateRemotely(this.http, sparql, timeoutMs);
    } catch (error) {
      throw timedOut(error, timeoutMs);
    }
  }

  async close(): Promise<void> {
    // Nothing held open: every request is its own.
  }
}

/** A timeout as the curator's QueryTimedOut (503); the store refusing the text (400) as SparqlRefused (400), with its reason. */
function timedOut(error: unknown, timeoutMs: number): unknown {
  if (error instanceof StoreUnavailable && error.timedOut) return new QueryTimedOut(timeoutMs);
  if (error instanceof StoreRequestFailed && error.storeStatus === 400) {
    return new SparqlRefused(`The SPARQL store could not run this: ${error.body.split('\nSPARQL query:')[0]!.replace(/\s+/g, ' ').trim().slice(0, 400)}`);
  }
  return error;
}
