/**
 * Where each node and each value of a document stood, for the problems that name a JSON path:
 * kept by ingest as it makes the quads, cheaply (five array entries a value), and keyed only
 * when a problem is reported.
 */
import type { ActiveContext } from '../context/ActiveContext.js';
import type { Term } from '../rdf/terms.js';

/**
 * Where each node and each value stood in the document: the JSON path of a node (its first
 * occurrence) with the context in force there, and the JSON path of each statement's value.
 */
export interface DocumentLocations {
  readonly nodes: ReadonlyMap<string, { path: string; ctx: ActiveContext }>;
  /** Key: subject key, predicate IRI and object key, joined by NUL. */
  readonly values: ReadonlyMap<string, string>;
}

/** The key of a term in DocumentLocations: IRIs as they are, blank nodes as `_:label`, literals quoted. */
export function locationKey(term: Term): string {
  return term.termType === 'BlankNode'
    ? '_:' + term.value
    : term.termType === 'Literal'
      ? '"' + term.value
      : term.value;
}

/**
 * Where each statement's value stood: noted cheaply as the statements are made, and keyed as
 * DocumentLocations.values says only when asked, which is when a problem is reported.
 */
export class ValueLocations {
  /** Five entries per value: subject key, predicate, object, key path, index in the array (-1: none). */
  private readonly noted: Array<string | Term | number> = [];
  private map: Map<string, string> | undefined;

  add(subjectKey: string, predicate: string, object: Term, keyPath: string, index: number): void {
    this.noted.push(subjectKey, predicate, object, keyPath, index);
  }

  get values(): ReadonlyMap<string, string> {
    if (!this.map) {
      this.map = new Map();
      const n = this.noted;
      for (let i = 0; i < n.length; i += 5) {
        const keyPath = n[i + 3] as string;
        const index = n[i + 4] as number;
        this.map.set(
          `${n[i] as string}\u0000${n[i + 1] as string}\u0000${locationKey(n[i + 2] as Term)}`,
          index < 0 ? keyPath : `${keyPath}[${index}]`,
        );
      }
    }
    return this.map;
  }
}
