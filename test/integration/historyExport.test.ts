/**
 * `export --with-history` and its load, on the suite's store: a store with history (a document
 * written three times, one deleted, one deleted and created again, two merges in a chain)
 * exported in N-Quads and TriG with its history, loaded into a fresh store: every id's versions
 * (the TimeMap's records: number, kind, time, actor, digest) and every past version's quads are
 * the same, a deleted id still has its tombstone and a merged one leads where it did. The other
 * formats refuse the option, naming it; without it, no history graph is exported.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { exportDocuments, type ExportFormat } from '../../src/export/exportDocuments.js';
import { storedVersion, versionsOf } from '../../src/history/storedHistory.js';
import { application } from '../../src/linkedart/Actor.js';
import { resolveInputs } from '../../src/load/inputs.js';
import { Loader } from '../../src/load/Loader.js';
import { mergeChainEnd } from '../../src/merge/mergeChain.js';
import { mergeDocuments } from '../../src/merge/mergeDocuments.js';
import { admitJson } from '../../src/service/gate/admit.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import type { QuadStore } from '../../src/store/QuadStore.js';
import { openTestStore, STORE_KIND } from '../support/testStore.js';
import { canonical } from '../support/rdf.js';
import { Writer } from 'n3';
import { startTestApp } from './support/testApp.js';

const BASE = 'http://localhost:8080/';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const TOKEN = 'history-export-token-0123456789';
const id = (path: string) => `${BASE}${path}`;
const thing = (path: string, label: string) =>
  admitJson({
    '@context': V1,
    id: id(path),
    type: 'HumanMadeObject',
    _label: label,
    identified_by: [{ type: 'Name', content: label }],
  });
const IDS = ['object/edited', 'object/deleted', 'object/again', 'object/a', 'object/b', 'object/c'].map(id);

async function exported(store: QuadStore, format: ExportFormat, withHistory: boolean): Promise<string> {
  let text = '';
  for await (const chunk of exportDocuments(store, { format, withHistory })) text += chunk;
  return text;
}

/** Each id's version records and each version's quads, canonical. */
async function histories(store: QuadStore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const i of IDS) {
    const records = await versionsOf(store, i);
    const versions: string[] = [];
    for (const r of records) {
      const version = await storedVersion(store, i, r.n);
      versions.push(await canonical(new Writer({ format: 'N-Quads' }).quadsToString(version?.quads ?? [])));
    }
    out[i] = { records, versions };
  }
  return out;
}

describe(`export --with-history, and a load of it, on the ${STORE_KIND}`, function () {
  this.timeout(300000);
  let work: string;
  let store: QuadStore;
  let original: Record<string, unknown>;
  const texts = new Map<string, string>();
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-history-export-'));
    store = await openTestStore(join(work, 'source'));
    const documents = new DocumentService(store);
    const curator = application('history export test');
    for (const label of ['one', 'two', 'three'])
      await documents.putAll([thing('object/edited', label)], undefined, curator);
    await documents.putAll([thing('object/deleted', 'gone'), thing('object/again', 'first')]);
    await documents.delete(id('object/deleted'), undefined, curator);
    await documents.delete(id('object/again'));
    await documents.putAll([thing('object/again', 'second')]);
    for (const path of ['object/a', 'object/b', 'object/c']) await documents.putAll([thing(path, path)]);
    await documents.putAll([thing('object/a', 'a edited')]);
    for (const [from, to] of [
      ['object/a', 'object/b'],
      ['object/b', 'object/c'],
    ])
      await mergeDocuments(documents, { from: id(from), to: id(to), rewriteReferences: false, actor: curator });
    original = await histories(store);
    for (const format of ['nquads', 'trig'] as const) texts.set(format, await exported(store, format, true));
    texts.set('plain', await exported(store, 'nquads', false));
  });
  after(async () => {
    await store.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('the store written has the histories the test needs', () => {
    const kinds = (i: string) => (original[id(i)] as { records: Array<{ kind: string }> }).records.map((r) => r.kind);
    expect(kinds('object/edited')).to.deep.equal(['Create', 'Update', 'Update']);
    expect(kinds('object/deleted')).to.deep.equal(['Create', 'Delete']);
    expect(kinds('object/again')).to.deep.equal(['Create', 'Delete', 'Create']);
    expect(kinds('object/a')).to.deep.equal(['Create', 'Update', 'Move']);
    expect(kinds('object/b')).to.deep.equal(['Create', 'Move']);
  });

  it('without --with-history, no history graph is exported', () => {
    expect(texts.get('plain')).to.not.match(/<urn:linkedart-service:(history|version-)/);
    expect(texts.get('nquads')).to.contain('<urn:linkedart-service:history:');
  });

  for (const format of ['turtle', 'ntriples', 'ndjson'] as const)
    it(`${format} refuses --with-history, naming the option and the formats that hold it`, async () => {
      const error = await exported(store, format, true).catch((e: unknown) => e as Error);
      expect(error).to.be.instanceOf(Error);
      expect((error as Error).message).to.match(/--with-history .*nquads or trig/);
    });

  for (const format of ['nquads', 'trig'] as const)
    it(`${format}: loaded into a fresh store, every version is back as it was`, async () => {
      await store.close();
      store = await openTestStore(join(work, `target-${format}`));
      const documents = new DocumentService(store);
      const report = await new Loader(documents, { batchSize: 2 }).load(
        resolveInputs(['-'], format, Readable.from([Buffer.from(texts.get(format)!)])),
      );
      expect(report.leftovers, JSON.stringify(report.leftovers)).to.deep.equal([]);
      expect(report.unreadable).to.deep.equal([]);
      expect(report.historiesRestored).to.equal(IDS.length);
      expect(await histories(store)).to.deep.equal(original);
      expect(await documents.feed.deletedAt(id('object/deleted'))).to.be.instanceOf(Date);
      expect(await mergeChainEnd(documents.feed, id('object/a'))).to.equal(id('object/c'));
      expect(await mergeChainEnd(documents.feed, id('object/b'))).to.equal(id('object/c'));
      // Loaded again: the same histories (a load run twice puts them back again, nothing added).
      await new Loader(documents, { batchSize: 2 }).load(
        resolveInputs(['-'], format, Readable.from([Buffer.from(texts.get(format)!)])),
      );
      expect(await histories(store)).to.deep.equal(original);
    });

  it('a history whose document the load did not store is not put back, and the report says why', async () => {
    await store.close();
    store = await openTestStore(join(work, 'target-without-document'));
    const edited = id('object/edited');
    // The document's own quads left out of the input (its #@hint lines and history kept).
    const text = texts
      .get('nquads')!
      .split('\n')
      .filter((line) => !line.endsWith(`<${edited}> .`))
      .join('\n');
    const report = await new Loader(new DocumentService(store), { batchSize: 2 }).load(
      resolveInputs(['-'], 'nquads', Readable.from([Buffer.from(text)])),
    );
    expect(report.historiesRestored).to.equal(IDS.length - 1);
    expect(report.leftovers.map((l) => [l.id, l.messages])).to.deep.equal([
      [
        edited,
        [
          `the history of ${edited} was not put back: its document was not stored by this load, so its versions would not end in it`,
        ],
      ],
    ]);
    expect(await versionsOf(store, edited)).to.deep.equal([]);
  });

  it('POST /_bulk of an export with history (linkedart load --server): the TimeMaps as they were', async () => {
    await store.close();
    const app = await startTestApp([], { baseUrl: BASE, token: TOKEN });
    store = app.store;
    const bulk = await fetch(`${app.origin}/_bulk?format=nquads&batchSize=2`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/n-quads' },
      body: texts.get('nquads'),
    });
    const report = (await bulk.json()) as { historiesRestored?: number };
    expect([bulk.status, report.historiesRestored]).to.deep.equal([200, IDS.length]);
    for (const i of IDS) {
      const timeMap = (await (await fetch(`${app.origin}/_timemap${new URL(i).pathname}?format=json`)).json()) as {
        versions: Array<{ version: number; kind: string; datetime: string; actor: string | null }>;
      };
      const records = (
        original[i] as { records: Array<{ n: number; kind: string; time: string; actor: string | null }> }
      ).records;
      expect(
        timeMap.versions.map((v) => [v.version, v.kind, v.datetime, v.actor]),
        i,
      ).to.deep.equal(records.map((r) => [r.n, r.kind, r.time, r.actor]));
    }
    expect((await fetch(`${app.origin}/object/deleted`)).status).to.equal(410);
    const a = await fetch(`${app.origin}/object/a`, { redirect: 'manual' });
    expect([a.status, a.headers.get('location')]).to.deep.equal([308, id('object/c')]);
    await app.close();
    store = await openTestStore(join(work, 'after-bulk'));
  });
});
