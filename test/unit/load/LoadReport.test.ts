import { expect } from 'chai';
import {
  documentsSeen,
  emptyReport,
  formatReport,
  hasFailures,
  problemMessages,
  recordWarned,
  type LoadReport,
} from '../../../src/load/LoadReport.js';
import type { Problem } from '../../../src/linkedart/Problem.js';

const ID = 'http://localhost:8080/object/';

const nameContent: Problem = {
  document: `${ID}bad`,
  path: 'identified_by[0]',
  value: '{"type":"Name"}',
  term: 'content',
  rule: 'NameContent',
  message: 'A Name must have content.',
  hint: 'give the Name its "content"',
  severity: 'Violation',
};
const classifiedAs = (doc: string): Problem => ({
  document: doc,
  path: '',
  term: 'classified_as',
  rule: 'DocumentClassifiedAs',
  message: 'The document has no classified_as (recommended).',
  severity: 'Warning',
});
const identifiedBy = (doc: string): Problem => ({
  document: doc,
  path: '',
  term: 'identified_by',
  rule: 'DocumentIdentifiedBy',
  message: 'The document has no identified_by (recommended).',
  severity: 'Warning',
});

function report(fill: (r: LoadReport) => void, dryRun = false): LoadReport {
  const r = emptyReport(dryRun);
  fill(r);
  return r;
}

/** A load of 3 new documents (2 with warnings, 3 in all), 1 replaced, 1 unchanged, 1 rejected, in 2 s. */
const mixed = report((r) => {
  r.created = 3;
  r.replaced = 1;
  r.unchanged = 1;
  r.rejected = 1;
  r.seconds = 2;
  r.rejections.push({
    source: 'dump.ndjson',
    location: 'line 3 (record 3)',
    id: `${ID}bad`,
    messages: problemMessages([nameContent, classifiedAs(`${ID}bad`)]),
    problems: [nameContent, classifiedAs(`${ID}bad`)],
  });
  recordWarned(r, {
    source: 'dump.ndjson',
    location: 'line 1 (record 1)',
    id: `${ID}a`,
    messages: problemMessages([identifiedBy(`${ID}a`), classifiedAs(`${ID}a`)]),
  });
  recordWarned(r, {
    source: 'dump.ndjson',
    location: 'line 2 (record 2)',
    id: `${ID}b`,
    messages: problemMessages([classifiedAs(`${ID}b`)]),
  });
});

describe('load: the report (LoadReport)', () => {
  it('problemMessages: severity, where, the rule in words and its id', () => {
    expect(problemMessages([nameContent, classifiedAs(`${ID}x`)])).to.deep.equal([
      'Violation at identified_by[0]: A Name must have content. (value: {"type":"Name"}) [NameContent] Fix: give the Name its "content"',
      'Warning at (document): The document has no classified_as (recommended). [DocumentClassifiedAs]',
    ]);
  });

  const formatted: Array<{ name: string; report: LoadReport; listWarnings?: boolean; lines: string[] }> = [
    {
      name: 'nothing loaded',
      report: emptyReport(false),
      lines: ['loaded: 0 new, 0 replaced, 0 unchanged, 0 rejected, 0 warnings in 0.0 s (0 documents/s)'],
    },
    {
      name: 'rejections with their messages, warnings counted by rule (the commonest first, with an example), the summary last',
      report: mixed,
      lines: [
        'rejected by rule (a document may break several; --json and --rejects FILE list every problem of every document):',
        '  NameContent: refuses 1 document, 1 for this rule alone (17% of the 6 read)',
        '    A Name must have content.',
        `    e.g. dump.ndjson line 3 (record 3) ${ID}bad at identified_by[0]: {"type":"Name"}`,
        '    Fix: give the Name its "content"',
        'warnings by rule (--warnings lists each):',
        `  DocumentClassifiedAs: 2, e.g. dump.ndjson line 1 (record 1) ${ID}a: Warning at (document): The document has no classified_as (recommended). [DocumentClassifiedAs]`,
        `  DocumentIdentifiedBy: 1, e.g. dump.ndjson line 1 (record 1) ${ID}a: Warning at (document): The document has no identified_by (recommended). [DocumentIdentifiedBy]`,
        'loaded: 3 new, 1 replaced, 1 unchanged, 1 rejected, 3 warnings in 2.0 s (3 documents/s)',
      ],
    },
    {
      name: 'listWarnings: each warning with where it was',
      report: mixed,
      listWarnings: true,
      lines: [
        'rejected by rule (a document may break several; --json and --rejects FILE list every problem of every document):',
        '  NameContent: refuses 1 document, 1 for this rule alone (17% of the 6 read)',
        '    A Name must have content.',
        `    e.g. dump.ndjson line 3 (record 3) ${ID}bad at identified_by[0]: {"type":"Name"}`,
        '    Fix: give the Name its "content"',
        `warning: dump.ndjson line 1 (record 1) ${ID}a`,
        '  Warning at (document): The document has no identified_by (recommended). [DocumentIdentifiedBy]',
        '  Warning at (document): The document has no classified_as (recommended). [DocumentClassifiedAs]',
        `warning: dump.ndjson line 2 (record 2) ${ID}b`,
        '  Warning at (document): The document has no classified_as (recommended). [DocumentClassifiedAs]',
        'loaded: 3 new, 1 replaced, 1 unchanged, 1 rejected, 3 warnings in 2.0 s (3 documents/s)',
      ],
    },
    {
      name: 'unreadable parts first, then rejections, then triples left over; the summary counts them',
      report: report((r) => {
        r.created = 10;
        r.seconds = 0.5;
        r.leftovers.push({
          source: 'dump.ttl',
          location: 'triples with no graph',
          messages: [
            '2 triples belong to no document',
            '<http://x/a> <http://x/p> "v"',
            '<http://x/b> <http://x/p> <http://x/c>',
          ],
        });
        r.rejections.push({
          source: 'dump.ttl',
          location: 'document 3 split from the triples with no graph',
          id: `${ID}bad`,
          messages: problemMessages([nameContent]),
          problems: [nameContent],
        });
        r.unreadable.push({ source: 'dump.ttl', location: 'line 40', messages: ['Unexpected "garbage" on line 40.'] });
        r.rejected = 1;
      }),
      lines: [
        'unreadable: dump.ttl line 40',
        '  Unexpected "garbage" on line 40.',
        'rejected by rule (a document may break several; --json and --rejects FILE list every problem of every document):',
        '  NameContent: refuses 1 document, 1 for this rule alone (9.1% of the 11 read)',
        '    A Name must have content.',
        `    e.g. dump.ttl document 3 split from the triples with no graph ${ID}bad at identified_by[0]: {"type":"Name"}`,
        '    Fix: give the Name its "content"',
        'left over: dump.ttl triples with no graph',
        '  2 triples belong to no document',
        '  <http://x/a> <http://x/p> "v"',
        '  <http://x/b> <http://x/p> <http://x/c>',
        'loaded: 10 new, 0 replaced, 0 unchanged, 1 rejected, 0 warnings, 1 unreadable parts, 1 sets of triples left over in 0.5 s (22 documents/s)',
      ],
    },
    {
      name: 'a dry run says nothing was stored',
      report: report((r) => {
        r.created = 4;
        r.seconds = 1;
      }, true),
      lines: [
        'checked (nothing stored): 4 new, 0 replaced, 0 unchanged, 0 rejected, 0 warnings in 1.0 s (4 documents/s)',
      ],
    },
    {
      name: 'warnings without a [rule] (the same id twice) are counted together, not a line each',
      report: report((r) => {
        r.created = 2;
        recordWarned(r, {
          source: 'b.json',
          location: 'line 9 (record 2)',
          id: `${ID}a`,
          messages: ['this id was also at a.json line 1 (record 1); this later document replaces it'],
        });
        recordWarned(r, {
          source: 'b.json',
          location: 'line 12 (record 3)',
          id: `${ID}b`,
          messages: ['this id was also at a.json line 2 (record 2); this later document replaces it'],
        });
      }),
      lines: [
        'warnings by rule (--warnings lists each):',
        `  other: 2, e.g. b.json line 9 (record 2) ${ID}a: this id was also at a.json line 1 (record 1); this later document replaces it`,
        'loaded: 2 new, 0 replaced, 0 unchanged, 0 rejected, 2 warnings in 0.0 s (2 documents/s)',
      ],
    },
    {
      name: 'a stopped load ends with why',
      report: report((r) => {
        r.created = 2;
        r.aborted = 'interrupted; every document stored so far is whole';
      }),
      lines: [
        'loaded: 2 new, 0 replaced, 0 unchanged, 0 rejected, 0 warnings in 0.0 s (2 documents/s)',
        'stopped: interrupted; every document stored so far is whole',
      ],
    },
  ];

  describe('formatReport', () => {
    for (const c of formatted) {
      it(c.name, () => {
        expect(formatReport(c.report, c.listWarnings).split('\n')).to.deep.equal(c.lines);
      });
    }
  });

  describe('hasFailures and documentsSeen', () => {
    const cases: Array<{ name: string; fill: (r: LoadReport) => void; failures: boolean; seen: number }> = [
      { name: 'an empty load', fill: () => undefined, failures: false, seen: 0 },
      {
        name: 'documents stored, with warnings',
        fill: (r) => {
          r.created = 2;
          r.replaced = 1;
          r.unchanged = 3;
          r.warnings = 5;
        },
        failures: false,
        seen: 6,
      },
      {
        name: 'a document rejected',
        fill: (r) => {
          r.created = 2;
          r.rejected = 1;
        },
        failures: true,
        seen: 3,
      },
      {
        name: 'an unreadable part',
        fill: (r) => {
          r.unreadable.push({ source: 'a', location: 'line 1', messages: ['x'] });
        },
        failures: true,
        seen: 0,
      },
      {
        name: 'triples left over',
        fill: (r) => {
          r.leftovers.push({ source: 'a', location: 'x', messages: ['x'] });
        },
        failures: true,
        seen: 0,
      },
      {
        name: 'stopped',
        fill: (r) => {
          r.aborted = 'interrupted';
        },
        failures: true,
        seen: 0,
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const r = report(c.fill);
        expect(hasFailures(r)).to.equal(c.failures);
        expect(documentsSeen(r)).to.equal(c.seen);
      });
    }
  });

  it('a report survives JSON (as --json and the bulk endpoint send it)', () => {
    expect(JSON.parse(JSON.stringify(mixed))).to.deep.equal(mixed);
  });

  it('lists the first documents warned about, and counts every warning by rule past them', () => {
    const r = emptyReport(false);
    r.created = 3;
    for (const [n, id] of ['a', 'b', 'c'].entries()) {
      recordWarned(
        r,
        {
          source: 'dump.ndjson',
          location: `line ${n + 1} (record ${n + 1})`,
          id: `${ID}${id}`,
          messages: problemMessages([classifiedAs(`${ID}${id}`)]),
        },
        1,
      );
    }
    expect(r.warned.map((w) => w.id)).to.deep.equal([`${ID}a`]);
    expect(r.warnedNotListed).to.equal(2);
    expect(r.warnings).to.equal(3);
    expect(formatReport(r).split('\n')[1]).to.match(
      /^ {2}DocumentClassifiedAs: 3, e\.g\. dump\.ndjson line 1 \(record 1\)/,
    );
    expect(formatReport(r, true).split('\n')).to.include(
      '… and 2 more documents with warnings, counted but not listed',
    );
  });
});
