/**
 * An n3 syntax error from a parse that began partway into the input (at line `firstLine`),
 * made the error n3 gives reading the whole input: its line counted from the input's start.
 *
 * n3's messages end `on line N.` (the lexer's `Unexpected "x" on line N.`, the parser's
 * `Expected ... on line N.`). The parser's (the errors that carry their token) are cut to 200
 * characters with `…`, the ` on line N.` kept whole: a longer number cuts the text before it
 * shorter, which can be done again on the text kept, as the cut keeps a prefix.
 */
const LINE_SUFFIX = / on line (\d+)\.$/;
const MAX_PARSER_MESSAGE = 200;

interface N3ErrorContext {
  line?: number;
  token?: unknown;
}

export function atInputLine(error: Error, firstLine: number): Error {
  if (firstLine === 1) return error;
  const m = LINE_SUFFIX.exec(error.message);
  if (!m) return error;
  const line = Number(m[1]) + firstLine - 1;
  const suffix = ` on line ${line}.`;
  let text = error.message.slice(0, m.index);
  const context = (error as { context?: N3ErrorContext }).context;
  if (context?.token !== undefined && text.length + suffix.length > MAX_PARSER_MESSAGE) {
    text = `${text.slice(0, MAX_PARSER_MESSAGE - 1 - suffix.length)}…`;
  }
  error.message = text + suffix;
  if (context && typeof context.line === 'number') context.line = line;
  return error;
}
