/**
 * What the limits on one document cost each write: the check (size, depth, items; a loop over
 * the parsed document, src/ingest/documentLimits.ts) against the gate's JSON side (ingest) for
 * the same documents, on the real-world records and the corpus. `node dist/test/bench/limits-bench.js`
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DOCUMENT_LIMITS, documentLimitsExceeded } from '../../src/ingest/documentLimits.js';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { repairDocument } from '../../src/ingest/repairs/repairDocument.js';
import { graphLimitsExceeded } from '../../src/ingest/graphLimits.js';
import { CORPUS_DIR, REAL_WORLD_DIR } from '../support/corpus.js';
import { printTable, summarize, timeEach } from './stats.js';

const CORPORA = [REAL_WORLD_DIR, CORPUS_DIR].map((c) => c.replace(/\/$/, ''));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.json') ? [p] : [];
  });
}

const texts = CORPORA.flatMap(files).map((f) => readFileSync(f, 'utf8'));
const parsed = texts.map((t) => ({ json: JSON.parse(t) as unknown, bytes: Buffer.byteLength(t) }));
const ingested = parsed.flatMap(({ json }) => {
  try {
    return [ingestDocument(repairDocument(json).document)];
  } catch {
    return [];
  }
});
const fmt = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const row = (name: string, samples: number[]) => {
  const t = summarize(samples);
  return [name, fmt(t.median), fmt(t.p95), Math.round(t.perSecond).toLocaleString('en')];
};
const rows = [
  row(
    'limits, JSON (documentLimitsExceeded)',
    await timeEach(parsed, ({ json, bytes }) => documentLimitsExceeded(json, bytes, DEFAULT_DOCUMENT_LIMITS), 3),
  ),
  row(
    'limits, graph (graphLimitsExceeded)',
    await timeEach(ingested, (d) => graphLimitsExceeded(d.id, d.quads, DEFAULT_DOCUMENT_LIMITS), 3),
  ),
  row(
    "ingest (the gate's JSON side)",
    await timeEach(
      parsed,
      ({ json }) => {
        try {
          ingestDocument(json);
        } catch {
          /* refused: timed all the same */
        }
      },
      1,
    ),
  ),
];
printTable(
  `${parsed.length} documents (${ingested.length} ingested for the graph check)`,
  ['step', 'median', 'p95', 'documents/s'],
  rows,
);
