/**
 * Quads and comments of an RDF stream in the order they are written, read by n3 (TriG, Turtle,
 * and what the N-Quads line reader leaves to it). (n3's StreamParser hands comments over as
 * events, ahead of the quads still buffered, so a comment between two documents could not be
 * placed.) They come in batches, as n3 gives them chunk by chunk: one await per item was a good
 * part of the reading. The input is paused while the consumer is behind, so memory holds a
 * bounded number of items.
 */
import type { Readable } from 'node:stream';
import { Parser } from 'n3';
import { df, type Quad } from '../rdf/terms.js';
import type { ParsedItem } from '../rdf/syntax/parsedItem.js';
import { startsDocument } from './startsDocument.js';
import { atInputLine } from './syntaxErrorLine.js';

/** Items buffered before the input is paused (it resumes when they are taken). */
const HIGH_WATER = 20000;

export interface OrderedQuadsOptions {
  /** n3's `blankNodePrefix`: what every blank node label gets before it (default: n3's own, new for each parse). */
  readonly blankNodePrefix?: string;
  /** The line of the whole input the stream starts at (1): the line an error reports counts from there. */
  readonly firstLine?: number;
  /** The graph of the last quad read before the stream ('' none or the default graph): no line mark for more of it. */
  readonly graph?: string;
}

export async function* orderedQuads(
  input: Readable,
  n3Format: string,
  options: OrderedQuadsOptions = {},
): AsyncGenerator<ParsedItem[]> {
  let items: ParsedItem[] = [];
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  // The line of the token n3 read last (a comment's own; a quad's object's), for the line marks.
  const lineOffset = (options.firstLine ?? 1) - 1;
  let tokenLine = 1;
  let graph = options.graph ?? '';
  const push = (item: Quad | string) => {
    if (startsDocument(item, graph)) items.push({ line: tokenLine + lineOffset });
    if (typeof item !== 'string') graph = item.graph.value;
    items.push(item);
    if (items.length >= HIGH_WATER && !input.isPaused()) input.pause();
    notify();
  };
  // An error of the input (a broken gzip stream, a body over its limit) is not a syntax error: marked so.
  input.on('error', (e: Error) => {
    failure ??= Object.assign(e, { fromInput: true });
    done = true;
    notify();
  });
  // Text, not bytes: a character split between two chunks must not be broken. (A stream of strings is text already.)
  if (!input.readableObjectMode) input.setEncoding('utf8');

  new Parser({ format: n3Format, factory: df, blankNodePrefix: options.blankNodePrefix }).parse(input, {
    onQuad: (error: Error | null, quad: Quad | null) => {
      if (error) {
        failure ??= atInputLine(error, options.firstLine ?? 1);
        done = true;
        notify();
        return;
      }
      if (quad) push(quad);
      else {
        done = true;
        notify();
      }
    },
    onComment: (comment: string) => push(comment),
    onToken: (token: { line: number }) => {
      tokenLine = token.line;
    },
  } as Parameters<Parser['parse']>[1] & object);
  // n3 reads its input to the end in its own 'end' listener, before this one, and then says it is
  // done; but not when no text came at all (an empty file): then it says nothing, and this does.
  input.on('end', () => {
    if (!done) {
      done = true;
      notify();
    }
  });

  for (;;) {
    if (items.length > 0) {
      const batch = items;
      items = [];
      if (input.isPaused() && !done) input.resume();
      yield batch;
      continue;
    }
    if (done) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
  if (failure) throw failure;
}
