/**
 * The repairs of form (date-time-space, date-number, name-content, null-value, empty-id,
 * type-case) through a load: on by default, each counted; with `--repair none` each document is
 * refused as before, for the rule it had.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveInputs, type LoadInput } from '../../../src/load/inputs.js';
import { Loader } from '../../../src/load/Loader.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { MemoryStore } from '../../support/memoryStore.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const doc = (n: number, extra: Record<string, unknown>) => ({
  '@context': V1,
  id: `https://example.org/object/${n}`,
  type: 'HumanMadeObject',
  _label: `Jug ${n}`,
  ...extra,
});
const timespan = (span: Record<string, unknown>) => ({
  produced_by: { type: 'Production', timespan: { type: 'TimeSpan', ...span } },
});

/** Each: the document, the repair it needs, and the rule and path that refuse it as written. */
const CASES: ReadonlyArray<readonly [Record<string, unknown>, string, string, string]> = [
  [
    doc(1, timespan({ begin_of_the_begin: '1917-01-01 00:00:00' })),
    'date-time-space',
    'TimeSpanBeginOfTheBegin',
    'produced_by.timespan.begin_of_the_begin',
  ],
  [doc(2, timespan({ end_of_the_end: 1957 })), 'date-number', 'datatype', 'produced_by.timespan.end_of_the_end'],
  [
    doc(3, { identified_by: [{ type: 'Name', _label: 'Jug with a lid' }] }),
    'name-content',
    'NameContent',
    'identified_by[0]',
  ],
  [doc(4, { referred_to_by: null }), 'null-value', 'null', 'referred_to_by'],
  [doc(5, { produced_by: { id: '', type: 'Production' } }), 'empty-id', 'id', 'produced_by.id'],
  [
    doc(6, { identified_by: [{ type: 'identifier', content: 'J-6' }] }),
    'type-case',
    'unknown-type',
    'identified_by[0].type',
  ],
];

describe('load: the repairs of form', () => {
  let dir: string;
  let input: LoadInput[];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-form-repairs-'));
    writeFileSync(join(dir, 'dump.ndjson'), CASES.map(([d]) => JSON.stringify(d)).join('\n') + '\n');
    input = resolveInputs([join(dir, 'dump.ndjson')]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('repairs and stores each document, counting each repair', async () => {
    const service = new DocumentService(new MemoryStore());
    const report = await new Loader(service, { batchSize: 1 }).load(input);
    expect(report.rejections.flatMap((r) => r.messages)).to.deep.equal([]);
    expect(report.created).to.equal(CASES.length);
    expect(report.repairs).to.deep.equal({
      'date-time-space': 1,
      'date-number': 1,
      'date-precision': 1,
      'name-content': 1,
      'null-value': 1,
      'empty-id': 1,
      'type-case': 1,
    });
    expect((await service.get('https://example.org/object/5'))?.document['produced_by']).to.deep.equal({
      type: 'Production',
    });
    expect((await service.get('https://example.org/object/3'))?.document['identified_by']).to.deep.equal([
      { type: 'Name', _label: 'Jug with a lid', content: 'Jug with a lid' },
    ]);
  });

  it('with --repair none, refuses each as before, for the rule it had', async () => {
    const report = await new Loader(undefined, { batchSize: 1, repair: 'none' }).load(input);
    expect(report.rejected).to.equal(CASES.length);
    expect(report.repairs).to.deep.equal({});
    CASES.forEach(([d, repair, rule, path]) => {
      const rejection = report.rejections.find((r) => r.id === d['id']);
      const problems = (rejection?.problems ?? [])
        .filter((p) => p.severity === 'Violation')
        .map((p) => ({ rule: p.rule, path: p.path }));
      expect(problems, repair).to.deep.include({ rule, path });
    });
  });
});
