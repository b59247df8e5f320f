/**
 * Curators' writes over HTTP: PUT and DELETE at an id and the bulk endpoint, only with the
 * token, checked by the same gate as every write; the read side unchanged for everyone.
 */
import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = BASE + 'object/new-acquisition';
const PATH = '/collection/object/new-acquisition';
const painting = (label: string, extra: Record<string, unknown> = {}) => ({
  '@context': V1,
  id: ID,
  type: 'HumanMadeObject',
  _label: label,
  ...extra,
});
const auth = { Authorization: `Bearer ${TOKEN}` };
const json = { 'Content-Type': 'application/ld+json' };

describe('HTTP writes', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN, maxBodyMb: '0.01' });
  });
  after(async () => {
    await app.close();
  });
  const call = (path: string, method: string, headers: Record<string, string>, body?: string | Buffer) =>
    fetch(app.origin + path, {
      method,
      headers,
      body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
    });

  it('PUT of a new document: 201 with Location; then served, with its warnings in the answer', async () => {
    const response = await call(PATH, 'PUT', { ...auth, ...json }, JSON.stringify(painting('Fishing boats')));
    expect(response.status).to.equal(201);
    expect(response.headers.get('location')).to.equal(ID);
    const answer = (await response.json()) as { id: string; result: string; warnings: string[] };
    expect(answer).to.include({ id: ID, result: 'created' });
    expect(answer.warnings.join('\n')).to.contain('identified_by');
    expect(((await (await fetch(app.origin + PATH)).json()) as { _label: string })._label).to.equal('Fishing boats');
  });

  it('PUT again: 200 replaced, the cached render gone; the same again: 200 unchanged', async () => {
    await (await fetch(app.origin + PATH)).arrayBuffer();
    const replaced = await call(PATH, 'PUT', { ...auth, ...json }, JSON.stringify(painting('Fishing boats at Whitby')));
    expect(replaced.status).to.equal(200);
    expect(await replaced.json()).to.include({ result: 'replaced' });
    expect(((await (await fetch(app.origin + PATH)).json()) as { _label: string })._label).to.equal(
      'Fishing boats at Whitby',
    );
    const same = await call(PATH, 'PUT', { ...auth, ...json }, JSON.stringify(painting('Fishing boats at Whitby')));
    expect(await same.json()).to.include({ result: 'unchanged' });
  });

  it('PUT of a document that breaks a rule: 422 listing the problems, nothing changed', async () => {
    const before = await (await fetch(app.origin + PATH)).text();
    const bad = painting('Broken', { identified_by: [{ type: 'Name' }] });
    const response = await call(PATH, 'PUT', { ...auth, ...json }, JSON.stringify(bad));
    expect(response.status).to.equal(422);
    expect(response.headers.get('content-type')).to.equal('application/problem+json');
    const problem = (await response.json()) as {
      errors: string[];
      problems: Array<{ path: string; severity: string }>;
    };
    expect(problem.errors.join('\n')).to.contain('identified_by[0]');
    expect(problem.problems.some((p) => p.severity === 'Violation')).to.equal(true);
    expect(await (await fetch(app.origin + PATH)).text()).to.equal(before);
  });

  const refused: Array<[string, string, string, Record<string, string>, string | undefined, number, RegExp]> = [
    ['PUT without a token', PATH, 'PUT', json, JSON.stringify(painting('x')), 401, /Bearer/],
    [
      'PUT with a wrong token',
      PATH,
      'PUT',
      { ...json, Authorization: 'Bearer not-the-token-at-all' },
      JSON.stringify(painting('x')),
      401,
      /not the curator token/,
    ],
    ['DELETE without a token', PATH, 'DELETE', {}, undefined, 401, /Bearer/],
    ['bulk without a token', '/_bulk?format=ndjson', 'POST', {}, '{}', 401, /Bearer/],
    ['PUT of something that is not JSON', PATH, 'PUT', { ...auth, ...json }, '{"id": ', 400, /not JSON/],
    [
      'PUT of text/turtle',
      PATH,
      'PUT',
      { ...auth, 'Content-Type': 'text/turtle' },
      '<a> <b> <c> .',
      415,
      /application\/ld\+json/,
    ],
    [
      'PUT at another id',
      '/collection/object/elsewhere',
      'PUT',
      { ...auth, ...json },
      JSON.stringify(painting('x')),
      400,
      /not the id of this URL/,
    ],
    [
      'PUT larger than the limit',
      PATH,
      'PUT',
      { ...auth, ...json },
      JSON.stringify(painting('x'.repeat(20000))),
      413,
      /limit/,
    ],
    [
      'DELETE of a document that is not there',
      '/collection/object/nothing-here',
      'DELETE',
      auth,
      undefined,
      404,
      /No document/,
    ],
    ['bulk without a format', '/_bulk', 'POST', auth, '{}', 400, /format/],
  ];
  for (const [name, path, method, headers, body, status, says] of refused) {
    it(`${name}: ${status}`, async () => {
      const size = await app.store.size();
      const response = await call(path, method, headers, body);
      expect(response.status).to.equal(status);
      expect(response.headers.get('access-control-allow-origin')).to.equal('*');
      expect(((await response.json()) as { detail: string }).detail).to.match(says);
      if (status === 401) expect(response.headers.get('www-authenticate')).to.contain('Bearer');
      expect(await app.store.size()).to.equal(size);
    });
  }

  it('OPTIONS says PUT and DELETE are allowed on ids when writes are on', async () => {
    const response = await call(PATH, 'OPTIONS', {});
    expect(response.headers.get('allow')).to.equal('GET, HEAD, PUT, DELETE, OPTIONS');
    expect((await call('/_bulk', 'OPTIONS', {})).headers.get('allow')).to.equal('POST, OPTIONS');
  });

  it('DELETE: 204, then 410 Gone for everyone (a second DELETE: 404, nothing to delete)', async () => {
    expect((await call(PATH, 'DELETE', auth)).status).to.equal(204);
    expect((await fetch(app.origin + PATH)).status).to.equal(410);
    expect((await call(PATH, 'DELETE', auth)).status).to.equal(404);
  });

  it('bulk: an NDJSON dump, gzipped, loads the good documents and reports the bad one', async () => {
    const docs = [
      painting('Bulk one', { id: BASE + 'object/bulk-1' }),
      painting('Bulk bad', { id: BASE + 'object/bulk-2', identified_by: [{ type: 'Name' }] }),
      painting('Bulk three', { id: BASE + 'object/bulk-3' }),
    ];
    const body = gzipSync(docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const response = await call(
      '/_bulk?format=ndjson&source=dump.ndjson.gz',
      'POST',
      { ...auth, 'Content-Encoding': 'gzip' },
      body,
    );
    expect(response.status).to.equal(200);
    const report = (await response.json()) as {
      created: number;
      rejected: number;
      rejections: Array<{ source: string; location: string; id: string; messages: string[] }>;
    };
    expect(report).to.include({ created: 2, rejected: 1 });
    expect(report.rejections[0]).to.include({
      source: 'dump.ndjson.gz',
      location: 'line 2 (record 2)',
      id: BASE + 'object/bulk-2',
    });
    expect((await fetch(app.origin + '/collection/object/bulk-1')).status).to.equal(200);
    expect((await fetch(app.origin + '/collection/object/bulk-2')).status).to.equal(404);
  });

  it('bulk: a record whose id is no IRI is refused, naming its line and the id; the others load', async () => {
    const docs = [painting('Good', { id: BASE + 'object/iri-ok' }), painting('No IRI', { id: 'not a document' })];
    const response = await call('/_bulk?format=ndjson', 'POST', auth, docs.map((d) => JSON.stringify(d)).join('\n'));
    expect(response.status, await response.clone().text()).to.equal(200);
    const report = (await response.json()) as {
      created: number;
      rejected: number;
      rejections: Array<{ location: string; messages: string[] }>;
    };
    expect(report).to.include({ created: 1, rejected: 1 });
    expect(report.rejections[0].location).to.equal('line 2 (record 2)');
    expect(report.rejections[0].messages.join(' ')).to.contain('not a document');
  });

  it('bulk with Accept: application/x-ndjson: a line per stored batch, then the report', async () => {
    const docs = [1, 2, 3, 4, 5].map((n) => painting(`Streamed ${n}`, { id: `${BASE}object/streamed-${n}` }));
    const response = await call(
      '/_bulk?format=ndjson&batchSize=2',
      'POST',
      { ...auth, Accept: 'application/x-ndjson' },
      docs.map((d) => JSON.stringify(d)).join('\n'),
    );
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/x-ndjson');
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, { created: number }>);
    expect(lines.slice(0, -1).map((l) => l['acknowledged'].created)).to.deep.equal([2, 4, 5]);
    expect(lines.at(-1)!['report']).to.include({ created: 5, rejected: 0 });
  });

  it('bulk strict: one bad document and nothing is stored', async () => {
    const docs = [
      painting('Strict one', { id: BASE + 'object/strict-1' }),
      painting('Strict bad', { id: BASE + 'object/strict-2', identified_by: [{ type: 'Name' }] }),
    ];
    const response = await call(
      '/_bulk?format=ndjson&strict=true',
      'POST',
      auth,
      docs.map((d) => JSON.stringify(d)).join('\n'),
    );
    const report = (await response.json()) as { created: number; rejected: number; aborted: string };
    expect(report.rejected).to.equal(1);
    expect(report.aborted).to.contain('nothing was stored');
    expect((await fetch(app.origin + '/collection/object/strict-1')).status).to.equal(404);
  });
});

describe('HTTP writes on a read-only service (no token configured)', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp([], { baseUrl: BASE });
  });
  after(async () => {
    await app.close();
  });

  for (const [method, path, allow] of [
    ['PUT', PATH, 'GET, HEAD, OPTIONS'],
    ['DELETE', PATH, 'GET, HEAD, OPTIONS'],
    ['POST', '/_bulk?format=ndjson', 'OPTIONS'],
  ] as const) {
    it(`${method} ${path}: 405, saying writes need a curator token and how to configure one`, async () => {
      const response = await fetch(app.origin + path, {
        method,
        headers: { ...auth, ...json },
        body: method === 'DELETE' ? undefined : '{}',
      });
      expect(response.status).to.equal(405);
      expect(response.headers.get('allow')).to.equal(allow);
      const problem = (await response.json()) as { detail: string };
      expect(problem.detail).to.contain('read-only').and.to.contain('--token').and.to.contain('LINKEDART_TOKEN');
    });
  }

  it('GET /_bulk: 405 naming the methods of the bulk endpoint, not "no document has the id"', async () => {
    const response = await fetch(app.origin + '/_bulk');
    expect(response.status).to.equal(405);
    expect(((await response.json()) as { detail: string }).detail).to.not.contain('No document');
  });
});

describe('HTTP writes: conditional PUT and DELETE (RFC 9110 §13)', function () {
  this.timeout(60000);
  let app: TestApp;
  const CPATH = '/collection/object/conditional';
  const CID = BASE + 'object/conditional';
  const doc = (label: string) => ({ '@context': V1, id: CID, type: 'HumanMadeObject', _label: label });
  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN });
  });
  after(async () => {
    await app.close();
  });
  const put = (label: string, headers: Record<string, string> = {}) =>
    fetch(app.origin + CPATH, {
      method: 'PUT',
      headers: { ...auth, ...json, ...headers },
      body: JSON.stringify(doc(label)),
    });
  const label = async () => ((await (await fetch(app.origin + CPATH)).json()) as { _label: string })._label;
  const etagNow = async () => (await fetch(app.origin + CPATH)).headers.get('etag')!;

  it('If-None-Match: * creates only: 201 the first time, then 412 naming the current ETag, nothing changed', async () => {
    const created = await put('First', { 'If-None-Match': '*' });
    expect(created.status).to.equal(201);
    const again = await put('Second', { 'If-None-Match': '*' });
    expect(again.status).to.equal(412);
    expect(again.headers.get('content-type')).to.equal('application/problem+json');
    const problem = (await again.json()) as { detail: string; currentEtag: string };
    expect(problem.currentEtag).to.equal(await etagNow());
    expect(problem.detail).to.contain(problem.currentEtag).and.to.contain('nothing was changed');
    expect(again.headers.get('etag')).to.equal(problem.currentEtag);
    expect(await label()).to.equal('First');
  });

  it('every successful PUT answers the new ETag and Last-Modified of the JSON-LD, which GET then serves', async () => {
    const response = await put('Chained');
    const get = await fetch(app.origin + CPATH);
    expect(response.headers.get('etag')).to.equal(get.headers.get('etag'));
    expect(response.headers.get('last-modified')).to.equal(get.headers.get('last-modified'));
  });

  it('If-Match with a stale or unknown ETag: 412 and nothing changed; with the current one: the edit goes in and a new ETag chains the next', async () => {
    const current = await etagNow();
    expect((await put('Lost edit', { 'If-Match': '"nope"' })).status).to.equal(412);
    expect(await label()).to.equal('Chained');
    const first = await put('Edit one', { 'If-Match': current });
    expect(first.status).to.equal(200);
    const next = first.headers.get('etag')!;
    expect(next).to.not.equal(current);
    expect((await put('Edit on a stale copy', { 'If-Match': current })).status).to.equal(412);
    expect((await put('Edit two', { 'If-Match': next })).status).to.equal(200);
    expect(await label()).to.equal('Edit two');
  });

  it("compares the JSON-LD representation's ETag: the Turtle ETag, or a weak one, does not match", async () => {
    const turtle = (await fetch(app.origin + CPATH, { headers: { Accept: 'text/turtle' } })).headers.get('etag')!;
    expect((await put('Via Turtle', { 'If-Match': turtle })).status).to.equal(412);
    expect((await put('Weak', { 'If-Match': `W/${await etagNow()}` })).status).to.equal(412);
    expect((await put('Listed', { 'If-Match': `"other", ${await etagNow()}` })).status).to.equal(200);
  });

  it('two concurrent PUTs with the same If-Match: exactly one succeeds', async () => {
    const current = await etagNow();
    const answers = await Promise.all(
      ['Curator A', 'Curator B', 'Curator C'].map((l) => put(l, { 'If-Match': current })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).to.deep.equal([200, 412, 412]);
  });

  it('If-Unmodified-Since before the last change: 412', async () => {
    expect((await put('Too late', { 'If-Unmodified-Since': 'Mon, 01 Jan 2001 00:00:00 GMT' })).status).to.equal(412);
  });

  it('DELETE with a wrong If-Match: 412, still there; with the current ETag: 204; If-Match on a missing document: 412', async () => {
    const del = (headers: Record<string, string>) =>
      fetch(app.origin + CPATH, { method: 'DELETE', headers: { ...auth, ...headers } });
    expect((await del({ 'If-Match': '"zzz"' })).status).to.equal(412);
    expect((await fetch(app.origin + CPATH)).status).to.equal(200);
    expect((await del({ 'If-Match': await etagNow() })).status).to.equal(204);
    expect((await fetch(app.origin + CPATH)).status).to.equal(410);
    expect((await del({ 'If-Match': '*' })).status).to.equal(412);
  });
});
