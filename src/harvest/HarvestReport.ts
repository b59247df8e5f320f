/**
 * What a harvest did, for the summary line and `--json`: the activities read, what became of
 * each document (created, replaced, unchanged, rejected, deleted, missing...), and every
 * document reported with its URI and why. Nothing the feed asked for goes unaccounted.
 */
import { formatRejectionsByRule, rejectionsByRule } from '../load/rejectionsByRule.js';
import type { ReportedItem } from '../load/LoadReport.js';

export interface HarvestReport {
  readonly feed: string;
  /** The run's start: the whole feed, a time (--since), or after the previous harvest's last activity. */
  start: string;
  pages: number;
  /** Activities newer than the start (superseded ones included). */
  activities: number;
  /** Documents to fetch or remove (one per document: its newest activity). */
  changes: number;
  created: number;
  replaced: number;
  unchanged: number;
  rejected: number;
  deleted: number;
  /** Deletes of documents this store does not hold: nothing to do. */
  deleteAbsent: number;
  /** 404 or 410 although the newest activity says the document exists. */
  missing: number;
  /** Answers that are not a Linked Art document (not JSON, another id, another status). */
  unusable: number;
  /** Changes this feed may not make: an id off its origins, a document the mirror got from another feed. */
  refused: number;
  warnings: number;
  /** Documents stored with violations of the shapes (--conformance report), by rule: how many break each. */
  violated: number;
  readonly violationsByRule: Record<string, number>;
  /** Per repair name (src/ingest/repairs), the documents it repaired, as a load reports them. */
  readonly repairs: Record<string, number>;
  /** Per repaired document, what was repaired. */
  readonly repaired: ReportedItem[];
  /** Refusals by the gate: the document URI and every problem (as `linkedart load` reports them). */
  readonly rejections: ReportedItem[];
  /** Missing, unusable and refused documents, each with why. */
  readonly failures: ReportedItem[];
  /** Activities that change nothing here, and feed items that are not activities. */
  readonly ignored: string[];
  /** Moves applied without the names their old id was found by (the publisher did not give them), each with why. */
  readonly namesNotFound: ReportedItem[];
  /** Why the harvest stopped before the end, if it did (the next run goes on from the last batch stored). */
  stopped?: string;
  seconds: number;
}

export function emptyHarvestReport(feed: string): HarvestReport {
  return {
    feed,
    start: 'the whole feed',
    pages: 0,
    activities: 0,
    changes: 0,
    created: 0,
    replaced: 0,
    unchanged: 0,
    rejected: 0,
    deleted: 0,
    deleteAbsent: 0,
    missing: 0,
    unusable: 0,
    refused: 0,
    warnings: 0,
    violated: 0,
    violationsByRule: {},
    repairs: {},
    repaired: [],
    rejections: [],
    failures: [],
    ignored: [],
    namesNotFound: [],
    seconds: 0,
  };
}

/** Whether the exit code should say something needs looking at. */
export function harvestHasFailures(r: HarvestReport): boolean {
  return r.stopped !== undefined || r.rejected > 0 || r.missing > 0 || r.unusable > 0 || r.refused > 0;
}

/** Documents a second, of those the harvest settled (stored, left alone, removed, refused). */
export function harvestRate(r: HarvestReport): number {
  const settled =
    r.created + r.replaced + r.unchanged + r.deleted + r.deleteAbsent + r.rejected + r.missing + r.unusable + r.refused;
  return r.seconds > 0 ? Math.round(settled / r.seconds) : settled;
}

/** Up to this many rejected documents are listed each; more are grouped by rule. */
const LIST_EACH = 10;

/** The report as people read it: rejections by rule, the other failures each, then the summary line. */
export function formatHarvestReport(r: HarvestReport): string {
  const lines: string[] = [];
  if (r.rejections.length > 0 && r.rejections.length <= LIST_EACH) {
    // A few: each document with its problems, as the gate gave them.
    for (const i of r.rejections) {
      lines.push(`rejected: ${i.id}`);
      for (const m of i.messages) lines.push(`  ${m}`);
    }
  } else if (r.rejections.length > 0) {
    lines.push('rejected by rule (a document may break several; --json lists every problem of every document):');
    lines.push(...formatRejectionsByRule(rejectionsByRule(r.rejections), r.changes));
  }
  for (const f of r.failures) lines.push(`${f.location}: ${f.id}: ${f.messages.join('; ')}`);
  const shown = r.ignored.slice(0, 10);
  for (const i of shown) lines.push(`ignored: ${i}`);
  if (r.ignored.length > shown.length)
    lines.push(`ignored: ${r.ignored.length - shown.length} more (--json lists each)`);
  for (const n of r.namesNotFound) lines.push(`${n.location}: ${n.id}: ${n.messages.join('; ')}`);
  if (r.repaired.length > 0) {
    lines.push(
      `repaired, by repair (documents; --json lists each): ${Object.entries(r.repairs)
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
    );
  }
  if (r.violated > 0) {
    lines.push(
      `stored with violations (--conformance report; \`linkedart report\` lists them), documents by rule: ${Object.entries(
        r.violationsByRule,
      )
        .sort((a, b) => b[1] - a[1])
        .map(([rule, n]) => `${rule} ${n}`)
        .join(', ')}`,
    );
  }
  if (r.stopped) lines.push(`stopped: ${r.stopped}`);
  lines.push(
    `harvested ${r.feed} (${r.start}): ${r.activities} activities read on ${r.pages} page${r.pages === 1 ? '' : 's'}; documents: ${r.created} created, ${r.replaced} replaced, ` +
      `${r.unchanged} unchanged, ${r.rejected} rejected, ${r.deleted} deleted (${r.deleteAbsent} deletes of documents not held), ${r.missing} missing` +
      `${r.violated ? ` (${r.violated} stored with violations)` : ''}${r.unusable ? `, ${r.unusable} unusable` : ''}${r.refused ? `, ${r.refused} refused` : ''}, ${r.warnings} warnings in ${r.seconds.toFixed(1)} s (${harvestRate(r)} docs/s)`,
  );
  return lines.join('\n');
}
