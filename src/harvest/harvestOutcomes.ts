/**
 * A harvest's outcomes into its report (HarvestReport.ts), one document at a time: refused,
 * unusable, missing, past a limit, or the gate's verdict; and where a rerun starts, in words.
 */
import type { GateVerdict } from '../load/gate/checkBatch.js';
import { problemMessages, recordRepairs } from '../load/LoadReport.js';
import { ruleOfLine, type Problem } from '../linkedart/Problem.js';
import type { Change, FeedActivity } from './activities.js';
import type { HarvestReport } from './HarvestReport.js';
import type { HarvestState } from './harvestState.js';

/** Where a change stands in the feed, in words: its activity's type and time. */
export function whereOf(change: Change): string {
  return `${change.activity.type} ${change.activity.endTime ?? ''}`.trim();
}

export function refused(report: HarvestReport, feedUrl: string, change: Change, message: string): void {
  report.refused++;
  report.failures.push({
    source: feedUrl,
    location: 'refused',
    id: change.document,
    messages: [`${whereOf(change)}: ${message}`],
  });
}

export function unusable(report: HarvestReport, feedUrl: string, id: string, message: string): void {
  report.unusable++;
  report.failures.push({ source: feedUrl, location: 'unusable', id, messages: [message] });
}

/** A document the publisher answered for with 404 or 410 although its newest activity says it exists. */
export function missing(report: HarvestReport, feedUrl: string, change: Change, status: number): void {
  report.missing++;
  report.failures.push({
    source: feedUrl,
    location: 'missing',
    id: change.document,
    messages: [`answered ${status} although its newest activity is ${whereOf(change)}: skipped`],
  });
}

/** A document refused before the gate (past a limit on one document). */
export function rejected(report: HarvestReport, feedUrl: string, change: Change, problems: Problem[]): void {
  report.rejected++;
  report.rejections.push({
    source: feedUrl,
    location: whereOf(change),
    id: change.document,
    messages: problemMessages(problems),
    problems,
  });
}

/** A gate's verdict on a harvested document into the report; whether it is to be stored. */
export function recordVerdict(report: HarvestReport, feedUrl: string, change: Change, verdict: GateVerdict): boolean {
  const where = whereOf(change);
  if (verdict.kind !== 'unchanged')
    recordRepairs(report, { source: feedUrl, location: where, id: change.document, messages: verdict.repairs });
  switch (verdict.kind) {
    case 'unchanged':
      report.unchanged++;
      return false;
    case 'rejected':
      report.rejected++;
      report.rejections.push({
        source: feedUrl,
        location: where,
        id: change.document,
        messages: problemMessages(verdict.problems),
        problems: verdict.problems,
      });
      return false;
    case 'pass':
      // The id was held against the feed's before the gate: one the gate takes otherwise is a fault here.
      if (verdict.id !== change.document)
        throw new Error(`internal: the gate took ${change.document} as ${verdict.id}`);
      report.warnings += verdict.warnings.length;
      if (verdict.violations) {
        report.violated++;
        for (const rule of new Set(verdict.violations.map((m) => ruleOfLine(m) ?? 'other')))
          report.violationsByRule[rule] = (report.violationsByRule[rule] ?? 0) + 1;
      }
      return true;
  }
}

/** Where a rerun starts, in words: after the last activity harvested, from a time, or from the beginning. */
export function resumeWords(after: FeedActivity | HarvestState | undefined, since: Date | undefined): string {
  if (after) {
    const id = 'type' in after ? after.id : after.activity;
    return `after ${id ?? `${after.page} item ${after.index}`}${after.endTime ? ` of ${after.endTime}` : ''}`;
  }
  return since ? `from ${since.toISOString()} (--since)` : 'from the beginning of the feed';
}
