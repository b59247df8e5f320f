/**
 * The README as a new user reads it on a fresh clone: the folders it names are the ones there are,
 * its commands run as written, and nothing sends anyone to a folder beside the project.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';

const README = readFileSync(`${PROJECT_ROOT}README.md`, 'utf8');
/** The folder beside the project the tests once read (spelt in parts, so that this file does not name it). */
const BESIDE = ['..', 'shared'].join('/');

/** The lines of the README's fenced code blocks, with their line numbers. */
function codeLines(): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let inBlock = false;
  README.split('\n').forEach((text, i) => {
    if (text.startsWith('```')) inBlock = !inBlock;
    else if (inBlock) out.push({ line: i + 1, text });
  });
  return out;
}

/** Every .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the README on a fresh clone', () => {
  it('"How it works" names every folder of src/, and only folders that exist', () => {
    const section = README.slice(README.indexOf('## How it works'), README.indexOf('## Validation'));
    const named = new Set([...section.matchAll(/`src\/([a-zA-Z]+)\/`/g)].map((m) => m[1]));
    const folders = readdirSync(`${PROJECT_ROOT}src`).filter((f) => statSync(`${PROJECT_ROOT}src/${f}`).isDirectory());
    expect(
      folders.filter((f) => !named.has(f)),
      'folders of src/ the table leaves out',
    ).to.deep.equal([]);
    expect(
      [...named].filter((f) => !folders.includes(f)),
      'folders the table names that src/ does not have',
    ).to.deep.equal([]);
  });

  it('runs the command-line program as a fresh clone can: npx linkedart, not a bare linkedart', () => {
    // A bare `linkedart` is on the PATH only after `npm link`; the README says so once, and its examples use npx.
    const bare = codeLines().filter(({ text }) => /^(\$ )?linkedart\s/.test(text));
    expect(bare.map(({ line, text }) => `README.md:${line}: ${text}`)).to.deep.equal([]);
  });

  it('sends nobody to the folder beside the project: the README, src/ and test/ read only what the project holds', () => {
    const readers = [...sources(`${PROJECT_ROOT}src`), ...sources(`${PROJECT_ROOT}test`)]
      .filter((file) => readFileSync(file, 'utf8').includes(BESIDE))
      .map((file) => file.slice(PROJECT_ROOT.length));
    expect(readers, `files that mention ${BESIDE}`).to.deep.equal([]);
    expect(README.includes(BESIDE), `the README mentions ${BESIDE}`).to.equal(false);
  });
});
