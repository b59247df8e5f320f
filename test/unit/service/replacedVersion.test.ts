/** A write of a few documents reads the version it replaces once: the digest and the history's copy from one read. */
import { expect } from 'chai';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { WHOLE_READ_MAX } from '../../../src/service/replacedVersion.js';
import { storedVersion, versionsOf } from '../../../src/history/storedHistory.js';
import { historyHeadOf } from '../../../src/history/versionGraphs.js';
import { hintGraphOf } from '../../../src/hints/Skeleton.js';
import { linksGraphOf } from '../../../src/discovery/linksGraph.js';
import { DIGEST_PREDICATE } from '../../../src/hints/digest.js';
import type { Quad } from '../../../src/rdf/terms.js';
import type { QueryResult } from '../../../src/store/QuadStore.js';
import { MemoryStore } from '../../support/memoryStore.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'https://example.org/object/1';
const doc = (id: string, label: string) =>
  ingestDocument({ '@context': V1, id, type: 'HumanMadeObject', _label: label }, id);

/** A store that lists the reads of documents' graphs and digests made before each write. */
class ReadsCounted extends MemoryStore {
  asked: string[][] = [];
  override readGraphs(names: readonly string[]): Promise<Quad[]> {
    this.asked.push([...names]);
    return super.readGraphs(names);
  }
  override query(sparql: string): Promise<QueryResult> {
    if (sparql.includes(DIGEST_PREDICATE)) this.asked.push(['digest query']);
    return super.query(sparql);
  }
  override hasGraph(name: string): Promise<boolean> {
    this.asked.push([`has ${name}`]);
    return super.hasGraph(name);
  }
}

describe('DocumentService: the version a write replaces, read once', () => {
  it('versions kept: a PUT replacing a document reads its graphs in one read, no digest query; the history head only the first time', async () => {
    const store = new ReadsCounted();
    const documents = new DocumentService(store);
    await documents.putAll([doc(ID, 'one')]);
    store.asked = [];
    expect(await documents.putAll([doc(ID, 'two')])).to.deep.include({ replaced: [ID] });
    // A Create leaves no newest past record in the hints (it reads nothing: a re-creation's is in the head).
    expect(store.asked).to.deep.equal([[ID, hintGraphOf(ID)], [historyHeadOf(ID)]]);
    store.asked = [];
    expect(await documents.putAll([doc(ID, 'three')])).to.deep.include({ replaced: [ID] });
    expect(store.asked).to.deep.equal([[ID, hintGraphOf(ID)]]);
    // The history copied the versions read.
    expect((await versionsOf(store, ID)).map((r) => [r.n, r.kind])).to.deep.equal([
      [1, 'Create'],
      [2, 'Update'],
      [3, 'Update'],
    ]);
    const kept = await storedVersion(store, ID, 1);
    expect(kept?.quads.some((q) => q.object.value === 'one')).to.equal(true);
    expect((await storedVersion(store, ID, 2))?.quads.some((q) => q.object.value === 'two')).to.equal(true);
  });

  it('versions kept: an unchanged document is told from that read, and nothing is written', async () => {
    const store = new ReadsCounted();
    const documents = new DocumentService(store);
    await documents.putAll([doc(ID, 'one')]);
    store.asked = [];
    expect(await documents.putAll([doc(ID, 'one')])).to.deep.include({ unchanged: [ID] });
    expect(store.asked).to.have.length(1);
    expect(await versionsOf(store, ID)).to.have.length(1);
  });

  it('versions kept: a conditional PUT reads once for its precondition and its history', async () => {
    const store = new ReadsCounted();
    const documents = new DocumentService(store);
    await documents.putAll([doc(ID, 'one')]);
    store.asked = [];
    let seen: string | undefined;
    await documents.putIf(doc(ID, 'two'), (current) => {
      seen = current?.quads.find((q) => q.object.value === 'one')?.object.value;
    });
    expect(seen).to.equal('one');
    expect(store.asked).to.deep.equal([[ID, hintGraphOf(ID)], [historyHeadOf(ID)]]);
    expect(await versionsOf(store, ID)).to.have.length(2);
  });

  it('versions kept: a DELETE reads the version it keeps once (and the links graph for the class), no hasGraph', async () => {
    const store = new ReadsCounted();
    const documents = new DocumentService(store);
    await documents.putAll([doc(ID, 'one')]);
    store.asked = [];
    expect(await documents.delete(ID)).to.equal(true);
    expect(
      store.asked.filter((names) => names.some((n) => n === ID || n === historyHeadOf(ID) || n.startsWith('has '))),
    ).to.deep.equal([[ID, hintGraphOf(ID)], [historyHeadOf(ID)]]);
    expect((await versionsOf(store, ID)).map((r) => r.kind)).to.deep.equal(['Create', 'Delete']);
    expect(await documents.delete(ID)).to.equal(false);
  });

  it('no version kept: the digest read by its hint graph alone', async () => {
    const store = new ReadsCounted();
    const documents = new DocumentService(store);
    documents.keepVersions = 0;
    await documents.putAll([doc(ID, 'one')]);
    store.asked = [];
    await documents.putAll([doc(ID, 'two')]);
    expect(store.asked).to.deep.equal([[hintGraphOf(ID)]]);
  });

  it('no version kept: a DELETE reads nothing of the document but whether it is there', async () => {
    const store = new ReadsCounted();
    const documents = new DocumentService(store);
    documents.keepVersions = 0;
    await documents.putAll([doc(ID, 'one')]);
    store.asked = [];
    expect(await documents.delete(ID)).to.equal(true);
    expect(store.asked.filter((names) => !names.every((n) => n === linksGraphOf(ID)))).to.deep.equal([[`has ${ID}`]]);
  });

  it(`more than ${WHOLE_READ_MAX} documents: their digests asked by query, each history read as before`, async () => {
    const store = new ReadsCounted();
    const documents = new DocumentService(store);
    const ids = Array.from({ length: WHOLE_READ_MAX + 1 }, (_, i) => `https://example.org/object/${i}`);
    await documents.putAll(ids.map((id) => doc(id, 'one')));
    store.asked = [];
    expect(await documents.putAll(ids.map((id) => doc(id, 'two')))).to.deep.include({ replaced: ids });
    expect(store.asked[0]).to.deep.equal(['digest query']);
    for (const id of ids) expect(await versionsOf(store, id)).to.have.length(2);
  });
});
