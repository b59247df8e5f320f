/**
 * The QuadStore on a separately run SPARQL 1.1 store (Virtuoso 7 is the one tested): the same
 * graphs as the embedded store, written with SPARQL Update and read with SPARQL Query over
 * HTTP, so that many stateless service processes can share one store.
 *
 * Durability and atomicity are the store's: each update request is one transaction there (a
 * Virtuoso killed mid-request comes back with none of it), and a replaceGraphs is one request
 * unless it is larger than `maxTriplesPerRequest` or `maxGraphsPerRequest`, when it is cut
 * between documents: each document is then still wholly old or wholly new.
 * Blank nodes are kept as skolem IRIs (storedTerms.ts); the default graph of curators'
 * queries is a union graph kept here (graphWrites.ts). Every update request also replaces the
 * store's write generation (writeGeneration.ts), which other service processes read to know
 * whether their render caches may still be current.
 */
import type { GraphsRead, QuadStore, QueryResult } from '../QuadStore.js';
import { toPlainQuad, type PlainQuad, type Quad } from '../../rdf/terms.js';
import type { SolutionsResult } from '../../sparql/results/readJson.js';
import { fromSparqlXml } from '../../sparql/results/readXml.js';
import { GRAPH_FORM, STORED_RESULTS, storedSolutions, storedTriples } from './storedResults.js';
import type { SparqlEngine } from '../../sparql/SparqlEngine.js';
import { planRuns, REGISTERED_CLASS, REGISTRY_GRAPH, UNION_GRAPH, type Run } from './graphWrites.js';
import { RemoteSparqlEngine } from './RemoteSparqlEngine.js';
import { SparqlHttp, type SparqlEndpoints } from './SparqlHttp.js';
import { deadlockPause, DEADLOCK_RETRIES, isDeadlock, StoreRequestFailed } from './errors.js';
import { StoreWriteTooLarge } from '../StoreWriteTooLarge.js';
import { iriText } from './sparqlTerms.js';
import { graphsQuery } from './graphsQuery.js';
import { quadRowsAsSet } from './quadRows.js';
import { iri, literal } from '../../rdf/sparqlTerm.js';
import { INTERNAL_GRAPH_PREFIX, isInternalGraph } from '../internalGraphs.js';
import { readInParts } from '../graphParts.js';
import { NQUADS_FIELD, NQUADS_INSERT } from './nquadsInserts.js';
import { halves, writeRequests, type GuardOf, type WriteStep } from './writeRequests.js';
import { ClaimLost, guardedText, guardOf, isClaimLost, TAKE_TURN, type ExpectedVersions } from './writeTurn.js';
import { storedPlaces, type AnsweredGuard } from './placedAnswer.js';
import { WriteConflict } from '../WriteConflict.js';
import { Skolemizer } from './storedTerms.js';
import { byGraph, fromStoredQuad, StoredRead } from './storedRead.js';
import { GENERATION_QUERY, generationOf, newToken, withNewGeneration } from './writeGeneration.js';
import type { StoreCapabilities } from '../StoreCapabilities.js';

export interface SparqlStoreOptions extends SparqlEndpoints {
  /** A replaceGraphs larger than this many triples is sent in several requests, cut between documents. Default 40,000. */
  readonly maxTriplesPerRequest?: number;
  /** Nor more graphs than this in one request (a document is two: its graph and its hints). Default 200. */
  readonly maxGraphsPerRequest?: number;
  /** Nor more bytes of N-Quads, when inserts go so (writeRequests.ts). Default 8,000,000. */
  readonly maxNQuadsBytes?: number;
  /** No request longer than this many bytes is sent: cut between documents, or one document refused (413). Default 10,000,000. */
  readonly maxRequestBytes?: number;
}

/** Graphs in one part of listGraphs, about (fewer where the store answers fewer rows: below Virtuoso's 1M as test/virtuoso/start.sh sets it). */
const LIST_PART = 800_000;
/** What Virtuoso says of a request too large to compile. */
const TOO_LARGE = /generated SQL text has exceeded|query too large/i;
/** Virtuoso's refusal of a request longer than it reads into one string (10 MB). */
const STRING_LIMIT = /string session is longer than/i;
/** That string's size (Virtuoso: 10 MB, taken as 10,000,000 bytes): a longer request is not sent (send). */
const STORE_STRING_BYTES = 10_000_000;
/** How many times larger a request may be when its inserts go as N-Quads (nquadsInserts.ts). */
const NQUADS_SCALE = 5;
/** ?g: a graph this service wrote (the registry's entries). */
const REGISTERED = `GRAPH ${iri(REGISTRY_GRAPH)} { ?g a ${iri(REGISTERED_CLASS)} }`;

export class SparqlStore implements QuadStore {
  /** Other service processes may write to it (writeGeneration); it lists documents' graphs as it reads. */
  readonly capabilities: StoreCapabilities = { sharedWriters: true, wireGraphs: false, documentGraphList: true };
  readonly http: SparqlHttp;
  private engine: RemoteSparqlEngine | undefined;
  /** Whether inserts go as N-Quads (insertsAsNQuads), once asked. */
  private nquads: Promise<boolean> | undefined;

  constructor(private readonly options: SparqlStoreOptions) {
    this.http = new SparqlHttp(options);
  }

  /** Connects and checks the store answers queries; rejects with StoreUnavailable otherwise. */
  static async open(options: SparqlStoreOptions): Promise<SparqlStore> {
    const store = new SparqlStore(options);
    await store.select('ASK {}');
    return store;
  }

  /**
   * Each request takes the store's write turn, and one that records a change applies only if its
   * first activity number is free and its documents are the versions `expected` names (or, for
   * those it does not name, the versions read here before the request): writeTurn.ts. When
   * not, WriteConflict, naming the documents earlier requests of this write stored.
   */
  replaceGraphs(
    graphs: ReadonlyMap<string, readonly Quad[]>,
    absent?: ReadonlySet<string>,
    expected?: ExpectedVersions,
    read?: GraphsRead,
  ): Promise<void> {
    return this.write(graphs, absent, expected, undefined, read);
  }

  /**
   * replaceGraphs, where the change feed's new activities (in `absent`, numbered on from the feed's
   * end as this process knew it) take the first free numbers in the store, in the same requests
   * (placedActivities.ts): writers of different documents no longer lose their place to each
   * other. Resolves with each activity's number as given → as stored.
   */
  async replaceGraphsPlacing(
    graphs: ReadonlyMap<string, readonly Quad[]>,
    absent?: ReadonlySet<string>,
    expected?: ExpectedVersions,
    read?: GraphsRead,
  ): Promise<Map<number, number>> {
    const guards: AnsweredGuard[] = [];
    await this.write(graphs, absent, expected, guards, read);
    return storedPlaces(guards, (query) => this.select(query));
  }

  /**
   * replaceGraphs; `placed`: its activities placed by the store, and the guards of its requests
   * collected there; `read`: graphs readForWrite read in this turn, as stored (not read again).
   */
  private async write(
    graphs: ReadonlyMap<string, readonly Quad[]>,
    absent: ReadonlySet<string> | undefined,
    expected: ExpectedVersions | undefined,
    placed?: AnsweredGuard[],
    read?: GraphsRead,
  ): Promise<void> {
    const known = read instanceof StoredRead ? read : undefined;
    const plain = new Map<string, PlainQuad[]>();
    for (const [name, quads] of graphs) plain.set(name, quads.map(toPlainQuad));
    const skolem = new Skolemizer();
    const nquads = await this.insertsAsNQuads();
    // N-Quads are not compiled: a request may carry more (its deletions are still SPARQL text, cut as before).
    const scale = nquads ? NQUADS_SCALE : 1;
    const runs = planRuns(plain, {
      maxTriples: (this.options.maxTriplesPerRequest ?? 40_000) * scale,
      maxGraphs: (this.options.maxGraphsPerRequest ?? 200) * scale,
    });
    // Each request is made while the one before is in the store (they are still sent one after another, in order).
    let sending: Promise<void> = Promise.resolve();
    const written: string[] = [];
    try {
      for (const run of runs) {
        // What the store holds now, as it holds it (skolem IRIs, its spellings): only the difference is written.
        // Graphs known to hold nothing are not asked for (a run of new documents: no read at all). A run's
        // graphs are none of an earlier run's: reading them while that one is being written is reading them as they are.
        // Graphs read for this write already (readForWrite) are taken as read then: a document changed since
        // fails the request's version check (writeTurn.ts), as one changed after this read would.
        const unread = run.map(([g]) => g).filter((g) => !absent?.has(g) && !known?.names.has(g));
        const current = byGraph(await this.readStored(unread));
        for (const [g] of run) if (!absent?.has(g) && known?.stored.has(g)) current.set(g, [...known.stored.get(g)!]);
        const guard = (part: Run) => guardOf(part, current, absent, expected, placed !== undefined);
        for (const step of writeRequests(run, current, skolem, nquads, this.options.maxNQuadsBytes, guard)) {
          await sending;
          sending = this.sendGuarded(step, current, skolem, nquads, guard, written, placed);
          // Awaited at the next request or in `finally`; until then a failure must not count as unhandled.
          sending.catch(() => undefined);
        }
      }
    } finally {
      // A request that failed is the error, once (a later request is never sent after it).
      await sending;
    }
  }

  /**
   * send; a request whose claim did not hold (another process wrote first) stored nothing after
   * it: a WriteConflict naming the documents of the requests before it. `written` gets the
   * documents of each request stored; `placed`, the guards of those requests.
   */
  private async sendGuarded(
    step: WriteStep,
    current: ReadonlyMap<string, readonly PlainQuad[]>,
    skolem: Skolemizer,
    nquads: boolean,
    guardOf: GuardOf,
    written: string[],
    placed: AnsweredGuard[] | undefined,
  ): Promise<void> {
    try {
      const guards = await this.send(step, current, skolem, nquads, guardOf);
      placed?.push(...guards);
    } catch (error) {
      if (error instanceof ClaimLost) throw new WriteConflict(error.message, [...written]);
      throw error;
    }
    for (const [graph] of step.run) if (!isInternalGraph(graph)) written.push(graph);
  }

  /**
   * One request; one the store refuses as too large to compile (Virtuoso, now and then, on a
   * request of a size it took many times) is sent again as its run's halves. Nothing of a request
   * refused so was applied (it is compiled whole before it runs), and the halves write it all again.
   * A request longer than the store reads into one string is not sent at all: Virtuoso answers it
   * before it has read it and closes the connection, so the client sees a broken pipe (EPIPE) as
   * often as the store's message, and a document's size would be a 503 by chance.
   */
  private async send(
    step: WriteStep,
    current: ReadonlyMap<string, readonly PlainQuad[]>,
    skolem: Skolemizer,
    nquads: boolean,
    guardOf: GuardOf,
  ): Promise<AnsweredGuard[]> {
    const bytes =
      Buffer.byteLength(step.request.update) +
      Object.values(step.request.fields).reduce((n, f) => n + Buffer.byteLength(f), 0);
    let refused: { stringLimit: boolean; error?: unknown } | undefined =
      bytes > (this.options.maxRequestBytes ?? STORE_STRING_BYTES) ? { stringLimit: true } : undefined;
    if (!refused) {
      try {
        const answer = await this.updateRetrying(
          guardedText(step.guard, step.request.update),
          step.request.fields,
          TAKE_TURN,
        );
        return step.guard ? [{ ...step.guard, answer }] : [];
      } catch (error) {
        if (step.guard && error instanceof StoreRequestFailed && isClaimLost(error.body))
          throw new ClaimLost(step.guard);
        const stringLimit = error instanceof StoreRequestFailed && STRING_LIMIT.test(error.body);
        if (!stringLimit && !(error instanceof StoreRequestFailed && TOO_LARGE.test(error.body))) throw error;
        refused = { stringLimit, error };
      }
    }
    const parts = halves(step.run);
    if (parts.length < 2) {
      // One document the store cannot take whole: its size is refused (413), not the store failed.
      if (refused.stringLimit) {
        const documents = step.run.map(([graph]) => graph).filter((graph) => !isInternalGraph(graph));
        throw new StoreWriteTooLarge(documents, bytes, 'Virtuoso: 10 MB');
      }
      throw refused.error;
    }
    const guards: AnsweredGuard[] = [];
    for (const part of parts) {
      for (const smaller of writeRequests(part, current, skolem, nquads, this.options.maxNQuadsBytes, guardOf))
        guards.push(...(await this.send(smaller, current, skolem, nquads, guardOf)));
    }
    return guards;
  }

  async readGraphs(names: readonly string[]): Promise<Quad[]> {
    return (await this.readStored(names)).map(fromStoredQuad);
  }

  /** readGraphs, the quads also kept as stored (skolem IRIs, the store's spellings), for the write that follows. */
  async readForWrite(names: readonly string[]): Promise<GraphsRead> {
    return new StoredRead(new Set(names), byGraph(await this.readStored(names)));
  }

  /** The quads of these graphs as the store holds them (skolem IRIs, its spellings). */
  private async readStored(names: readonly string[]): Promise<PlainQuad[]> {
    if (names.length === 0) return [];
    const result = await this.select(graphsQuery(names));
    return result.kind === 'bindings' ? quadRowsAsSet(result.rows) : [];
  }

  async hasGraph(name: string): Promise<boolean> {
    const result = await this.select(`ASK { GRAPH ${iriText(name)} { ?s ?p ?o } }`);
    return result.kind === 'boolean' && result.value;
  }

  /**
   * The graphs this service wrote (the registry), never the store's own, read in parts the store
   * answers whole (graphParts.ts).
   */
  listGraphs(): Promise<string[]> {
    return this.registered('');
  }

  listDocumentGraphs(): Promise<string[]> {
    return this.registered(`FILTER (!STRSTARTS(STR(?g), ${literal(INTERNAL_GRAPH_PREFIX)}))`);
  }

  /** The registered graphs `only` (a FILTER on ?g) keeps, read in parts. */
  private async registered(only: string): Promise<string[]> {
    const counted = await this.select(`SELECT (COUNT(*) AS ?n) WHERE { ${REGISTERED} ${only} }`);
    const total = counted.kind === 'bindings' ? Number(counted.rows[0]?.n?.v ?? 0) : 0;
    const out: string[] = [];
    await readInParts(total, LIST_PART, async (filter) => {
      const result = await this.select(`SELECT ?g WHERE { ${REGISTERED} ${only} ${filter} }`);
      if (result.kind === 'bindings') for (const row of result.rows) if (row.g) out.push(row.g.v);
    });
    return out;
  }

  async query(sparql: string): Promise<QueryResult> {
    if (GRAPH_FORM.test(sparql))
      return { kind: 'quads', quads: storedTriples(await this.http.query(sparql, 'application/n-triples')) };
    return storedSolutions(await this.http.query(sparql, STORED_RESULTS));
  }

  async update(sparql: string): Promise<void> {
    await this.updateRetrying(sparql);
  }

  /** Changes with every update request committed to the store, by any process (writeGeneration.ts). */
  async writeGeneration(): Promise<string> {
    return generationOf(await this.select(GENERATION_QUERY));
  }

  sparqlEngine(): SparqlEngine {
    this.engine ??= new RemoteSparqlEngine(this.http);
    return this.engine;
  }

  /** Quads in the graphs this service wrote (the union graph, a copy, not counted). */
  async size(): Promise<number> {
    const result = await this.select(`SELECT (COUNT(*) AS ?n) WHERE { ${REGISTERED} GRAPH ?g { ?s ?p ?o } }`);
    const n = result.kind === 'bindings' ? result.rows[0]?.n?.v : undefined;
    return n === undefined ? 0 : Number(n);
  }

  async close(): Promise<void> {
    await this.engine?.close();
  }

  /**
   * Removes every graph this service wrote, the union and the registry's entries (tests,
   * `--reset`). The registry keeps the write generation: an emptied store must read as a
   * new generation, never as one read before anything was written.
   */
  async clear(): Promise<void> {
    const graphs = await this.listGraphs();
    for (let i = 0; i < graphs.length; i += 200) {
      await this.updateRetrying(
        graphs
          .slice(i, i + 200)
          .map((g) => `DROP SILENT GRAPH ${iriText(g)}`)
          .join(' ;\n'),
      );
    }
    await this.updateRetrying(
      `DROP SILENT GRAPH ${iri(UNION_GRAPH)} ;\nDELETE { ${REGISTERED} } WHERE { ${REGISTERED} }`,
    );
  }

  private async select(sparql: string): Promise<SolutionsResult> {
    return fromSparqlXml(await this.http.query(sparql, STORED_RESULTS));
  }

  /**
   * Whether the store parses inserts sent as N-Quads (nquadsInserts.ts): asked once, with an
   * empty field, on the first write. A refusal means INSERT DATA; a store not reached is asked again.
   */
  insertsAsNQuads(): Promise<boolean> {
    this.nquads ??= this.http.update(NQUADS_INSERT, undefined, { [NQUADS_FIELD]: '' }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof StoreRequestFailed) return false;
        this.nquads = undefined;
        throw error;
      },
    );
    return this.nquads;
  }

  /**
   * Every write goes through here: each request also replaces the write generation, with a token
   * of its own. Resolves with the store's answer. `first`: operations before that (the write turn, writeTurn.ts: taken before
   * anything else is locked, so that waiting for it cannot deadlock).
   */
  private async updateRetrying(
    sparql: string,
    fields?: Readonly<Record<string, string>>,
    first?: string,
  ): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        const update = withNewGeneration(sparql, newToken());
        return await this.http.update(first === undefined ? update : `${first} ;\n${update}`, undefined, fields);
      } catch (error) {
        if (!(error instanceof StoreRequestFailed)) throw error;
        // Named by the caller's text, not by the generation's replacement that precedes it.
        if (!isDeadlock(error) || attempt >= DEADLOCK_RETRIES)
          throw new StoreRequestFailed(error.url, error.storeStatus, error.body, sparql);
        await deadlockPause(attempt);
      }
    }
  }
}
