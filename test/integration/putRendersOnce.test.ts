/**
 * A PUT renders its document once (the gate's render, as served): the ETag it answers (a hash of
 * the bytes) is that of a render from the store, which a GET then serves,
 * for every demo document and every Linked Art example the gate admits (repaired when need be),
 * and a document large enough to be checked in a document worker, stored new and stored over.
 */
import { expect } from 'chai';
import { FORMATS } from '../../src/render/formats.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { Representations } from '../../src/service/Representations.js';
import { CORPUS_DIR, DEMO_DIR, readDocuments } from '../support/corpus.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const JSON_LD = FORMATS[0];

describe('a PUT renders once', function () {
  this.timeout(300_000);
  let app: TestApp;
  let fromStore: Representations;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
    // No cache: every answer rendered from the store.
    fromStore = new Representations(app.documents, 0, { links: { baseUrl: BASE } });
  });
  after(async () => {
    await app.close();
  });

  // One past LARGE_PUT_BYTES: checked, and its JSON-LD made, in a document worker.
  const large = {
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    type: 'HumanMadeObject',
    _label: 'Jug',
    identified_by: Array.from({ length: 2000 }, (_, i) => ({ type: 'Identifier', content: `ACC-${i}` })),
  };
  const documents = [
    ...readDocuments(DEMO_DIR).map((d, n) => ({ name: `data/demo/${d.file}`, json: d.json, n })),
    ...readDocuments(CORPUS_DIR).map((d, n) => ({ name: d.file, json: d.json, n: n + 1000 })),
    { name: 'a large document', json: large, n: 2000 },
  ];

  it('answers the ETag, and serves the bytes, of the document rendered from the store', async () => {
    let checked = 0;
    for (const { name, json, n } of documents) {
      const id = `${BASE}put-renders-once/${n}`;
      for (const label of ['first', 'second']) {
        const response = await fetch(`${app.origin}/collection/put-renders-once/${n}`, {
          method: 'PUT',
          headers: {
            Authorization: `Bearer ${TOKEN}`,
            'Content-Type': 'application/ld+json',
            Prefer: 'handling=lenient',
          },
          body: JSON.stringify({ ...json, id, _label: `${String(json['_label'])} (${label})` }),
        });
        await response.arrayBuffer();
        if (response.status === 422) break;
        expect(response.status, name).to.be.oneOf([200, 201]);
        const rendered = await fromStore.get(id, JSON_LD);
        expect(response.headers.get('etag'), name).to.equal(rendered?.etag);
        expect(response.headers.get('last-modified'), name).to.equal(rendered?.lastModified);
        // What a GET then serves.
        const served = await app.representations.get(id, JSON_LD);
        expect(served?.body.equals(rendered!.body), name).to.equal(true);
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(200);
  });
});
