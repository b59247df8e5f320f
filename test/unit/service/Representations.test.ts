import { expect } from 'chai';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { formatNamed, FORMATS } from '../../../src/render/formats.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { Representations } from '../../../src/service/Representations.js';
import type { Representation } from '../../../src/service/represent.js';
import type { Quad } from '../../../src/rdf/terms.js';
import type { QueryResult } from '../../../src/store/QuadStore.js';
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
  // Counted from here: the reads of the GETs, not the write's own (its history is read before it).
  store.reads = 0;
  return { store, documents, representations: new Representations(documents, cacheBytes) };
}

describe('Representations: rendered bytes, validators, and the render cache', () => {
  it('gives each format its bytes, a strong ETag of them and Last-Modified from the store', async () => {
    const { representations } = await setUp();
    const json = (await representations.get(ID, JSONLD))!;
    expect(JSON.parse(json.body.toString())).to.include({ id: ID, _label: 'Harbour at Dusk' });
    const turtle = (await representations.get(ID, TURTLE))!;
    expect(turtle.body.toString()).to.contain('crm:E22_Human-Made_Object');
    expect(json.etag)
      .to.match(/^"[A-Za-z0-9_-]+"$/)
      .and.not.equal(turtle.etag);
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
    expect(representations.stats()).to.deep.equal({ entries: 0, bytes: 0, hits: 0, misses: 0 });
  });

  it('counts the reads it answered (hits) and those it rendered (misses)', async () => {
    const { documents, representations } = await setUp();
    for (let i = 0; i < 3; i++) await representations.get(ID, JSONLD);
    await representations.get(ID, TURTLE);
    expect(representations.stats()).to.include({ hits: 2, misses: 2 });
    await documents.put(painting('Harbour at Night'));
    await representations.get(ID, JSONLD);
    expect(representations.stats()).to.include({ hits: 2, misses: 3 });
  });

  it('drops every format of a document that is written', async () => {
    const { documents, representations } = await setUp();
    for (const format of FORMATS) await representations.get(ID, format);
    expect(representations.stats().entries).to.equal(FORMATS.length);
    await documents.put(painting('Harbour at Night'));
    expect(representations.stats().entries).to.equal(0);
    expect((await representations.get(ID, TURTLE))!.body.toString()).to.contain('Harbour at Night');
  });

  it('drops every variant of a written document (its JSON-LD without `_links` too), one cached again after its eviction included, and no other', async () => {
    const store = new MemoryStore();
    const documents = new DocumentService(store);
    const others = Array.from({ length: 30 }, (_, i) => `https://example.org/object/${i + 2}`);
    await documents.putAll([ID, ...others].map((id) => ingestDocument({ ...painting('x'.repeat(1000)), id }, id)));
    const representations = new Representations(documents, 20_000, { links: { baseUrl: 'https://example.org/' } });
    await representations.get(ID, JSONLD);
    for (const id of others) await representations.get(id, JSONLD); // ID's entry evicted
    await representations.get(ID, JSONLD);
    await representations.get(ID, JSONLD, { omitLinks: true });
    await representations.get(ID, TURTLE);
    const before = representations.stats().entries;
    await documents.put(painting('Harbour at Night'));
    expect(representations.stats().entries).to.equal(before - 3);
    const label = (r: Representation | undefined) => (JSON.parse(r!.body.toString()) as { _label: string })._label;
    expect(label(await representations.get(ID, JSONLD))).to.equal('Harbour at Night');
    expect(label(await representations.get(ID, JSONLD, { omitLinks: true }))).to.equal('Harbour at Night');
  });

  it('does not cache a read that raced a write (the old version would stay)', async () => {
    const { store, documents, representations } = await setUp();
    let release!: () => void;
    store.holdReads = new Promise((resolve) => {
      release = resolve;
    });
    const racing = representations.get(ID, JSONLD); // reads the old version, held
    store.holdReads = undefined;
    await documents.put(painting('Harbour at Night')); // the write ends while the read is held
    release();
    expect((JSON.parse((await racing)!.body.toString()) as { _label: unknown })._label).to.equal('Harbour at Dusk');
    expect(
      (JSON.parse((await representations.get(ID, JSONLD))!.body.toString()) as { _label: unknown })._label,
    ).to.equal('Harbour at Night');
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

/**
 * One store shared by several service processes (a remote store): its write generation changes
 * with every write, whoever makes it. Counts generation reads and version queries.
 */
class SharedStore extends MemoryStore {
  private generation = 0;
  generationReads = 0;
  queries = 0;
  /** When set, generation reads answer (with the generation at their start) only once it resolves. */
  holdGenerationReads: Promise<void> | undefined;

  override async replaceGraphs(graphs: ReadonlyMap<string, readonly Quad[]>): Promise<void> {
    await super.replaceGraphs(graphs);
    this.generation++;
  }

  async writeGeneration(): Promise<string> {
    this.generationReads++;
    const generation = `g${this.generation}`; // as of the query's start
    await new Promise((resolve) => setImmediate(resolve)); // a round trip: requests meanwhile queue
    if (this.holdGenerationReads) await this.holdGenerationReads;
    return generation;
  }

  override async query(sparql: string): Promise<QueryResult> {
    this.queries++;
    return super.query(sparql);
  }
}

describe('Representations: revalidation when other processes write to the store', () => {
  const OTHER = 'https://example.org/object/2';

  /** Two processes on one store: `writer` writes, `reader` serves from its own cache. */
  async function replicas() {
    const store = new SharedStore();
    const writer = new DocumentService(store);
    await writer.putAll([
      ingestDocument(painting('Harbour at Dusk'), 'test'),
      ingestDocument({ ...painting('Other'), id: OTHER }, 'test'),
    ]);
    const reader = new Representations(new DocumentService(store), 1024 * 1024, { revalidate: true });
    return { store, writer, reader };
  }
  const label = (r: Representation | undefined): string =>
    (JSON.parse(r!.body.toString()) as { _label: string })._label;

  it('serves a write made through another process at once, with a new ETag', async () => {
    const { writer, reader } = await replicas();
    const before = (await reader.get(ID, JSONLD))!;
    expect((await reader.get(ID, JSONLD))!.etag).to.equal(before.etag);
    await writer.put(painting('Harbour at Night'));
    const after = (await reader.get(ID, JSONLD))!;
    expect(label(after)).to.equal('Harbour at Night');
    expect(after.etag).not.to.equal(before.etag);
    expect(Date.parse(after.lastModified!)).to.be.at.least(Date.parse(before.lastModified!));
    await writer.delete(ID);
    expect(await reader.get(ID, JSONLD)).to.equal(undefined);
  });

  it('while nothing is written: no document read, no version query, and concurrent requests share generation reads', async () => {
    const { store, reader } = await replicas();
    await reader.get(ID, JSONLD);
    await reader.get(ID, JSONLD); // now known current at this generation
    const reads = store.reads;
    const queries = store.queries;
    const generationReads = store.generationReads;
    const served = await Promise.all(Array.from({ length: 50 }, () => reader.get(ID, JSONLD)));
    expect(new Set(served.map((r) => r!.etag)).size).to.equal(1);
    expect(store.reads - reads, 'document reads').to.equal(0);
    expect(store.queries - queries, 'version queries').to.equal(0);
    expect(store.generationReads - generationReads, 'generation reads for 50 requests').to.be.within(1, 2);
  });

  it('after a write elsewhere, checks the version once (shared by concurrent requests) and renders nothing again', async () => {
    const { store, writer, reader } = await replicas();
    const before = (await reader.get(ID, JSONLD))!;
    await writer.put({ ...painting('Other, renamed'), id: OTHER });
    const reads = store.reads;
    const queries = store.queries;
    const served = await Promise.all(Array.from({ length: 20 }, () => reader.get(ID, JSONLD)));
    expect(
      served.every((r) => r === before),
      'the cached representation, same ETag',
    ).to.equal(true);
    expect(store.reads - reads, 'document reads').to.equal(0);
    expect(store.queries - queries, 'version queries').to.equal(1);
    await reader.get(ID, JSONLD);
    expect(store.queries - queries, 'known current at the new generation').to.equal(1);
  });

  it('many concurrent requests after a write all get the new version', async () => {
    const { writer, reader } = await replicas();
    for (const format of FORMATS) await reader.get(ID, format);
    await writer.put(painting('Harbour at Night'));
    const served = await Promise.all(Array.from({ length: 30 }, () => reader.get(ID, JSONLD)));
    expect(served.map(label)).to.deep.equal(Array(30).fill('Harbour at Night'));
    expect((await reader.get(ID, TURTLE))!.body.toString()).to.contain('Harbour at Night');
  });

  it('a request that comes after a write never gets the old version, even while a generation read that began before it runs', async () => {
    const { store, writer, reader } = await replicas();
    await reader.get(ID, JSONLD);
    await reader.get(ID, JSONLD); // now known current at this generation
    let release!: () => void;
    store.holdGenerationReads = new Promise((resolve) => {
      release = resolve;
    });
    const early = reader.get(ID, JSONLD); // its generation read starts now, before the write, and is held
    store.holdGenerationReads = undefined;
    await writer.put(painting('Harbour at Night'));
    const late = reader.get(ID, JSONLD);
    release();
    expect(label(await late)).to.equal('Harbour at Night');
    expect(['Harbour at Dusk', 'Harbour at Night']).to.include(label(await early));
  });

  it('a render that read the document before a write elsewhere is not taken as current after it', async () => {
    const { store, writer, reader } = await replicas();
    await reader.get(OTHER, JSONLD);
    await reader.get(OTHER, JSONLD); // a generation has been read
    let release!: () => void;
    store.holdReads = new Promise((resolve) => {
      release = resolve;
    });
    const racing = reader.get(ID, JSONLD); // reads the old version, held
    store.holdReads = undefined;
    await writer.put(painting('Harbour at Night'));
    await reader.get(OTHER, JSONLD); // the new generation is read while the render is held
    release();
    expect(label(await racing)).to.equal('Harbour at Dusk');
    expect(label(await reader.get(ID, JSONLD))).to.equal('Harbour at Night');
  });

  it('refuses to revalidate on a store that keeps no write generation', () => {
    expect(() => new Representations(new DocumentService(new MemoryStore()), 1024, { revalidate: true })).to.throw(
      /needs a store that keeps a write generation/,
    );
  });
});
