/**
 * The RDF environment rdf-validate-shacl builds its validation reports with: its own default,
 * except for `dataset()`. Every result is a small graph of its own, copied into the report;
 * the default dataset indexes every quad three ways on insert, which cost a quarter of a
 * validation. Reports are small and read once, so a plain list (with a key set for the set
 * semantics a dataset has) does.
 */
import type { DatasetCore, Quad, Term } from '@rdfjs/types';
import defaultEnvironment from 'rdf-validate-shacl/src/defaultEnv.js';
import { termKey } from '../rdf/terms.js';
import { QuadList, matches } from './QuadIndex.js';

class ReportDataset implements DatasetCore {
  private readonly quads: Quad[] = [];
  private readonly keys = new Set<string>();

  constructor(quads?: Iterable<Quad>) {
    if (quads) for (const q of quads) this.add(q);
  }

  get size(): number {
    return this.quads.length;
  }

  [Symbol.iterator](): Iterator<Quad> {
    return this.quads[Symbol.iterator]();
  }

  add(quad: Quad): this {
    const key = quadKey(quad);
    if (!this.keys.has(key)) {
      this.keys.add(key);
      this.quads.push(quad);
    }
    return this;
  }

  delete(quad: Quad): this {
    const key = quadKey(quad);
    if (this.keys.delete(key))
      this.quads.splice(
        this.quads.findIndex((q) => quadKey(q) === key),
        1,
      );
    return this;
  }

  has(quad: Quad): boolean {
    return this.keys.has(quadKey(quad));
  }

  match(s?: Term | null, p?: Term | null, o?: Term | null, g?: Term | null): DatasetCore {
    return new QuadList(this.quads.filter((q) => matches(q, s, p, o, g)));
  }
}

function quadKey(q: Quad): string {
  return `${termKey(q.subject)}\u0000${termKey(q.predicate)}\u0000${termKey(q.object)}\u0000${termKey(q.graph)}`;
}

/** The default environment with list-backed datasets (methods are looked up through the prototype, so `this.dataset()` is ours). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- rdf-validate-shacl's environment type does not resolve (its .d.ts imports @rdfjs/environment, which has no types; skipLibCheck hides it)
export const reportEnvironment: typeof defaultEnvironment = Object.create(defaultEnvironment, {
  dataset: { value: (quads?: Iterable<Quad>): DatasetCore => new ReportDataset(quads) },
}) as typeof defaultEnvironment;
