/**
 * The engine's knowledge of graphs never written (engine.ts, writtenSinceEmpty): it may skip
 * the undo copy of a graph only while every change came through replaceGraphs. A graph an
 * update, a snapshot or a replay filled must still be found and copied.
 */
import { expect } from 'chai';
import { Engine } from '../../../src/store/embedded/engine.js';

const EX = 'http://example.org/';
const line = (g: string, o: string) => `<${EX}s> <${EX}p> "${o}" <${EX}${g}> .\n`;

describe('store engine: what replacing graphs overwrites', () => {
  it('a graph written before is found with its quads; one never written holds nothing', () => {
    const engine = new Engine();
    expect(engine.overwritten([EX + 'a']).graphs).to.deep.equal([]);
    engine.replaceGraphs([EX + 'a'], line('a', 'one'), engine.overwritten([EX + 'a']));
    const before = engine.overwritten([EX + 'a', EX + 'b']);
    expect(before.graphs.map(([g]) => g)).to.deep.equal([EX + 'a']);
    expect(before.graphs[0][1]).to.contain('"one"');
    expect(before.chars).to.be.greaterThan(0);
  });

  it('after an update, a snapshot chunk or a replay, graphs they filled are found', () => {
    const fills: Array<[string, (engine: Engine) => void]> = [
      ['update', (e) => e.update(`INSERT DATA { GRAPH <${EX}u> { <${EX}s> <${EX}p> "by update" } }`)],
      [
        'snapshot chunk',
        (e) => e.loadTrig(new TextEncoder().encode(`<${EX}u> { <${EX}s> <${EX}p> "from a snapshot" . }\n`)),
      ],
      ['replayed record', (e) => e.replayReplace([EX + 'u'], line('u', 'replayed'), false)],
    ];
    for (const [what, fill] of fills) {
      const engine = new Engine();
      engine.replaceGraphs([EX + 'a'], line('a', 'one'), engine.overwritten([EX + 'a']));
      fill(engine);
      expect(
        engine.overwritten([EX + 'u']).graphs.map(([g]) => g),
        what,
      ).to.deep.equal([EX + 'u']);
    }
  });

  it('a failed replacement gives the graphs their quads back, and they are still found after', () => {
    const engine = new Engine();
    engine.replaceGraphs([EX + 'a'], line('a', 'one'), engine.overwritten([EX + 'a']));
    expect(() =>
      engine.replaceGraphs([EX + 'a'], `<${EX}s> <${EX}p> "x"@not-a-tag! <${EX}a> .\n`, engine.overwritten([EX + 'a'])),
    ).to.throw();
    expect(engine.overwritten([EX + 'a']).graphs[0][1]).to.contain('"one"');
  });
});
