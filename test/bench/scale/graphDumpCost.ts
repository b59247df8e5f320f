/**
 * What a cold GET's read costs the store worker by the length of a graph's literals (issue 35):
 * Oxigraph's N-Triples dump of one graph (how the worker reads a document's graphs, engine.ts
 * graphTexts), for a graph of one literal of each length. The dump's time grows with the
 * literal's characters (some 0.1 µs each on the 2-core machine): a hint graph's skeleton
 * (a JSON literal of 1–2.5 KB) costs its dump as much as the entity graph's 59 quads, and a
 * rendered document kept as a literal in the store would cost as much to read out as the render
 * it saves. Prints µs a graph, median of five rounds.
 *   node dist/test/bench/scale/graphDumpCost.js [GRAPHS]
 */
import { Store, namedNode } from 'oxigraph';

const GRAPHS = Number(process.argv[2] ?? 2000);
const LENGTHS = [100, 1000, 2500, 4000];
const store = new Store();
let nquads = '';
for (const length of LENGTHS)
  for (let i = 0; i < GRAPHS; i++)
    nquads += `<urn:s:${i}> <urn:p> "${'x'.repeat(length)}${i}" <urn:g:${length}:${i}> .\n`;
store.load(nquads, { format: 'application/n-quads' });

function microsEach(read: (graph: string) => unknown, length: number): number {
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let i = 0; i < GRAPHS; i++) read(`urn:g:${length}:${i}`);
    rounds.push(((performance.now() - started) * 1000) / GRAPHS);
  }
  return rounds.sort((a, b) => a - b)[2];
}

const dump = (graph: string) => store.dump({ format: 'application/n-triples', from_graph_name: namedNode(graph) });
console.log('literal chars | dump µs');
for (const length of LENGTHS) console.log(`${length} | ${microsEach(dump, length).toFixed(0)}`);
