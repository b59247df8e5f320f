/**
 * The numbers of a request's placed activities read from the store's answer to it
 * (placedAnswer.ts): Virtuoso's lines naming the activity graphs it inserted into, as JSON
 * results or text; any answer that does not name exactly the activities placed, one after
 * another, is no answer, and those requests' numbers are read back by their tokens instead.
 */
import { expect } from 'chai';
import { ACTIVITY_GRAPH_PREFIX, INTERNAL_GRAPH_PREFIX } from '../../../../src/store/internalGraphs.js';
import { placedInAnswer, storedPlaces, type AnsweredGuard } from '../../../../src/store/sparql/placedAnswer.js';
import type { SolutionsResult } from '../../../../src/sparql/results/readJson.js';

const inserted = (graph: string, n = 1) => `Insert into <${graph}>, ${n} (or less) quads -- done`;
const activity = (n: number) => `${ACTIVITY_GRAPH_PREFIX}${n}`;
/** An update's answer as Virtuoso gives it in SPARQL JSON results (one solution, its message in callret-0). */
const json = (lines: string[]) =>
  JSON.stringify({
    head: { link: [], vars: ['callret-0'] },
    results: { bindings: [{ 'callret-0': { type: 'literal', value: lines.join('\n') } }] },
  });

describe("placedAnswer: a write's activity numbers from the store's answer", () => {
  const registry = `${INTERNAL_GRAPH_PREFIX}graphs`;

  it('the first of the activity graphs the answer says were inserted into, as JSON or as text', () => {
    const lines = [
      'Delete from <urn:linkedart-service:write-turn>, 1 (or less) triples -- done',
      inserted('https://example.org/object/1', 3),
      inserted(registry, 2),
      inserted(activity(52)),
      inserted(activity(51)),
      'Commit -- done',
    ];
    expect(placedInAnswer(json(lines), 2)).to.equal(51);
    expect(placedInAnswer(lines.join('\n'), 2)).to.equal(51);
  });

  it('no number when the answer names other activities than those placed, a gap, none, or is not understood', () => {
    expect(placedInAnswer(json([inserted(activity(51))]), 2)).to.equal(undefined);
    expect(placedInAnswer(json([inserted(activity(51)), inserted(activity(52)), inserted(activity(53))]), 2)).to.equal(
      undefined,
    );
    expect(placedInAnswer(json([inserted(activity(51)), inserted(activity(53))]), 2)).to.equal(undefined);
    expect(placedInAnswer(json([inserted(`${ACTIVITY_GRAPH_PREFIX}page:1`)]), 1)).to.equal(undefined);
    expect(placedInAnswer('', 1)).to.equal(undefined);
    expect(placedInAnswer('<sparql>…</sparql>', 1)).to.equal(undefined);
  });

  it('asks the store only for the requests whose answer did not say, by their tokens', async () => {
    const guard = (token: string, first: number, count: number, answer: string): AnsweredGuard => ({
      activity: activity(first),
      token,
      claim: '',
      check: '',
      release: '',
      answer,
      placed: { graphs: new Set(), first, count, slot: '', insert: () => '', insertion: '' },
    });
    const asked: string[] = [];
    const select = (query: string): Promise<SolutionsResult> => {
      asked.push(query);
      return Promise.resolve({
        kind: 'bindings',
        variables: ['token', 'claimed'],
        rows: [{ token: { t: 'L', v: 'b' }, claimed: { t: 'N', v: activity(9) } }],
      });
    };
    const said = guard('a', 3, 2, json([inserted(activity(7)), inserted(activity(8))]));
    expect(await storedPlaces([said], select)).to.deep.equal(
      new Map([
        [3, 7],
        [4, 8],
      ]),
    );
    expect(asked).to.deep.equal([]);
    const places = await storedPlaces([said, guard('b', 5, 1, json(['Commit -- done']))], select);
    expect(places).to.deep.equal(
      new Map([
        [3, 7],
        [4, 8],
        [5, 9],
      ]),
    );
    expect(asked).to.have.length(1);
    expect(asked[0]).to.contain('"b"').and.not.contain('"a"');
  });
});
