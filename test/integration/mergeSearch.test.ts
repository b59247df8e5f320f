/**
 * Name search follows merges, on the suite's store, with the index in memory and (on the remote
 * store) with `--name-index store`: once A is merged into B (over HTTP, or as `linkedart merge`
 * does it), a search for A's names finds B, never A (no ghost of A in the index, no hit that
 * would answer 308 or 404); A → B → C finds C; the index built again from the store (a restart)
 * finds the same; A created again is found by its names itself, and B no longer is.
 */
import { expect } from 'chai';
import { admitJson } from '../../src/service/gate/admit.js';
import { application } from '../../src/linkedart/Actor.js';
import { mergeDocuments } from '../../src/merge/mergeDocuments.js';
import { nameIndexOf, nameSearchOf, searchNamesWith } from '../../src/search/attachNameIndex.js';
import { loadNameIndex } from '../../src/search/loadNameIndex.js';
import { StoredNameSearch } from '../../src/search/stored/StoredNameSearch.js';
import { REMOTE_STORE_URL, STORE_KIND } from '../support/testStore.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const TOKEN = 'merge-search-token-0123456789';
const person = (key: string, label: string, name: string, accession?: string) => ({
  '@context': V1,
  id: `${BASE}person/${key}`,
  type: 'Person',
  _label: label,
  identified_by: [{ type: 'Name', content: name }, ...(accession ? [{ type: 'Identifier', content: accession }] : [])],
});
const id = (key: string) => `${BASE}person/${key}`;

/** The index kinds this store serves: in memory everywhere, in the store itself on Virtuoso. */
const kinds: Array<'memory' | 'store'> = REMOTE_STORE_URL ? ['memory', 'store'] : ['memory'];

for (const kind of kinds)
  describe(`Name search follows merges (${STORE_KIND}, index in ${kind})`, function () {
    this.timeout(180000);
    let app: TestApp;
    let stored: StoredNameSearch | undefined;
    before(async () => {
      const docs = [
        person('quill', 'Edwina Quillfeather', 'Edwina Quillfeather', 'REG 7731'),
        person('marrow', 'Edith Marrow', 'Edith Marrow'),
        person('tarn', 'Tobias Tarnwhistle', 'Tobias Tarnwhistle'),
        person('brack', 'Bracken Holloway', 'Bracken Holloway'),
        person('sedge', 'Sedgwick Ormsby', 'Sedgwick Ormsby'),
        person('wren', 'Wrenna Pikestaff', 'Wrenna Pikestaff'),
      ].map((d) => admitJson(d));
      app = await startTestApp(docs, { baseUrl: BASE, token: TOKEN });
      if (kind === 'store') {
        stored = StoredNameSearch.of(app.store);
        await stored.setUp();
        searchNamesWith(app.documents, stored);
      }
    });
    after(async () => {
      await app.close();
    });

    /** The ids a search finds (the store's text index told of the writes first), and the total. */
    const search = async (q: string): Promise<{ ids: string[]; total: number }> => {
      await stored?.refresh();
      const response = await fetch(`${app.origin}/collection/search?q=${encodeURIComponent(q)}`, {
        headers: { Accept: 'application/json' },
      });
      expect(response.status).to.equal(200);
      const body = (await response.json()) as { orderedItems?: Array<{ id: string }>; totalItems?: number };
      return { ids: (body.orderedItems ?? []).map((hit) => hit.id), total: body.totalItems ?? 0 };
    };
    const merge = async (from: string, to: string) => {
      const response = await fetch(`${app.origin}/collection/_merge`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ from, to }),
      });
      expect(response.status, await response.clone().text()).to.equal(200);
    };

    it("before any merge, A's name and identifier find A", async () => {
      expect((await search('quillfeather')).ids).to.deep.equal([id('quill')]);
      expect((await search('REG 7731')).ids).to.deep.equal([id('quill')]);
    });

    it("merged over HTTP: A's name, label and identifier find B, not A", async () => {
      await merge(id('quill'), id('marrow'));
      for (const q of ['quillfeather', 'Edwina Quillfeather', 'REG 7731', 'quill'])
        expect(await search(q), q).to.deep.equal({ ids: [id('marrow')], total: 1 });
      expect((await search('edith marrow')).ids).to.deep.equal([id('marrow')]);
    });

    it('every hit answers 200 (none 308 or 404)', async () => {
      for (const hit of (await search('quillfeather')).ids) {
        const response = await fetch(hit.replace(BASE, `${app.origin}/collection/`), { redirect: 'manual' });
        expect(response.status, hit).to.equal(200);
      }
    });

    it('the index holds no ghost of A: it knows no name of A', async () => {
      const lookup = await (await nameSearchOf(app.documents)).nameLookup([id('quill'), id('marrow')]);
      expect(lookup.nameOf(id('quill'))).to.equal(undefined);
      expect(lookup.nameOf(id('marrow'))).to.equal('Edith Marrow');
      if (kind === 'memory') expect((await nameIndexOf(app.documents)).size).to.equal(5);
    });

    it("B written again still has A's names searched; its own new name too", async () => {
      const response = await fetch(`${app.origin}/collection/person/marrow`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(person('marrow', 'Edith Anne Marrow', 'Edith Anne Marrow')),
      });
      expect(response.status).to.be.oneOf([200, 204]);
      expect((await search('quillfeather')).ids).to.deep.equal([id('marrow')]);
      expect((await search('anne')).ids).to.deep.equal([id('marrow')]);
    });

    it('merged as `linkedart merge` does it, then further: A → B → C finds C by A and B', async () => {
      await mergeDocuments(app.documents, {
        from: id('tarn'),
        to: id('brack'),
        rewriteReferences: false,
        actor: application('linkedart merge'),
      });
      expect((await search('tarnwhistle')).ids).to.deep.equal([id('brack')]);
      await merge(id('brack'), id('sedge'));
      for (const q of ['tarnwhistle', 'bracken holloway', 'sedgwick'])
        expect(await search(q), q).to.deep.equal({ ids: [id('sedge')], total: 1 });
    });

    it('the index built again from the store (a restart) finds the same', async () => {
      const index = await loadNameIndex(app.store);
      const ids = (q: string) => index.search(q, 0, 10).hits.map((hit) => hit.id);
      expect(ids('quillfeather')).to.deep.equal([id('marrow')]);
      expect(ids('tarnwhistle')).to.deep.equal([id('sedge')]);
      expect(ids('bracken')).to.deep.equal([id('sedge')]);
      expect(index.nameOf(id('quill'))).to.equal(undefined);
      expect(index.size).to.equal(3);
    });

    it("merged by another process (its feed followed): A's names find B", async () => {
      // Another process's merge: written through a service of its own; this one follows the Move as the follower does.
      const other = new DocumentService(app.store);
      await mergeDocuments(other, {
        from: id('wren'),
        to: id('marrow'),
        rewriteReferences: false,
        actor: application('linkedart merge'),
      });
      await app.documents.followed([id('wren')]);
      expect(await search('pikestaff')).to.deep.equal({ ids: [id('marrow')], total: 1 });
    });

    it('A created again: its names find A itself, and B no longer', async () => {
      const response = await fetch(`${app.origin}/collection/person/quill`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(person('quill', 'Edwina Quillfeather', 'Edwina Quillfeather')),
      });
      expect(response.status).to.equal(201);
      expect((await search('quillfeather')).ids).to.deep.equal([id('quill')]);
      expect((await loadNameIndex(app.store)).search('quillfeather', 0, 10).hits.map((h) => h.id)).to.deep.equal([
        id('quill'),
      ]);
    });
  });
