/**
 * The richer collection bench:scale measures at (issue 35): every document passes the write gate,
 * about 55–60 quads a document, the same seed gives the same documents, the references between
 * entities point at documents of the collection, and the two dumps hold the same documents.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { richCollection, writeRichDumps } from '../bench/scale/richCollection.js';

const SIZE = 1500;

describe('the rich collection (bench:scale)', () => {
  const collection = richCollection(SIZE);
  const ids = new Set(Array.from({ length: SIZE }, (_, i) => collection.idOf(i)));

  it('every document passes the gate, at 55 to 60 quads a document on average', () => {
    let quads = 0;
    for (let i = 0; i < SIZE; i++)
      quads += admitDocument(JSON.parse(collection.documentAt(i)), `rich ${i}`).quads.length;
    expect(quads / SIZE).to.be.within(55, 60);
  });

  it('is the same for the same seed, another for another', () => {
    const again = richCollection(SIZE);
    const other = richCollection(SIZE, 2);
    for (const i of [0, 17, SIZE - 1]) {
      expect(again.documentAt(i)).to.equal(collection.documentAt(i));
      expect(other.documentAt(i)).not.to.equal(collection.documentAt(i));
    }
  });

  const referenceTable: Array<[string, (doc: Record<string, unknown>) => unknown]> = [
    [
      'an object is produced by a person of the collection',
      (d) => (d['produced_by'] as { carried_out_by?: unknown })?.carried_out_by,
    ],
    ['an object shows a visual item of the collection', (d) => d['shows']],
    ['an object is a member of a set of the collection', (d) => d['member_of']],
    ['an object is owned by a group of the collection', (d) => d['current_owner']],
  ];
  for (const [what, referencesOf] of referenceTable) {
    it(what, () => {
      let seen = 0;
      for (let i = 0; i < SIZE; i++) {
        const doc = JSON.parse(collection.documentAt(i)) as Record<string, unknown>;
        if (doc['type'] !== 'HumanMadeObject') continue;
        for (const ref of (referencesOf(doc) as Array<{ id: string }> | undefined) ?? []) {
          expect(ids.has(ref.id), ref.id).to.equal(true);
          expect(ref.id).not.to.equal(doc['id']);
          seen++;
        }
      }
      expect(seen).to.be.greaterThan(SIZE / 4);
    });
  }

  it('writes the same documents as N-Quads and NDJSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rich-collection-'));
    try {
      const info = await writeRichDumps(200, join(dir, 'd.nq'), join(dir, 'd.ndjson'));
      const small = richCollection(200);
      const lines = (await readFile(join(dir, 'd.ndjson'), 'utf8')).split('\n').filter((l) => l !== '');
      expect(lines).to.deep.equal(Array.from({ length: 200 }, (_, i) => small.documentAt(i)));
      const nquads = (await readFile(join(dir, 'd.nq'), 'utf8'))
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'));
      expect(nquads.length).to.equal(info.quads);
      expect(info.quads / 200).to.be.within(50, 65);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
