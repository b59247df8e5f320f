/**
 * When one id stands for nodes of different kinds, the shapes of each kind judge the merged node
 * ("A Visual Work must not have representation" on a HumanMadeObject whose id a VisualItem also
 * has). Which shape problems come from the merge alone is found by parting the nodes: the document
 * is ingested again with a fresh id at every place of the other kinds and validated; a problem
 * that is gone there is a consequence of the shared id. It is kept (nothing is dropped), as a
 * Warning that says so, and the shared id is named as the cause, first.
 */
import { ingestReadable, type IngestedDocument } from '../../ingest/ingestDocument.js';
import { DocumentRejected, type Problem } from '../../linkedart/Problem.js';
import { valueAt } from '../../linkedart/problemValue.js';
import { sharedIdProblem } from './losslessProblems.js';
import type { SharedId } from './sharedIds.js';

export interface SharedIdOutcome {
  /** A Violation per shared id that some shape problem stems from. */
  readonly causes: ReadonlyMap<SharedId, Problem>;
  /** The shape problems, those that stem from a shared id as Warnings marked as its consequence. */
  readonly shapes: Problem[];
}

/** `shapesOf` validates a document (the gate's shapes), so this room need not import the gate. */
export function sharedIdConsequences(
  doc: IngestedDocument,
  shared: readonly SharedId[],
  shapes: Problem[],
  shapesOf: (doc: IngestedDocument) => Problem[],
): SharedIdOutcome {
  if (shared.length === 0 || !shapes.some((p) => p.severity === 'Violation')) return { causes: new Map(), shapes };
  const parted = partedProblems(doc, shared, shapesOf);
  if (parted === undefined) return { causes: new Map(), shapes };
  const stays = new Set(parted.map(problemKey));
  const causes = new Map<SharedId, Problem>();
  const marked = shapes.map((p) => {
    if (p.severity !== 'Violation' || stays.has(problemKey(p))) return p;
    const cause =
      shared.find((s) =>
        s.uses.some((u) => p.path === u.path || p.path.startsWith(`${u.path}.`) || p.path.startsWith(`${u.path}[`)),
      ) ?? shared[0];
    if (!causes.has(cause)) causes.set(cause, sharedIdProblem(doc.id, cause));
    return { ...p, severity: 'Warning' as const, message: `(a consequence of the shared id ${cause.id}) ${p.message}` };
  });
  return { causes, shapes: marked };
}

const problemKey = (p: Problem) => `${p.rule}\u0000${p.path}`;

/** The shape problems of the document with each shared id parted (undefined if it no longer reads). */
function partedProblems(
  doc: IngestedDocument,
  shared: readonly SharedId[],
  shapesOf: (doc: IngestedDocument) => Problem[],
): Problem[] | undefined {
  const copy = structuredClone(doc.given);
  let n = 0;
  for (const s of shared) {
    for (const path of s.others) {
      const node = valueAt(copy, path);
      if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
        const object = node as Record<string, unknown>;
        object['id' in object ? 'id' : '@id'] = `${s.id}${s.id.includes('#') ? '-' : '#'}parted-${n++}`;
      }
    }
  }
  try {
    return shapesOf(ingestReadable(copy));
  } catch (error) {
    if (error instanceof DocumentRejected) return undefined;
    throw error;
  }
}
