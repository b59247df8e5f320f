import { expect } from 'chai';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { MemoryStore } from '../../support/memoryStore.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const doc = (id: string, label: string, names: string[] = []) =>
  ingestDocument(
    {
      '@context': V1,
      id,
      type: 'HumanMadeObject',
      _label: label,
      identified_by: names.map((content) => ({ type: 'Name', content })),
    },
    id,
  );

describe('DocumentService: writes', () => {
  it('says what a putAll created, replaced, and left alone because it is the same', async () => {
    const store = new MemoryStore();
    const documents = new DocumentService(store);
    const a = 'https://example.org/object/a';
    const b = 'https://example.org/object/b';
    const first = await documents.putAll([doc(a, 'A'), doc(b, 'B')]);
    const stamped = (await documents.read(a))!.lastModified;
    // `when`: the stamp the documents were stored with, so a PUT answers its Last-Modified without reading it back.
    expect(first).to.deep.equal({ created: [a, b], replaced: [], unchanged: [], when: stamped });
    // A rewrite now would stamp a later Last-Modified: wait until the clock (milliseconds) has moved past the stamp.
    while (Date.now() <= stamped!.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(await documents.putAll([doc(a, 'A'), doc(b, 'B2')])).to.deep.equal({
      created: [],
      replaced: [b],
      unchanged: [a],
      when: (await documents.read(b))!.lastModified,
    });
    expect((await documents.read(a))!.lastModified).to.deep.equal(stamped);
    // Nothing written: no stamp.
    expect(await documents.putAll([doc(a, 'A')])).to.deep.equal({ created: [], replaced: [], unchanged: [a] });
  });

  it('a change of array order alone is a change (the document renders differently)', async () => {
    const documents = new DocumentService(new MemoryStore());
    const id = 'https://example.org/object/c';
    await documents.putAll([doc(id, 'C', ['one', 'two'])]);
    expect((await documents.putAll([doc(id, 'C', ['two', 'one'])])).replaced).to.deep.equal([id]);
  });

  it('tells its listeners which documents a write changed, and only those', async () => {
    const documents = new DocumentService(new MemoryStore());
    const told: string[][] = [];
    documents.onChange((ids) => told.push([...ids]));
    const id = 'https://example.org/object/d';
    await documents.putAll([doc(id, 'D')]);
    await documents.putAll([doc(id, 'D')]);
    expect(await documents.delete(id)).to.equal(true);
    expect(await documents.delete(id)).to.equal(false);
    expect(told).to.deep.equal([[id], [id]]);
  });
});
