/**
 * A QuadStore in a Map, for unit tests of what sits above the store: it counts reads, can
 * hold a read until the test lets it go (to stage a read racing a write), or fail reads.
 */
import * as oxigraph from 'oxigraph';
import { df, type Quad, type Term } from '../../src/rdf/terms.js';
import { jsonTermToPlain } from '../../src/sparql/results/readJson.js';
import type { QueryResult, QuadStore } from '../../src/store/QuadStore.js';

type JsonTerm = { type: string; value: string; datatype?: string; 'xml:lang'?: string };

export class MemoryStore implements QuadStore {
  readonly graphs = new Map<string, Quad[]>();
  reads = 0;
  /** When set, readGraphs waits for this promise before answering (with the graphs as they are then read). */
  holdReads: Promise<void> | undefined;
  /** When set, readGraphs fails with this error. */
  failReads: Error | undefined;

  /** Curators' SPARQL is tested on the real stores (EmbeddedStore), not on this double. */
  sparqlEngine(): never {
    throw new Error("MemoryStore has no SPARQL engine: test curators' SPARQL with EmbeddedStore");
  }

  /** `absent` is a hint for stores that read before they write: this one does not. */
  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async QuadStore: callers await it, a throw must reject
  async replaceGraphs(graphs: ReadonlyMap<string, readonly Quad[]>, _absent?: ReadonlySet<string>): Promise<void> {
    for (const [name, quads] of graphs) {
      if (quads.length === 0) this.graphs.delete(name);
      else
        this.graphs.set(
          name,
          quads.map((q) => df.quad(q.subject, q.predicate, q.object, df.namedNode(name))),
        );
    }
  }

  async readGraphs(names: readonly string[]): Promise<Quad[]> {
    this.reads++;
    if (this.failReads) throw this.failReads;
    const snapshot = names.flatMap((n) => this.graphs.get(n) ?? []);
    if (this.holdReads) await this.holdReads;
    return snapshot;
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async QuadStore: callers await it, a throw must reject
  async hasGraph(name: string): Promise<boolean> {
    return this.graphs.has(name);
  }
  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async QuadStore: callers await it, a throw must reject
  async listGraphs(): Promise<string[]> {
    return [...this.graphs.keys()];
  }
  /** SELECT and ASK, by Oxigraph over a copy of the graphs (enough for what services ask of a store). */
  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async QuadStore: callers await it, a throw must reject
  async query(sparql: string): Promise<QueryResult> {
    const copy = new oxigraph.Store();
    for (const quads of this.graphs.values())
      for (const q of quads)
        copy.add(
          oxigraph.quad(
            ox(q.subject) as oxigraph.NamedNode,
            ox(q.predicate) as oxigraph.NamedNode,
            ox(q.object) as oxigraph.NamedNode,
            ox(q.graph) as oxigraph.NamedNode,
          ),
        );
    // A CONSTRUCT (the reverse-link index read at start) answers its triples.
    if (/^\s*CONSTRUCT\b/i.test(sparql)) {
      const triples = copy.query(sparql) as oxigraph.Quad[];
      return {
        kind: 'quads',
        quads: triples.map((q) =>
          df.quad(
            fromOx(q.subject) as Quad['subject'],
            fromOx(q.predicate) as Quad['predicate'],
            fromOx(q.object) as Quad['object'],
            df.defaultGraph(),
          ),
        ),
      };
    }
    const json = JSON.parse(copy.query(sparql, { results_format: 'application/sparql-results+json' }) as string) as {
      boolean?: boolean;
      head: { vars?: string[] };
      results?: { bindings: Array<Record<string, JsonTerm>> };
    };
    if (json.boolean !== undefined) return { kind: 'boolean', value: json.boolean };
    return {
      kind: 'bindings',
      variables: json.head.vars ?? [],
      rows: json.results!.bindings.map((b) =>
        Object.fromEntries(Object.entries(b).map(([k, v]) => [k, jsonTermToPlain(v)])),
      ),
    };
  }
  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async QuadStore: callers await it, a throw must reject
  async update(): Promise<void> {
    throw new Error('MemoryStore does not run SPARQL');
  }
  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async QuadStore: callers await it, a throw must reject
  async size(): Promise<number> {
    return [...this.graphs.values()].reduce((n, g) => n + g.length, 0);
  }
  async close(): Promise<void> {
    /* nothing to release */
  }
}

function ox(t: Term): oxigraph.NamedNode | oxigraph.BlankNode | oxigraph.Literal | oxigraph.DefaultGraph {
  switch (t.termType) {
    case 'NamedNode':
      return oxigraph.namedNode(t.value);
    case 'BlankNode':
      return oxigraph.blankNode(t.value);
    case 'Literal':
      return oxigraph.literal(t.value, t.language || oxigraph.namedNode(t.datatype.value));
    default:
      return oxigraph.defaultGraph();
  }
}

/** An Oxigraph term as one of ours (a CONSTRUCT's answer). */
function fromOx(t: oxigraph.Term): Term {
  switch (t.termType) {
    case 'NamedNode':
      return df.namedNode(t.value);
    case 'BlankNode':
      return df.blankNode(t.value);
    case 'Literal':
      return df.literal(t.value, t.language || df.namedNode(t.datatype.value));
    default:
      return df.defaultGraph();
  }
}
