/**
 * The log record of one write, built and checked against the store's ceiling (storeCeiling.ts)
 * before anything of the write is applied: StoreWorker.applyAndLog applies it only if both hold.
 */
import { wasmMemoryBytes } from './wasmMemory.js';
import type { Engine, Overwritten } from './engine.js';
import { checkRoom, linesIn, type StoreCeiling } from './storeCeiling.js';
import { encodeRecord, recordBody } from './logRecord.js';
import { wireToCheckedNQuads } from './wire.js';
import { appendCopies, copiedGraphs, type CopiedGraph } from './graphCopies.js';
import { isInternalGraph } from '../internalGraphs.js';
import type { WireGraphs } from '../../rdf/wireGraphs.js';

/** A batch's graphs as N-Quads, one text a graph, and whether its terms are all plain (wire.ts). */
export interface WrittenTexts {
  texts: string[];
  plain: boolean;
}

/**
 * A replacement's record, its body (what Oxigraph loads), what it overwrites and its N-Quads texts;
 * `copied`: the copies its record names rather than holds, loaded after the body ('' when none).
 */
export interface ReplaceRecord {
  record: Buffer;
  body: Buffer;
  before: Overwritten;
  texts: string[];
  plain: boolean;
  copied: string;
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
  /** The size in bytes beyond which a write is applied in pieces (replaceInPieces.PIECE_BYTES): its record holds its copies. */
  pieceBytes = 0,
): ReplaceRecord {
  const names = graphs.names;
  const checked = written ?? wireToCheckedNQuads(graphs); // validates names and terms
  const before = engine.overwritten(names);
  const copiedOnes = copiedGraphs(names, copies, before, (name) => engine.graphTexts([name])[0]);
  const copiedQuads = copiedOnes.reduce((n, c) => n + c.quads, 0);
  const named = namedCopies(copies, copiedOnes, checked.texts, snapshotting, pieceBytes);
  // A copy of written texts, not them: a write refused for room is built again from them.
  const texts = named || copiedOnes.length === 0 ? checked.texts : [...checked.texts];
  if (!named) appendCopies(texts, copiedOnes);
  const { plain } = checked;
  const fresh = before.graphs.length === 0 && !snapshotting;
  const record = encodeRecord(
    {
      seq,
      op: 'replace',
      graphs: names,
      dead: before.chars,
      ...(fresh ? { new: true } : {}),
      ...(named ? { copies: copies.map(([to, from]) => [to, from] as [string, string]) } : {}),
    },
    texts,
  );
  const body = recordBody(record);
  checkRoom(ceiling, wasmMemoryBytes(), () => engine.size(), {
    recordBytes: body.length,
    // One line per quad (wire.ts escapes every line break inside a term): counted, not searched for.
    quads: graphs.counts.reduce((n, count) => n + count, copiedQuads),
    replacedQuads: before.graphs.reduce((n, [, nt]) => n + linesIn(nt), 0),
  });
  const copied = named ? copiedOnes.map((c) => c.text).join('') : '';
  return { record, body, before, texts, plain, copied };
}

/**
 * Whether the record names its copies (header `copies`, made again by replay from the graphs
 * copied: graphCopies.replayedCopies) rather than holding them: the copy then costs the log, and
 * the compactions its growth brings, nothing (a PUT with versions kept wrote its document twice).
 * Only where replay finds the graphs as they were: not while a snapshot is written (it may hold a
 * graph as a later write left it: workerCompaction.ts), and only into internal graphs (a replica
 * seeded from the files reads the entity graphs' quads from the records: seedFromFiles.ts). Only a
 * write applied at once (replaceInPieces.ts cuts a larger one's texts, copies included).
 */
function namedCopies(
  copies: ReadonlyArray<readonly [string, string]>,
  copied: readonly CopiedGraph[],
  texts: readonly string[],
  snapshotting: boolean,
  pieceBytes: number,
): boolean {
  if (copies.length === 0 || snapshotting || !copies.every(([to]) => isInternalGraph(to))) return false;
  // In bytes, as documentPieces weighs a body: a write it would cut holds its copies.
  let size = 0;
  for (const text of texts) size += Buffer.byteLength(text);
  for (const c of copied) size += Buffer.byteLength(c.text);
  return size <= pieceBytes;
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
