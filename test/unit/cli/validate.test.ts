import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_DIR, PROJECT_ROOT } from '../../support/corpus.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'validate', ...args], { encoding: 'utf8' });

describe('linkedart validate', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-validate-'));
    writeFileSync(
      join(dir, 'broken.json'),
      JSON.stringify({
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: 'https://example.org/object/9',
        type: 'HumanMadeObject',
        _label: 'Bowl',
        identified_by: [{ type: 'Name' }],
      }),
    );
    writeFileSync(join(dir, 'notjson.json'), '{"id": ');
    writeFileSync(
      join(dir, 'dated.json'),
      JSON.stringify({
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: 'https://example.org/object/10',
        type: 'HumanMadeObject',
        _label: 'Cup',
        produced_by: { type: 'Production', timespan: { type: 'TimeSpan', begin_of_the_begin: '1503' } },
      }),
    );
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
    expect(result.stdout)
      .to.contain('https://example.org/object/9')
      .and.contain('REJECTED')
      .and.contain('Violation at identified_by[0]: A Name must have content.');
  });

  it('repairs as a load does, and lists the repairs under the document; --repair none gives the verdict without them', () => {
    const repaired = run(join(dir, 'dated.json'));
    expect(repaired.status, repaired.stdout).to.equal(0);
    expect(repaired.stdout).to.contain(
      'Repaired at produced_by.timespan.begin_of_the_begin: "1503" → "1503-01-01T00:00:00Z" (the original kept as the TimeSpan\'s Name) [date-precision]',
    );
    const asWritten = run('--repair', 'none', join(dir, 'dated.json'));
    expect(asWritten.status).to.equal(1);
    expect(asWritten.stdout)
      .to.contain('Violation at produced_by.timespan.begin_of_the_begin')
      .and.not.contain('Repaired');
    const json = JSON.parse(run('--json', join(dir, 'dated.json')).stdout) as {
      documents: Array<{ valid: boolean; repairs: string[] }>;
    };
    expect(json.documents[0].repairs).to.have.length(1);
    expect(run('--repair', 'some', join(dir, 'dated.json')).status).to.equal(2);
  });

  it('gives the same results as JSON', () => {
    const result = run('--json', join(dir, 'broken.json'));
    const parsed = JSON.parse(result.stdout) as {
      documents: Array<{ valid: boolean; problems: Array<{ path: string; term: string }> }>;
    };
    expect(parsed.documents[0].valid).to.equal(false);
    expect(parsed.documents[0].problems.find((p) => p.term === 'content')!.path).to.equal('identified_by[0]');
  });

  it('reports unreadable input with exit code 2', () => {
    const result = run(join(dir, 'notjson.json'), join(dir, 'missing.json'));
    expect(result.status).to.equal(2);
    expect(result.stdout)
      .to.contain('notjson.json line 1 (record 1)')
      .and.contain('the input ends inside this value')
      .and.contain('missing.json\n  UNREADABLE: no such file or directory');
  });

  it('reads every format a load reads (Turtle, N-Quads gzipped, standard input with --format), split into documents as a load splits them', () => {
    const ttl = `@prefix crm: <http://www.cidoc-crm.org/cidoc-crm/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
#@document <https://example.org/place/1>
<https://example.org/place/1> a crm:E53_Place ; rdfs:label "Whitby" .
#@document <https://example.org/place/2>
<https://example.org/place/2> a crm:E53_Place ; rdfs:label "Nameless" ;
  crm:P1_is_identified_by [ a crm:E33_E41_Linguistic_Appellation ] .
`;
    writeFileSync(join(dir, 'dump.ttl'), ttl);
    const result = run(join(dir, 'dump.ttl'));
    expect(result.status, result.stdout + result.stderr).to.equal(1);
    expect(result.stdout).to.contain(
      `${join(dir, 'dump.ttl')} line 3 (document 1 <https://example.org/place/1>)  https://example.org/place/1\n  valid`,
    );
    expect(result.stdout).to.contain(
      `${join(dir, 'dump.ttl')} line 5 (document 2 <https://example.org/place/2>)  https://example.org/place/2\n  REJECTED`,
    );
    expect(result.stdout).to.contain('A Name must have content.').and.contain('2 document(s): 1 valid, 1 rejected');
    const nquads =
      '<https://example.org/place/3> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.cidoc-crm.org/cidoc-crm/E53_Place> <https://example.org/place/3> .\n' +
      '<https://example.org/place/3> <http://www.w3.org/2000/01/rdf-schema#label> "Scarborough" <https://example.org/place/3> .\n';
    writeFileSync(join(dir, 'dump.nq.gz'), gzipSync(nquads));
    const gz = run(join(dir, 'dump.nq.gz'));
    expect(gz.status, gz.stdout).to.equal(0);
    expect(gz.stdout)
      .to.contain('line 1 (graph 1 <https://example.org/place/3>)')
      .and.contain('1 document(s): 1 valid');
    const stdin = spawnSync(process.execPath, [CLI, 'validate', '--format', 'turtle', '-'], {
      encoding: 'utf8',
      input: ttl,
    });
    expect(stdin.status).to.equal(1);
    expect(stdin.stdout).to.contain('- line 5 (document 2 <https://example.org/place/2>)');
  });
});
