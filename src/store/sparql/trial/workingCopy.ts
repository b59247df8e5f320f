/**
 * The graphs an update trial works on: each read once from the store, then changed here only.
 * Triples are keyed by RDF term equality (language tags compared case-insensitively: Virtuoso
 * stores them lower-cased). Which graphs "exist" is tracked as Oxigraph does on the embedded
 * store, so that DROP / CLEAR / MOVE / CREATE without SILENT fail where they fail there.
 */
import type { PlainQuad, PlainTerm } from '../../../rdf/terms.js';
import type { StoreReader } from './storeReader.js';

type Triples = Map<string, PlainQuad>;

function termKey(t: PlainTerm): string {
  if (t.t !== 'L') return `${t.t} ${t.v}`;
  return t.l !== undefined ? `L@${t.l.toLowerCase()} ${t.v}` : `L^${t.d ?? ''} ${t.v}`;
}

function tripleKey(q: PlainQuad): string {
  return termKey(q[0]) + '\u0000' + termKey(q[1]) + '\u0000' + termKey(q[2]);
}

export class WorkingCopy {
  private readonly graphs = new Map<string, Triples>();
  /** Each graph's triples as read, to tell whether the trial changed anything yet. */
  private readonly original = new Map<string, ReadonlySet<string>>();
  private readonly existing = new Set<string>();

  constructor(private readonly reader: StoreReader) {}

  /** Reads from the store the graphs not read yet. */
  async load(names: Iterable<string>): Promise<void> {
    const missing = [...new Set(names)].filter((g) => !this.graphs.has(g));
    if (missing.length === 0) return;
    const read = await this.reader.graphs(missing);
    for (const g of missing) {
      const triples: Triples = new Map((read.get(g) ?? []).map((q) => [tripleKey(q), q]));
      this.graphs.set(g, triples);
      this.original.set(g, new Set(triples.keys()));
      if (triples.size > 0) this.existing.add(g);
    }
  }

  exists(g: string): boolean {
    return this.existing.has(g);
  }

  /** The graphs that hold triples now (those read or written by the trial). */
  nonEmpty(): string[] {
    return [...this.graphs].filter(([, t]) => t.size > 0).map(([g]) => g);
  }

  quads(g: string): PlainQuad[] {
    return [...this.triples(g).values()];
  }

  /** Quads go to the graph their fourth term names (loaded first). */
  insert(quads: readonly PlainQuad[]): void {
    for (const q of quads) {
      this.triples(q[3].v).set(tripleKey(q), q);
      this.existing.add(q[3].v);
    }
  }

  delete(quads: readonly PlainQuad[]): void {
    for (const q of quads) this.triples(q[3].v).delete(tripleKey(q));
  }

  clear(g: string): void {
    this.triples(g).clear();
  }

  drop(g: string): void {
    this.triples(g).clear();
    this.existing.delete(g);
  }

  create(g: string): void {
    this.triples(g);
    this.existing.add(g);
  }

  /** Whether any graph differs from the store's: after that, the store cannot answer a WHERE for this update. */
  changed(): boolean {
    for (const [g, triples] of this.graphs) {
      const before = this.original.get(g)!;
      if (triples.size !== before.size) return true;
      for (const k of triples.keys()) if (!before.has(k)) return true;
    }
    return false;
  }

  private triples(g: string): Triples {
    const triples = this.graphs.get(g);
    if (!triples) throw new Error(`graph <${g}> was not read before the trial changed it`);
    return triples;
  }
}
