/**
 * A Create writes no history record (src/history/liveVersion.ts): the created document's TimeMap
 * lists version 1 all the same, with who wrote it and when (its Last-Modified), read from its
 * hint graph; a kept past version is answered again from the cache, and a retention's drop is
 * seen at once. Runs on both stores.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from './support/testApp.js';
import { isHistoryGraph } from '../../src/history/versionGraphs.js';

const BASE = 'http://localhost:8080/created/';
const TOKEN = 'history-created-token-0123456789';
const ID = `${BASE}object/1`;
const V = (n: number) => `/created/_version/${n}/created/object/1`;

const documentNamed = (label: string) =>
  JSON.stringify({
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: ID,
    type: 'HumanMadeObject',
    _label: label,
  });

interface TimeMapJson {
  versions: Array<{ version: number; kind: string; actor: string | null; datetime: string }>;
}

describe('History: a created document has version 1 without a record', function () {
  this.timeout(120000);
  let app: TestApp;
  const put = async (label: string) => {
    const response = await fetch(app.origin + '/created/object/1', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: documentNamed(label),
    });
    expect(response.status, `PUT ${label}`).to.be.oneOf([200, 201]);
    await response.arrayBuffer();
  };
  const timeMap = async () =>
    (await (await fetch(`${app.origin}/created/_timemap/created/object/1?format=json`)).json()) as TimeMapJson;

  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN, keepVersions: '1' });
  });
  after(async () => {
    await app.close();
  });

  it('lists version 1 with its actor and its time, and the store holds no graph of its history', async () => {
    await put('first');
    const live = await fetch(app.origin + '/created/object/1');
    const lastModified = new Date(live.headers.get('last-modified') ?? '').toISOString().replace('.000Z', 'Z');
    await live.arrayBuffer();
    expect((await app.store.listGraphs()).filter(isHistoryGraph), 'no history graph').to.deep.equal([]);
    expect((await timeMap()).versions).to.deep.equal([
      {
        version: 1,
        uri: `${BASE}_version/1/created/object/1`,
        kind: 'Create',
        actor: 'curator',
        datetime: lastModified,
      },
    ]);
  });

  it('answers a past version again alike, and no more once the retention dropped it', async () => {
    await put('second');
    const first = await fetch(app.origin + V(1));
    const again = await fetch(app.origin + V(1));
    expect([first.status, again.status]).to.deep.equal([200, 200]);
    expect(await again.text()).to.equal(await first.text());
    expect(again.headers.get('etag')).to.equal(first.headers.get('etag'));
    // --keep-versions 1: the third version drops the first, in the same write.
    await put('third');
    expect((await fetch(app.origin + V(1))).status).to.equal(404);
    expect((await timeMap()).versions.map((v) => v.version)).to.deep.equal([2, 3]);
    expect(await (await fetch(app.origin + V(2))).text()).to.contain('"second"');
  });
});
