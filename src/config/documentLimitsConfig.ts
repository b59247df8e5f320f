/**
 * --max-document-kb, --max-depth, --max-array-items: the limits on one document
 * (src/ingest/documentLimits.ts), for `serve` (PUT, /_bulk) and for `load` and `harvest`.
 */
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../ingest/documentLimits.js';
import type { Given } from './givenSetting.js';

type LimitKey = 'maxDocumentKb' | 'maxDepth' | 'maxArrayItems';

const D = DEFAULT_DOCUMENT_LIMITS;

export const DOCUMENT_LIMIT_SETTINGS: Readonly<Record<LimitKey, { env: string; help: string }>> = {
  maxDocumentKb: {
    env: 'LINKEDART_MAX_DOCUMENT_KB',
    help: `largest single document in KB, at PUT, bulk load, load and harvest (default ${D.maxBytes / 1024}); larger is refused (413 at PUT)`,
  },
  maxDepth: {
    env: 'LINKEDART_MAX_DEPTH',
    help: `deepest nesting of objects and arrays in one document, the document itself being 1 (default ${D.maxDepth}); deeper is refused (422 at PUT)`,
  },
  maxArrayItems: {
    env: 'LINKEDART_MAX_ARRAY_ITEMS',
    help: `most items in any one array of a document (default ${D.maxArrayItems}); more is refused (422 at PUT)`,
  },
};

/** The keys, for the commands (load, harvest) that take these flags and no other setting. */
export const DOCUMENT_LIMIT_KEYS = Object.keys(DOCUMENT_LIMIT_SETTINGS) as LimitKey[];

/**
 * The limits from the flags or variables `pick` finds; `fail` stops the start-up naming the one
 * given badly. Each is a whole number of at least 1 (a size may be a fraction of a KB).
 */
export function documentLimitsOf(
  pick: (key: LimitKey) => Given | undefined,
  fail: (given: Given, why: string) => never,
): DocumentLimits {
  const number = (key: LimitKey, fallback: number, whole: boolean, what: string): number => {
    const given = pick(key);
    if (!given) return fallback;
    const text = given.value.trim();
    const n = Number(text);
    if (text === '' || !Number.isFinite(n) || n < 1 || (whole && !Number.isInteger(n))) fail(given, what);
    return n;
  };
  const kb = number(
    'maxDocumentKb',
    D.maxBytes / 1024,
    false,
    'a size in KB, at least 1 (real records are under 1 MB: 1024 KB)',
  );
  return {
    maxBytes: Math.round(kb * 1024),
    maxDepth: number(
      'maxDepth',
      D.maxDepth,
      true,
      'a whole number of levels, at least 1 (real Linked Art nests about 15 deep)',
    ),
    maxArrayItems: number(
      'maxArrayItems',
      D.maxArrayItems,
      true,
      'a whole number of items, at least 1 (real records hold a few hundred in one array)',
    ),
  };
}
