/**
 * Every record of the real-world set (test/fixtures/real-world), the corpus and the demo,
 * repaired as a load repairs it and admitted by the gate, and what comes back from the store's
 * quads compared with what was given: the outcomes test/integration/realWorldLossless.test.ts
 * checks, and the report `npm run report:real-world` (test/reports/real-world.ts) writes to
 * test-output/real-world.md (per source, how many records load without and with repairs, and
 * the rules that refuse the rest).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { linkedArtContext } from '../../src/context/linkedArtContext.js';
import { repairDocument } from '../../src/ingest/repairs/repairDocument.js';
import type { RepairNote } from '../../src/ingest/repairs/RepairNote.js';
import { DocumentRejected } from '../../src/linkedart/Problem.js';
import { renderDocument } from '../../src/rebuild/renderDocument.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { within } from '../../src/validate/lossless/losslessProblems.js';
import type { ConformancePolicy } from '../../src/validate/conformance.js';
import { CORPUS_DIR, DEMO_DIR, FIXTURES, REAL_WORLD_DIR } from '../support/corpus.js';
import { jsonDiff, wrappedInArray } from '../support/jsonDiff.js';

// Resolved, so that a file's path starts with its directory's.
export const REAL_WORLD = resolve(REAL_WORLD_DIR) + '/';
const CORPUS = resolve(CORPUS_DIR) + '/';
const DEMO = resolve(DEMO_DIR) + '/';

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const path = join(dir, f);
      return statSync(path).isDirectory() ? jsonFiles(path) : f.endsWith('.json') ? [path] : [];
    });
}

/** A record's source: its directory under real-world/, or the corpus, or the demo. */
function sourceOf(file: string): string {
  if (file.startsWith(REAL_WORLD)) return relative(REAL_WORLD, file).split('/')[0];
  return file.startsWith(DEMO) ? 'demo' : 'la-examples';
}

export interface Outcome {
  file: string;
  source: string;
  loadsAsWritten: boolean;
  rules?: string[];
  unexplained?: string[];
  repairs: RepairNote[];
  /** Under `--conformance report` (repairs on): loaded, and what comes back unexplained. */
  loadsUnderReport: boolean;
  unexplainedUnderReport?: string[];
}

function admitted(
  json: unknown,
  conformance: ConformancePolicy = 'strict',
): { rules?: string[]; document?: Record<string, unknown> } {
  try {
    const doc = admitDocument(json, undefined, conformance);
    return { document: renderDocument(doc.id, [...doc.quads, ...doc.hintQuads])!.document };
  } catch (error) {
    if (!(error instanceof DocumentRejected)) throw error;
    return { rules: [...new Set(error.problems.filter((p) => p.severity === 'Violation').map((p) => p.rule))] };
  }
}

const parentOf = (path: string) =>
  path.replace(/(\.[^.[\]]+|\[\d+\])$/, '') === path ? '' : path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
const child = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/**
 * The paths a repair note accounts for: the place it names (never the whole document: a note at
 * the document accounts for its `@context` alone), the key a renaming repair gave the value, and
 * the Name a date repair keeps the original in.
 */
function accountedFor(note: RepairNote): string[] {
  if (note.path === '') return ['@context'];
  const paths = [note.path];
  const renamed = /^key "[^"]+" → "([^"]+)"/.exec(note.message);
  if (renamed) paths.push(child(parentOf(note.path), renamed[1]));
  if (note.repair === 'date-precision') paths.push(child(parentOf(note.path), 'identified_by'));
  return paths;
}

/** Differences between what was given and what comes back that no @set wrapping or repair note explains. */
function unexplained(given: unknown, served: Record<string, unknown>, notes: readonly RepairNote[]): string[] {
  const wrapped = wrappedInArray(given, served);
  const v1 = linkedArtContext();
  const setWrapped = wrapped.filter((path) => {
    const key = path
      .split('.')
      .pop()!
      .replace(/\[\d+\]$/, '');
    const def = v1.terms.get(key) ?? [...v1.terms.values()].map((d) => d.scoped?.[key]).find(Boolean);
    return (
      (def as { container?: string; '@container'?: string } | undefined)?.container === '@set' ||
      (def as { '@container'?: string } | undefined)?.['@container'] === '@set'
    );
  });
  const repaired = notes.flatMap(accountedFor);
  return jsonDiff(given, served).filter((d) => {
    const path = d.slice(0, d.indexOf(': '));
    return (
      !setWrapped.some((w) => path === w) &&
      !repaired.some((r) => within(path, r) || within(r, path === '(root)' ? '' : path))
    );
  });
}

/** Every record's outcome: the real-world records, then the corpus, then the demo. */
export function realWorldOutcomes(): Outcome[] {
  const files = [...jsonFiles(REAL_WORLD), ...jsonFiles(CORPUS), ...jsonFiles(DEMO)];
  const outcomes: Outcome[] = [];
  for (const file of files) {
    const given = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const asWritten = admitted(given);
    const { document, repairs } = repairDocument(given);
    const result = repairs.length === 0 ? asWritten : admitted(document);
    const underReport = result.rules ? admitted(document, 'report') : result;
    const outcome: Outcome = {
      file,
      source: sourceOf(file),
      loadsAsWritten: asWritten.document !== undefined,
      repairs,
      loadsUnderReport: underReport.document !== undefined,
    };
    if (result.rules) outcome.rules = result.rules;
    else outcome.unexplained = unexplained(given, result.document!, repairs);
    if (underReport.document) outcome.unexplainedUnderReport = unexplained(given, underReport.document, repairs);
    outcomes.push(outcome);
  }
  return outcomes;
}

/** The report (Markdown): per source, loaded as written / with repairs, and the rules of the rest. */
export function realWorldReport(outcomes: readonly Outcome[]): string {
  const sources = [...new Set(outcomes.map((o) => o.source))];
  const lines = [
    '# Real-world records through the gate',
    '',
    '| source | records | load as written | load with repairs | load with repairs, --conformance report | rules that refuse the rest, strict (documents) |',
    '|---|---|---|---|---|---|',
  ];
  for (const source of sources) {
    const of = outcomes.filter((o) => o.source === source);
    const rules = new Map<string, number>();
    for (const o of of) for (const r of o.rules ?? []) rules.set(r, (rules.get(r) ?? 0) + 1);
    const refusing = [...rules]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${r} (${n})`)
      .join(', ');
    lines.push(
      `| ${source} | ${of.length} | ${of.filter((o) => o.loadsAsWritten).length} | ${of.filter((o) => !o.rules).length} | ${of.filter((o) => o.loadsUnderReport).length} | ${refusing} |`,
    );
  }
  lines.push('', '## Refused records', '');
  for (const o of outcomes.filter((x) => x.rules))
    lines.push(`- ${relative(resolve(FIXTURES), o.file)}: ${o.rules!.join(', ')}`);
  return lines.join('\n') + '\n';
}
