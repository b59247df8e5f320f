/**
 * The bundled demo collection (data/demo/), with its ids moved under the configured base
 * URL so that every id a newcomer sees can be dereferenced on their own server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { admitJson } from './gate/admit.js';

export const DEMO_BASE_URL = 'http://localhost:8080/';
export const DEMO_DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../data/demo/' : '../../data/demo/', import.meta.url),
);

export function demoDocuments(baseUrl: string): IngestedDocument[] {
  return readdirSync(DEMO_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(DEMO_DIR + file, 'utf8');
      const moved =
        baseUrl === DEMO_BASE_URL ? text : text.split(JSON.stringify(DEMO_BASE_URL).slice(1, -1)).join(baseUrl);
      return admitJson(JSON.parse(moved), `data/demo/${file}`);
    });
}
