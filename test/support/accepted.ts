/** The corpus documents (or those of `dirs`) a check accepts (ingest alone, or the whole write gate), the refused ones left out. */
import type { IngestedDocument } from '../../src/ingest/ingestDocument.js';
import { DocumentRejected } from '../../src/linkedart/Problem.js';
import { CORPUS_DIR, readDocuments } from './corpus.js';

export function acceptedCorpus(
  check: (json: unknown, file: string) => IngestedDocument,
  dirs: readonly string[] = [CORPUS_DIR],
): IngestedDocument[] {
  const accepted: IngestedDocument[] = [];
  for (const dir of dirs) {
    for (const { file, json } of readDocuments(dir)) {
      try {
        accepted.push(check(json, file));
      } catch (e) {
        if (!(e instanceof DocumentRejected)) throw e;
      }
    }
  }
  return accepted;
}
