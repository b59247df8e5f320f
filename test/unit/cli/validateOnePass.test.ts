/** `linkedart validate` lists every problem of a document at once, ingest problems and shape violations together. */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'validate', ...args], { encoding: 'utf8' });

describe('linkedart validate: every problem at once', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-validate-onepass-'));
    writeFileSync(
      join(dir, 'both.json'),
      JSON.stringify({
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: 'https://example.org/object/11',
        type: 'HumanMadeObject',
        _label: 'Bowl',
        identified_by: [{ type: 'Name' }],
        produced_by: { type: 'Production', occurs_during: [{ type: 'Period', _label: '18th century' }] },
      }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('shows the unmapped key, saying its value was not read, and the Name without content', () => {
    const result = run(join(dir, 'both.json'));
    expect(result.status).to.equal(1);
    expect(result.stdout)
      .to.contain('Violation at identified_by[0]: A Name must have content.')
      .and.contain(
        'Violation at produced_by.occurs_during: "occurs_during" is not defined by the Linked Art context for a node of type Production; it would be lost; its value was not read because of this; problems inside it are not checked',
      );
    const json = JSON.parse(run('--json', join(dir, 'both.json')).stdout) as {
      documents: Array<{ problems: Array<{ rule: string; path: string; severity: string }> }>;
    };
    expect(
      json.documents[0].problems
        .filter((p) => p.severity === 'Violation')
        .map((p) => `${p.rule} at ${p.path}`)
        .sort(),
    ).to.deep.equal(['NameContent at identified_by[0]', 'unmapped-key at produced_by.occurs_during']);
  });
});
