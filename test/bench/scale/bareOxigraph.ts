/**
 * The embedded store's reference for `npm run bench:scale`: bare Oxigraph in a process of its own,
 * `new Store()` and `store.load` of the same N-Quads (4 MiB chunks, no transaction: the fastest
 * Oxigraph loads), then the bench's small query, timed; prints one JSON line:
 * { loadMs, quads, queryMs, rows, peakRss }.
 *   node bareOxigraph.js DUMP.nq 'SPARQL'
 */
import { readFileSync } from 'node:fs';
import { chunksOf } from '../load/fileChunks.js';
import { Store } from 'oxigraph';

function peakRss(): number | undefined {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const [path, query] = process.argv.slice(2);
if (!path || !query) throw new Error('usage: bareOxigraph.js DUMP.nq SPARQL');
const store = new Store();
let started = performance.now();
store.load(chunksOf(path), { format: 'application/n-quads', no_transaction: true });
const loadMs = performance.now() - started;
started = performance.now();
// The union of the named graphs as the default graph, as the service's curators see it.
const result = store.query(query, { use_default_graph_as_union: true }) as unknown[];
const queryMs = performance.now() - started;
console.log(JSON.stringify({ loadMs, quads: store.size, queryMs, rows: result.length, peakRss: peakRss() }));
