/**
 * `linkedart load` as curators run it: dumps with bad documents, --strict, a Turtle dump
 * with no graphs, gzip and standard input, a load killed midway and run again, and a load
 * into a running server.
 */
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Writer } from 'n3';
import { hintGraphOf } from '../../src/hints/Skeleton.js';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { df, type Quad } from '../../src/rdf/terms.js';
import { renderDocument } from '../../src/rebuild/renderDocument.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import type { QuadStore } from '../../src/store/QuadStore.js';
import { openTestStore, REMOTE_STORE_URL, STORE_KIND, testStoreArgs } from '../support/testStore.js';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { DEMO_DIR, PROJECT_ROOT, readDocuments } from '../support/corpus.js';
import { canonical, toNTriples } from '../support/rdf.js';
import { crashCopies } from './support/crashCopies.js';
import { startServer } from './support/serverProcess.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const demo = readDocuments(DEMO_DIR);
/**
 * Where the records in a log file end: the file runs on with zeros, room taken ahead of them
 * (src/store/embedded/logRoom.ts). The last record marker, then its length.
 */
function recordsEnd(path: string): number {
  const bytes = readFileSync(path);
  const at = bytes.lastIndexOf(RECORD_MARKER);
  return at < 0 || at + 12 > bytes.length ? 0 : at + 12 + bytes.readUInt32LE(at + 4);
}
const RECORD_MARKER = Buffer.from([0x31, 0x57, 0x41, 0x4c]);
const BAD_NAME = {
  '@context': V1,
  id: 'http://localhost:8080/object/bad-name',
  type: 'HumanMadeObject',
  _label: 'Bowl',
  identified_by: [{ type: 'Name' }],
};
const BAD_TYPE = {
  '@context': V1,
  id: 'http://localhost:8080/object/bad-type',
  type: 'Production',
  _label: 'Not an entity',
};

/** The ids of the documents in a data directory, and the store (open: close it). */
async function storedIds(dataDir: string): Promise<{ ids: string[]; store: QuadStore }> {
  const store = await openTestStore(dataDir);
  const ids = (await store.listGraphs()).filter((g) => !g.startsWith('urn:')).sort();
  return { ids, store };
}

describe(`linkedart load (${STORE_KIND})`, function () {
  this.timeout(180000);
  // What a load prints and answers is the subject here, not its process (but where it is killed): one process runs them.
  const runCommand = commandsInOneProcess();
  const load = (args: string[], input?: string | Buffer) =>
    runCommand(['load', '--no-progress', ...args], process.env, input);
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-load-'));
  });
  afterEach(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('a folder with some invalid documents: the good ones in, the bad ones reported with file, id and errors, exit 1', async () => {
    const dump = join(work, 'dump');
    mkdirSync(dump);
    for (const { file, json } of demo) writeFileSync(join(dump, file), JSON.stringify(json));
    writeFileSync(join(dump, 'zz-bad-name.json'), JSON.stringify(BAD_NAME));
    writeFileSync(join(dump, 'zz-bad-type.jsonld'), JSON.stringify(BAD_TYPE));
    const result = await load([...(await testStoreArgs(join(work, 'data'))), dump]);
    expect(result.status, result.stderr).to.equal(1);
    expect(result.stderr).to.contain('NameContent: refuses 1 document, 1 for this rule alone (3.2% of the 31 read)');
    expect(result.stderr).to.contain(
      `e.g. ${join(dump, 'zz-bad-name.json')} line 1 (record 1) ${BAD_NAME.id} at identified_by[0]: {"type":"Name"}`,
    );
    expect(result.stderr).to.contain(
      `e.g. ${join(dump, 'zz-bad-type.jsonld')} line 1 (record 1) ${BAD_TYPE.id} at type: "Production"`,
    );
    expect(result.stderr).to.match(/loaded: 29 new, 0 replaced, 0 unchanged, 2 rejected/);
    const { ids, store } = await storedIds(join(work, 'data'));
    await store.close();
    expect(ids).to.have.length(29);
    expect(ids).not.to.include(BAD_NAME.id);
  });

  it('--strict: one invalid document and nothing is stored', async () => {
    const ndjson = join(work, 'dump.ndjson');
    writeFileSync(ndjson, [...demo.map((d) => d.json), BAD_NAME].map((j) => JSON.stringify(j)).join('\n') + '\n');
    const result = await load([...(await testStoreArgs(join(work, 'data'))), '--strict', ndjson]);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.contain(`e.g. ${ndjson} line 30 (record 30) ${BAD_NAME.id} at identified_by[0]`);
    expect(result.stderr).to.contain('nothing was stored');
    const { ids, store } = await storedIds(join(work, 'data'));
    await store.close();
    expect(ids).to.deep.equal([]);
  });

  it('NDJSON gzipped, a JSON array, and standard input with --format, all give the same documents', async () => {
    const docs = demo.map((d) => d.json);
    writeFileSync(
      join(work, 'a.ndjson.gz'),
      gzipSync(
        docs
          .slice(0, 10)
          .map((j) => JSON.stringify(j))
          .join('\n'),
      ),
    );
    writeFileSync(join(work, 'b.json'), JSON.stringify(docs.slice(10, 20), null, 2));
    const first = await load([
      ...(await testStoreArgs(join(work, 'data'))),
      join(work, 'a.ndjson.gz'),
      join(work, 'b.json'),
    ]);
    expect(first.status, first.stderr).to.equal(0);
    const fromStdin = await load(
      [...(await testStoreArgs(join(work, 'data'))), '--format', 'ndjson', '-'],
      docs
        .slice(20)
        .map((j) => JSON.stringify(j))
        .join('\n'),
    );
    expect(fromStdin.status, fromStdin.stderr).to.equal(0);
    expect(fromStdin.stderr).to.match(/loaded: 9 new/);
    const { ids, store } = await storedIds(join(work, 'data'));
    try {
      expect(ids).to.deep.equal(docs.map((j) => j['id'] as string).sort());
      const documents = new DocumentService(store);
      for (const { json } of demo) expect((await documents.get(json['id'] as string))!.document).to.deep.equal(json);
    } finally {
      await store.close();
    }
  });

  it('checked in worker threads (--check-workers, batches of 3): the same documents and report as in the reading thread', async () => {
    const ndjson = join(work, 'mixed.ndjson');
    writeFileSync(
      ndjson,
      [...demo.slice(0, 12).map((d) => d.json), BAD_NAME, ...demo.slice(12).map((d) => d.json)]
        .map((j) => JSON.stringify(j))
        .join('\n') + '\n',
    );
    const runs = [];
    for (const workers of ['0', '2']) {
      const dataDir = join(work, `data-${workers}`);
      const result = await load([
        ...(await testStoreArgs(dataDir)),
        '--batch-size',
        '3',
        '--check-workers',
        workers,
        '--json',
        ndjson,
      ]);
      expect(result.status, result.stderr).to.equal(1);
      const report = JSON.parse(result.stdout) as {
        created: number;
        rejected: number;
        warnings: number;
        rejections: unknown[];
        warned: unknown[];
      };
      const { ids, store } = await storedIds(dataDir);
      try {
        const documents = new DocumentService(store);
        for (const { json } of demo)
          expect(
            (await documents.get(json['id'] as string))?.document,
            `${workers} workers: ${json['id'] as string}`,
          ).to.deep.equal(json);
      } finally {
        await store.close();
      }
      runs.push({
        ids,
        report: {
          created: report.created,
          rejected: report.rejected,
          warnings: report.warnings,
          rejections: report.rejections,
          warned: report.warned,
        },
      });
    }
    expect(runs[0].report).to.include({ created: 29, rejected: 1 });
    expect(runs[1]).to.deep.equal(runs[0]);
  });

  it('--check-workers that is no count of threads: refused before anything is read (exit 2)', async () => {
    const result = await load([
      ...(await testStoreArgs(join(work, 'data'))),
      '--check-workers',
      'many',
      join(DEMO_DIR, demo[0].file),
    ]);
    expect(result.status).to.equal(2);
    expect(result.stderr).to.contain('--check-workers many: a whole number of threads from 0 to 64');
  });

  it("a Turtle dump of the demo with no graphs splits into exactly the demo's documents", async () => {
    // One Turtle file of every demo triple, no graphs, no hints: as another tool would write it.
    const all: Quad[] = [];
    for (const { file, json } of demo) {
      const ingested = ingestDocument(json, file);
      for (const q of ingested.quads) {
        const rename = <T extends Quad['subject'] | Quad['object']>(t: T): T =>
          t.termType === 'BlankNode' ? (df.blankNode(`${file.replace(/\W/g, '')}_${t.value}`) as T) : t;
        all.push(df.quad(rename(q.subject), q.predicate, rename(q.object)));
      }
    }
    const turtle = await new Promise<string>((resolve, reject) => {
      const writer = new Writer({
        prefixes: { crm: 'http://www.cidoc-crm.org/cidoc-crm/', aat: 'http://vocab.getty.edu/aat/' },
      });
      writer.addQuads(all);
      writer.end((error, text: string) => (error ? reject(error) : resolve(text)));
    });
    writeFileSync(join(work, 'demo.ttl'), turtle);
    const result = await load([
      ...(await testStoreArgs(join(work, 'data'))),
      '--base-url',
      'http://localhost:8080/',
      join(work, 'demo.ttl'),
    ]);
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stderr).to.match(/loaded: 29 new, 0 replaced, 0 unchanged, 0 rejected/);
    const { ids, store } = await storedIds(join(work, 'data'));
    try {
      expect(ids).to.deep.equal(demo.map((d) => d.json['id'] as string).sort());
      // Each document has its own triples: those it wrote, as stored from its JSON-LD.
      const reference = await EmbeddedStore.open({ dataDir: join(work, 'reference') });
      try {
        await new DocumentService(reference).putAll(demo.map(({ file, json }) => ingestDocument(json, file)));
        for (const id of ids) {
          const split = toNTriples(await store.readGraphs([id]));
          const own = toNTriples(await reference.readGraphs([id]));
          // A shared Type's own classification is written by one document (the painting) but,
          // with no graphs, is said of the Type for every document that refers to it (README).
          const extra =
            id === 'http://localhost:8080/concept/marine-painting'
              ? '<http://vocab.getty.edu/aat/300033618> <http://www.cidoc-crm.org/cidoc-crm/P2_has_type> <http://vocab.getty.edu/aat/300435443> .\n'
              : '';
          // What the painting and its visual item say of the digital image beyond its type and label
          // (its format and access point, for their pages' picture) goes to the digital image's
          // document only: with no graphs, a document's references bring their type and label (README).
          const digitalImage = 'http://localhost:8080/digital/harbour-at-dusk-image';
          const notOwn = (line: string): boolean =>
            (id === 'http://localhost:8080/object/harbour-at-dusk' &&
              (line.startsWith(`<${digitalImage}>`) ||
                line.startsWith('<http://localhost:8080/media/harbour.png>') ||
                line.includes(`<https://linked.art/ns/terms/digitally_shown_by> <${digitalImage}>`))) ||
            (id === 'http://localhost:8080/visual/harbour-at-dusk' &&
              (line.startsWith(`<${digitalImage}> <http://purl.org/dc/elements/1.1/format>`) ||
                line.startsWith(`<${digitalImage}> <https://linked.art/ns/terms/access_point>`) ||
                line.startsWith('<http://localhost:8080/media/harbour.png>')));
          const kept = own
            .split('\n')
            .filter((line) => line !== '' && !notOwn(line))
            .map((line) => line + '\n')
            .join('');
          expect(await canonical(split), id).to.equal(await canonical(kept + extra));
        }
      } finally {
        await reference.close();
      }
    } finally {
      await store.close();
    }
  });

  it('a Turtle block appended to an exported dump: the report gives the line of the document it ran into, and says a new document needs its #@document line', async () => {
    const storeArgs = await testStoreArgs(join(work, 'data'));
    expect((await load([...storeArgs, DEMO_DIR])).status).to.equal(0);
    const dump = join(work, 'dump.ttl');
    const exported = spawnSync(process.execPath, [CLI, 'export', ...storeArgs, '--format', 'turtle', '--out', dump], {
      encoding: 'utf8',
    });
    expect(exported.status, exported.stderr).to.equal(0);
    const lines = readFileSync(dump, 'utf8').split('\n');
    const lastMarker = lines.map((l) => l.startsWith('#@document ')).lastIndexOf(true) + 1;
    const lastId = /<(.*)>/.exec(lines[lastMarker - 1])![1];
    const block =
      '<http://localhost:8080/place/new-place> a <http://www.cidoc-crm.org/cidoc-crm/E53_Place> ;\n  <http://www.w3.org/2000/01/rdf-schema#label> "New place" .\n';
    appendFileSync(dump, block);
    const refused = await load(['--dry-run', dump]);
    expect(refused.status).to.equal(1);
    expect(refused.stderr).to.contain(`e.g. ${dump} line ${lastMarker} (document 29 <${lastId}>) ${lastId}`);
    expect(refused.stderr).to.contain(
      'put `#@document <http://localhost:8080/place/new-place>` on a line before its triples',
    );
    writeFileSync(
      dump,
      readFileSync(dump, 'utf8').replace(block, `#@document <http://localhost:8080/place/new-place>\n${block}`),
    );
    const fixed = await load(['--dry-run', dump]);
    expect(fixed.status, fixed.stderr).to.equal(0);
    expect(fixed.stderr).to.match(/checked \(nothing stored\): 30 new/);
  });

  it('killed midway (kill -9): no document is half-written; the same load again finishes the job', async function () {
    // The embedded store's write-ahead log; the remote store's own test stops the store mid-load (remoteStore.test.ts).
    if (REMOTE_STORE_URL) this.skip();
    const copies = crashCopies(4);
    const ndjson = join(work, 'copies.ndjson');
    writeFileSync(ndjson, copies.map((c) => JSON.stringify(c.json)).join('\n') + '\n');
    const dataDir = join(work, 'data');
    const child = spawn(
      process.execPath,
      [CLI, 'load', '--no-progress', '--batch-size', '10', '--data-dir', dataDir, ndjson],
      { stdio: 'ignore' },
    );
    // Kill once the write-ahead log shows some batches written, well before the end.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        let logged = 0;
        try {
          logged = readdirSync(dataDir)
            .filter((f) => f.startsWith('wal-'))
            .reduce((n, f) => n + recordsEnd(join(dataDir, f)), 0);
        } catch {
          /* not yet */
        }
        if (logged > 300_000 || child.exitCode !== null) {
          clearInterval(timer);
          child.kill('SIGKILL');
          resolve();
        }
      }, 20);
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const expected = new Map(
      copies.map((c) => {
        const ingested = ingestDocument(c.json);
        return [c.id, renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document];
      }),
    );
    let { ids, store } = await storedIds(dataDir);
    let before: number;
    try {
      before = ids.length;
      expect(before, 'killed after some documents were stored').to.be.within(1, copies.length - 1);
      const documents = new DocumentService(store);
      for (const id of ids) expect((await documents.get(id))!.document, id).to.deep.equal(expected.get(id));
      for (const id of ids) expect(await store.hasGraph(hintGraphOf(id)), `hints of ${id}`).to.equal(true);
    } finally {
      await store.close();
    }
    const again = await load([...(await testStoreArgs(dataDir)), ndjson]);
    expect(again.status, again.stderr).to.equal(0);
    const summary = /loaded: (\d+) new, (\d+) replaced, (\d+) unchanged/.exec(again.stderr)!;
    expect(Number(summary[1]) + Number(summary[2]) + Number(summary[3])).to.equal(copies.length);
    expect(Number(summary[3])).to.equal(before);
    ({ ids, store } = await storedIds(dataDir));
    await store.close();
    expect(ids).to.have.length(copies.length);
  });

  it('a data directory in use by a server: refused, pointing to --server', async function () {
    if (REMOTE_STORE_URL) this.skip(); // a data directory is the embedded store's
    const dataDir = join(work, 'data');
    const store = await EmbeddedStore.open({ dataDir });
    try {
      const result = await load([...(await testStoreArgs(dataDir)), join(DEMO_DIR, demo[0].file)]);
      expect(result.status).to.equal(1);
      expect(result.stderr).to.contain('--server');
    } finally {
      await store.close();
    }
  });

  it('into a running server with its token; refused without it', async () => {
    const token = 'load-test-token-0123456789';
    const server = await startServer([
      ...(await testStoreArgs(join(work, 'data'))),
      '--base-url',
      'http://localhost:8080/',
      '--token',
      token,
    ]);
    try {
      const dump = join(work, 'dump.ndjson.gz');
      writeFileSync(dump, gzipSync([...demo.map((d) => d.json), BAD_NAME].map((j) => JSON.stringify(j)).join('\n')));
      const refused = await load(['--server', server.url, '--token', 'wrong-token-0123456789', dump]);
      expect(refused.status).to.equal(1);
      expect(refused.stderr).to.contain('401');
      const result = await load(['--server', server.url, '--token', token, dump]);
      expect(result.status, result.stderr).to.equal(1);
      expect(result.stderr).to.match(/loaded: 29 new, 0 replaced, 0 unchanged, 1 rejected/);
      expect(result.stderr).to.contain(BAD_NAME.id);
      const painting = await fetch(`${server.url}/object/harbour-at-dusk`);
      expect(painting.status).to.equal(200);
      const strict = await load(['--server', server.url, '--token', token, '--strict', dump]);
      expect(strict.stderr).to.contain('nothing was stored');
    } finally {
      await server.stop();
    }
  });
});
