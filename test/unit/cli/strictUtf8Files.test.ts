/**
 * Files are read as strict UTF-8 as request bodies are: a Latin-1 "é" in a dump is named with its
 * byte offset by `linkedart validate` and stops `linkedart load`, never stored as U+FFFD.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

describe('dumps that are not UTF-8, from the command line', function () {
  this.timeout(60000);
  let dir: string;
  let file: string;
  let offset: number;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-latin1-'));
    const head = Buffer.from(
      '{"@context":"https://linked.art/ns/v1/linked-art.json","id":"https://example.org/object/1","type":"HumanMadeObject","_label":"Caf',
    );
    offset = head.length;
    file = join(dir, 'latin1.json');
    writeFileSync(file, Buffer.concat([head, Buffer.from([0xe9]), Buffer.from('"}\n')]));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('linkedart validate: the file is unreadable, at its byte offset (exit code 2, as for any unreadable input)', () => {
    const result = run('validate', file);
    expect(result.status, result.stdout + result.stderr).to.equal(2);
    expect(result.stdout + result.stderr).to.match(
      new RegExp(`latin1\\.json[\\s\\S]*not UTF-8: byte 0xE9 at byte offset ${offset}\\b`),
    );
  });

  it('linkedart load: refused, naming the file and the byte offset; nothing stored', () => {
    const data = join(dir, 'data');
    const result = run('load', '--data-dir', data, '--no-progress', file);
    expect(result.status, result.stdout + result.stderr).to.not.equal(0);
    expect(result.stderr).to.match(new RegExp(`latin1\\.json: not UTF-8: byte 0xE9 at byte offset ${offset}\\b`));
    const exported = run('export', '--data-dir', data, '--format', 'ndjson');
    expect(exported.stdout).to.not.contain('example.org/object/1');
  });
});
