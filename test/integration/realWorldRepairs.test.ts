/**
 * The repairs on the real-world records (test/fixtures/real-world): what loads with them is
 * a superset of what loads without, no record is refused any more for a rule a repair meets in
 * this set, and repairing is idempotent and leaves its input alone.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repairDocument } from '../../src/ingest/repairs/repairDocument.js';
import { resolveInputs } from '../../src/load/inputs.js';
import { Loader } from '../../src/load/Loader.js';
import type { LoadReport } from '../../src/load/LoadReport.js';
import { REAL_WORLD_DIR } from '../support/corpus.js';

const REAL_WORLD = REAL_WORLD_DIR;

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const path = join(dir, f);
      return statSync(path).isDirectory() ? jsonFiles(path) : f.endsWith('.json') ? [path] : [];
    });
}

describe('repairs on the real-world records', function () {
  this.timeout(120000);
  let withRepairs: LoadReport;
  let without: LoadReport;
  before(async () => {
    const inputs = resolveInputs([REAL_WORLD]);
    withRepairs = await new Loader(undefined, { dryRun: true }).load(inputs);
    without = await new Loader(undefined, { dryRun: true, repair: 'none' }).load(inputs);
  });

  it('loads every record that loads without them, and more', () => {
    const refused = new Set(withRepairs.rejections.map((r) => r.source));
    const refusedWithout = new Set(without.rejections.map((r) => r.source));
    for (const source of refused) expect(refusedWithout.has(source), source).to.equal(true);
    expect(withRepairs.created).to.be.greaterThan(without.created);
    expect(refused.size).to.be.lessThan(refusedWithout.size);
  });

  it('leaves no record refused for what a repair meets here (_links, label, current_keeper, an empty see_also, an id with a space, a string number, a unit typed Type, a one-digit day)', () => {
    const messages = withRepairs.rejections.flatMap((r) => r.messages);
    for (const m of messages) {
      expect(m).to.not.match(/"(_links|label|current_keeper|see_also)" is not defined/);
      expect(m).to.not.match(/\[(embedded-context|id|MonetaryAmountValue|ObjectProducedBy)\]$/);
    }
    for (const name of [
      'links-dropped',
      'legacy-term',
      'iri-escape',
      'number-string',
      'type-from-range',
      'empty-unmapped-key',
      'redundant-context',
      'date-padding',
    ]) {
      expect(withRepairs.repairs[name] ?? 0, name).to.be.greaterThan(0);
    }
  });

  it('repairs each record without changing it, and a repaired record needs nothing more', () => {
    for (const file of jsonFiles(REAL_WORLD)) {
      const text = readFileSync(file, 'utf8');
      const json: unknown = JSON.parse(text);
      const { document, repairs } = repairDocument(json);
      expect(JSON.stringify(json), file).to.equal(JSON.stringify(JSON.parse(text)));
      if (repairs.length === 0) expect(document, file).to.equal(json);
      expect(repairDocument(document).repairs, file).to.deep.equal([]);
    }
  });
});
