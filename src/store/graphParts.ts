/**
 * A read over every graph cut into parts a remote store answers whole (it cuts an answer at its
 * row limit, Virtuoso's ResultSetMaxRows, 10,000 unless set, and the client refuses a cut
 * answer): each part the graphs whose MD5 begins with given hex digits. MD5 spreads any naming
 * of graphs evenly, and each part is a query of its own, needing no order and no state between
 * them (paging sorted by name cost Virtuoso a sort of every graph a page: 7 s a page at 2.5M).
 */
import { StoreRequestFailed } from './sparql/errors.js';

/** Hex digits of MD5 for parts of about `rowsPerPart` of `rows` rows (0: one part). */
export function partDigits(rows: number, rowsPerPart: number): number {
  return rows <= rowsPerPart ? 0 : Math.ceil(Math.log(rows / rowsPerPart) / Math.log(16));
}

/**
 * `read(filter)` for every part of `digits` hex digits (`filter`: a FILTER on ?g, empty for the
 * one part of 0 digits); a part the store cuts at its row limit is read again as sixteen.
 * `read` must keep nothing of a read that failed.
 */
export async function readInParts(digits: number, read: (filter: string) => Promise<void>): Promise<void> {
  const part = async (prefix: string): Promise<void> => {
    try {
      await read(prefix === '' ? '' : `FILTER (STRSTARTS(MD5(STR(?g)), "${prefix}"))`);
    } catch (error) {
      if (!isCutAnswer(error) || prefix.length >= MAX_DIGITS) throw error;
      for (let i = 0; i < 16; i++) await part(prefix + i.toString(16));
    }
  };
  for (let i = 0; i < 16 ** digits; i++) await part(digits === 0 ? '' : i.toString(16).padStart(digits, '0'));
}

/** Parts of 16^6 (sixteen million) are as far as a read is cut. */
const MAX_DIGITS = 6;

/** An answer the store cut at its row limit (SparqlHttp refuses it so). */
export function isCutAnswer(error: unknown): boolean {
  return error instanceof StoreRequestFailed && /cut at the store's row limit/.test(error.body);
}
