/**
 * Curators' SPARQL, the same for the HTTP endpoint and the CLI: queries checked (size, syntax,
 * SERVICE refused, at most maxRows rows) and run by the SparqlEngine off the thread that
 * answers dereferences, their doubles written as the documents write them (canonicalDoubles.ts); updates tried first, every document they touch checked by the same
 * gate as every other write (rendered, ingested, SHACL), then committed in one atomic write,
 * or refused whole with the problems found.
 */
import type { Actor } from '../linkedart/Actor.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import type { Problem } from '../linkedart/Problem.js';
import { admit } from './gate/admit.js';
import { DEFAULT_DOCUMENT_LIMITS, limitProblem, type DocumentLimits } from '../ingest/documentLimits.js';
import { graphLimitsExceeded } from '../ingest/graphLimits.js';
import type { DocumentService } from './DocumentService.js';
import type { CommitOutcome } from './documentWrites.js';
import type { QueryResult } from '../sparql/QueryResult.js';
import { QueryTimedOut, UpdateRefused, TooManyRows } from '../sparql/errors.js';
import { withCanonicalDoubles } from '../sparql/results/canonicalDoubles.js';
import {
  parseQuery,
  parseUpdate,
  type ParsedQuery,
  type QueryForm,
  type UpdateDataset,
} from '../sparql/parseSparql.js';
import type { QueryDataset, SparqlEngine } from '../sparql/SparqlEngine.js';
import type { ConformancePolicy } from '../validate/conformance.js';
import { capabilitiesOf } from '../store/capabilities.js';
import { versionsTried } from './triedVersions.js';

export interface SparqlLimits {
  readonly timeoutMs: number;
  readonly maxRows: number;
  readonly maxQueryBytes: number;
  /** The limits on one document, held against each document an update leaves (default DEFAULT_DOCUMENT_LIMITS). */
  readonly documentLimits?: DocumentLimits;
  /** The server's conformance policy (--conformance), for the documents an update leaves (default strict). */
  readonly conformance?: ConformancePolicy;
}

export interface QueryAnswer {
  readonly form: QueryForm;
  readonly result: QueryResult;
}

/** What an update changed: documents created, replaced, deleted, and touched but left the same. */
export type UpdateOutcome = CommitOutcome;

export class SparqlService {
  /** Queries and updates stopped at the time limit since start (/metrics). */
  timeouts = 0;

  constructor(
    readonly engine: SparqlEngine,
    private readonly documents: DocumentService,
    readonly limits: SparqlLimits,
  ) {}

  /** Counts a timeout, and throws the error on. */
  private counted(error: unknown): never {
    if (error instanceof QueryTimedOut) this.timeouts++;
    throw error;
  }

  /** The query checked (size, syntax, SERVICE, row bound): its form, and the text query() runs. Throws as parseQuery does. */
  prepare(text: string): ParsedQuery {
    return parseQuery(text, this.limits);
  }

  /** Runs a query, given as text or as prepare() answered it. */
  async query(query: string | ParsedQuery, dataset: QueryDataset = {}): Promise<QueryAnswer> {
    const parsed = typeof query === 'string' ? this.prepare(query) : query;
    const result = await this.engine
      .query(parsed.text, dataset, this.limits.timeoutMs)
      .catch((error: unknown) => this.counted(error));
    const rows = result.kind === 'bindings' ? result.rows.length : result.kind === 'quads' ? result.quads.length : 0;
    if (rows > this.limits.maxRows)
      throw new TooManyRows(this.limits.maxRows, result.kind === 'quads' ? 'triples' : 'solutions');
    return { form: parsed.form, result: withCanonicalDoubles(result) };
  }

  /**
   * Runs a SPARQL Update: nothing is stored unless every document it leaves behind passes the
   * write gate. A document the update empties is deleted (as DELETE would). `dataset`: the
   * protocol's using-graph-uri / using-named-graph-uri, for the WHERE clauses. `actor`: who runs it (the feed's `actor`).
   */
  update(text: string, dataset: UpdateDataset = {}, actor?: Actor): Promise<UpdateOutcome> {
    const parsed = parseUpdate(text, this.limits, dataset);
    const shared = capabilitiesOf(this.documents.store).sharedWriters;
    return this.documents.serialized(async () => {
      // Other processes may write while the trial reads: its versions are checked against the feed (triedVersions.ts).
      const feedBefore = shared ? await this.documents.feed.length() : undefined;
      const touched = await this.engine
        .tryUpdate(parsed.text, this.limits.timeoutMs)
        .catch((error: unknown) => this.counted(error));
      const admitted: IngestedDocument[] = [];
      const removals: string[] = [];
      const problems: Problem[] = [];
      let n = 0;
      for (const [id, quads] of touched) {
        n++;
        const stored = await this.documents.read(id);
        if (quads.length === 0) {
          if (stored) removals.push(id);
          continue;
        }
        // Before the render: it recurses into each node, and a chain of blank nodes thousands deep would overflow it.
        const exceeded = graphLimitsExceeded(id, quads, this.limits.documentLimits ?? DEFAULT_DOCUMENT_LIMITS);
        if (exceeded) {
          problems.push(limitProblem(exceeded, id));
          continue;
        }
        const admission = admit(
          { kind: 'graph', location: `graph ${n} of ${touched.size}`, id, quads, hints: stored?.hints ?? [] },
          'SPARQL Update',
          { repair: 'none', conformance: this.limits.conformance },
        );
        if (admission.kind === 'admitted') admitted.push(admission.document);
        else if (admission.kind === 'rejected')
          problems.push(
            ...admission.problems
              .filter((p) => p.severity === 'Violation')
              .map((p) => ({ ...p, document: p.document ?? id })),
          );
      }
      if (problems.length > 0) {
        const ids = [...new Set(problems.map((p) => p.document))];
        throw new UpdateRefused(
          `The update would leave ${ids.length} document${ids.length === 1 ? '' : 's'} breaking the rules ` +
            `(${ids.join(', ')}); nothing was changed.`,
          problems,
        );
      }
      const tried =
        feedBefore === undefined ? undefined : await versionsTried(this.documents, [...touched.keys()], feedBefore);
      return this.documents.commit(admitted, removals, tried, undefined, actor);
    });
  }
}
