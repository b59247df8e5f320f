/**
 * What a load did, for the summary at the end and for `--json`: counts, and every document
 * refused or warned about with where it was (file, line or record, id) and why; a refusal
 * carries its problems as fields (rule, path, value, hint) too.
 */
import { formatProblem, ruleOfLine, type Problem } from '../linkedart/Problem.js';
import { formatRejectionsByRule, rejectionsByRule } from './rejectionsByRule.js';
import type { StoreFullDetails } from '../store/StoreFull.js';
import type { ReportedItem } from './reportedItem.js';

export type { ReportedItem } from './reportedItem.js';

export interface RuleCount {
  count: number;
  readonly example: ReportedItem;
}

/**
 * Documents warned about that a load lists by default. Past them warnings are counted (by rule,
 * exactly), not kept: a collection whose every document draws a warning would otherwise hold
 * them all in memory (a dry run of 100,000 such documents peaked at 634 MB so, 483 MB without).
 * `--warnings` and `--json` list all.
 */
export const WARNED_LISTED = 1000;

export interface LoadReport {
  created: number;
  replaced: number;
  unchanged: number;
  rejected: number;
  warnings: number;
  readonly rejections: ReportedItem[];
  /** Documents warned about, each with its warnings: the first ones, as many as the load lists (recordWarned). */
  readonly warned: ReportedItem[];
  /** Documents warned about past those listed: counted here and in warningsByRule, not listed. */
  warnedNotListed: number;
  /** Every warning counted by its rule, with the first as an example, however many are listed. */
  readonly warningsByRule: Record<string, RuleCount>;
  /** Inputs or parts of inputs that could not be read. */
  readonly unreadable: ReportedItem[];
  /** Triples that belong to no document. */
  readonly leftovers: ReportedItem[];
  /** Copies of an id left out because a later copy of it comes after them (superseded.ts): not refusals. */
  readonly superseded: ReportedItem[];
  /** Documents stored with the shapes' Violations (`--conformance report`, validate/conformance.ts). */
  violated: number;
  /** Per rule, how many of those documents break it. */
  readonly violationsByRule: Record<string, number>;
  /** The first of them (as many as warnings are listed), each with its violations. */
  readonly violatedListed: ReportedItem[];
  /** Per repair name, the documents it repaired (src/ingest/repairs). */
  readonly repairs: Record<string, number>;
  /** Per repaired document (stored or refused), what was repaired. */
  readonly repaired: ReportedItem[];
  seconds: number;
  /** Why the load stopped before the end (strict mode, an interrupt, the store full), if it did. */
  aborted?: string;
  /** The load stopped because the store had no room for a batch (StoreFull): how full it was. */
  storeFull?: StoreFullDetails;
  /** Validated only; nothing was stored. */
  dryRun: boolean;
  /** Histories put back (an export with history, load/restoredHistories.ts); absent when the load read none. */
  historiesRestored?: number;
}

export function emptyReport(dryRun: boolean): LoadReport {
  return {
    created: 0,
    replaced: 0,
    unchanged: 0,
    rejected: 0,
    warnings: 0,
    rejections: [],
    warned: [],
    warnedNotListed: 0,
    warningsByRule: {},
    unreadable: [],
    leftovers: [],
    superseded: [],
    repairs: {},
    repaired: [],
    seconds: 0,
    dryRun,
    violated: 0,
    violationsByRule: {},
    violatedListed: [],
  };
}

/** A document stored with Violations into the report: counted, counted under each rule it breaks, and listed while fewer than `listed` are. */
export function recordViolated(r: LoadReport, item: ReportedItem, listed = Number.POSITIVE_INFINITY): void {
  r.violated++;
  for (const rule of new Set(item.messages.map((m) => ruleOfLine(m) ?? 'other')))
    r.violationsByRule[rule] = (r.violationsByRule[rule] ?? 0) + 1;
  if (r.violatedListed.length < listed) r.violatedListed.push(item);
}

/** A document's warnings into the report: counted by rule, and listed while fewer than `listed` are. */
export function recordWarned(r: LoadReport, item: ReportedItem, listed = Number.POSITIVE_INFINITY): void {
  r.warnings += item.messages.length;
  for (const m of item.messages) {
    const rule = ruleOfLine(m) ?? 'other';
    const seen = r.warningsByRule[rule];
    if (seen) seen.count++;
    else r.warningsByRule[rule] = { count: 1, example: { ...item, messages: [m] } };
  }
  if (r.warned.length < listed) r.warned.push(item);
  else r.warnedNotListed++;
}

/** Adds `count` warnings of `rule` (a message with no [rule], such as the same id twice, is counted as 'other'). */
export function countWarning(
  byRule: Record<string, RuleCount>,
  rule: string,
  count: number,
  example: ReportedItem,
): void {
  const seen = byRule[rule];
  if (seen) seen.count += count;
  else byRule[rule] = { count, example };
}

/** Documents read (stored or not; a superseded copy too). */
export function documentsSeen(r: LoadReport): number {
  return r.created + r.replaced + r.unchanged + r.rejected + r.superseded.length;
}

/** Whether anything was refused or unreadable (the exit code says so). */
export function hasFailures(r: LoadReport): boolean {
  return r.rejected > 0 || r.unreadable.length > 0 || r.leftovers.length > 0 || r.aborted !== undefined;
}

export function problemMessages(problems: readonly Problem[]): string[] {
  return problems.map(formatProblem);
}

/** A document's repairs (formatted notes) into the report: counted once per repair name, and listed. */
export function recordRepairs(r: Pick<LoadReport, 'repaired' | 'repairs'>, item: ReportedItem): void {
  if (item.messages.length === 0) return;
  r.repaired.push(item);
  const names = new Set(item.messages.map((m) => /\[([a-z][a-z0-9-]*)\]$/.exec(m)?.[1] ?? 'other'));
  for (const name of names) r.repairs[name] = (r.repairs[name] ?? 0) + 1;
}

/**
 * The report as people read it, short whatever the input: what could not be read; what was
 * refused, by rule (rejectionsByRule.ts: counts, the share each rule alone keeps out, two
 * examples, the fix; `--json` and the rejects file have every problem of every document);
 * warnings counted by rule with an example (all of them with `listWarnings`); the summary last.
 */
export function formatReport(r: LoadReport, listWarnings = false): string {
  const lines: string[] = [];
  const item = (kind: string, i: ReportedItem) => {
    lines.push(`${kind}: ${i.source} ${i.location}${i.id ? ` ${i.id}` : ''}`);
    for (const m of i.messages) lines.push(`  ${m}`);
  };
  for (const i of r.unreadable) item('unreadable', i);
  if (r.rejections.length > 0) {
    lines.push(
      `rejected by rule (a document may break several; --json and --rejects FILE list every problem of every document):`,
    );
    lines.push(...formatRejectionsByRule(rejectionsByRule(r.rejections), documentsSeen(r)));
  }
  for (const i of r.leftovers) item('left over', i);
  for (const i of r.superseded) item('superseded', i);
  if (listWarnings) {
    for (const i of r.warned) item('warning', i);
    if (r.warnedNotListed > 0)
      lines.push(`… and ${r.warnedNotListed} more documents with warnings, counted but not listed`);
  } else if (r.warned.length > 0) {
    lines.push('warnings by rule (--warnings lists each):');
    for (const [rule, { count, example }] of Object.entries(r.warningsByRule).sort((a, b) => b[1].count - a[1].count)) {
      lines.push(
        `  ${rule}: ${count}, e.g. ${example.source} ${example.location}${example.id ? ` ${example.id}` : ''}: ${example.messages[0]}`,
      );
    }
  }
  if (r.violated > 0) {
    lines.push(
      `${r.dryRun ? 'would be stored' : 'stored'} with violations (--conformance report; \`linkedart report\` lists them), documents by rule:`,
    );
    for (const [rule, count] of Object.entries(r.violationsByRule).sort((a, b) => b[1] - a[1]))
      lines.push(`  ${rule}: ${count}`);
  }
  if (r.repaired.length > 0) {
    lines.push('repaired, by repair (documents; --json lists each):');
    for (const [name, count] of Object.entries(r.repairs).sort((a, b) => b[1] - a[1])) {
      const example = r.repaired.find((i) => i.messages.some((m) => m.endsWith(`[${name}]`)))!;
      lines.push(
        `  ${name}: ${count}, e.g. ${example.source} ${example.location}${example.id ? ` ${example.id}` : ''}: ${example.messages.find((m) => m.endsWith(`[${name}]`))!}`,
      );
    }
  }
  const seen = documentsSeen(r);
  const rate = r.seconds > 0 ? Math.round(seen / r.seconds) : seen;
  lines.push(
    `${r.dryRun ? 'checked (nothing stored)' : 'loaded'}: ${r.created} new, ${r.replaced} replaced, ${r.unchanged} unchanged, ${r.rejected} rejected, ${r.warnings} warnings` +
      `${r.violated ? ` (${r.violated} with violations)` : ''}${r.unreadable.length ? `, ${r.unreadable.length} unreadable parts` : ''}${r.leftovers.length ? `, ${r.leftovers.length} sets of triples left over` : ''}` +
      `${r.superseded.length ? `, ${r.superseded.length} superseded (a later copy of the same id counts instead)` : ''}` +
      `${r.historiesRestored !== undefined ? `, ${r.historiesRestored} histories put back` : ''}` +
      ` in ${r.seconds.toFixed(1)} s (${rate} documents/s)`,
  );
  if (r.aborted) lines.push(`stopped: ${r.aborted}`);
  return lines.join('\n');
}
