/**
 * The harness of the load-repair tests (test/unit/load/formRepairs, schemeColonDatePadding):
 * documents that each need one repair, loaded with the repairs on (each stored, each repair
 * counted) and with `--repair none` (each refused as before, for the rule it had).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveInputs, type LoadInput } from '../../src/load/inputs.js';
import { Loader } from '../../src/load/Loader.js';
import type { LoadReport } from '../../src/load/LoadReport.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { MemoryStore } from './memoryStore.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';

/** A jug, https://example.org/object/<n>, with `extra`. */
export const jug = (n: number, extra: Record<string, unknown>) => ({
  '@context': V1,
  id: `https://example.org/object/${n}`,
  type: 'HumanMadeObject',
  _label: `Jug ${n}`,
  ...extra,
});

/** The document, the repair it needs, and the rule and path that refuse it as written. */
export type RepairCase = readonly [Record<string, unknown>, string, string, string];

/**
 * The two tests of a set of cases: `repaired` checks, after the counts every set shares, what
 * the set's repairs did (the report's repairs, the documents as stored).
 */
export function describeLoadRepairs(
  title: string,
  tmpPrefix: string,
  cases: readonly RepairCase[],
  repaired: (report: LoadReport, service: DocumentService) => Promise<void>,
): void {
  describe(title, () => {
    let dir: string;
    let input: LoadInput[];
    before(() => {
      dir = mkdtempSync(join(tmpdir(), tmpPrefix));
      writeFileSync(join(dir, 'dump.ndjson'), cases.map(([d]) => JSON.stringify(d)).join('\n') + '\n');
      input = resolveInputs([join(dir, 'dump.ndjson')]);
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('repairs and stores each document, counting each repair', async () => {
      const service = new DocumentService(new MemoryStore());
      const report = await new Loader(service, { batchSize: 1 }).load(input);
      expect(report.rejections.flatMap((r) => r.messages)).to.deep.equal([]);
      expect(report.created).to.equal(cases.length);
      await repaired(report, service);
    });

    it('with --repair none, refuses each as before, for the rule it had', async () => {
      const report = await new Loader(undefined, { batchSize: 1, repair: 'none' }).load(input);
      expect(report.rejected).to.equal(cases.length);
      expect(report.repairs).to.deep.equal({});
      cases.forEach(([d, repair, rule, path]) => {
        const rejection = report.rejections.find((r) => r.id === d['id']);
        const problems = (rejection?.problems ?? [])
          .filter((p) => p.severity === 'Violation')
          .map((p) => ({ rule: p.rule, path: p.path }));
        expect(problems, repair).to.deep.include({ rule, path });
      });
    });
  });
}
