/** `linkedart export` run as a user runs it: the real program on a data directory. */
import { expect } from 'chai';
import { withCanonicalDoubles } from '../../src/rdf/syntax/serialize.js';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Parser } from 'n3';
import { exportDocuments } from '../../src/export/exportDocuments.js';
import { df, type Quad } from '../../src/rdf/terms.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { canonical, toNTriples } from '../support/rdf.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE = 'http://localhost:8080/';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the program without blocking this process (whose event loop may hold a store open). */
function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('linkedart export (the program)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let outDir: string;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkedart-export-cli-'));
    outDir = await mkdtemp(join(tmpdir(), 'linkedart-export-cli-out-'));
    const store = await EmbeddedStore.open({ dataDir });
    await new DocumentService(store).putAll(demoDocuments(BASE));
    await store.close();
  });

  after(async () => {
    for (const d of [dataDir, outDir]) if (d) await rm(d, { recursive: true, force: true });
  });

  it('exports a closed store as gzipped N-Quads holding exactly the stored documents', async () => {
    const out = join(outDir, 'all.nq.gz');
    const result = await run(['export', '--data-dir', dataDir, '--format', 'nquads', '--out', out]);
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.match(/29 documents as nquads, \d+ bytes \(\d+ gzipped\), to .*all\.nq\.gz in [\d.]+ s/);
    expect(await readdir(outDir)).to.deep.equal(['all.nq.gz']);

    const text = gunzipSync(await readFile(out)).toString('utf8');
    const graphs = new Map<string, Quad[]>();
    for (const q of new Parser({ format: 'N-Quads', factory: df }).parse(text)) {
      let list = graphs.get(q.graph.value);
      if (!list) graphs.set(q.graph.value, (list = []));
      list.push(q);
    }
    const store = await EmbeddedStore.open({ dataDir });
    try {
      const service = new DocumentService(store);
      const ids = (await store.listGraphs()).filter((g) => !g.startsWith('urn:linkedart-service:')).sort();
      expect([...graphs.keys()].sort()).to.deep.equal(ids);
      for (const id of ids) {
        const stored = (await service.read(id))!;
        // As stored, doubles in the one canonical form every format writes.
        expect(await canonical(toNTriples(graphs.get(id)!)), id).to.equal(
          await canonical(toNTriples(withCanonicalDoubles(stored.quads))),
        );
      }
      let inProcess = '';
      for await (const chunk of exportDocuments(store, { format: 'nquads' })) inProcess += chunk;
      expect(text).to.equal(inProcess);
    } finally {
      await store.close();
    }
  });

  it('writes to standard output, the data directory from LINKEDART_DATA_DIR', async () => {
    const result = await run(['export', '--format', 'ndjson', '--type', 'Person'], {
      ...process.env,
      LINKEDART_DATA_DIR: dataDir,
    });
    expect(result.status, result.stderr).to.equal(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string });
    expect(lines.map((d) => d.id)).to.deep.equal([`${BASE}person/edith-marrow`]);
    expect(result.stderr).to.contain('1 document as ndjson');
  });

  it('stops quietly with exit code 0 when the reader closes standard output early (| head)', async () => {
    const child = spawn(process.execPath, [CLI, 'export', '--data-dir', dataDir, '--format', 'nquads'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, stderr).to.equal(0);
    expect(stderr).not.to.contain('closed before');
  });

  it('refuses unknown ids with exit code 1 and writes no file', async () => {
    const out = join(outDir, 'none.ttl');
    const result = await run([
      'export',
      '--data-dir',
      dataDir,
      '--format',
      'turtle',
      '--id',
      `${BASE}place/whitby`,
      `${BASE}nope`,
      '--out',
      out,
    ]);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.contain(`no document with id <${BASE}nope>`);
    expect(await readdir(outDir)).not.to.include('none.ttl');
    expect((await readdir(outDir)).filter((f) => f.includes('partial'))).to.deep.equal([]);
  });

  it('says the directory is locked by a running server and suggests --server', async () => {
    const store = await EmbeddedStore.open({ dataDir });
    try {
      const result = await run(['export', '--data-dir', dataDir, '--format', 'nquads']);
      expect(result.status).to.not.equal(0);
      expect(result.stdout).to.equal('');
      expect(result.stderr).to.contain(`is in use by process ${process.pid}`).and.contain('--server');
    } finally {
      await store.close();
    }
  });
});
