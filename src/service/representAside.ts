/**
 * represent, in a document worker for a large document (LARGE_RENDER_QUADS): its render held
 * the request thread for seconds. The bytes are the same either way.
 */
import type { Format } from '../render/formats.js';
import type { StoredDocument } from './storedDocument.js';
import { hintGraphOf } from '../hints/Skeleton.js';
import { documentWorkers, LARGE_RENDER_QUADS, wireInSlices } from './offThread/DocumentWorkers.js';
import { represent, type HalInput, type PageInput, type Representation } from './represent.js';
import type { RepresentAnswer } from './offThread/documentJobs.js';

export async function representAside(
  stored: StoredDocument,
  format: Format,
  hal?: HalInput,
  page?: PageInput,
): Promise<Representation> {
  if (stored.quads.length < LARGE_RENDER_QUADS) return represent(stored, format, hal, page);
  const graphs = await wireInSlices([
    [stored.id, stored.quads],
    [hintGraphOf(stored.id), stored.hints],
  ]);
  const answer = await documentWorkers().represent({
    kind: 'represent',
    id: stored.id,
    graphs,
    lastModified: stored.lastModified?.getTime(),
    format,
    hal,
    page,
  });
  return representationOf(format, answer);
}

/** A representation a document worker made. */
export function representationOf(format: Format, answer: RepresentAnswer): Representation {
  return {
    format,
    body: Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.length),
    etag: answer.etag,
    lastModified: answer.lastModified,
    warnings: answer.warnings,
    version: answer.version,
    violations: answer.violations,
  };
}
