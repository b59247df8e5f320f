/** `linkedart load` run as a user runs it, for tests that look at what a load leaves behind. */
import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../support/corpus.js';

/** `linkedart load` of `input` into `dir` under `base`, which must store everything; its standard error. */
export function loadWhole(dir: string, input: string, base: string, ...flags: string[]): string {
  const run = spawnSync(process.execPath, [
    `${PROJECT_ROOT}dist/src/cli/main.js`,
    'load',
    '--data-dir',
    dir,
    '--base-url',
    base,
    '--no-progress',
    ...flags,
    input,
  ]);
  expect(run.status, run.stderr.toString()).to.equal(0);
  return run.stderr.toString();
}
