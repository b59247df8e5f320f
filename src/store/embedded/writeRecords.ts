/**
 * The log record of one write, built and checked against the store's ceiling (storeCeiling.ts)
 * before anything of the write is applied: StoreWorker.applyAndLog applies it only if both hold.
 */
import { wasmMemoryBytes } from './wasmMemory.js';
import type { Engine, Overwritten } from './engine.js';
import { checkRoom, linesIn, type StoreCeiling } from './storeCeiling.js';
import { encodeRecord, recordBody } from './logRecord.js';
import { wireToCheckedNQuads } from './wire.js';
import { appendCopies } from './graphCopies.js';
import type { WireGraphs } from '../../rdf/wireGraphs.js';

/** A batch's graphs as N-Quads, one text a graph, and whether its terms are all plain (wire.ts). */
export interface WrittenTexts {
  texts: string[];
  plain: boolean;
}

/** A replacement's record, its body (what Oxigraph loads), what it overwrites and its N-Quads texts. */
export interface ReplaceRecord {
  record: Buffer;
  body: Buffer;
  before: Overwritten;
  texts: string[];
  plain: boolean;
}

/**
 * A replacement of whole graphs. Marked `new` when none of its graphs was ever written and no
 * snapshot is being written (replay must drop graphs a snapshot taken meanwhile may hold: StoreWorker).
 */
export function replaceRecord(
  engine: Engine,
  ceiling: StoreCeiling,
  seq: number,
  graphs: WireGraphs,
  snapshotting: boolean,
  /** The graphs' texts written already (replaceInPieces.ts's textsInSteps). */
  written?: WrittenTexts,
  /** Graph written → graph whose quads before the write it also gets (graphCopies.ts). */
  copies: ReadonlyArray<readonly [string, string]> = [],
): ReplaceRecord {
  const names = graphs.names;
  const checked = written ?? wireToCheckedNQuads(graphs); // validates names and terms
  const before = engine.overwritten(names);
  // A copy of written texts, not them: a write refused for room is built again from them.
  const texts = copies.length > 0 ? [...checked.texts] : checked.texts;
  const copied = appendCopies(names, texts, copies, before, (name) => engine.graphTexts([name])[0]);
  const { plain } = checked;
  const fresh = before.graphs.length === 0 && !snapshotting;
  const record = encodeRecord(
    { seq, op: 'replace', graphs: names, dead: before.chars, ...(fresh ? { new: true } : {}) },
    texts,
  );
  const body = recordBody(record);
  checkRoom(ceiling, wasmMemoryBytes(), () => engine.size(), {
    recordBytes: body.length,
    // One line per quad (wire.ts escapes every line break inside a term): counted, not searched for.
    quads: graphs.counts.reduce((n, count) => n + count, copied),
    replacedQuads: before.graphs.reduce((n, [, nt]) => n + linesIn(nt), 0),
  });
  return { record, body, before, texts, plain };
}

/** A SPARQL update: what it does is not known before it runs, so it counts as growing the store. */
export function updateRecord(engine: Engine, ceiling: StoreCeiling, seq: number, sparql: string): Buffer {
  const record = encodeRecord({ seq, op: 'update' }, sparql);
  checkRoom(ceiling, wasmMemoryBytes(), () => engine.size(), {
    recordBytes: record.length,
    quads: 1,
    replacedQuads: 0,
  });
  return record;
}
