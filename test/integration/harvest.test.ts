/**
 * `linkedart harvest` against a feed shaped as the Getty's LOD Gateway publishes it
 * (test/fixtures/lod-gateway), served by a local HTTP server with documents made from the
 * corpus: the first run mirrors everything the gate admits, the second (after the feed gains a
 * page) fetches only what the new activities name, a delete removes, a refusal is reported.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harvestGraphOf } from '../../src/harvest/harvestState.js';
import type { HarvestReport } from '../../src/harvest/HarvestReport.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { CORPUS_DIR, PROJECT_ROOT } from '../support/corpus.js';
import { openTestStore, STORE_KIND, testStoreArgs } from '../support/testStore.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const FIXTURE = `${PROJECT_ROOT}test/fixtures/lod-gateway/`;
const NAMESPACE = '/museum/collection/';

/** The CLI in a child process, without blocking this one (the fixture server answers it). */
function harvest(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // The fixture publisher is on 127.0.0.1: allowed explicitly, as an operator would (issue 28).
    const child = spawn(process.execPath, [
      CLI,
      'harvest',
      '--no-progress',
      '--retries',
      '1',
      '--allow-private-addresses',
      ...args,
    ]);
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

class LodGatewayFixture {
  server!: Server;
  origin = '';
  after = false;
  /** Document paths requested (not feed pages), and the Accept headers they came with. */
  requested: string[] = [];
  accepts = new Set<string>();
  readonly documents = (
    JSON.parse(readFileSync(FIXTURE + 'documents.json', 'utf8')) as { documents: Record<string, string> }
  ).documents;
  /** Changes the publisher made to documents after the first harvest (path → label). */
  relabelled = new Map<string, string>();
  deleted = new Set<string>();

  feed = () => `${this.origin}${NAMESPACE}activity-stream`;
  url = (path: string) => `${this.origin}${NAMESPACE}${path}`;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      const file = this.feedFile(path);
      if (file) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(readFileSync(FIXTURE + file, 'utf8').replaceAll('{{origin}}', this.origin));
        return;
      }
      const entity = path.startsWith(NAMESPACE) ? path.slice(NAMESPACE.length) : '';
      const source = this.documents[entity];
      if (source === undefined || path.includes('activity-stream')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":[{"status":404}]}');
        return;
      }
      this.requested.push(entity);
      this.accepts.add(req.headers.accept ?? '');
      if (this.deleted.has(entity)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/ld+json' }).end(JSON.stringify(this.document(entity, source)));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The corpus document this entity is made from, under the fixture's URL. */
  document(entity: string, source: string): Record<string, unknown> {
    const json = JSON.parse(readFileSync(CORPUS_DIR + source, 'utf8')) as Record<string, unknown>;
    const text = JSON.stringify(json)
      .split(JSON.stringify(json['id']))
      .join(JSON.stringify(this.url(entity)));
    const doc = JSON.parse(text) as Record<string, unknown>;
    if (this.relabelled.has(entity)) doc['_label'] = this.relabelled.get(entity);
    return doc;
  }

  private feedFile(path: string): string | undefined {
    if (path === `${NAMESPACE}activity-stream`) return this.after ? 'collection.after.json' : 'collection.json';
    const page = new RegExp(`^${NAMESPACE}activity-stream/page/(\\d+)$`).exec(path)?.[1];
    if (page === '1') return 'page-1.json';
    if (page === '2') return this.after ? 'page-2.after.json' : 'page-2.json';
    if (page === '3' && this.after) return 'page-3.json';
    return undefined;
  }
}

describe(`linkedart harvest of a feed shaped as the LOD Gateway's (${STORE_KIND})`, function () {
  this.timeout(120000);
  const fixture = new LodGatewayFixture();
  let dataDir: string;
  let storeArgs: string[];
  const entity = (prefix: string) => Object.keys(fixture.documents).find((k) => k.startsWith(prefix))!;
  const [A, C, D, E, F] = ['object/', 'group/', 'place/', 'concept/', 'text/'].map((p) => () => entity(p));

  before(async () => {
    await fixture.start();
    dataDir = mkdtempSync(join(tmpdir(), 'harvest-'));
    storeArgs = await testStoreArgs(dataDir);
  });
  after(() => {
    fixture.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function stored(): Promise<Map<string, Record<string, unknown>>> {
    const store = await openTestStore(dataDir);
    try {
      const documents = new DocumentService(store);
      const out = new Map<string, Record<string, unknown>>();
      for (const path of Object.keys(fixture.documents)) {
        const doc = await documents.get(fixture.url(path));
        if (doc) out.set(path, doc.document);
      }
      expect(await store.hasGraph(harvestGraphOf(fixture.feed()))).to.equal(true);
      return out;
    } finally {
      await store.close();
    }
  }

  it('first run: mirrors every document the feed says exists, fetched once each as Linked Art JSON-LD; the refused one reported', async () => {
    const run = await harvest([...storeArgs, '--json', fixture.feed()]);
    expect(run.status, run.stderr).to.equal(1); // something was refused
    const report = JSON.parse(run.stdout) as HarvestReport;
    expect(report).to.deep.include({
      activities: 8,
      pages: 2,
      created: 3,
      rejected: 1,
      deleteAbsent: 1,
      deleted: 0,
      missing: 0,
    });
    expect(report.rejections.map((r) => r.id)).to.deep.equal([fixture.url(E())]);
    expect(report.rejections[0].messages.length).to.be.greaterThan(0);
    // A's Create and Update, C's Create and Refresh: one request each; B (person/), deleted before the harvest, none.
    expect([...fixture.requested].sort()).to.deep.equal([A(), C(), D(), E()].sort());
    expect([...fixture.accepts]).to.deep.equal([
      'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json", application/ld+json;q=0.9, application/json;q=0.8',
    ]);
    const docs = await stored();
    expect([...docs.keys()].sort()).to.deep.equal([A(), C(), D()].sort());
    const source = fixture.document(A(), fixture.documents[A()]);
    expect(docs.get(A())!['id']).to.equal(fixture.url(A()));
    expect(docs.get(A())!['_label']).to.equal(source['_label']);
  });

  it('second run, after the feed gained a page: fetches only what the new activities name; a delete removes the document', async () => {
    fixture.after = true;
    fixture.requested = [];
    fixture.relabelled.set(D(), 'A place, relabelled');
    fixture.deleted.add(A());
    const run = await harvest([...storeArgs, fixture.feed()]);
    expect(run.status, run.stderr).to.equal(0);
    expect(fixture.requested.sort()).to.deep.equal([D(), F()].sort());
    expect(run.stderr).to.match(
      /3 activities read on 2 pages; documents: 1 created, 1 replaced, 0 unchanged, 0 rejected, 1 deleted/,
    );
    const docs = await stored();
    expect([...docs.keys()].sort()).to.deep.equal([C(), D(), F()].sort());
    expect(docs.get(D())!['_label']).to.equal('A place, relabelled');
  });

  it('a third run with nothing new reads the last page only and fetches nothing', async () => {
    fixture.requested = [];
    const run = await harvest([...storeArgs, fixture.feed()]);
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stderr).to.match(/0 activities read on 1 page;/);
    expect(fixture.requested).to.deep.equal([]);
  });

  it('a feed URL that answers 404 stops the harvest with the status and the URL, exit code 1', async () => {
    const run = await harvest([...storeArgs, `${fixture.origin}/no/activity-stream`]);
    expect(run.status).to.equal(1);
    expect(run.stderr).to.contain(`the feed answered 404 at ${fixture.origin}/no/activity-stream`);
  });
});
