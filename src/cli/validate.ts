/**
 * `linkedart validate FILE|DIR|-...`: check documents without storing them (validateInputs.ts). Human-readable
 * output grouped by document (at most PROBLEMS_PER_DOCUMENT problems each), then, when several
 * were refused, the rules that refused them; or `--json`, every problem with its fields; exit
 * code 1 if any document has a Violation, 2 if an input could not be read.
 */
import { formatProblem } from '../linkedart/Problem.js';
import { formatRejectionsByRule, rejectionsByRule } from '../load/rejectionsByRule.js';
import { validateInputs, type ValidateOptions } from './validateInputs.js';

export type { ValidationReport } from './validateInputs.js';

/** Problems listed under each document, at most; the rest are counted (`--json` lists every one). */
export const PROBLEMS_PER_DOCUMENT = 5;

export async function runValidate(
  inputs: readonly string[],
  options: ValidateOptions & { json: boolean },
): Promise<number> {
  const { reports, unreadable, leftovers } = await validateInputs(inputs, options);
  if (options.json) {
    process.stdout.write(JSON.stringify({ documents: reports, unreadable, leftovers }, null, 2) + '\n');
  } else {
    for (const r of reports) {
      const violations = r.problems.filter((p) => p.severity === 'Violation').length;
      const warnings = r.problems.length - violations;
      const verdict = r.valid
        ? `valid${warnings ? `, ${warnings} warning(s)` : ''}`
        : `REJECTED: ${violations} violation(s), ${warnings} warning(s)`;
      process.stdout.write(`${r.source}  ${r.document ?? '(no usable id)'}\n  ${verdict}\n`);
      for (const m of r.repairs) process.stdout.write(`  ${m}\n`);
      for (const p of r.problems.slice(0, PROBLEMS_PER_DOCUMENT)) process.stdout.write(`  ${formatProblem(p)}\n`);
      const more = r.problems.length - PROBLEMS_PER_DOCUMENT;
      if (more > 0) process.stdout.write(`  ... and ${more} more (--json lists every one)\n`);
    }
    for (const u of unreadable) process.stdout.write(`${u.source}\n  UNREADABLE: ${u.message}\n`);
    for (const l of leftovers) process.stdout.write(`${l.source}\n  LEFT OVER: ${l.message}\n`);
    const rejected = reports.filter((r) => !r.valid);
    const warned = reports.reduce((n, r) => n + r.problems.filter((p) => p.severity === 'Warning').length, 0);
    if (rejected.length > 1) {
      // Many documents: what to fix first, by rule.
      const items = rejected.map((r) => ({
        source: r.source,
        location: '',
        id: r.document,
        messages: [],
        problems: r.problems,
      }));
      process.stdout.write(
        `\nrejected by rule:\n${formatRejectionsByRule(rejectionsByRule(items), reports.length).join('\n')}\n`,
      );
    }
    process.stdout.write(
      `\n${reports.length} document(s): ${reports.length - rejected.length} valid, ${rejected.length} rejected, ${warned} warning(s)` +
        (unreadable.length ? `, ${unreadable.length} input(s) unreadable` : '') +
        (leftovers.length ? `, triples left over in ${leftovers.length} place(s)` : '') +
        '\n',
    );
  }
  if (unreadable.length > 0) return 2;
  return reports.some((r) => !r.valid) || leftovers.length > 0 ? 1 : 0;
}
