/**
 * The limits on one document, held at every entry point (PUT, /_bulk, `linkedart load`,
 * `harvest`) before anything else reads it: its size in bytes, how deep its objects and arrays
 * nest, and how many items one array holds. Everything past the parse (repairs, JSON-LD
 * expansion, structured clone to a check worker, JSON.stringify of a rejects line) walks the
 * document recursively, and 100,000 levels overflow the stack there; the walk here is a loop,
 * so it costs one document, never the run.
 *
 * Real records sit far below the defaults: the largest we know is 716 KB with 465 items in one
 * array; the corpora nest at most 15 deep (counting the document itself as 1).
 */
import type { Problem } from '../linkedart/Problem.js';

export interface DocumentLimits {
  /** Bytes of the document as given (its UTF-8 JSON text). */
  readonly maxBytes: number;
  /** Levels of objects and arrays, the document itself being level 1. */
  readonly maxDepth: number;
  /** Items in any one array. */
  readonly maxArrayItems: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxBytes: 8 * 1024 * 1024,
  maxDepth: 64,
  maxArrayItems: 10000,
};

/** The rule a refusal names: one per limit. */
export type LimitRule = 'document-too-large' | 'nested-too-deep' | 'array-too-long';

/** The flag that sets each limit, for messages that say how to raise it. */
export const LIMIT_FLAGS: Readonly<Record<LimitRule, string>> = {
  'document-too-large': '--max-document-kb',
  'nested-too-deep': '--max-depth',
  'array-too-long': '--max-array-items',
};

export interface LimitExceeded {
  readonly rule: LimitRule;
  /** The limit, in its unit (bytes, levels, items). */
  readonly limit: number;
  /** What was found: the bytes, the items of the array; for depth, the level reached (one past the limit: the walk stops there). */
  readonly found: number;
  /** JSON path where it was exceeded (`` for the document itself), as Problem paths are written. */
  readonly path: string;
  /** The limit in plain words, with the numbers and the flag that sets it. */
  readonly message: string;
}

/** A document of `bytes` bytes, over the size limit: what is exceeded; else undefined. */
export function sizeExceeded(bytes: number, limits: DocumentLimits): LimitExceeded | undefined {
  if (bytes <= limits.maxBytes) return undefined;
  return {
    rule: 'document-too-large',
    limit: limits.maxBytes,
    found: bytes,
    path: '',
    message: `the document is ${bytes} bytes; the limit is ${limits.maxBytes} bytes (${LIMIT_FLAGS['document-too-large']} ${kb(limits.maxBytes)})`,
  };
}

/**
 * The first place (in document order) where `json` nests deeper or holds a longer array than
 * the limits allow; undefined when it keeps within them. A loop over an explicit stack: no
 * recursion, whatever the depth.
 */
export function shapeExceeded(json: unknown, limits: DocumentLimits): LimitExceeded | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const stack: Frame[] = [{ value: json, depth: 1, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > limits.maxDepth) {
      const path = pathOf(frame);
      return {
        rule: 'nested-too-deep',
        limit: limits.maxDepth,
        found: frame.depth,
        path,
        message: `objects and arrays nest more than ${limits.maxDepth} levels deep here; the limit is ${limits.maxDepth} (${LIMIT_FLAGS['nested-too-deep']})`,
      };
    }
    const value = frame.value;
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayItems) {
        return {
          rule: 'array-too-long',
          limit: limits.maxArrayItems,
          found: value.length,
          path: pathOf(frame),
          message: `this array holds ${value.length} items; the limit is ${limits.maxArrayItems} (${LIMIT_FLAGS['array-too-long']})`,
        };
      }
      // Pushed last first, so the first item is looked at first: the path found is the first in document order.
      for (let i = value.length - 1; i >= 0; i--) push(stack, value[i], frame, i);
    } else {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--)
        push(stack, (value as Record<string, unknown>)[keys[i]], frame, keys[i]);
    }
  }
  return undefined;
}

/** Size first (known before the parse), then the shape. */
export function documentLimitsExceeded(
  json: unknown,
  bytes: number,
  limits: DocumentLimits,
): LimitExceeded | undefined {
  return sizeExceeded(bytes, limits) ?? shapeExceeded(json, limits);
}

/** The usual fix, for the Problem's hint. */
const HINT =
  'split the record into documents that refer to each other by id, or raise the limit if such records are real';

/** A refusal as the one Problem format every check uses. */
export function limitProblem(exceeded: LimitExceeded, document?: string): Problem {
  return {
    ...(document !== undefined ? { document } : {}),
    path: exceeded.path,
    rule: exceeded.rule,
    message: exceeded.message,
    hint: HINT,
    severity: 'Violation',
  };
}

interface Frame {
  readonly value: object;
  readonly depth: number;
  readonly parent: Frame | undefined;
  readonly key: string | number | undefined;
}

function push(stack: Frame[], value: unknown, parent: Frame, key: string | number): void {
  // Only objects and arrays nest: a string or number is never deeper than its holder.
  if (value !== null && typeof value === 'object') stack.push({ value, depth: parent.depth + 1, parent, key });
}

/** Path segments shown at most: the start and the end of a very deep path. */
const PATH_SHOWN = 24;

/** The JSON path of a frame (`produced_by.part[0].carried_out_by[1]`), its middle elided when very deep. */
function pathOf(frame: Frame): string {
  const keys: Array<string | number> = [];
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) keys.push(f.key);
  keys.reverse();
  const shown =
    keys.length <= PATH_SHOWN ? keys : [...keys.slice(0, PATH_SHOWN / 2), '…', ...keys.slice(-PATH_SHOWN / 2)];
  let path = '';
  for (const k of shown) path += typeof k === 'number' ? `[${k}]` : k === '…' ? '.…' : path === '' ? k : `.${k}`;
  return path;
}

function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 1000) / 1000;
}
