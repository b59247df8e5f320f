/**
 * Name search follows a merge that arrives rather than is made here, on the suite's store (index
 * in memory, and on the remote store `--name-index store` too): a Move the harvester applies (A
 * held here before, or never held: its names then read from the publisher's 308 and A's last
 * version; a chain A0 → A1 → B never held), and a merge restored by loading an
 * `export --with-history`. Each time a search for A's names finds B, never A. The publisher is
 * this service on an embedded store of its own, its base URL its own address; a publisher
 * that keeps no versions gives no names, and the harvest says so for each Move.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { exportDocuments } from '../../src/export/exportDocuments.js';
import { Harvester } from '../../src/harvest/Harvester.js';
import type { HarvestReport } from '../../src/harvest/HarvestReport.js';
import { resolveInputs } from '../../src/load/inputs.js';
import { Loader } from '../../src/load/Loader.js';
import { searchNamesWith } from '../../src/search/attachNameIndex.js';
import { StoredNameSearch } from '../../src/search/stored/StoredNameSearch.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { admitJson } from '../../src/service/gate/admit.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { openTestStore, REMOTE_STORE_URL, STORE_KIND } from '../support/testStore.js';
import { freePort } from './support/proxyProcess.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const TOKEN = 'merge-carried-token-0123456789';
const MIRROR = 'https://mirror.example.org/';

/** A publisher: this service on an embedded store of its own, at its own address. */
async function publisher(settings: Record<string, string> = {}): Promise<{ app: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const app = await startTestApp([], { baseUrl: base, port: String(port), token: TOKEN, ...settings }, (dataDir) =>
    EmbeddedStore.open({ dataDir }),
  );
  return { app, base };
}

const person = (base: string, key: string, name: string, accession?: string) => ({
  '@context': V1,
  id: `${base}person/${key}`,
  type: 'Person',
  _label: name,
  identified_by: [{ type: 'Name', content: name }, ...(accession ? [{ type: 'Identifier', content: accession }] : [])],
});

async function put(base: string, document: Record<string, unknown>): Promise<void> {
  const response = await fetch(document.id as string, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
    body: JSON.stringify(document),
  });
  expect(response.status, `${base}: ${await response.text()}`).to.be.oneOf([200, 201]);
}

async function merge(base: string, from: string, to: string): Promise<void> {
  const response = await fetch(`${base}_merge`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from, to }),
  });
  expect(response.status, await response.text()).to.equal(200);
}

/** The mirror: the suite's store, served, searched in memory or (remote) in the store. */
async function mirror(kind: 'memory' | 'store'): Promise<{ app: TestApp; search: (q: string) => Promise<string[]> }> {
  const app = await startTestApp([], { baseUrl: MIRROR });
  const stored = kind === 'store' ? StoredNameSearch.of(app.store) : undefined;
  if (stored) {
    await stored.setUp();
    searchNamesWith(app.documents, stored);
  }
  const search = async (q: string): Promise<string[]> => {
    await stored?.refresh();
    const response = await fetch(`${app.origin}/search?q=${encodeURIComponent(q)}`, {
      headers: { Accept: 'application/json' },
    });
    expect(response.status).to.equal(200);
    const body = (await response.json()) as { orderedItems?: Array<{ id: string }> };
    return (body.orderedItems ?? []).map((hit) => hit.id);
  };
  return { app, search };
}

const kinds: Array<'memory' | 'store'> = REMOTE_STORE_URL ? ['memory', 'store'] : ['memory'];

for (const kind of kinds)
  describe(`Name search follows a harvested merge (${STORE_KIND}, index in ${kind})`, function () {
    this.timeout(180000);
    let source: { app: TestApp; base: string };
    let here: Awaited<ReturnType<typeof mirror>>;
    const id = (key: string) => `${source.base}person/${key}`;
    const harvest = (): Promise<HarvestReport> =>
      new Harvester(here.app.documents, { allowPrivateAddresses: true, http: { retries: 0 } }).harvest(
        `${source.base}activity-stream`,
      );
    before(async () => {
      source = await publisher();
      here = await mirror(kind);
      for (const [key, name, accession] of [
        ['quill', 'Edwina Quillfeather', 'REG 7731'],
        ['marrow', 'Edith Marrow'],
        ['brack', 'Bracken Holloway'],
      ])
        await put(source.base, person(source.base, key, name, accession));
      const report = await harvest();
      expect(report).to.deep.include({ created: 3, namesNotFound: [] });
    });
    after(async () => {
      await here?.app.close();
      await source?.app.close();
    });

    it("a merged id's 308 links its last version and its TimeMap", async () => {
      await put(source.base, person(source.base, 'gone', 'Gideon Gone'));
      await merge(source.base, id('gone'), id('brack'));
      const response = await fetch(id('gone'), { redirect: 'manual' });
      expect(response.status).to.equal(308);
      expect(response.headers.get('location')).to.equal(id('brack'));
      const link = response.headers.get('link') ?? '';
      expect(link).to.contain(`<${source.base}_version/1/person/gone>; rel="last memento"`);
      expect(link).to.contain(`<${source.base}_timemap/person/gone>; rel="timemap"`);
    });

    it("A held here, then merged at the publisher: A's name, label and identifier find B here, not A", async () => {
      await merge(source.base, id('quill'), id('marrow'));
      const report = await harvest();
      expect(report).to.deep.include({ deleted: 2, namesNotFound: [] });
      for (const q of ['quillfeather', 'Edwina Quillfeather', 'REG 7731'])
        expect(await here.search(q), q).to.deep.equal([id('marrow')]);
      // Merged before this copy ever held it (the previous case's id): found by its last version's names.
      expect(await here.search('gideon')).to.deep.equal([id('brack')]);
    });

    it("A never held: created and merged between two harvests, then a chain A0 → A1 → B: A0's and A1's names find B", async () => {
      await put(source.base, person(source.base, 'tarn', 'Tobias Tarnwhistle', 'TT 12'));
      await put(source.base, person(source.base, 'sedge', 'Sedgwick Ormsby'));
      await merge(source.base, id('tarn'), id('sedge'));
      await merge(source.base, id('sedge'), id('marrow'));
      const report = await harvest();
      expect(report.namesNotFound).to.deep.equal([]);
      for (const q of ['tarnwhistle', 'TT 12', 'sedgwick ormsby', 'quillfeather'])
        expect(await here.search(q), q).to.deep.equal([id('marrow')]);
      expect(await here.search('edith')).to.deep.equal([id('marrow')]);
    });
  });

describe(`A harvested merge whose publisher keeps no versions (${STORE_KIND})`, function () {
  this.timeout(180000);
  it('is applied (A answers 308 here) and reported with why its names are not found', async () => {
    const source = await publisher({ keepVersions: '0' });
    const here = await mirror('memory');
    try {
      const a = `${source.base}person/a`;
      const b = `${source.base}person/b`;
      await put(source.base, person(source.base, 'a', 'Agatha Ashgrove'));
      await put(source.base, person(source.base, 'b', 'Bertram Birch'));
      await merge(source.base, a, b);
      const report = await new Harvester(here.app.documents, {
        allowPrivateAddresses: true,
        http: { retries: 0 },
      }).harvest(`${source.base}activity-stream`);
      expect(await here.app.documents.feed.mergedInto(a)).to.equal(b);
      expect(report.namesNotFound.map((n) => n.id)).to.deep.equal([a]);
      expect(report.namesNotFound[0].messages[0]).to.contain(`merged into ${b} without the names it was found by`);
      expect(report.namesNotFound[0].messages[0]).to.contain('links no last version');
    } finally {
      await here.app.close();
      await source.app.close();
    }
  });
});

for (const kind of kinds)
  describe(`Name search follows a merge restored from export --with-history (${STORE_KIND}, index in ${kind})`, function () {
    this.timeout(180000);
    let source: { app: TestApp; base: string };
    let text = '';
    before(async () => {
      source = await publisher();
      const id = (key: string) => `${source.base}person/${key}`;
      await source.app.documents.putAll(
        [
          person(source.base, 'quill', 'Edwina Quillfeather', 'REG 7731'),
          person(source.base, 'tarn', 'Tobias Tarnwhistle'),
          person(source.base, 'marrow', 'Edith Marrow'),
        ].map((d) => admitJson(d)),
      );
      await merge(source.base, id('quill'), id('tarn'));
      await merge(source.base, id('tarn'), id('marrow'));
      for await (const chunk of exportDocuments(source.app.store, { format: 'nquads', withHistory: true }))
        text += chunk;
    });
    after(async () => {
      await source?.app.close();
    });

    it('the export says what each merged id was found by, on its #@merged line', () => {
      expect(text).to.contain(
        `#@merged <${source.base}person/quill> <${source.base}person/tarn> ["Edwina Quillfeather","REG 7731"]\n`,
      );
      expect(text).to.contain(
        `#@merged <${source.base}person/tarn> <${source.base}person/marrow> ["Edwina Quillfeather","REG 7731","Tobias Tarnwhistle"]\n`,
      );
    });

    it("loaded into another store: A's names (and A0's, through the chain) find B, not A", async () => {
      const here = await mirror(kind);
      try {
        const report = await new Loader(here.app.documents, { batchSize: 2 }).load(
          resolveInputs(['-'], 'nquads', Readable.from([Buffer.from(text)])),
        );
        expect(report.leftovers).to.deep.equal([]);
        for (const q of ['quillfeather', 'REG 7731', 'tarnwhistle', 'edith marrow'])
          expect(await here.search(q), q).to.deep.equal([`${source.base}person/marrow`]);
      } finally {
        await here.app.close();
      }
    });
  });

describe(`a #@merged line whose names are not a JSON array of strings (${STORE_KIND})`, function () {
  this.timeout(60000);
  it('keeps the merge without them and reports the line', async () => {
    const work = mkdtempSync(join(tmpdir(), 'linkedart-merged-names-'));
    const store = await openTestStore(work);
    try {
      const documents = new DocumentService(store);
      const a = 'https://example.org/person/a';
      const b = 'https://example.org/person/b';
      await documents.putAll([admitJson(person('https://example.org/', 'b', 'Bertram Birch'))]);
      const text = `#@merged <${a}> <${b}> ["ok", 3]\n`;
      const report = await new Loader(documents, {}).load(
        resolveInputs(['-'], 'nquads', Readable.from([Buffer.from(text)])),
      );
      expect(await documents.feed.mergedInto(a)).to.equal(b);
      expect(report.leftovers.map((l) => l.messages[0])).to.deep.equal([
        `the #@merged line of <${a}>: the names after the ids are not a JSON array of strings; merged without them`,
      ]);
    } finally {
      await store.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
