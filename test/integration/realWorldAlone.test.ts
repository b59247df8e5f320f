/**
 * "Refused for this rule alone" means what it says: on the real-world records
 * (test/fixtures/real-world), every refused record whose report lists one problem (one rule at
 * one place) loads once that one problem is fixed, by hand, as a data team would fix it. The
 * rules that refuse a document before the shapes run (no usable root type, an unknown context)
 * make no such promise and are left out; the report says so of them.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repairDocument } from '../../src/ingest/repairs/repairDocument.js';
import { REFUSED_AT_ONCE } from '../../src/ingest/refusedAtOnce.js';
import { INGEST_HINTS } from '../../src/ingest/ruleHints.js';
import { resolveInputs } from '../../src/load/inputs.js';
import { Loader } from '../../src/load/Loader.js';
import { formatReport, type LoadReport } from '../../src/load/LoadReport.js';
import type { Problem } from '../../src/linkedart/Problem.js';
import { valueAt } from '../../src/linkedart/problemValue.js';
import { REAL_WORLD_DIR } from '../support/corpus.js';

const REAL_WORLD = REAL_WORLD_DIR;

type Node = Record<string, unknown>;

/** The JSON object holding the value at `path`, and the value's key there. */
function parentOf(doc: Node, path: string): { holder: Node; key: string } {
  const m = /^(.*?)\.?([^.[\]]+)$/.exec(path)!;
  return { holder: (m[1] === '' ? doc : valueAt(doc, m[1])) as Node, key: m[2] };
}

/**
 * The fix a data team makes for the one problem listed, by rule: what the message and the hint
 * ask for, nothing more.
 */
const FIXES: Record<string, (doc: Node, p: Problem) => void> = {
  'unmapped-key': (doc, p) => {
    const { holder, key } = parentOf(doc, p.path);
    const meant = /^did you mean "([^"]+)"\?/.exec(p.hint ?? '')?.[1];
    if (meant !== undefined) holder[meant] = holder[key];
    delete holder[key];
  },
  // A value that is no reference: left out (the data team has no IRI for it).
  reference: (doc, p) => {
    const entry = /^(.*)\[(\d+)\]$/.exec(p.path);
    if (entry) (valueAt(doc, entry[1]) as unknown[]).splice(Number(entry[2]), 1);
    else {
      const { holder, key } = parentOf(doc, p.path);
      delete holder[key];
    }
  },
  'unknown-type': (doc, p) => {
    const { holder } = parentOf(doc, p.path);
    holder['type'] =
      { CreationAssignment: 'Creation', Provenance: 'Activity', Nmae: 'Name' }[holder['type'] as string] ??
      holder['type'];
  },
  NameContent: (doc, p) => {
    const n = valueAt(doc, p.path) as Node;
    n['content'] = n['_label'] ?? 'a name';
  },
  StatementContent: (doc, p) => {
    const n = valueAt(doc, p.path) as Node;
    n['content'] = n['_label'] ?? 'a statement';
  },
  ReferenceType: (doc, p) => {
    const n = valueAt(doc, p.path) as Node;
    n['type'] = /\/groups?\//.test(String(n['id'])) ? 'Group' : 'Type';
  },
  AcquisitionTransferredTitleOf: (doc, p) => {
    (valueAt(doc, p.path) as Node)['transferred_title_of'] = [
      { id: doc['id'], type: doc['type'], _label: doc['_label'] },
    ];
  },
  // A Dimension with no unit: the data team looks it up in the source (IMA's dimensions are in centimetres).
  DimensionUnit: (doc, p) => {
    (valueAt(doc, p.path) as Node)['unit'] = {
      id: 'http://vocab.getty.edu/aat/300379098',
      type: 'MeasurementUnit',
      _label: 'centimeters',
    };
  },
  DigitallyAvailableViaEntry: (doc, p) => {
    (valueAt(doc, p.path) as Node)['id'] = 'https://example.org/service/iiif';
  },
  TimeSpanBeginOfTheBegin: (doc, p) => {
    const { holder, key } = parentOf(doc, p.path);
    holder[key] = String(holder[key]).replace(/-(\d)T/, '-0$1T');
  },
};

const V1 = 'https://linked.art/ns/v1/linked-art.json';
/** Hand-made records refused for one problem whose consequences the shapes would also find. */
const HAND_MADE: Record<string, Node> = {
  'misspelt-content.json': {
    '@context': V1,
    id: 'https://example.org/object/1',
    type: 'HumanMadeObject',
    _label: 'Jug',
    identified_by: [{ type: 'Name', contnet: 'Jug' }],
  },
  'misspelt-identified-by.json': {
    '@context': V1,
    id: 'https://example.org/object/2',
    type: 'HumanMadeObject',
    _label: 'Bowl',
    identifed_by: [{ type: 'Name', content: 'Bowl' }],
  },
  'misspelt-type.json': {
    '@context': V1,
    id: 'https://example.org/object/3',
    type: 'HumanMadeObject',
    _label: 'Cup',
    identified_by: [{ type: 'Nmae', content: 'Cup' }],
  },
  'unknown-key-with-a-structure.json': {
    '@context': V1,
    id: 'https://example.org/object/4',
    type: 'HumanMadeObject',
    _label: 'Vase',
    produced_by: { type: 'Production', occurs_during: [{ type: 'Period', _label: '18th century' }] },
  },
};

const violations = (problems: readonly Problem[] | undefined) =>
  (problems ?? []).filter((p) => p.severity === 'Violation');

describe('the real-world records: a record refused for one rule alone loads once that is fixed', function () {
  this.timeout(120000);
  let report: LoadReport;
  let dir: string;
  let handMade: string;
  before(async () => {
    handMade = mkdtempSync(join(tmpdir(), 'linkedart-alone-hand-made-'));
    for (const [file, doc] of Object.entries(HAND_MADE)) writeFileSync(join(handMade, file), JSON.stringify(doc));
    report = await new Loader(undefined, { dryRun: true }).load(resolveInputs([REAL_WORLD, handMade]));
    dir = mkdtempSync(join(tmpdir(), 'linkedart-alone-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(handMade, { recursive: true, force: true });
  });

  it('lists ingest problems and shape violations of one document together', () => {
    const both = report.rejections.filter((r) => {
      const rules = violations(r.problems).map((p) => p.rule);
      return rules.some((rule) => rule in INGEST_HINTS) && rules.some((rule) => !(rule in INGEST_HINTS));
    });
    expect(both.length).to.be.greaterThan(0);
  });

  it('loads each record whose one listed problem is fixed', async () => {
    const single = report.rejections.filter(
      (r) => violations(r.problems).length === 1 && !REFUSED_AT_ONCE.has(violations(r.problems)[0].rule),
    );
    expect(single.length, 'refused records with one problem').to.be.greaterThan(20);
    expect(
      single
        .filter((r) => r.source.startsWith(handMade))
        .map((r) => r.source.slice(handMade.length + 1))
        .sort(),
    ).to.deep.equal(Object.keys(HAND_MADE).sort());
    for (const [i, item] of single.entries()) {
      const problem = violations(item.problems)[0];
      const fix = FIXES[problem.rule];
      expect(fix, `a hand-made fix for ${problem.rule} (${item.source})`).to.not.equal(undefined);
      // The paths are of the document as repaired: fixed there, as a data team reading the report would.
      const doc = repairDocument(JSON.parse(readFileSync(item.source, 'utf8'))).document as Node;
      fix(doc, problem);
      writeFileSync(join(dir, `${i}.json`), JSON.stringify(doc));
    }
    const fixed = await new Loader(undefined, { dryRun: true }).load(resolveInputs([dir]));
    expect(fixed.rejected, formatReport(fixed)).to.equal(0);
    expect(fixed.created).to.equal(single.length);
  });

  it('says of a rule that refuses before the shapes run that its documents may have other problems', () => {
    expect(formatReport(report)).to.match(
      /root-type: refuses \d+ documents, \d+ for this rule alone .*\(the shapes do not run on a document this rule refuses, so it may have other problems\)/,
    );
  });
});
