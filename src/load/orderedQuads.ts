/**
 * Quads and comments of an RDF stream in the order they are written. (n3's StreamParser
 * hands comments over as events, ahead of the quads still buffered, so a comment between
 * two documents could not be placed.) The input is paused while the consumer is behind, so
 * memory holds a bounded number of items.
 */
import type { Readable } from 'node:stream';
import { Parser } from 'n3';
import { df, type Quad } from '../rdf/terms.js';

export type ParsedItem = { readonly quad: Quad } | { readonly comment: string };

/** Items buffered before the input is paused, and the level at which it resumes. */
const HIGH_WATER = 20000;
const LOW_WATER = 2000;

export async function* orderedQuads(input: Readable, n3Format: string): AsyncGenerator<ParsedItem> {
  const items: ParsedItem[] = [];
  let head = 0;
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => { const w = wake; wake = undefined; w?.(); };
  const push = (item: ParsedItem) => {
    items.push(item);
    if (items.length - head >= HIGH_WATER && !input.isPaused()) input.pause();
    notify();
  };
  // An error of the input (a broken gzip stream, a body over its limit) is not a syntax error: marked so.
  input.on('error', (e: Error) => { failure ??= Object.assign(e, { fromInput: true }); done = true; notify(); });
  // Text, not bytes: a character split between two chunks must not be broken.
  input.setEncoding('utf8');

  new Parser({ format: n3Format, factory: df }).parse(input, {
    onQuad: (error: Error | null, quad: Quad | null) => {
      if (error) { failure ??= error; done = true; notify(); return; }
      if (quad) push({ quad });
      else { done = true; notify(); }
    },
    onComment: (comment: string) => push({ comment }),
  } as Parameters<Parser['parse']>[1] & object);

  for (;;) {
    while (head < items.length) {
      yield items[head++]!;
      if (head === items.length || head > 50000) { items.splice(0, head); head = 0; }
      if (input.isPaused() && items.length - head <= LOW_WATER && !done) input.resume();
    }
    if (done) break;
    await new Promise<void>((resolve) => { wake = resolve; });
  }
  if (failure) throw failure;
}
