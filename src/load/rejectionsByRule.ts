/**
 * Refusals grouped by rule, for a report a data team can act on whatever the size of the
 * input: per rule, how many documents it refuses, how many it alone keeps out (refused for
 * that rule and no other: they would load if only it were met) and their share of all the
 * documents read, the rule in words, two examples (where, the JSON path, the value) and the
 * usual fix. Every problem of every document is in `--json` and the rejects file.
 */
import { INGEST_HINTS } from '../ingest/ruleHints.js';
import { NOT_CHECKED_FURTHER, REFUSED_AT_ONCE } from '../ingest/refusedAtOnce.js';
import { ruleOfLine, type Problem } from '../linkedart/Problem.js';
import type { ReportedItem } from './reportedItem.js';

/** A refused document as the summary needs it: where it was, and its problems (or, from an older server, its lines). */
export type RefusedItem = ReportedItem;

export interface RuleSummary {
  readonly rule: string;
  /** Documents this rule refuses. */
  documents: number;
  /** Documents refused for this rule and no other. */
  alone: number;
  /** The rule in words, as said of its first example. */
  readonly message: string;
  readonly hint?: string;
  readonly examples: Array<{ item: RefusedItem; problem?: Problem }>;
}

/** Examples shown per rule. */
export const EXAMPLES_PER_RULE = 2;

/** The rules that refused `items`, the most documents first. */
export function rejectionsByRule(items: readonly RefusedItem[]): RuleSummary[] {
  const byRule = new Map<string, RuleSummary>();
  for (const item of items) {
    const found = violationsOf(item);
    for (const [rule, problem] of found) {
      let summary = byRule.get(rule);
      if (!summary) {
        summary = {
          rule,
          documents: 0,
          alone: 0,
          message: problem?.message ?? item.messages.find((m) => ruleOfLine(m) === rule) ?? '',
          examples: [],
        };
        // The rule's own hint (an example's may be more precise: "did you mean ...?", shown with it).
        const hint = (INGEST_HINTS as Readonly<Record<string, string>>)[rule] ?? problem?.hint;
        if (hint) (summary as { hint?: string }).hint = hint;
        byRule.set(rule, summary);
      }
      summary.documents++;
      if (found.size === 1) summary.alone++;
      if (summary.examples.length < EXAMPLES_PER_RULE) summary.examples.push({ item, problem });
    }
  }
  return [...byRule.values()].sort(
    (a, b) => b.documents - a.documents || b.alone - a.alone || a.rule.localeCompare(b.rule),
  );
}

/** The rules a refused document breaks (Violations only), each with its first problem. */
function violationsOf(item: RefusedItem): Map<string, Problem | undefined> {
  const rules = new Map<string, Problem | undefined>();
  if (item.problems) {
    for (const p of item.problems) if (p.severity === 'Violation' && !rules.has(p.rule)) rules.set(p.rule, p);
  } else {
    for (const m of item.messages)
      if (!m.startsWith('Warning')) {
        const rule = ruleOfLine(m) ?? 'other';
        if (!rules.has(rule)) rules.set(rule, undefined);
      }
  }
  if (rules.size === 0) rules.set('other', undefined);
  return rules;
}

/** The summary as lines, indented under a heading the caller writes; `read`: documents read in all. */
export function formatRejectionsByRule(summaries: readonly RuleSummary[], read: number): string[] {
  const lines: string[] = [];
  for (const s of summaries) {
    const share = read > 0 ? ` (${percent(s.alone, read)} of the ${read} read)` : '';
    const further = REFUSED_AT_ONCE.has(s.rule) ? ` (${NOT_CHECKED_FURTHER})` : '';
    lines.push(
      `  ${s.rule}: refuses ${s.documents} document${s.documents === 1 ? '' : 's'}, ${s.alone} for this rule alone${share}${further}`,
    );
    if (s.message) lines.push(`    ${s.message}`);
    for (const { item, problem } of s.examples) {
      const where = problem
        ? ` at ${problem.path === '' ? '(document)' : problem.path}${problem.value !== undefined ? `: ${problem.value}` : ''}`
        : '';
      lines.push(`    e.g. ${[item.source, item.location, item.id].filter((part) => part).join(' ')}${where}`);
      if (problem?.hint && problem.hint !== s.hint) lines.push(`      Fix: ${ownPart(problem.hint, s.hint)}`);
    }
    if (s.hint) lines.push(`    Fix: ${s.hint}`);
  }
  return lines;
}

function percent(n: number, of: number): string {
  const p = (100 * n) / of;
  return `${p === 0 || p >= 10 ? p.toFixed(0) : p.toFixed(1)}%`;
}

/** What an example's hint says beyond the rule's ("did you mean "_label"?"), when it ends with the rule's. */
function ownPart(hint: string, ruleHint: string | undefined): string {
  if (!ruleHint || !hint.endsWith(ruleHint) || hint.length === ruleHint.length) return hint;
  return hint.slice(0, -ruleHint.length).replace(/\s*Otherwise\s*$/, '');
}
