import { expect } from 'chai';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { formatNamed, FORMATS } from '../../../src/render/formats.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { Representations } from '../../../src/service/Representations.js';
import { MemoryStore } from '../../support/memoryStore.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'https://example.org/object/1';
const painting = (label: string) => ({ '@context': V1, id: ID, type: 'HumanMadeObject', _label: label });
const JSONLD = formatNamed('jsonld')!;
const TURTLE = formatNamed('ttl')!;

async function setUp(cacheBytes = 1024 * 1024) {
  const store = new MemoryStore();
  const documents = new DocumentService(store);
  await documents.putAll([ingestDocument(painting('Harbour at Dusk'), 'test')]);
  return { store, documents, representations: new Representations(documents, cacheBytes) };
}

describe('Representations: rendered bytes, validators, and the render cache', () => {
  it('gives each format its bytes, a strong ETag of them and Last-Modified from the store', async () => {
    const { representations } = await setUp();
    const json = (await representations.get(ID, JSONLD))!;
    expect(JSON.parse(json.body.toString())).to.include({ id: ID, _label: 'Harbour at Dusk' });
    const turtle = (await representations.get(ID, TURTLE))!;
    expect(turtle.body.toString()).to.contain('crm:E22_Human-Made_Object');
    expect(json.etag).to.match(/^"[A-Za-z0-9_-]+"$/).and.not.equal(turtle.etag);
    expect(Date.parse(json.lastModified!)).to.be.closeTo(Date.now(), 5000);
  });

  it('answers undefined for a document that does not exist', async () => {
    const { representations } = await setUp();
    expect(await representations.get('https://example.org/object/none', JSONLD)).to.equal(undefined);
  });

  it('reads the store once per document and format while cached', async () => {
    const { store, representations } = await setUp();
    for (let i = 0; i < 5; i++) await representations.get(ID, JSONLD);
    expect(store.reads).to.equal(1);
    await representations.get(ID, TURTLE);
    expect(store.reads).to.equal(2);
  });

  it('with the cache off, reads the store every time', async () => {
    const { store, representations } = await setUp(0);
    for (let i = 0; i < 3; i++) await representations.get(ID, JSONLD);
    expect(store.reads).to.equal(3);
    expect(representations.stats()).to.deep.equal({ entries: 0, bytes: 0 });
  });

  it('drops every format of a document that is written', async () => {
    const { documents, representations } = await setUp();
    for (const format of FORMATS) await representations.get(ID, format);
    expect(representations.stats().entries).to.equal(FORMATS.length);
    await documents.put(painting('Harbour at Night'));
    expect(representations.stats().entries).to.equal(0);
    expect((await representations.get(ID, TURTLE))!.body.toString()).to.contain('Harbour at Night');
  });

  it('does not cache a read that raced a write (the old version would stay)', async () => {
    const { store, documents, representations } = await setUp();
    let release!: () => void;
    store.holdReads = new Promise((resolve) => { release = resolve; });
    const racing = representations.get(ID, JSONLD);   // reads the old version, held
    store.holdReads = undefined;
    await documents.put(painting('Harbour at Night')); // the write ends while the read is held
    release();
    expect(JSON.parse((await racing)!.body.toString())._label).to.equal('Harbour at Dusk');
    expect(JSON.parse((await representations.get(ID, JSONLD))!.body.toString())._label).to.equal('Harbour at Night');
  });

  it('stays within its byte bound, evicting the least recently used', async () => {
    const store = new MemoryStore();
    const documents = new DocumentService(store);
    const ids = Array.from({ length: 50 }, (_, i) => `https://example.org/object/${i}`);
    await documents.putAll(ids.map((id) => ingestDocument({ ...painting('x'.repeat(1000)), id }, id)));
    const representations = new Representations(documents, 10_000);
    for (const id of ids) await representations.get(id, JSONLD);
    const { entries, bytes } = representations.stats();
    expect(bytes).to.be.at.most(10_000);
    expect(entries).to.be.within(1, 9);
  });
});
