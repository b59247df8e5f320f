/**
 * A store holding a history fixture made by an earlier build (test/fixtures/makeHistoryStore.mjs):
 * its data directory copied (embedded), or its graphs written from its `store.nq` (remote).
 */
import { cpSync, readFileSync } from 'node:fs';
import { readOneQuad } from '../../src/rdf/syntax/oneQuad.js';
import type { Quad } from '../../src/rdf/terms.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import type { QuadStore } from '../../src/store/QuadStore.js';
import { openTestStore, REMOTE_STORE_URL } from './testStore.js';

/** `fixture`: the fixture's folder, with a trailing slash. */
export async function historyFixtureStore(fixture: string, dataDir: string): Promise<QuadStore> {
  if (!REMOTE_STORE_URL) {
    cpSync(`${fixture}store`, dataDir, { recursive: true });
    return EmbeddedStore.open({ dataDir });
  }
  const store = await openTestStore(dataDir);
  const graphs = new Map<string, Quad[]>();
  for (const line of readFileSync(`${fixture}store.nq`, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const quad = readOneQuad(line, 0);
    if (!quad) throw new Error(`not a quad in the fixture: ${line}`);
    let list = graphs.get(quad.graph.value);
    if (!list) graphs.set(quad.graph.value, (list = []));
    list.push(quad);
  }
  await store.replaceGraphs(graphs);
  return store;
}
