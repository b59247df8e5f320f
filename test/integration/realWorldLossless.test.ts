/**
 * Nothing accepted is changed silently (issue 16): every record of the real-world set
 * (test/fixtures/real-world), the corpus and the demo, repaired as a load repairs it and
 * admitted by the gate, comes back from the store's quads with every key and value it was given.
 * The only differences allowed are a single value shown as a one-element array under a `@set`
 * property, and what a named repair says it changed (the path it names, the key it renamed to,
 * the Name a date repair keeps the original in). The outcomes come from test/reports/realWorld.ts;
 * their report (test-output/real-world.md) is written by `npm run report:real-world`, not here.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { FIXTURES, PROJECT_ROOT } from '../support/corpus.js';
import { REAL_WORLD, realWorldOutcomes, type Outcome } from '../reports/realWorld.js';

describe('real-world records, the corpus and the demo: nothing accepted is changed silently', function () {
  this.timeout(300000);
  let outcomes: Outcome[] = [];

  before(() => {
    outcomes = realWorldOutcomes();
  });

  it('says in the README what it measures: records, loaded as written, with repairs, under report, per source', () => {
    // The README's "Real-world data" table: its first four number columns (a bracket is "before", not checked).
    const readme = readFileSync(`${PROJECT_ROOT}README.md`, 'utf8');
    const section = readme.slice(readme.indexOf('### Real-world data'));
    const table = section.slice(section.indexOf('| source |'), section.indexOf('\n\n', section.indexOf('| source |')));
    const said = new Map<string, number[]>();
    for (const row of table.split('\n').slice(2)) {
      const cells = row
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      const name = cells[0].replace(/\*/g, '').split(' ')[0];
      said.set(
        name === 'all' ? 'all' : name,
        cells.slice(1, 5).map((c) => Number(/\d+/.exec(c.replace(/\*/g, ''))![0])),
      );
    }
    const measured = (of: readonly Outcome[]) => [
      of.length,
      of.filter((o) => o.loadsAsWritten).length,
      of.filter((o) => !o.rules).length,
      of.filter((o) => o.loadsUnderReport).length,
    ];
    const real = outcomes.filter((o) => o.file.startsWith(REAL_WORLD));
    const expected = new Map<string, number[]>(
      [...new Set(outcomes.map((o) => o.source))].map((s) => [s, measured(outcomes.filter((o) => o.source === s))]),
    );
    expected.set('all', measured(real));
    expect(
      Object.fromEntries(said),
      'README "Real-world data" against this measure (npm run report:real-world)',
    ).to.deep.equal(Object.fromEntries(expected));
  });

  it('reads the 170 real-world records, the 157 corpus examples and the 29 demo documents', () => {
    expect(outcomes.filter((o) => o.file.startsWith(REAL_WORLD))).to.have.length(170);
    expect(outcomes.filter((o) => o.source === 'la-examples')).to.have.length(157);
    expect(outcomes.filter((o) => o.source === 'demo')).to.have.length(29);
  });

  it('gives back every key and value of every accepted record, changed only where a named repair says', () => {
    const changed = outcomes
      .filter((o) => o.unexplained && o.unexplained.length > 0)
      .map((o) => `${relative(resolve(FIXTURES), o.file)}: ${o.unexplained!.slice(0, 3).join(' | ')}`);
    expect(changed).to.deep.equal([]);
  });

  it('gives back every key and value of every record accepted under --conformance report too', () => {
    const changed = outcomes
      .filter((o) => o.unexplainedUnderReport && o.unexplainedUnderReport.length > 0)
      .map((o) => `${relative(resolve(FIXTURES), o.file)}: ${o.unexplainedUnderReport!.slice(0, 3).join(' | ')}`);
    expect(changed).to.deep.equal([]);
    // The policy admits more than strict does, never less.
    expect(outcomes.filter((o) => !o.rules && !o.loadsUnderReport)).to.deep.equal([]);
  });

  it('accepts every record accepted as written (repairs never cost a record)', () => {
    const lost = outcomes.filter((o) => o.loadsAsWritten && o.rules).map((o) => `${o.file}: ${o.rules!.join(', ')}`);
    expect(lost).to.deep.equal([]);
  });

  it('accepts every demo document as written, with no repair', () => {
    for (const o of outcomes.filter((x) => x.source === 'demo')) {
      expect(o.rules, o.file).to.equal(undefined);
      expect(o.repairs, o.file).to.deep.equal([]);
    }
  });
});
