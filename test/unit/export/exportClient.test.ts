/**
 * `linkedart export --server URL`: the client side of `GET /_export`, against a stand-in server
 * that answers with the same generator the real endpoint uses (or with a problem+json error).
 */
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { runExport, type ExportIo } from '../../../src/cli/export.js';
import {
  documentIds,
  EXPORT_CONTENT_TYPES,
  exportDocuments,
  ExportRequestError,
  isExportFormat,
  type ExportOptions,
} from '../../../src/export/exportDocuments.js';
import { demoDocuments } from '../../../src/service/demoCollection.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';

const BASE = 'http://localhost:8080/';

interface Captured {
  io: ExportIo;
  stdout(): string;
  stderr(): string;
}

function capture(): Captured {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  return {
    io: { stdout, stderr, env: {} },
    stdout: () => Buffer.concat(out).toString('utf8'),
    stderr: () => Buffer.concat(err).toString('utf8'),
  };
}

describe('linkedart export --server', function () {
  this.timeout(120_000);
  let dir: string;
  let outDir: string;
  let store: EmbeddedStore;
  let server: Server;
  let url: string;
  const requests: string[] = [];

  async function local(options: ExportOptions): Promise<string> {
    let text = '';
    for await (const chunk of exportDocuments(store, options)) text += chunk;
    return text;
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkedart-export-client-'));
    outDir = await mkdtemp(join(tmpdir(), 'linkedart-export-client-out-'));
    store = await EmbeddedStore.open({ dataDir: dir });
    await new DocumentService(store).putAll(demoDocuments(BASE));
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const problem = (status: number, title: string, detail: string): void => {
        res
          .writeHead(status, { 'content-type': 'application/problem+json' })
          .end(JSON.stringify({ type: 'about:blank', title, status, detail }));
      };
      const query = new URL(req.url ?? '/', 'http://x/');
      const format = query.searchParams.get('format') ?? '';
      if (query.pathname !== '/_export') return problem(404, 'Not Found', `nothing at ${query.pathname}`);
      if (!isExportFormat(format)) return problem(400, 'Bad Request', `unknown format ${format}`);
      const ids = query.searchParams.getAll('id');
      const options: ExportOptions = {
        format,
        ids: ids.length > 0 ? ids : undefined,
        type: query.searchParams.get('type') ?? undefined,
      };
      documentIds(store, options)
        .then(
          () => {
            res.writeHead(200, { 'content-type': EXPORT_CONTENT_TYPES[format] });
            return pipeline(Readable.from(exportDocuments(store, options)), res);
          },
          (error: Error) => {
            if (error instanceof ExportRequestError)
              problem(error.reason === 'unknown-id' ? 404 : 400, 'Not Found', error.message);
            else problem(500, 'Internal Server Error', error.message);
          },
        )
        .catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await store?.close();
    for (const d of [dir, outDir]) if (d) await rm(d, { recursive: true, force: true });
  });

  it("streams the server's export to standard output and counts the documents", async () => {
    const c = capture();
    const summary = await runExport({ server: url + '/', format: 'ndjson', type: 'Person' }, c.io);
    expect(c.stdout()).to.equal(await local({ format: 'ndjson', type: 'Person' }));
    expect(summary.documents).to.equal(1);
    expect(c.stderr()).to.match(/1 document as ndjson, \d+ bytes, to standard output/);
    expect(requests.at(-1)).to.equal('/_export?format=ndjson&type=Person');
  });

  it('writes a gzipped file, counting documents by their hints, and asks for each id', async () => {
    const out = join(outDir, 'some.nq.gz');
    const c = capture();
    const ids = [`${BASE}place/whitby`, `${BASE}person/edith-marrow`];
    const summary = await runExport({ server: url, format: 'nquads', id: ids, out }, c.io);
    expect(gunzipSync(await readFile(out)).toString('utf8')).to.equal(await local({ format: 'nquads', ids }));
    expect(summary.documents).to.equal(2);
    expect(summary.gzippedBytes).to.be.a('number').and.to.be.lessThan(summary.bytes);
    expect(c.stderr()).to.contain(`2 documents as nquads`).and.contain('gzipped').and.contain(out);
    expect(new URL(requests.at(-1)!, url).searchParams.getAll('id')).to.deep.equal(ids);
    expect(await readdir(outDir)).to.deep.equal(['some.nq.gz']);
  });

  it('counts every document of a whole export in each format', async () => {
    for (const format of ['nquads', 'trig', 'turtle', 'ntriples', 'ndjson']) {
      const summary = await runExport({ server: url, format }, capture().io);
      expect(summary.documents, format).to.equal(29);
    }
  });

  it('shows the status and the problem detail of an error answer, and leaves no file', async () => {
    const out = join(outDir, 'missing.nq');
    const error = await runExport({ server: url, format: 'nquads', id: [`${BASE}nope`], out }, capture().io).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.contain('404').and.contain(`no document with id <${BASE}nope>`);
    expect(await readdir(outDir)).not.to.include('missing.nq');
    expect((await readdir(outDir)).filter((f) => f.includes('partial'))).to.deep.equal([]);
  });

  it('says when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await runExport({ server: `http://127.0.0.1:${port}`, format: 'nquads' }, capture().io).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.contain('cannot reach the server');
  });
});
