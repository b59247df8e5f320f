/**
 * The validation graphs rebuilt from the quads, the truth (`linkedart reindex`): each stored
 * document rendered, read again as ingest reads a write, and checked by the shapes of this build;
 * where the violations found are not the ones stored beside it (in its hint graph,
 * violationsGraph.ts), they are written again, batch by batch, each batch one
 * atomic write. So a store written around the service, or checked under other shapes, says again
 * what its documents break. A document conforming now loses its report.
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { ingestDocument } from '../ingest/ingestDocument.js';
import { DocumentRejected } from '../linkedart/Problem.js';
import type { Quad } from '../rdf/terms.js';
import { renderDocument } from '../render/renderDocument.js';
import type { QuadStore } from '../store/QuadStore.js';
import { documentGraphs } from '../store/documentGraphs.js';
import { shapeProblems } from '../validate/admitDocument.js';
import { isValidationQuad, validationQuads, violationsFrom } from '../validate/violationsGraph.js';

const BATCH = 200;

export interface RevalidateOutcome {
  readonly documents: number;
  /** Documents that break a shape now. */
  readonly withViolations: number;
  /** Documents whose stored report was written again (it said otherwise). */
  readonly rewritten: number;
  /** Documents that could not be read back as a document (each with why): their reports are left as they were. */
  readonly unreadable: ReadonlyArray<{ readonly id: string; readonly message: string }>;
}

export async function revalidate(
  store: QuadStore,
  progress?: (done: number, total: number) => void,
): Promise<RevalidateOutcome> {
  const ids = (await documentGraphs(store)).sort();
  let withViolations = 0;
  let rewritten = 0;
  const unreadable: Array<{ id: string; message: string }> = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const graphs = new Map<string, Quad[]>();
    for (const id of batch) for (const name of [id, hintGraphOf(id)]) graphs.set(name, []);
    for (const q of await store.readGraphs([...graphs.keys()])) graphs.get(q.graph.value)?.push(q);
    const writes = new Map<string, Quad[]>();
    for (const id of batch) {
      const hints = graphs.get(hintGraphOf(id))!;
      let found;
      try {
        const rendered = renderDocument(id, [...graphs.get(id)!, ...hints]);
        if (!rendered) continue;
        found = shapeProblems(ingestDocument(rendered.document)).filter((p) => p.severity === 'Violation');
      } catch (error) {
        if (!(error instanceof DocumentRejected)) throw error;
        unreadable.push({ id, message: error.message });
        continue;
      }
      if (found.length > 0) withViolations++;
      const stored = violationsFrom(id, hints);
      if (
        sameViolations(
          stored.map((p) => JSON.stringify(p)),
          found.map((p) => JSON.stringify(p)),
        )
      )
        continue;
      rewritten++;
      writes.set(hintGraphOf(id), [...hints.filter((q) => !isValidationQuad(q)), ...validationQuads(id, found)]);
    }
    if (writes.size > 0) await store.replaceGraphs(writes);
    progress?.(Math.min(i + BATCH, ids.length), ids.length);
  }
  return { documents: ids.length, withViolations, rewritten, unreadable };
}

function sameViolations(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const left = new Set(a);
  return b.every((x) => left.has(x));
}
