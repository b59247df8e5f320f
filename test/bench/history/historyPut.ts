/** The document the history benches replace, and its PUT: shared by history-bench.ts and putAgainst.ts. */
import type { TestApp } from '../../integration/support/testApp.js';

export const TOKEN = 'history-bench-token-0123456789';
export const BASE = 'http://localhost:8080/bench/';
export const ID = `${BASE}object/1`;
const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' };

/** The bench's own document of three quads, labelled `label`. */
export const smallDocument = (label: string): string =>
  JSON.stringify({
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: ID,
    type: 'HumanMadeObject',
    _label: label,
  });

/** PUT `body` as ID into `app`; throws with the answer on anything but success. */
export async function putDocument(app: TestApp, body: string): Promise<void> {
  const response = await fetch(app.origin + new URL(ID).pathname, { method: 'PUT', headers, body });
  if (response.status >= 300) throw new Error(`PUT: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}
