/**
 * Where the tests' documents are: copied into test/fixtures (test/fixtures/SOURCES.md says where each
 * comes from and under which licence), so that nothing beside the project is read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const FIXTURES = `${PROJECT_ROOT}test/fixtures/`;
/** The 157 Linked Art examples. */
export const CORPUS_DIR = `${FIXTURES}la-examples/`;
/** The official validator's tests: `valid/`, `invalid/`, `warning/`. */
export const LAV_TESTS_DIR = `${FIXTURES}lav-tests/`;
/** 170 real records, one folder per source. */
export const REAL_WORLD_DIR = `${FIXTURES}real-world/`;
/** The official Linked Art API 1.0 JSON Schemas. */
export const JSON_SCHEMA_DIR = `${FIXTURES}json-schema/`;
/** The Linked Art HAL link definitions. */
export const HAL_LINKS_FILE = `${FIXTURES}hal_links.tsv`;
export const DEMO_DIR = `${PROJECT_ROOT}data/demo/`;

export interface CorpusDocument {
  file: string;
  json: Record<string, unknown>;
}

export function readDocuments(dir: string): CorpusDocument[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort(naturalOrder)
    .map((file) => ({ file, json: JSON.parse(readFileSync(dir + file, 'utf8')) as Record<string, unknown> }));
}

function naturalOrder(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
