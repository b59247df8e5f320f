/**
 * Every version kept and dereferenceable (Memento, RFC 7089), over HTTP as a client sees it:
 * a document written three times, deleted and created again; each version at its URI in every
 * format, the TimeMap (link-format, JSON, the page), the live document as its own TimeGate,
 * the 410's links, who wrote each version. Runs on both stores.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'http://localhost:8080/history/';
const TOKEN = 'history-test-token-0123456789';
const ID = `${BASE}object/1`;
const V = (n: number) => `${BASE}_version/${n}/history/object/1`;
const TIMEMAP = `${BASE}_timemap/history/object/1`;
const auth = { Authorization: `Bearer ${TOKEN}` };

const documentNamed = (label: string) => ({
  '@context': 'https://linked.art/ns/v1/linked-art.json',
  id: ID,
  type: 'HumanMadeObject',
  _label: label,
});

/** One request of the table and what it answers. */
interface Case {
  readonly path: string;
  readonly accept?: string;
  readonly acceptDatetime?: string;
  readonly status: number;
  readonly headers?: Readonly<Record<string, string | RegExp>>;
  /** Text the body holds. */
  readonly body?: readonly string[];
}

describe('History: every version kept (Memento)', function () {
  this.timeout(120000);
  let app: TestApp;
  /** When each write was made, as its version says (each a second after the one before: versions are to the second). */
  const written: Date[] = [];
  /** The second each write's request started in, and the one it ended in. */
  const spans: Array<[number, number]> = [];
  const local = (href: string) => app.origin + new URL(href).pathname + new URL(href).search;
  const write = async (method: 'PUT' | 'DELETE', label?: string) => {
    await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
    const start = Math.floor(Date.now() / 1000) * 1000;
    const response = await fetch(local(ID), {
      method,
      headers: { ...auth, 'Content-Type': 'application/ld+json' },
      body: label === undefined ? undefined : JSON.stringify(documentNamed(label)),
    });
    expect(response.status, `${method} ${label ?? ''}`).to.be.oneOf([200, 201, 204]);
    spans.push([start, Math.floor(Date.now() / 1000) * 1000]);
  };

  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN });
    await write('PUT', 'first');
    await write('PUT', 'second');
    await write('PUT', 'third');
    await write('DELETE');
    await write('PUT', 'again');
    const timeMap = (await (await fetch(local(`${TIMEMAP}?format=json`))).json()) as {
      versions: Array<{ datetime: string }>;
    };
    for (const [i, v] of timeMap.versions.entries()) {
      const time = Date.parse(v.datetime);
      expect(time, `version ${i + 1} is stamped within its write`).to.be.within(spans[i][0], spans[i][1]);
      written.push(new Date(time));
    }
  });
  after(async () => {
    await app.close();
  });

  const at = (i: number, seconds = 0) => new Date(written[i].getTime() + seconds * 1000).toUTCString();

  const cases = (): Case[] => [
    // The live document: its own TimeGate, linking its TimeMap; its answer varies with Accept-Datetime.
    {
      path: ID,
      status: 200,
      headers: {
        link: new RegExp(`<${ID}>; rel="original timegate", <${TIMEMAP}>; rel="timemap"`),
        vary: /Accept-Datetime/,
      },
      body: ['"again"'],
    },
    { path: ID, acceptDatetime: at(1), status: 302, headers: { location: V(2), vary: 'Accept-Datetime' } },
    { path: ID, acceptDatetime: at(0), status: 302, headers: { location: V(1) } },
    { path: ID, acceptDatetime: 'Mon, 01 Jan 2001 00:00:00 GMT', status: 302, headers: { location: V(1) } },
    { path: ID, acceptDatetime: at(4, 60), status: 302, headers: { location: V(5) } },
    { path: ID, acceptDatetime: 'yesterday', status: 400, body: ['Accept-Datetime must be an HTTP date'] },
    // Each version, immutable, in every format.
    {
      path: V(1),
      status: 200,
      headers: { 'memento-datetime': at(0), link: new RegExp(`<${TIMEMAP}>; rel="timemap"`) },
      body: ['"first"'],
    },
    { path: V(2), accept: 'text/turtle', status: 200, body: ['"second"'] },
    { path: V(3), accept: 'application/n-quads', status: 200, body: ['"third"'] },
    {
      path: V(2),
      accept: 'text/html',
      status: 200,
      body: ['past version', 'version 2', 'by curator', 'see it as it is now'],
    },
    { path: V(4), status: 410, headers: { link: new RegExp(`rel="timemap"`) } },
    { path: V(5), status: 200, body: ['"again"'] },
    { path: V(6), status: 404 },
    { path: `${BASE}_version/0/history/object/1`, status: 404 },
    // The TimeMap.
    {
      path: TIMEMAP,
      status: 200,
      headers: { 'content-type': /application\/link-format/ },
      body: [
        `<${V(1)}>; rel="first memento"; datetime="${at(0)}"; kind="Create"; actor="curator"`,
        `<${V(4)}>; rel="memento"; datetime="${at(3)}"; kind="Delete"`,
        `<${V(5)}>; rel="last memento"`,
      ],
    },
    { path: `${TIMEMAP}?format=json`, status: 200, body: ['"version":5', '"kind":"Delete"'] },
    { path: TIMEMAP, accept: 'text/html', status: 200, body: ['History (4 versions)', 'deleted'] },
    { path: `${BASE}_timemap/history/object/none`, status: 404 },
    // The live page counts its versions.
    { path: ID, accept: 'text/html', status: 200, body: ['History (4 versions)'] },
  ];

  it('answers each request of the table (path, Accept, Accept-Datetime → status, headers, body)', async () => {
    for (const c of cases()) {
      const label = `${c.path} ${c.accept ?? ''} ${c.acceptDatetime ?? ''}`;
      const headers: Record<string, string> = {};
      if (c.accept) headers.Accept = c.accept;
      if (c.acceptDatetime) headers['Accept-Datetime'] = c.acceptDatetime;
      const response = await fetch(local(c.path), { headers, redirect: 'manual' });
      expect(response.status, label).to.equal(c.status);
      for (const [name, want] of Object.entries(c.headers ?? {})) {
        const got = response.headers.get(name) ?? '';
        if (typeof want === 'string') expect(got, `${label} ${name}`).to.equal(want);
        else expect(got, `${label} ${name}`).to.match(want);
      }
      const text = await response.text();
      for (const part of c.body ?? []) expect(text, label).to.contain(part);
    }
  });

  /** The labels a curator's query of the default graph finds for the document. */
  const labelsQueried = async (): Promise<string[]> => {
    const query = `SELECT ?label WHERE { <${ID}> <http://www.w3.org/2000/01/rdf-schema#label> ?label }`;
    const response = await fetch(`${app.origin}/sparql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sparql-query', Accept: 'application/sparql-results+json' },
      body: query,
    });
    expect(response.status).to.equal(200);
    const { results } = (await response.json()) as { results: { bindings: Array<{ label: { value: string } }> } };
    return results.bindings.map((b) => b.label.value);
  };

  it("a curator's query of the default graph sees the live document alone, not its past versions", async () => {
    expect(await labelsQueried()).to.deep.equal(['again']);
  });

  it("a deleted document's 410 links its last version and its TimeMap", async () => {
    await write('DELETE');
    expect(await labelsQueried(), 'nothing of it left in the default graph').to.deep.equal([]);
    const response = await fetch(local(ID));
    expect(response.status).to.equal(410);
    expect(response.headers.get('link')).to.equal(
      `<${V(5)}>; rel="last memento", <${TIMEMAP}>; rel="timemap"; type="application/link-format"`,
    );
    expect((await fetch(local(V(5)))).status, 'the last version stays').to.equal(200);
  });
});
