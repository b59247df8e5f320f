/** The shared corpus and context, read from ../shared (beside the project, as in CI). */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SHARED = `${PROJECT_ROOT}../shared/`;
export const CORPUS_DIR = `${SHARED}corpus/la-examples/`;
export const DEMO_DIR = `${PROJECT_ROOT}data/demo/`;

export interface CorpusDocument { file: string; json: Record<string, unknown> }

export function readDocuments(dir: string): CorpusDocument[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort(naturalOrder)
    .map((file) => ({ file, json: JSON.parse(readFileSync(dir + file, 'utf8')) as Record<string, unknown> }));
}

function naturalOrder(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
