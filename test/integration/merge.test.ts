/**
 * Merges over HTTP (POST /_merge with a curator token), on the suite's store: A then answers 308
 * to B in every format (HTML too, `?format=` kept), the feed has a Move (object and origin A,
 * target B, the curator as actor), the documents referring to A are reported, and on request
 * rewritten to refer to B through the gate; a merge that cannot be is refused with nothing written.
 */
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admitJson } from '../../src/service/gate/admit.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const TOKEN = 'merge-curator-token-0123456789';
const READER = 'merge-reader-token-0123456789';
const person = (name: string) => ({ '@context': V1, id: `${BASE}person/${name}`, type: 'Person', _label: name });
const made = (name: string, by: string) => ({
  '@context': V1,
  id: `${BASE}object/${name}`,
  type: 'HumanMadeObject',
  _label: name,
  produced_by: { type: 'Production', carried_out_by: [{ id: `${BASE}person/${by}`, type: 'Person', _label: by }] },
});

describe("Merges: POST /_merge, 308 from the merged-away id, the feed's Move", function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    const tokens = join(mkdtempSync(join(tmpdir(), 'linkedart-merge-')), 'tokens');
    writeFileSync(tokens, `registrar ${TOKEN}\nreader ${READER} read\n`);
    const docs = [
      person('marrow'),
      person('e-marrow'),
      person('edith'),
      made('boat', 'e-marrow'),
      made('harbour', 'edith'),
      person('m-one'),
      person('m-two'),
      person('m-three'),
      made('ship', 'm-one'),
    ].map((d) => admitJson(d));
    app = await startTestApp(docs, { baseUrl: BASE, tokens });
  });
  after(async () => {
    await app.close();
  });

  const merge = (body: unknown, token = TOKEN) =>
    fetch(`${app.origin}/collection/_merge`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const local = (id: string) => id.replace(BASE, `${app.origin}/collection/`);

  const refused: Array<[string, unknown, string, number, RegExp]> = [
    ['a read-only token', { from: `${BASE}person/e-marrow`, to: `${BASE}person/marrow` }, READER, 403, /reads only/],
    ['an id into itself', { from: `${BASE}person/marrow`, to: `${BASE}person/marrow` }, TOKEN, 409, /itself/],
    [
      'into an id with no document',
      { from: `${BASE}person/e-marrow`, to: `${BASE}person/nobody` },
      TOKEN,
      404,
      /No document/,
    ],
    ['an id that never was', { from: `${BASE}person/nobody`, to: `${BASE}person/marrow` }, TOKEN, 404, /nor had it/],
    ['a body without "to"', { from: `${BASE}person/e-marrow` }, TOKEN, 400, /"to"/],
    ['an unknown member', { from: 'a', to: 'b', force: true }, TOKEN, 400, /Unknown member "force"/],
    ['an id that is not an IRI', { from: 'e-marrow', to: `${BASE}person/marrow` }, TOKEN, 400, /not an http/],
  ];
  for (const [what, body, token, status, says] of refused)
    it(`refuses ${what}: ${status}, nothing written`, async () => {
      const response = await merge(body, token);
      expect(response.status).to.equal(status);
      expect(((await response.json()) as { detail: string }).detail).to.match(says);
      expect((await fetch(local(`${BASE}person/e-marrow`))).status).to.equal(200);
    });

  const producedBy = async (name: string): Promise<string[] | undefined> => {
    const document = (await (
      await fetch(local(`${BASE}person/${name}`), { headers: { Accept: 'application/ld+json' } })
    ).json()) as { _links: Record<string, { href: string } | undefined> };
    const link = document._links['la:objectProducedByAgent'];
    if (!link) return undefined;
    const page = (await (await fetch(local(link.href))).json()) as { orderedItems?: Array<{ id: string }> };
    const first = page.orderedItems ?? [];
    return first.map((item) => item.id);
  };

  const page = async (name: string) =>
    (await fetch(local(`${BASE}person/${name}`), { headers: { Accept: 'text/html' } })).text();

  it("before the merge, B's reverse links list nothing produced by B", async () => {
    expect(await producedBy('marrow')).to.equal(undefined);
    expect(await page('marrow')).to.not.contain('/collection/object/boat');
  });

  it('merges A into B: 200, the documents referring to A reported (not rewritten unless asked)', async () => {
    const response = await merge({ from: `${BASE}person/e-marrow`, to: `${BASE}person/marrow` });
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({
      merged: `${BASE}person/e-marrow`,
      into: `${BASE}person/marrow`,
      references: [`${BASE}object/boat`],
      rewritten: [],
    });
  });

  it("B's reverse links follow A: a document still pointing at A is listed under B", async () => {
    expect(await producedBy('marrow')).to.deep.equal([`${BASE}object/boat`]);
    expect(await page('marrow')).to.contain('/collection/object/boat');
  });

  const formats: Array<[string, Record<string, string>, string]> = [
    ['JSON-LD', { Accept: 'application/ld+json' }, ''],
    ['Turtle', { Accept: 'text/turtle' }, ''],
    ['N-Triples', { Accept: 'application/n-triples' }, ''],
    ['HTML', { Accept: 'text/html' }, ''],
    ['no Accept', {}, ''],
    ['?format=ttl', {}, '?format=ttl'],
    ['an unacceptable type', { Accept: 'image/png' }, ''],
  ];
  for (const [what, headers, query] of formats)
    it(`A answers 308 to B for ${what}`, async () => {
      const response = await fetch(local(`${BASE}person/e-marrow`) + query, { headers, redirect: 'manual' });
      expect(response.status).to.equal(308);
      expect(response.headers.get('location')).to.equal(`${BASE}person/marrow${query}`);
    });

  it('HEAD of A: 308 too; B answers as before', async () => {
    const head = await fetch(local(`${BASE}person/e-marrow`), { method: 'HEAD', redirect: 'manual' });
    expect(head.status).to.equal(308);
    expect((await fetch(local(`${BASE}person/marrow`))).status).to.equal(200);
  });

  it('the feed records a Move: object and origin A, target B, the curator as actor', async () => {
    const collection = (await (await fetch(`${app.origin}/collection/activity-stream`)).json()) as {
      last: { id: string };
    };
    const page = (await (await fetch(local(collection.last.id))).json()) as { orderedItems: unknown[] };
    expect(page.orderedItems.at(-1)).to.deep.include({
      type: 'Move',
      object: { id: `${BASE}person/e-marrow`, type: 'Person' },
      origin: { id: `${BASE}person/e-marrow`, type: 'Person' },
      target: { id: `${BASE}person/marrow`, type: 'Person' },
      actor: { type: 'Person', name: 'registrar' },
    });
  });

  it('refuses merging A again: 409 naming where it went', async () => {
    const response = await merge({ from: `${BASE}person/e-marrow`, to: `${BASE}person/edith` });
    expect(response.status).to.equal(409);
    expect(await response.text()).to.contain(`merged into ${BASE}person/marrow already`);
  });

  it('with rewriteReferences, the referring documents are rewritten to refer to B (ordinary writes, in the feed)', async () => {
    const response = await merge({ from: `${BASE}person/edith`, to: `${BASE}person/marrow`, rewriteReferences: true });
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.include({
      references: [`${BASE}object/harbour`],
      rewritten: [`${BASE}object/harbour`],
    });
    const harbour = (await (await fetch(local(`${BASE}object/harbour`))).json()) as {
      produced_by: { carried_out_by: Array<{ id: string }> };
    };
    expect(harbour.produced_by.carried_out_by[0].id).to.equal(`${BASE}person/marrow`);
    const length = await app.documents.feed.length();
    const [update, move] = await app.documents.feed.activities(length - 1, length);
    expect([update.kind, update.object, move.kind, move.object]).to.deep.equal([
      'Update',
      `${BASE}object/harbour`,
      'Move',
      `${BASE}person/edith`,
    ]);
  });

  it('creating A again is allowed: it answers itself, not 308', async () => {
    const response = await fetch(local(`${BASE}person/e-marrow`), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify(person('e-marrow')),
    });
    expect(response.status).to.equal(201);
    expect((await fetch(local(`${BASE}person/e-marrow`), { redirect: 'manual' })).status).to.equal(200);
  });

  it("A created again: what points at A is A's again, no longer listed under B", async () => {
    expect(await producedBy('e-marrow')).to.deep.equal([`${BASE}object/boat`]);
    // (harbour was rewritten to point at B when edith was merged into it.)
    expect(await producedBy('marrow')).to.deep.equal([`${BASE}object/harbour`]);
    const marrow = (await (
      await fetch(local(`${BASE}person/marrow`), { headers: { Accept: 'application/ld+json' } })
    ).json()) as { _links: Record<string, { _estimate: number }> };
    expect(marrow._links['la:objectProducedByAgent']._estimate).to.equal(1);
    expect(await page('marrow')).to.not.contain('/collection/object/boat');
  });

  it('A into B, then B into C: 409 naming C for a merge into A or B', async () => {
    expect((await merge({ from: `${BASE}person/m-one`, to: `${BASE}person/m-two` })).status).to.equal(200);
    expect((await merge({ from: `${BASE}person/m-two`, to: `${BASE}person/m-three` })).status).to.equal(200);
    const response = await merge({ from: `${BASE}person/marrow`, to: `${BASE}person/m-one` });
    expect(response.status).to.equal(409);
    expect(await response.text()).to.contain(`merge ${BASE}person/marrow into ${BASE}person/m-three`);
  });

  for (const [what, headers, query] of formats)
    for (const from of ['m-one', 'm-two'])
      it(`after A → B → C, ${from} answers one 308 straight to C for ${what}`, async () => {
        const response = await fetch(local(`${BASE}person/${from}`) + query, { headers, redirect: 'manual' });
        expect(response.status).to.equal(308);
        expect(response.headers.get('location')).to.equal(`${BASE}person/m-three${query}`);
      });

  it("after A → B → C, C's reverse links list what still points at A", async () => {
    expect(await producedBy('m-three')).to.deep.equal([`${BASE}object/ship`]);
  });

  it('after A → B → C, B created again: A answers 308 to B, B answers itself', async () => {
    const put = await fetch(local(`${BASE}person/m-two`), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify(person('m-two')),
    });
    expect(put.status).to.equal(201);
    const one = await fetch(local(`${BASE}person/m-one`), { redirect: 'manual' });
    expect([one.status, one.headers.get('location')]).to.deep.equal([308, `${BASE}person/m-two`]);
    expect((await fetch(local(`${BASE}person/m-two`), { redirect: 'manual' })).status).to.equal(200);
  });

  const exportCases: Array<[string, number, RegExp]> = [
    [
      'format=nquads&withHistory=true',
      200,
      /<urn:linkedart-service:history:https:\/\/museum\.example\.org\/collection\/person\/m-one>/,
    ],
    [
      'format=trig&withHistory=true',
      200,
      /<urn:linkedart-service:history:https:\/\/museum\.example\.org\/collection\/person\/m-one>/,
    ],
    ['format=nquads', 200, /^(?![\s\S]*<urn:linkedart-service:history:)/],
    ['format=ndjson&withHistory=true', 400, /--with-history .*nquads or trig/],
    ['format=turtle&withHistory=true', 400, /--with-history .*nquads or trig/],
    ['format=nquads&withHistory=yes', 400, /withHistory= is true or false/],
  ];
  for (const [query, status, says] of exportCases)
    it(`GET /_export?${query}: ${status}`, async () => {
      const response = await fetch(`${app.origin}/collection/_export?${query}`);
      expect(response.status).to.equal(status);
      expect(await response.text()).to.match(says);
    });
});
