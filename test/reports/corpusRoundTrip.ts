/**
 * The corpus round trip of one Linked Art example: loaded, rendered and compared with the input.
 * It comes back exact (key order ignored), or differs only by the one normalization the README
 * lists (a single value under a `@set` property shown as an array), or is rejected by the rule
 * the README explains. test/integration/corpus.test.ts checks every example with it;
 * `npm run report:corpus-roundtrip` (test/reports/corpus-roundtrip.ts) writes the per-document
 * report to test-output/corpus-roundtrip.md.
 */
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { linkedArtContext } from '../../src/context/linkedArtContext.js';
import { DocumentRejected } from '../../src/linkedart/Problem.js';
import { renderDocument } from '../../src/rebuild/renderDocument.js';
import type { CorpusDocument } from '../support/corpus.js';
import { jsonDiff, wrappedInArray } from '../support/jsonDiff.js';

/** Documents the spec makes us refuse, and the rule that refuses each (README: "Rejected examples"). */
export const EXPECTED_REJECTIONS: Record<string, string> = {
  'concept.1.json': 'root-type', // PropositionalObject is none of the eleven kinds
  'provenance.6.json': 'unmapped-key', // starts_after_the_end_of / ends_before_the_start_of are not in the v1 context
};

export interface RoundTrip {
  file: string;
  result: 'exact' | 'normalized' | 'rejected';
  /** The rejection's problems, or the paths shown as arrays. */
  detail: string;
  /** Rejected: the error. */
  error?: DocumentRejected;
  /** Paths whose single value came back as an array under a property the context does not declare @set. */
  notSet: string[];
  /** Differences no @set wrapping explains. */
  unexplained: string[];
}

/** Whether the v1 context declares `key` (at the top or in a scoped context) a @set container. */
function isSetProperty(key: string): boolean {
  const v1 = linkedArtContext();
  const def = v1.terms.get(key) ?? [...v1.terms.values()].map((d) => d.scoped?.[key]).find(Boolean);
  const container = def as { container?: string; '@container'?: string } | undefined;
  return container?.container === '@set' || container?.['@container'] === '@set';
}

export function roundTrip(doc: CorpusDocument): RoundTrip {
  let ingested;
  try {
    ingested = ingestDocument(doc.json, doc.file);
  } catch (e) {
    if (!(e instanceof DocumentRejected)) throw e;
    return {
      file: doc.file,
      result: 'rejected',
      detail: e.problems.map((p) => `${p.path}: ${p.message}`).join('; '),
      error: e,
      notSet: [],
      unexplained: [],
    };
  }
  const output = renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document;
  const differences = jsonDiff(doc.json, output);
  if (differences.length === 0) return { file: doc.file, result: 'exact', detail: '', notSet: [], unexplained: [] };
  const wrapped = wrappedInArray(doc.json, output);
  return {
    file: doc.file,
    result: 'normalized',
    detail: `single value shown as array (@set): ${wrapped.join(', ')}`,
    notSet: wrapped.filter(
      (path) =>
        !isSetProperty(
          path
            .split('.')
            .pop()!
            .replace(/\[\d+\]$/, ''),
        ),
    ),
    unexplained: differences.filter((d) => !wrapped.some((w) => d.startsWith(`${w}:`))),
  };
}

/** test-output/corpus-roundtrip.md: one row per document. */
export function corpusRoundTripReport(outcomes: readonly RoundTrip[]): string {
  const count = (r: RoundTrip['result']) => outcomes.filter((o) => o.result === r).length;
  return (
    [
      '# Corpus round trip',
      '',
      `${outcomes.length} documents: ${count('exact')} exact, ${count('normalized')} normalized (listed in the README), ${count('rejected')} rejected.`,
      '',
      '| document | result | detail |',
      '|---|---|---|',
      ...outcomes.map((o) => `| ${o.file} | ${o.result} | ${o.detail.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`),
    ].join('\n') + '\n'
  );
}
