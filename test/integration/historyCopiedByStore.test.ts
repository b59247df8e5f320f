/**
 * A PUT with versions kept, to a store that copies graphs itself (the embedded store:
 * StoreCapabilities.graphCopies): the version it replaces is copied out by the store in the same
 * write, so the PUT reads neither the document's graph nor sends its quads back, and the version
 * kept is the one replaced, blank nodes and who wrote it included; with a precondition too. On a
 * store that does not copy (the remote store) the PUT reads the document as before, the same
 * versions kept. Runs on both stores. Where no other process writes the store (the embedded store),
 * the newest past record is kept in memory, not in the live hints (NewestPastRecords): a service
 * started again on the store numbers on from the records.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from './support/testApp.js';
import { capabilitiesOf } from '../../src/store/capabilities.js';
import { historyHeadOf, versionHintGraphOf } from '../../src/history/versionGraphs.js';
import { hintGraphOf } from '../../src/hints/Skeleton.js';
import { newestPastIn, WRITTEN_BY_PREDICATE } from '../../src/history/liveVersion.js';
import { NEWEST_PAST_PREDICATE } from '../../src/store/internalGraphs.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { versionsOf, storedVersion } from '../../src/history/storedHistory.js';

const BASE = 'http://localhost:8080/copied/';
const TOKEN = 'history-copied-token-0123456789';
const ID = `${BASE}object/1`;

const documentNamed = (label: string) =>
  JSON.stringify({
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: ID,
    type: 'HumanMadeObject',
    _label: label,
    identified_by: [{ type: 'Name', content: `name ${label}` }],
  });

describe('History: the version a PUT replaces, copied out by the store', function () {
  this.timeout(120000);
  let app: TestApp;
  let asked: string[][] = [];
  const put = async (label: string, ifMatch?: string) => {
    const response = await fetch(app.origin + '/copied/object/1', {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        'Content-Type': 'application/ld+json',
        ...(ifMatch ? { 'If-Match': ifMatch } : {}),
      },
      body: documentNamed(label),
    });
    expect(response.status, `PUT ${label}: ${await response.clone().text()}`).to.be.oneOf([200, 201]);
    await response.arrayBuffer();
    return response.headers.get('etag') ?? '';
  };
  const version = async (n: number) => {
    const response = await fetch(`${app.origin}/copied/_version/${n}/copied/object/1`, {
      headers: { Accept: 'application/n-triples' },
    });
    expect(response.status, `version ${n}`).to.equal(200);
    return response.text();
  };

  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN, keepVersions: 'all' });
    const readGraphs = app.store.readGraphs.bind(app.store);
    app.store.readGraphs = (names) => {
      asked.push([...names]);
      return readGraphs(names);
    };
    // The remote store's read before a write (readForWrite) counted too.
    const readForWrite = app.store.readForWrite?.bind(app.store);
    if (readForWrite)
      app.store.readForWrite = (names) => {
        asked.push([...names]);
        return readForWrite(names);
      };
  });
  after(async () => {
    await app.close();
  });

  it('reads the hints of the version replaced, not the document, where the store copies it (and the head after a Create)', async () => {
    await put('one');
    asked = [];
    await put('two');
    const copies = capabilitiesOf(app.store).graphCopies;
    // The first reads are the write's (the answer's validators are read after them, as without versions).
    if (copies)
      expect(asked.slice(0, 2), JSON.stringify(asked)).to.deep.equal([[hintGraphOf(ID)], [historyHeadOf(ID)]]);
    else expect(asked[0], JSON.stringify(asked)).to.include(ID);
  });

  it('keeps the version replaced as it was: its blank node, its hints, who wrote it', async () => {
    const one = await version(1);
    expect(one).to.include('"name one"').and.include('"one"').and.not.include('two');
    expect(one).to.match(/_:\S+ <http:\/\/www\.cidoc-crm\.org\/cidoc-crm\/P190_has_symbolic_content> "name one"/);
    const two = await version(2);
    expect(two).to.include('"name two"').and.not.include('one');
    const hints = await app.store.readGraphs([versionHintGraphOf(ID, 1)]);
    expect(hints.find((q) => q.predicate.value === WRITTEN_BY_PREDICATE)?.object.value).to.equal('curator');
  });

  it('a conditional PUT keeps the version its precondition held for', async () => {
    const etag = (await fetch(app.origin + '/copied/object/1', { method: 'HEAD' })).headers.get('etag');
    await put('three', etag ?? undefined);
    expect(await version(2))
      .to.include('"name two"')
      .and.not.include('three');
    expect(await version(3)).to.include('"name three"');
    const timeMap = (await (await fetch(`${app.origin}/copied/_timemap/copied/object/1?format=json`)).json()) as {
      versions: Array<{ version: number; kind: string }>;
    };
    expect(timeMap.versions.map((v) => [v.version, v.kind])).to.deep.equal([
      [1, 'Create'],
      [2, 'Update'],
      [3, 'Update'],
    ]);
  });

  it('knows the newest past record (in memory, or in the live hints where others write the store): a later PUT reads the hints alone, and no head graph is written', async () => {
    asked = [];
    await put('four');
    if (capabilitiesOf(app.store).graphCopies) expect(asked[0], JSON.stringify(asked)).to.deep.equal([hintGraphOf(ID)]);
    expect(await app.store.readGraphs([historyHeadOf(ID)])).to.deep.equal([]);
    const hints = await app.store.readGraphs([hintGraphOf(ID)]);
    // Kept in the hints, it was a new quad of that graph at every write (Oxigraph keeps the ones removed in its index).
    expect(newestPastIn(hints)?.n).to.equal(capabilitiesOf(app.store).sharedWriters ? 3 : undefined);
    // A past version's hints do not take it: it names another version.
    const three = await app.store.readGraphs([versionHintGraphOf(ID, 3)]);
    expect(three.filter((q) => q.predicate.value === NEWEST_PAST_PREDICATE)).to.deep.equal([]);
    expect(newestPastIn(await app.store.readGraphs([versionHintGraphOf(ID, 2)]))).to.equal(undefined);
    expect(await version(3)).to.include('"name three"');
    expect(await version(4)).to.include('"name four"');
  });

  it('a service started again on the store numbers on from the records, every version kept as it was', async () => {
    const again = new DocumentService(app.store);
    const document = ingestDocument(JSON.parse(documentNamed('five')) as object, ID);
    expect(await again.putAll([document])).to.deep.include({ replaced: [ID] });
    expect((await versionsOf(app.store, ID)).map((r) => [r.n, r.kind])).to.deep.equal([
      [1, 'Create'],
      [2, 'Update'],
      [3, 'Update'],
      [4, 'Update'],
      [5, 'Update'],
    ]);
    for (const [n, label] of [
      [3, 'three'],
      [4, 'four'],
    ] as const)
      expect(
        (await storedVersion(app.store, ID, n))?.quads.some((q) => q.object.value === label),
        `version ${n}`,
      ).to.equal(true);
    // Its next write numbers on from what it wrote (the app's own service, stopped in a real restart, is not asked again).
    await again.putAll([ingestDocument(JSON.parse(documentNamed('six')) as object, ID)]);
    expect((await versionsOf(app.store, ID)).map((r) => r.n)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(await version(5)).to.include('"name five"');
  });
});
