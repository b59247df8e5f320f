/**
 * One line the N-Quads line reader does not read, read by n3 alone: its statements and then its
 * comment (a comment runs to the end of the line, so it comes after them), or undefined when n3
 * refuses the line read alone (an error, or a statement that goes on past the line: the caller
 * then gives n3 the rest of the input, and n3 says which).
 *
 * Read alone, a line gives what it gives in the whole input: the statements before it are
 * complete (each line before was), so n3 starts it in the same state; a blank node label gets the
 * same prefix, given as `blankNodePrefix`.
 */
import { Parser } from 'n3';
import { df, type Quad } from '../terms.js';
import type { ParsedItem } from './parsedItem.js';

export type LineFormat = 'N-Quads' | 'N-Triples';

/**
 * n3 parses a string synchronously, returning its quads and throwing its error, when it is
 * given no quad callback; comments still come through `onComment`. (n3's typings know only the
 * asynchronous form, with `onQuad`.)
 */
type ParseWithComments = (input: string, callbacks: { onComment: (comment: string) => void }) => Quad[];

export function n3Line(line: string, format: LineFormat, blankNodePrefix: string): ParsedItem[] | undefined {
  const parser = new Parser({ format, factory: df, blankNodePrefix });
  const comments: string[] = [];
  let quads: Quad[];
  try {
    quads = (parser.parse.bind(parser) as unknown as ParseWithComments)(line, {
      onComment: (comment) => comments.push(comment),
    });
  } catch {
    return undefined;
  }
  return [...quads, ...comments];
}
