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
const painting = (label: string, extra: Record<string, unknown> = {}) => ({ '@context': V1, id: ID, type: 'HumanMadeObject', _label: label, ...extra });
const auth = { Authorization: `Bearer ${TOKEN}` };
const json = { 'Content-Type': 'application/ld+json' };

describe('HTTP writes', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => { app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN, maxBodyMb: '0.01' }); });
  after(async () => { await app.close(); });
  const call = (path: string, method: string, headers: Record<string, string>, body?: string | Buffer) =>
    fetch(app.origin + path, { method, headers, body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body) });

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
    expect(((await (await fetch(app.origin + PATH)).json()) as { _label: string })._label).to.equal('Fishing boats at Whitby');
    const same = await call(PATH, 'PUT', { ...auth, ...json }, JSON.stringify(painting('Fishing boats at Whitby')));
    expect(await same.json()).to.include({ result: 'unchanged' });
  });

  it('PUT of a document that breaks a rule: 422 listing the problems, nothing changed', async () => {
    const before = await (await fetch(app.origin + PATH)).text();
    const bad = painting('Broken', { identified_by: [{ type: 'Name' }] });
    const response = await call(PATH, 'PUT', { ...auth, ...json }, JSON.stringify(bad));
    expect(response.status).to.equal(422);
    expect(response.headers.get('content-type')).to.equal('application/problem+json');
    const problem = (await response.json()) as { errors: string[]; problems: Array<{ path: string; severity: string }> };
    expect(problem.errors.join('\n')).to.contain('identified_by[0]');
    expect(problem.problems.some((p) => p.severity === 'Violation')).to.equal(true);
    expect(await (await fetch(app.origin + PATH)).text()).to.equal(before);
  });

  const refused: Array<[string, string, string, Record<string, string>, string | undefined, number, RegExp]> = [
    ['PUT without a token', PATH, 'PUT', json, JSON.stringify(painting('x')), 401, /Bearer/],
    ['PUT with a wrong token', PATH, 'PUT', { ...json, Authorization: 'Bearer not-the-token-at-all' }, JSON.stringify(painting('x')), 401, /not the curator token/],
    ['DELETE without a token', PATH, 'DELETE', {}, undefined, 401, /Bearer/],
    ['bulk without a token', '/_bulk?format=ndjson', 'POST', {}, '{}', 401, /Bearer/],
    ['PUT of something that is not JSON', PATH, 'PUT', { ...auth, ...json }, '{"id": ', 400, /not JSON/],
    ['PUT of text/turtle', PATH, 'PUT', { ...auth, 'Content-Type': 'text/turtle' }, '<a> <b> <c> .', 415, /application\/ld\+json/],
    ['PUT at another id', '/collection/object/elsewhere', 'PUT', { ...auth, ...json }, JSON.stringify(painting('x')), 400, /not the id of this URL/],
    ['PUT larger than the limit', PATH, 'PUT', { ...auth, ...json }, JSON.stringify(painting('x'.repeat(20000))), 413, /limit/],
    ['DELETE of a document that is not there', '/collection/object/nothing-here', 'DELETE', auth, undefined, 404, /No document/],
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

  it('DELETE: 204, then 404 for everyone', async () => {
    expect((await call(PATH, 'DELETE', auth)).status).to.equal(204);
    expect((await fetch(app.origin + PATH)).status).to.equal(404);
  });

  it('bulk: an NDJSON dump, gzipped, loads the good documents and reports the bad one', async () => {
    const docs = [
      painting('Bulk one', { id: BASE + 'object/bulk-1' }),
      painting('Bulk bad', { id: BASE + 'object/bulk-2', identified_by: [{ type: 'Name' }] }),
      painting('Bulk three', { id: BASE + 'object/bulk-3' }),
    ];
    const body = gzipSync(docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const response = await call('/_bulk?format=ndjson&source=dump.ndjson.gz', 'POST', { ...auth, 'Content-Encoding': 'gzip' }, body);
    expect(response.status).to.equal(200);
    const report = (await response.json()) as { created: number; rejected: number; rejections: Array<{ source: string; location: string; id: string; messages: string[] }> };
    expect(report).to.include({ created: 2, rejected: 1 });
    expect(report.rejections[0]).to.include({ source: 'dump.ndjson.gz', location: 'line 2 (record 2)', id: BASE + 'object/bulk-2' });
    expect((await fetch(app.origin + '/collection/object/bulk-1')).status).to.equal(200);
    expect((await fetch(app.origin + '/collection/object/bulk-2')).status).to.equal(404);
  });

  it('bulk strict: one bad document and nothing is stored', async () => {
    const docs = [painting('Strict one', { id: BASE + 'object/strict-1' }), painting('Strict bad', { id: BASE + 'object/strict-2', identified_by: [{ type: 'Name' }] })];
    const response = await call('/_bulk?format=ndjson&strict=true', 'POST', auth, docs.map((d) => JSON.stringify(d)).join('\n'));
    const report = (await response.json()) as { created: number; rejected: number; aborted: string };
    expect(report.rejected).to.equal(1);
    expect(report.aborted).to.contain('nothing was stored');
    expect((await fetch(app.origin + '/collection/object/strict-1')).status).to.equal(404);
  });
});

describe('HTTP writes on a read-only service (no token configured)', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => { app = await startTestApp([], { baseUrl: BASE }); });
  after(async () => { await app.close(); });

  for (const [method, path] of [['PUT', PATH], ['DELETE', PATH], ['POST', '/_bulk?format=ndjson']] as const) {
    it(`${method} ${path}: 405, the Allow header naming the read methods`, async () => {
      const response = await fetch(app.origin + path, { method, headers: { ...auth, ...json }, body: method === 'DELETE' ? undefined : '{}' });
      expect(response.status).to.equal(405);
      expect(response.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
    });
  }
});
