/**
 * JSON-LD dumps: one document, an array of documents, or NDJSON (one document per line),
 * read as a stream. An array is cut into its elements by a small scanner (depth and strings
 * only), so a dump of any size never becomes one string; each element keeps the line it
 * started on for the report. A line of a rejects file (rejectsFile.ts) is read as the record
 * it holds, and a merged id's line (an NDJSON export's Move) as the merged id it states. Each
 * document is held against the limits on one document (documentLimits.ts) as
 * soon as it is parsed, before anything walks it; one past the size limit is not even kept
 * whole while it is read.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import {
  DEFAULT_DOCUMENT_LIMITS,
  limitProblem,
  shapeExceeded,
  sizeExceeded,
  type DocumentLimits,
  type LimitExceeded,
} from '../ingest/documentLimits.js';
import type { LoadRecord } from './records.js';
import { graphLimitsExceeded } from '../ingest/graphLimits.js';
import { jsonId } from '../ingest/jsonKeys.js';
import { rejectedRecord, rejectedText } from './rejectsFile.js';
import { TopLevelScanner, type Piece } from './topLevelScanner.js';
import { parseMergedJson } from '../export/mergedComments.js';

export async function* jsonRecords(
  input: Readable,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): AsyncGenerator<LoadRecord> {
  for await (const pieces of jsonPieces(input, limits)) for (const piece of pieces) yield parsedPiece(piece, limits);
}

/** The top-level values of the input as the scanner cuts them, not parsed yet: a chunk's at a time. */
export async function* jsonPieces(input: Readable, limits: DocumentLimits): AsyncGenerator<Piece[]> {
  // A rejects line carries its document and the problems beside it: kept up to a few times the limit, then judged by the document in it.
  const scanner = new TopLevelScanner(REJECTS_LINE_FACTOR * limits.maxBytes);
  // A character's UTF-8 bytes may be split between two chunks: the decoder holds the first part.
  const decoder = new StringDecoder('utf8');
  for await (const chunk of input)
    yield scanner.push(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
  yield scanner.push(decoder.end());
  yield scanner.end();
}

/** How many times the limit on one document a value may be and still be kept whole (a rejects line holding a document near the limit). */
const REJECTS_LINE_FACTOR = 3;

/** The record a piece is: a document, the record a rejects line holds, or what is wrong with it. */
export function parsedPiece(piece: Piece, limits: DocumentLimits): LoadRecord {
  const location = `line ${piece.line} (record ${piece.record})`;
  if (piece.error) return { kind: 'unreadable', location, message: piece.error };
  // Past what the scanner keeps: too large whatever it holds.
  if (piece.bytes !== undefined) return refused(location, sizeExceeded(piece.bytes, limits)!, undefined, undefined);
  let json: unknown;
  try {
    json = JSON.parse(piece.text) as unknown;
  } catch (error) {
    return { kind: 'unreadable', location, message: `not JSON: ${(error as Error).message}` };
  }
  // A merged-away id, as an NDJSON export ends with them (mergedComments.ts).
  const merged = parseMergedJson(json);
  if (merged) return { kind: 'merged', location, ...merged };
  // A line of a rejects file holding a document refused at its limits: that document, read anew
  // (a text within the line is shorter than the line: this ends).
  const text = rejectedText(json);
  if (text !== undefined) return parsedPiece({ ...piece, text }, limits);
  // A line of a rejects file (a document with its problems beside it): the document it holds.
  const held = rejectedRecord(json, location);
  if (held?.kind === 'graph') {
    const over = graphLimitsExceeded(held.id, held.quads, limits);
    return over ? { kind: 'refused', location, id: held.id, problem: limitProblem(over, held.id), graph: held } : held;
  }
  if (held !== undefined && held.kind !== 'json') return held;
  const record = held ?? { kind: 'json', location, json, text: piece.text };
  const id = jsonId(record.json);
  // A document's size is its text's; a rejects line's is that of the document in it (its problems beside it do not count).
  if (held === undefined) {
    const tooLarge = sizeExceeded(Buffer.byteLength(piece.text), limits);
    if (tooLarge) return refused(location, tooLarge, id, undefined);
  }
  const exceeded = shapeExceeded(record.json, limits);
  if (exceeded) return refused(location, exceeded, id, piece.text);
  // Within the depth limit, so JSON.stringify cannot overflow on it.
  const tooLarge =
    held === undefined ? undefined : sizeExceeded(Buffer.byteLength(JSON.stringify(record.json)), limits);
  return tooLarge ? refused(location, tooLarge, id, undefined) : record;
}

function refused(
  location: string,
  exceeded: LimitExceeded,
  id: string | undefined,
  text: string | undefined,
): LoadRecord {
  return {
    kind: 'refused',
    location,
    id,
    problem: limitProblem(exceeded, id),
    ...(text !== undefined ? { text } : {}),
  };
}
