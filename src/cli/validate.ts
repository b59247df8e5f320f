/**
 * `linkedart validate FILE|DIR|-...`: check documents without storing them. Human-readable
 * output grouped by document (at most PROBLEMS_PER_DOCUMENT problems each), then, when several
 * were refused, the rules that refused them; or `--json`, every problem with its fields; exit
 * code 1 if any document has a Violation, 2 if an input could not be read.
 */
import { DocumentRejected, formatProblem, type Problem } from '../linkedart/Problem.js';
import { formatRejectionsByRule, rejectionsByRule } from '../load/rejectionsByRule.js';
import { admitDocument } from '../validate/admitDocument.js';
import { readDocuments } from './readDocuments.js';
import { repairDocument, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { formatRepair } from '../ingest/repairs/RepairNote.js';

export interface ValidationReport {
  source: string;
  document?: string;
  valid: boolean;
  problems: Problem[];
  /** What was repaired before the check (formatRepair), as a load would repair it. */
  repairs: string[];
}

export function validateInputs(inputs: readonly string[], options: { repair?: RepairPolicy; base?: string } = {}): { reports: ValidationReport[]; unreadable: Array<{ source: string; message: string }> } {
  const { documents, errors } = readDocuments(inputs);
  const reports = documents.map(({ source, json: given }): ValidationReport => {
    // Repaired as a load repairs it, so a data team sees the verdict the load will give.
    const { document: json, repairs: notes } = options.repair === 'none' ? { document: given, repairs: [] } : repairDocument(given, { base: options.base });
    const repairs = notes.map(formatRepair);
    try {
      const admitted = admitDocument(json);
      return { source, document: admitted.id, valid: true, problems: admitted.warnings, repairs };
    } catch (e) {
      if (!(e instanceof DocumentRejected)) throw e;
      return { source, document: e.document, valid: false, problems: [...e.problems], repairs };
    }
  });
  return { reports, unreadable: errors };
}

/** Problems listed under each document, at most; the rest are counted (`--json` lists every one). */
export const PROBLEMS_PER_DOCUMENT = 5;

export function runValidate(inputs: readonly string[], options: { json: boolean; repair?: RepairPolicy; base?: string }): number {
  const { reports, unreadable } = validateInputs(inputs, options);
  if (options.json) {
    process.stdout.write(JSON.stringify({ documents: reports, unreadable }, null, 2) + '\n');
  } else {
    for (const r of reports) {
      const violations = r.problems.filter((p) => p.severity === 'Violation').length;
      const warnings = r.problems.length - violations;
      const verdict = r.valid ? `valid${warnings ? `, ${warnings} warning(s)` : ''}` : `REJECTED: ${violations} violation(s), ${warnings} warning(s)`;
      process.stdout.write(`${r.source}  ${r.document ?? '(no usable id)'}\n  ${verdict}\n`);
      for (const m of r.repairs) process.stdout.write(`  ${m}\n`);
      for (const p of r.problems.slice(0, PROBLEMS_PER_DOCUMENT)) process.stdout.write(`  ${formatProblem(p)}\n`);
      const more = r.problems.length - PROBLEMS_PER_DOCUMENT;
      if (more > 0) process.stdout.write(`  ... and ${more} more (--json lists every one)\n`);
    }
    for (const u of unreadable) process.stdout.write(`${u.source}\n  UNREADABLE: ${u.message}\n`);
    const rejected = reports.filter((r) => !r.valid);
    const warned = reports.reduce((n, r) => n + r.problems.filter((p) => p.severity === 'Warning').length, 0);
    if (rejected.length > 1) {
      // Many documents: what to fix first, by rule.
      const items = rejected.map((r) => ({ source: r.source, location: '', id: r.document, messages: [], problems: r.problems }));
      process.stdout.write(`\nrejected by rule:\n${formatRejectionsByRule(rejectionsByRule(items), reports.length).join('\n')}\n`);
    }
    process.stdout.write(`\n${reports.length} document(s): ${reports.length - rejected.length} valid, ${rejected.length} rejected, ${warned} warning(s)` +
      (unreadable.length ? `, ${unreadable.length} input(s) unreadable` : '') + '\n');
  }
  if (unreadable.length > 0) return 2;
  return reports.some((r) => !r.valid) ? 1 : 0;
}
