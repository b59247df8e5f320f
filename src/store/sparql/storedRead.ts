/**
 * Graphs read in a write's turn before the write (SparqlStore.readForWrite), kept as the store
 * holds them (skolem IRIs, its spellings: the write sends only the difference from these) and
 * given to the caller as quads. A PUT reads its document's graphs once: its digest, the version
 * its history copies out and the write's difference come from the same read.
 */
import { fromPlainQuad, type PlainQuad, type Quad } from '../../rdf/terms.js';
import type { GraphsRead } from '../QuadStore.js';
import { fromStored } from './storedTerms.js';

/** A quad as the store answered it, its skolem IRIs blank nodes again. */
export function fromStoredQuad([s, p, o, g]: PlainQuad): Quad {
  return fromPlainQuad([fromStored(s), p, fromStored(o), g]);
}

/** Stored quads by their graph. */
export function byGraph(quads: readonly PlainQuad[]): Map<string, PlainQuad[]> {
  const graphs = new Map<string, PlainQuad[]>();
  for (const q of quads) {
    let list = graphs.get(q[3].v);
    if (!list) graphs.set(q[3].v, (list = []));
    list.push(q);
  }
  return graphs;
}

export class StoredRead implements GraphsRead {
  private converted: Quad[] | undefined;

  constructor(
    readonly names: ReadonlySet<string>,
    /** The quads of each graph read that holds any, as stored. */
    readonly stored: ReadonlyMap<string, readonly PlainQuad[]>,
  ) {}

  get quads(): readonly Quad[] {
    this.converted ??= [...this.stored.values()].flat().map(fromStoredQuad);
    return this.converted;
  }
}
