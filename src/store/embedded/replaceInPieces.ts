/**
 * A large replacement applied a few whole documents at a time, so that a read waiting for the
 * store worker is answered between two pieces rather than after the whole batch (issue 35: a
 * GET's read waited behind a 500-document /_bulk batch, 0.1–2 s of Oxigraph's load on a busy
 * machine). Only for the service (WorkerInit.readersWaiting), and the turn is given up only
 * while a read is waiting: `linkedart load` and a service nobody reads apply as before.
 *
 * Readers may see a batch partly applied (as on a remote store), never a document partly: a
 * document's graphs (its own, its hints', any internal graph named after it) go in one piece, and
 * the graphs of no document in the batch (change-feed activities, counters) in the last, so the
 * feed never names a document before it is stored. The log record is the batch's, appended once
 * every piece is applied; a piece that fails puts back what every piece before it overwrote.
 * Before that, the batch's N-Quads are written a few graphs at a time (textsInSteps), for the same reason.
 */
import { documentOfGraph, isInternalGraph } from '../internalGraphs.js';
import type { Engine, Overwritten } from './engine.js';
import { checkedNQuadsWriter } from './wire.js';
import type { WrittenTexts } from './writeRecords.js';
import type { WireGraphs } from '../../rdf/wireGraphs.js';

/** About this many bytes of N-Quads a piece (about 13 rich documents: a few ms of Oxigraph's load on a quiet core). */
export const PIECE_BYTES = 128 * 1024;

/** Graphs loaded together: their N-Quads and what they overwrite. */
export interface Piece {
  readonly names: string[];
  readonly body: Buffer;
  readonly before: Overwritten;
}

/**
 * The batch cut into pieces of whole documents (null when it fits in one: applied as before).
 * `body`: the graphs' N-Quads texts joined as UTF-8, in the order of `names`.
 */
export function documentPieces(
  names: readonly string[],
  texts: readonly string[],
  body: Buffer,
  before: Overwritten,
  pieceBytes = PIECE_BYTES,
): Piece[] | null {
  if (body.length <= pieceBytes) return null;
  const documents = new Set(names.filter((n) => !isInternalGraph(n)));
  // Graph indices by the document they belong to, in the batch's order; the rest last.
  const groups = new Map<string, number[]>();
  const rest: number[] = [];
  for (let i = 0; i < names.length; i++) {
    const doc = documentOfGraph(names[i]);
    if (!documents.has(doc)) rest.push(i);
    else if (groups.has(doc)) groups.get(doc)!.push(i);
    else groups.set(doc, [i]);
  }
  const offsets = new Array<number>(names.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < names.length; i++) offsets[i + 1] = offsets[i] + Buffer.byteLength(texts[i]);
  const overwritten = new Map(before.graphs.map((g) => [g[0], g]));

  const pieces: Piece[] = [];
  const make = (indices: number[]): void => {
    if (indices.length === 0) return;
    const graphs = indices.flatMap((i) => (overwritten.has(names[i]) ? [overwritten.get(names[i])!] : []));
    const contiguous = indices.every((g, k) => k === 0 || g === indices[k - 1] + 1);
    pieces.push({
      names: indices.map((i) => names[i]),
      body: contiguous
        ? body.subarray(offsets[indices[0]], offsets[indices[indices.length - 1] + 1])
        : Buffer.concat(indices.map((i) => body.subarray(offsets[i], offsets[i + 1]))),
      before: { graphs, chars: graphs.reduce((n, [, nt]) => n + nt.length, 0) },
    });
  };
  let current: number[] = [];
  let bytes = 0;
  for (const indices of groups.values()) {
    current.push(...indices);
    for (const i of indices) bytes += offsets[i + 1] - offsets[i];
    if (bytes >= pieceBytes) {
      make(current);
      current = [];
      bytes = 0;
    }
  }
  make(current);
  make(rest);
  return pieces.length > 1 ? pieces : null;
}

/** Term codes past which a batch's texts are written in steps (about 2,000 quads: a few ms). */
const STEPPED_CODES = 6000;

/** Graphs written between two looks at the readers waiting. */
const GRAPHS_A_STEP = 32;

/** Whether the batch is large enough to be written in steps and applied in pieces. */
export function large(wire: WireGraphs): boolean {
  return wire.length > STEPPED_CODES;
}

/**
 * The batch's N-Quads texts (wireToCheckedNQuads), giving up the turn between two steps while a
 * read waits. Undefined if a term is refused: the write is then made as before, which reports it.
 */
export async function textsInSteps(wire: WireGraphs, readersWaiting: Int32Array): Promise<WrittenTexts | undefined> {
  const texts = new Array<string>(wire.names.length);
  try {
    const writer = checkedNQuadsWriter(wire);
    for (let g = 0; g < texts.length; g++) {
      texts[g] = writer.text(g);
      if ((g + 1) % GRAPHS_A_STEP === 0) await giveWay(readersWaiting);
    }
    // The record is made next, in one turn: a read waiting now goes first.
    await giveWay(readersWaiting);
    return { texts, plain: writer.plain() };
  } catch {
    return undefined;
  }
}

/** Gives up the turn (the message handler answers what waits), then resumes. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Gives up the turn if a read waits (`readersWaiting[0]` above 0); else goes on in this one. */
export async function giveWay(readersWaiting: Int32Array): Promise<void> {
  if (Atomics.load(readersWaiting, 0) > 0) await yieldTurn();
}

/**
 * Applies the pieces in order, giving up the turn before each while `readersWaiting[0]` (reads the
 * service sent and has not had answered) is above 0: the first too, as the batch's record and its
 * pieces were made in the turn before. On a piece's failure every applied piece's graphs get back
 * what they held, and the error is thrown: the batch is refused whole.
 */
export async function applyPieces(
  engine: Engine,
  pieces: readonly Piece[],
  plain: boolean,
  readersWaiting: Int32Array,
): Promise<void> {
  for (let k = 0; k < pieces.length; k++) {
    await giveWay(readersWaiting);
    const { names, body, before } = pieces[k];
    try {
      engine.replaceGraphs(names, body, before, plain); // puts back this piece's graphs on failure
    } catch (err) {
      for (let j = 0; j < k; j++) engine.restoreOverwritten(pieces[j].names, pieces[j].before);
      throw err;
    }
  }
}
