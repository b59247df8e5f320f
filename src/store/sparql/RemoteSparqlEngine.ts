/**
 * Curators' SPARQL on a remote store: proxied, with the dataset the embedded store shows
 * (curatorDataset.ts; a sort too large for Virtuoso is sent again as a subquery,
 * sortedSubquery.ts), the same time limit (the store is asked to stop at it; the client stops
 * waiting just after) and the service's skolem IRIs shown as the blank nodes they stand for.
 * Updates are tried without changing the store (remoteTrial.ts) and then go through the same
 * gate and commit as on the embedded store (SparqlService).
 */
import type { QueryResult } from '../QuadStore.js';
import type { Quad } from '../../rdf/terms.js';
import { QueryTimedOut, SparqlRefused } from '../../sparql/errors.js';
import type { QueryDataset, SparqlEngine, SparqlStatus } from '../../sparql/SparqlEngine.js';
import { curatorQuery, type CuratorQuery } from './curatorDataset.js';
import { StoreRequestFailed, StoreUnavailable } from './errors.js';
import { tryUpdateRemotely } from './remoteTrial.js';
import type { SparqlHttp } from './SparqlHttp.js';
import { refusedSortedCut, sortedCutRefusal, sortedInSubquery } from './sortedSubquery.js';
import { STORED_RESULTS, storedSolutions, storedTriples } from './storedResults.js';

export class RemoteSparqlEngine implements SparqlEngine {
  private timeouts = 0;

  constructor(private readonly http: SparqlHttp) {}

  /** The store answers queries itself: nothing to prepare. */
  warmUp(): void {}

  status(): SparqlStatus {
    return { state: 'ready', replicas: [], timeouts: this.timeouts, expectedWaitMs: 0 };
  }

  /** The curator's error for `error`, a timeout counted. */
  private failed(error: unknown, timeoutMs: number): unknown {
    const answer = curatorError(error, timeoutMs);
    if (answer instanceof QueryTimedOut) this.timeouts++;
    return answer;
  }

  async query(sparql: string, dataset: QueryDataset, timeoutMs: number): Promise<QueryResult> {
    const curator = curatorQuery(sparql, dataset);
    const deadline = Date.now() + timeoutMs;
    try {
      return await this.run(curator, curator.text, timeoutMs);
    } catch (error) {
      const sorted = refusedSortedCut(error) ? sortedInSubquery(curator.query) : undefined;
      if (sorted === undefined) throw this.failed(error, timeoutMs);
      try {
        // The refusal came at once (before running), but the second try gets only the time left.
        return await this.run(curator, sorted, Math.max(1, deadline - Date.now()));
      } catch (second) {
        throw this.failed(second, timeoutMs);
      }
    }
  }

  private async run(curator: CuratorQuery, text: string, timeoutMs: number): Promise<QueryResult> {
    const options = { dataset: curator.dataset, timeoutMs };
    if (curator.query.queryType === 'CONSTRUCT' || curator.query.queryType === 'DESCRIBE') {
      return { kind: 'quads', quads: storedTriples(await this.http.query(text, 'application/n-triples', options)) };
    }
    return storedSolutions(await this.http.query(text, STORED_RESULTS, options));
  }

  async tryUpdate(sparql: string, timeoutMs: number): Promise<Map<string, Quad[]>> {
    try {
      return await tryUpdateRemotely(this.http, sparql, timeoutMs);
    } catch (error) {
      throw this.failed(error, timeoutMs);
    }
  }

  async close(): Promise<void> {
    // Nothing held open: every request is its own.
  }
}

/**
 * A timeout as the curator's QueryTimedOut (503); the store refusing the text (400), or a sort
 * too large for it, as SparqlRefused (400), with its reason. Anything else is the store's failure (503).
 */
function curatorError(error: unknown, timeoutMs: number): unknown {
  if (error instanceof StoreUnavailable && error.timedOut) return new QueryTimedOut(timeoutMs);
  if (refusedSortedCut(error)) return sortedCutRefusal(error);
  if (error instanceof StoreRequestFailed && error.storeStatus === 400) {
    return new SparqlRefused(
      `The SPARQL store could not run this: ${error.body.split('\nSPARQL query:')[0].replace(/\s+/g, ' ').trim().slice(0, 400)}`,
    );
  }
  return error;
}
