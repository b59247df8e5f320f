/**
 * What keeping the start-up indexes adds to a load's checking (src/keptIndexes/keptBatch.ts): the
 * same batches of generated documents checked as a load's check worker does (checkBatch, interned
 * for the store), without and with the kept lines made, alternating in one process (A B B A), CPU
 * time by process.cpuUsage. Prints a table: µs a document each way, the ratio, and the lines' extra
 * CPU as a share of a whole load's CPU when `--load-cpu-s <s per 20,000 documents>` is given.
 *
 *   node dist/test/bench/scale/keptLinesCost.js [documents=2000] [rounds=4] [--load-cpu-s 26]
 */
import { checkBatch } from '../../../src/load/gate/checkBatch.js';
import { KeptBatchLines } from '../../../src/keptIndexes/keptBatch.js';
import { WireEncoder } from '../../../src/rdf/wireGraphs.js';
import type { Quad } from '../../../src/rdf/terms.js';
import { richCollection } from './richCollection.js';

const args = process.argv.slice(2);
const flag = args.indexOf('--load-cpu-s');
const loadCpuS = flag >= 0 ? Number(args[flag + 1]) : undefined;
const plain = args.filter((_, i) => flag < 0 || (i !== flag && i !== flag + 1));
const documents = Number(plain[0] ?? 2000);
const rounds = Number(plain[1] ?? 4);
const BATCH = 500;

const rich = richCollection(documents);
const jsons = Array.from({ length: documents }, (_, i) => JSON.parse(rich.documentAt(i)) as unknown);

/** CPU µs of checking every document once, as a check worker does, keeping the lines or not. */
function pass(keeping: boolean): number {
  const start = process.cpuUsage();
  for (let at = 0; at < documents; at += BATCH) {
    const items = jsons
      .slice(at, at + BATCH)
      .map((json, i) => ({ record: { kind: 'json' as const, location: `${at + i}`, json }, source: `${at + i}` }));
    const encoder = new WireEncoder();
    const kept = keeping ? new KeptBatchLines() : undefined;
    checkBatch(items, new Date(0), (g: string, quads: Quad[]) => {
      encoder.add(g, quads);
      kept?.add(g, quads);
    });
    encoder.finish();
    kept?.finish();
  }
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

pass(false); // warm-up: the context, the shapes, the JIT
pass(true);
const without: number[] = [];
const withLines: number[] = [];
for (let r = 0; r < rounds; r++) {
  // A B B A: a drift in the machine's speed falls on both sides.
  if (r % 2 === 0) {
    without.push(pass(false));
    withLines.push(pass(true));
  } else {
    withLines.push(pass(true));
    without.push(pass(false));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const perDoc = (us: number) => (us / documents).toFixed(1);
const a = median(without);
const b = median(withLines);
console.log(`| ${documents} documents, ${rounds} rounds each (A B B A) | µs CPU a document (median) |`);
console.log('|---|---|');
console.log(`| checked, as a load's check worker (reference) | ${perDoc(a)} |`);
console.log(`| checked, and the kept lines made | ${perDoc(b)} |`);
console.log(`| ratio | ${(b / a).toFixed(3)} |`);
console.log(`| the lines alone, µs a document | ${perDoc(b - a)} |`);
if (loadCpuS !== undefined)
  console.log(
    `| the lines' share of a load's CPU (${loadCpuS} s per 20,000) | ${(((((b - a) / documents) * 20000) / 1e6 / loadCpuS) * 100).toFixed(2)}% |`,
  );
