import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveInputs } from '../../../src/load/inputs.js';
import { LastCopies, recordId } from '../../../src/load/lastCopies.js';

const A = 'http://localhost:8080/object/a';
const B = 'http://localhost:8080/object/b';
const quad = (id: string) => `<${id}> <http://www.w3.org/2000/01/rdf-schema#label> "x" <${id}> .\n`;

describe('load: which copy of an id counts (lastCopies)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-lastcopies-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('one RDF dump needs no first pass (a graph cannot come twice in it); a second one does', () => {
    const one = resolveInputs([file('1.nq', quad(A))]);
    expect(LastCopies.needed(one)).to.equal(false);
    expect(LastCopies.needed(resolveInputs([file('2.nq', quad(A)), ...one.map((i) => i.name)]))).to.equal(true);
    expect(LastCopies.needed(resolveInputs([file('3.ndjson', '{}\n')]))).to.equal(true);
  });

  it('across RDF dumps: the copy in the later dump counts, the first dump not read for it', async () => {
    const inputs = resolveInputs([file('1.nq', quad(A) + quad(B)), file('2.nq', quad(A))]);
    const copies = await LastCopies.read(inputs, {});
    expect(copies.superseded(A, 0, 0)).to.equal(true);
    expect(copies.superseded(B, 0, 1)).to.equal(false);
    expect(copies.superseded(A, 1, 0)).to.equal(false);
  });

  it('in one NDJSON file: the last record with the id counts, ids taken as the gate takes them (repaired)', async () => {
    const lines =
      [{ id: A }, { id: B }, { id: 'http://localhost:8080/object/a' }, { id: 'object/b' }]
        .map((j) => JSON.stringify(j))
        .join('\n') + '\n';
    const inputs = resolveInputs([file('d.ndjson', lines)]);
    const copies = await LastCopies.read(inputs, { baseUrl: 'http://localhost:8080/' });
    expect([0, 1, 2, 3].map((n) => copies.superseded(n === 1 || n === 3 ? B : A, 0, n))).to.deep.equal([
      true,
      true,
      false,
      false,
    ]);
    expect(
      recordId(
        { kind: 'json', location: '', json: { id: 'object/b' } },
        { baseUrl: 'http://localhost:8080/', repair: 'none' },
      ),
    ).to.equal('object/b');
  });
});
