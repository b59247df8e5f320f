/**
 * scheme-colon and date-padding through a load: on by default, each counted and the document
 * stored whole as repaired; with `--repair none` each is refused as before, for the rule it had.
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
const AAT = 'http://vocab.getty.edu/aat/300404126';
const doc = (n: number, extra: Record<string, unknown>) => ({
  '@context': V1,
  id: `https://example.org/object/${n}`,
  type: 'HumanMadeObject',
  _label: `Jug ${n}`,
  ...extra,
});

/** Each: the document, the repair it needs, and the rule and path that refuse it as written. */
const CASES: ReadonlyArray<readonly [Record<string, unknown>, string, string, string]> = [
  [
    doc(1, { classified_as: [{ id: 'http//vocab.getty.edu/aat/300404126', type: 'Type', _label: 'prints' }] }),
    'scheme-colon',
    'id',
    'classified_as[0].id',
  ],
  [
    doc(2, {
      produced_by: {
        type: 'Production',
        timespan: {
          type: 'TimeSpan',
          begin_of_the_begin: '2024-07-3T00:00:00Z',
          end_of_the_end: '2024-07-03T23:59:59Z',
        },
      },
    }),
    'date-padding',
    'TimeSpanBeginOfTheBegin',
    'produced_by.timespan.begin_of_the_begin',
  ],
];

describe('load: scheme-colon and date-padding', () => {
  let dir: string;
  let input: LoadInput[];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-scheme-date-'));
    writeFileSync(join(dir, 'dump.ndjson'), CASES.map(([d]) => JSON.stringify(d)).join('\n') + '\n');
    input = resolveInputs([join(dir, 'dump.ndjson')]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('repairs and stores each document, counting each repair', async () => {
    const service = new DocumentService(new MemoryStore());
    const report = await new Loader(service, { batchSize: 1 }).load(input);
    expect(report.rejections.flatMap((r) => r.messages)).to.deep.equal([]);
    expect(report.created).to.equal(CASES.length);
    expect(report.repairs).to.deep.equal({ 'scheme-colon': 1, 'date-padding': 1 });
    expect((await service.get('https://example.org/object/1'))?.document['classified_as']).to.deep.equal([
      { id: AAT, type: 'Type', _label: 'prints' },
    ]);
    expect((await service.get('https://example.org/object/2'))?.document['produced_by']).to.deep.equal({
      type: 'Production',
      timespan: {
        type: 'TimeSpan',
        begin_of_the_begin: '2024-07-03T00:00:00Z',
        end_of_the_end: '2024-07-03T23:59:59Z',
      },
    });
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
