import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DIR, PROJECT_ROOT } from '../../support/corpus.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'validate', ...args], { encoding: 'utf8' });

describe('linkedart validate', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-validate-'));
    writeFileSync(join(dir, 'broken.json'), JSON.stringify({
      '@context': 'https://linked.art/ns/v1/linked-art.json', id: 'https://example.org/object/9', type: 'HumanMadeObject', _label: 'Bowl',
      identified_by: [{ type: 'Name' }],
    }));
    writeFileSync(join(dir, 'notjson.json'), '{"id": ');
    writeFileSync(join(dir, 'dated.json'), JSON.stringify({
      '@context': 'https://linked.art/ns/v1/linked-art.json', id: 'https://example.org/object/10', type: 'HumanMadeObject', _label: 'Cup',
      produced_by: { type: 'Production', timespan: { type: 'TimeSpan', begin_of_the_begin: '1503' } },
    }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('passes the demo collection with exit code 0', () => {
    const result = run(DEMO_DIR);
    expect(result.status, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.match(/29 document\(s\): 29 valid, 0 rejected/);
  });

  it('explains a broken document, grouped under it, with exit code 1', () => {
    const result = run(join(dir, 'broken.json'));
    expect(result.status).to.equal(1);
    expect(result.stdout).to.contain('https://example.org/object/9').and.contain('REJECTED')
      .and.contain('Violation at identified_by[0]: A Name must have content.');
  });

  it('repairs as a load does, and lists the repairs under the document; --repair none gives the verdict without them', () => {
    const repaired = run(join(dir, 'dated.json'));
    expect(repaired.status, repaired.stdout).to.equal(0);
    expect(repaired.stdout).to.contain('Repaired at produced_by.timespan.begin_of_the_begin: "1503" → "1503-01-01T00:00:00Z" (the original kept as the TimeSpan\'s Name) [date-precision]');
    const asWritten = run('--repair', 'none', join(dir, 'dated.json'));
    expect(asWritten.status).to.equal(1);
    expect(asWritten.stdout).to.contain('Violation at produced_by.timespan.begin_of_the_begin').and.not.contain('Repaired');
    const json = JSON.parse(run('--json', join(dir, 'dated.json')).stdout) as { documents: Array<{ valid: boolean; repairs: string[] }> };
    expect(json.documents[0]!.repairs).to.have.length(1);
    expect(run('--repair', 'some', join(dir, 'dated.json')).status).to.equal(2);
  });

  it('gives the same results as JSON', () => {
    const result = run('--json', join(dir, 'broken.json'));
    const parsed = JSON.parse(result.stdout) as { documents: Array<{ valid: boolean; problems: Array<{ path: string; term: string }> }> };
    expect(parsed.documents[0]!.valid).to.equal(false);
    expect(parsed.documents[0]!.problems.find((p) => p.term === 'content')!.path).to.equal('identified_by[0]');
  });

  it('reports unreadable input with exit code 2', () => {
    const result = run(join(dir, 'notjson.json'), join(dir, 'missing.json'));
    expect(result.status).to.equal(2);
    expect(result.stdout).to.contain('not JSON').and.contain('no such file or directory');
  });
});
