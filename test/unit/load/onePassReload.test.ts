/**
 * A load over a stored document: a new version with an ingest problem is refused with every
 * problem, never taken for the stored version because what could be read of it is the same.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveInputs } from '../../../src/load/inputs.js';
import { Loader } from '../../../src/load/Loader.js';
import { rejectLine, type RejectedRecord } from '../../../src/load/rejectsFile.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { MemoryStore } from '../../support/memoryStore.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const JUG = {
  '@context': V1,
  id: 'https://example.org/object/1',
  type: 'HumanMadeObject',
  _label: 'Jug',
  identified_by: [{ type: 'Name', content: 'Jug' }],
};

describe('load: a stored document given again with an ingest problem', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-onepass-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const checkWorkers of [0, 1])
    it(`is refused with all its problems, not left as unchanged${checkWorkers ? ' (checked in a worker)' : ''}`, async () => {
      const service = new DocumentService(new MemoryStore());
      const write = (name: string, doc: unknown) => {
        writeFileSync(join(dir, name), JSON.stringify(doc));
        return resolveInputs([join(dir, name)]);
      };
      expect((await new Loader(service, { checkWorkers }).load(write('jug.json', JUG))).created).to.equal(1);
      // The misspelt key's value is not read: the rest is exactly the stored document.
      const again = await new Loader(service, { checkWorkers }).load(
        write('jug-again.json', {
          ...JUG,
          clasified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 'Type' }],
          identified_by: [{ type: 'Name' }],
        }),
      );
      expect({ unchanged: again.unchanged, rejected: again.rejected }).to.deep.equal({ unchanged: 0, rejected: 1 });
      expect(again.rejections[0].problems!.map((p) => `${p.rule} at ${p.path}`).sort()).to.deep.equal([
        'NameContent at identified_by[0]',
        'unmapped-key at clasified_as',
      ]);
      const unmappedOnly = await new Loader(service, { checkWorkers }).load(
        write('jug-third.json', {
          ...JUG,
          clasified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 'Type' }],
        }),
      );
      expect({ unchanged: unmappedOnly.unchanged, rejected: unmappedOnly.rejected }).to.deep.equal({
        unchanged: 0,
        rejected: 1,
      });
    });

  it('writes every problem to the rejects file: the unmapped key and the shape violation', async () => {
    const lines: string[] = [];
    writeFileSync(
      join(dir, 'both.json'),
      JSON.stringify({
        ...JUG,
        clasified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 'Type' }],
        identified_by: [{ type: 'Name' }],
      }),
    );
    await new Loader(undefined, { dryRun: true, onRejected: (r: RejectedRecord) => lines.push(rejectLine(r)) }).load(
      resolveInputs([join(dir, 'both.json')]),
    );
    const line = JSON.parse(lines[0]) as { problems: Array<{ rule: string; path: string }> };
    expect(line.problems.map((p) => `${p.rule} at ${p.path}`).sort()).to.deep.equal([
      'NameContent at identified_by[0]',
      'unmapped-key at clasified_as',
    ]);
  });
});
