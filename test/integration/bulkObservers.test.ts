/**
 * What a /_bulk stores reaches the derived data at once (the name index, the reverse links), as
 * a batch's graphs are told to them in slices (StoreWrite, WriteObservers): every document
 * of every batch is found by name, and counted in the `_links` of the entity they refer to.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const PAINTER = BASE + 'person/bulk-painter';
const painter = { '@context': V1, id: PAINTER, type: 'Person', _label: 'Bulk Painter' };
const painting = (i: number, word: string) => ({
  '@context': V1,
  id: `${BASE}object/bulk-${i}`,
  type: 'HumanMadeObject',
  _label: `${word} ${i}`,
  identified_by: [{ type: 'Name', content: `${word} number ${i}` }],
  produced_by: { type: 'Production', carried_out_by: [{ id: PAINTER, type: 'Person', _label: 'Bulk Painter' }] },
});

describe('/_bulk: the name index and the reverse links told of every document', function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN });
  });
  after(async () => {
    await app.close();
  });

  const bulk = async (documents: readonly object[], batchSize: number) => {
    const response = await fetch(`${app.origin}/_bulk?format=ndjson&batchSize=${batchSize}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: documents.map((d) => JSON.stringify(d)).join('\n') + '\n',
    });
    expect(response.status).to.equal(200);
    await response.text();
  };
  const found = async (word: string) =>
    ((await (await fetch(`${app.origin}/collection/search?q=${word}`)).json()) as { totalItems: number }).totalItems;
  const produced = async () => {
    const response = await fetch(app.origin + '/collection/person/bulk-painter', {
      headers: { Accept: 'application/ld+json' },
    });
    const links = ((await response.json()) as { _links: Record<string, { _estimate?: number } | undefined> })._links;
    return links['la:objectProducedByAgent']?._estimate;
  };

  // [what, documents, batch size, word searched, documents it finds, paintings counted for the painter]
  const table: Array<[string, object[], number, string, number, number]> = [
    [
      'one batch of 71 documents (several slices)',
      [painter, ...range(70).map((i) => painting(i, 'seascape'))],
      500,
      'seascape',
      70,
      70,
    ],
    ['seven batches of 10, replacing them', range(70).map((i) => painting(i, 'moonrise')), 10, 'moonrise', 70, 70],
    ['the word they no longer have', [], 10, 'seascape', 0, 70],
  ];
  for (const [what, documents, batchSize, word, count, paintings] of table)
    it(what, async () => {
      if (documents.length > 0) await bulk(documents, batchSize);
      expect(await found(word)).to.equal(count);
      expect(await produced()).to.equal(paintings);
    });
});

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
