/**
 * `linkedart report`: the documents stored with violations of the shapes (`--conformance
 * report`), by rule: how many documents break each rule, and their ids, for a data directory or
 * a remote store. What a data team works through; each document's own report (every violation,
 * its JSON path and the fix) is at `/_validation?id=…` of a running server.
 */
import { Command } from 'commander';
import { documentsByRule } from '../service/validationReports.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';
import { describedAs } from './commandSummaries.js';

interface ReportFlags extends StoreFlags {
  json: boolean;
}

export interface ViolationsByRule {
  /** Documents stored with violations. */
  readonly documents: number;
  /** Per rule, the ids of the documents that break it; most documents first. */
  readonly rules: Record<string, string[]>;
}

export function reportCommand(): Command {
  return addStoreOptions(new Command('report'))
    .description(describedAs('report'))
    .option('--json', 'print the list as JSON: {"documents": n, "rules": {"Rule": [ids]}}', false)
    .action(async (flags: ReportFlags) => {
      const store = await openCommandStore(storeConfigOf(flags), 'report', {
        create: false,
        viaServer: "stop the server first, or ask it for one document's report at /_validation?id=<id>",
      });
      try {
        const byRule = await documentsByRule(store);
        const rules = Object.fromEntries(
          [...byRule].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)),
        );
        const report: ViolationsByRule = { documents: new Set([...byRule.values()].flat()).size, rules };
        process.stdout.write(flags.json ? JSON.stringify(report) + '\n' : formatViolationsByRule(report));
      } finally {
        await store.close();
      }
    });
}

export function formatViolationsByRule({ documents, rules }: ViolationsByRule): string {
  if (documents === 0) return 'no document is stored with violations\n';
  const plural = (n: number) => `${n} document${n === 1 ? '' : 's'}`;
  let out = `${plural(documents)} stored with violations (--conformance report); by rule (a document may break several):\n`;
  for (const [rule, ids] of Object.entries(rules)) {
    out += `${rule}: ${plural(ids.length)}\n`;
    for (const id of ids) out += `  ${id}\n`;
  }
  return out;
}
