import { expect } from 'chai';
import { COMMAND_SUMMARIES } from '../../../src/cli/commandSummaries.js';
import { programFor } from '../../../src/cli/program.js';

const argv = (...words: string[]): string[] => ['node', 'linkedart', ...words];

describe('cli/program: each run loads its own command only', () => {
  it('draws the top-level help from the summaries exactly as from every command’s own code', async () => {
    const fromSummaries = (await programFor(argv('--help'))).helpInformation();
    const fromEveryCommand = (await programFor(argv('--help'), true)).helpInformation();
    expect(fromSummaries).to.equal(fromEveryCommand);
    for (const { name } of COMMAND_SUMMARIES) expect(fromSummaries).to.include(`  ${name} `);
  });

  it('gives each command its full definition when it is the one asked for', async () => {
    for (const { name, description } of COMMAND_SUMMARIES) {
      for (const words of [
        [name, '--help'],
        ['help', name],
      ]) {
        const program = await programFor(argv(...words));
        expect(program.commands.map((c) => c.name())).to.deep.equal([name]);
        const [command] = program.commands;
        expect(command.description()).to.equal(description);
        expect(command.options.length, `${name}: its options`).to.be.greaterThan(0);
      }
    }
  });

  it('lists every command for a mistyped one, so commander can name the nearest', async () => {
    const program = await programFor(argv('lod', 'data'));
    expect(program.commands.map((c) => c.name())).to.deep.equal(COMMAND_SUMMARIES.map((s) => s.name));
  });
});
