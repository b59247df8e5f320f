/**
 * Issue 28, item 2: the disk under the embedded store fills up. A PUT, a bulk load and a SPARQL
 * Update are refused with 507 (problem+json naming the data directory and the space needed),
 * nothing torn; reads, /metrics and /ready go on; /health says writes are refused and why; once
 * space is freed the next write goes through with no restart; a restart finds exactly the
 * documents acknowledged.
 *
 * Two disks: an injected fault (always: while a marker file exists, every write of the store
 * fails with ENOSPC half-way, see src/store/embedded/diskFault.ts), and a real 16 MB tmpfs,
 * filled by a file, where `mount` is permitted (as root, as in CI).
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, writeSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from '../integration/support/serverProcess.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-for-the-full-disk';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const auth = { Authorization: `Bearer ${TOKEN}` };
const json = { 'Content-Type': 'application/ld+json' };
const idOf = (i: number) => `${BASE}object/${i}`;
const pathOf = (i: number) => `/collection/object/${i}`;
/** A document of a few KB (a long description); `repeat` makes it larger. */
const documentOf = (i: number, repeat = 200) => ({
  '@context': V1,
  id: idOf(i),
  type: 'HumanMadeObject',
  _label: `Object ${i}`,
  referred_to_by: [{ type: 'LinguisticObject', content: `Object ${i}: ${'a long description. '.repeat(repeat)}` }],
});
/**
 * The log takes room on the disk ahead of its records (8 MB at a time, src/store/embedded/logRoom.ts),
 * so a full disk is met once that room is used up: by a bulk load of more than 8 MB, in small
 * batches (the room left after its refused batch is less than one batch), then by a PUT of 1 MB.
 */
const BULK_FIRST = 100;
const BULK_DOCUMENTS = 2500;
const BIG = 60_000;

interface Disk {
  /** The data directory, on this disk. */
  dataDir: string;
  /** Environment for the server. */
  env: Record<string, string>;
  fill(): void;
  free(): void;
  dispose(): void;
}

/** The injected fault: the data directory on the ordinary disk, "full" while a marker file exists. */
function injectedDisk(): Disk {
  const root = mkdtempSync(join(tmpdir(), 'linkedart-fulldisk-'));
  const marker = join(root, 'disk-is-full');
  return {
    dataDir: join(root, 'data'),
    env: { LINKEDART_FAULT_DISK_FULL: marker },
    fill: () => writeFileSync(marker, ''),
    free: () => rmSync(marker, { force: true }),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A real 16 MB tmpfs, filled to the last byte by a file; null where mounting is not permitted. */
function tmpfsDisk(): Disk | null {
  const mountPoint = mkdtempSync(join(tmpdir(), 'linkedart-tmpfs-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(mountPoint, { recursive: true, force: true });
    return null;
  }
  const filler = join(mountPoint, 'filler');
  return {
    dataDir: join(mountPoint, 'data'),
    env: {},
    fill: () => {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(64 * 1024, 0x78);
      try {
        for (let size = block.length; size >= 1; size = Math.floor(size / 2)) {
          try {
            for (;;) writeSync(fd, block, 0, size);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    dispose: () => {
      spawnSync('umount', [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  dataDir: string;
  neededBytes: number;
  report?: { created: number };
}

async function expectDiskFull(response: Response, dataDir: string): Promise<Problem> {
  const text = await response.text();
  expect(response.status, text).to.equal(507);
  expect(response.headers.get('content-type')).to.equal('application/problem+json');
  const problem = JSON.parse(text) as Problem;
  expect(problem).to.include({ title: 'Insufficient storage', status: 507, dataDir });
  expect(problem.neededBytes).to.be.greaterThan(0);
  expect(problem.detail).to.contain(dataDir);
  expect(problem.detail).to.match(/no space left/i);
  expect(problem.detail).to.contain('nothing of it was stored');
  return problem;
}

function describeDisk(title: string, makeDisk: () => Disk | null, unavailable: string): void {
  describe(title, function () {
    this.timeout(180000);
    let disk: Disk | null;
    let server: ServerProcess | undefined;
    before(function () {
      disk = makeDisk();
      if (!disk) this.skip(); // reason: `unavailable`, in the title below
      mkdirSync(disk.dataDir, { recursive: true });
    });
    after(async () => {
      await server?.stop();
      disk?.dispose();
    });
    const start = async (d: Disk) => {
      const saved = { ...process.env };
      Object.assign(process.env, d.env); // startServer's child inherits this environment
      try {
        return await startServer([
          '--data-dir',
          d.dataDir,
          '--token',
          TOKEN,
          '--base-url',
          BASE,
          '--log-level',
          'warn',
        ]);
      } finally {
        for (const k of Object.keys(d.env)) {
          if (saved[k] === undefined) delete process.env[k];
          else process.env[k] = saved[k];
        }
      }
    };
    const put = (url: string, i: number, repeat?: number) =>
      fetch(url + pathOf(i), {
        method: 'PUT',
        headers: { ...auth, ...json },
        body: JSON.stringify(documentOf(i, repeat)),
      });
    const label = async (url: string, i: number) => {
      const r = await fetch(url + pathOf(i));
      expect(r.status, `GET ${pathOf(i)}`).to.equal(200);
      return ((await r.json()) as { _label: string })._label;
    };

    it(`refuses writes with 507 while the disk is full, keeps serving, resumes once space is free, and loses nothing${unavailable}`, async () => {
      const d = disk!;
      server = await start(d);
      const url = server.url;
      for (let i = 0; i < 3; i++) expect((await put(url, i)).status, `PUT ${i}`).to.equal(201);

      d.fill();
      // A bulk load, a PUT and a SPARQL Update: 507, naming the data directory and the room needed.
      const bulkBody =
        Array.from({ length: BULK_DOCUMENTS }, (_, k) => JSON.stringify(documentOf(BULK_FIRST + k))).join('\n') + '\n';
      const bulk = await expectDiskFull(
        await fetch(`${url}/_bulk?format=ndjson&batchSize=5`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/x-ndjson' },
          body: bulkBody,
        }),
        d.dataDir,
      );
      const stored = bulk.report!.created;
      expect(stored).to.be.lessThan(BULK_DOCUMENTS);
      expect(bulk.detail).to.match(new RegExp(`^the store is full after ${stored} documents of this load were stored`));
      await expectDiskFull(await put(url, 3, BIG), d.dataDir);
      await expectDiskFull(
        await fetch(`${url}/sparql`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/sparql-update' },
          body: `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
          DELETE { GRAPH ?g { ?g rdfs:label ?l } } INSERT { GRAPH ?g { ?g rdfs:label ?longer } }
          WHERE { GRAPH ?g { ?g rdfs:label ?l } FILTER(?g = <${idOf(0)}>) BIND(CONCAT(?l, "${' made longer'.repeat(16_000)}") AS ?longer) }`,
        }),
        d.dataDir,
      );

      // Reads go on: the documents acknowledged, the refused ones absent; /metrics and /ready answer.
      for (let i = 0; i < 3; i++) expect(await label(url, i)).to.equal(`Object ${i}`);
      for (const i of [BULK_FIRST, BULK_FIRST + stored - 1].filter((k) => k >= BULK_FIRST))
        expect(await label(url, i)).to.equal(`Object ${i}`);
      expect((await fetch(url + pathOf(BULK_FIRST + stored))).status).to.equal(404);
      expect((await fetch(url + pathOf(3))).status).to.equal(404);
      const metrics = await fetch(`${url}/metrics`);
      expect(metrics.status).to.equal(200);
      expect(await metrics.text()).to.contain('linkedart_store_condition{state="writes refused"} 1');
      expect((await fetch(`${url}/ready`)).status).to.equal(200);
      const health = await fetch(`${url}/health`);
      expect(health.status).to.equal(200);
      const healthBody = (await health.json()) as { status: string; store: { state: string; detail?: string } };
      expect(healthBody.store.state).to.equal('writes refused');
      expect(healthBody.store.detail).to.match(
        /^no space left on the disk holding the data directory .*writes are refused until space is freed there; reads go on$/,
      );
      expect(healthBody.store.detail, 'public: no path').to.not.contain(d.dataDir);

      // Space freed: the next write goes through, with no restart.
      d.free();
      expect((await put(url, 3, BIG)).status, 'PUT 3 once space is free').to.equal(201);
      expect(await label(url, 3)).to.equal('Object 3');
      expect(((await (await fetch(`${url}/health`)).json()) as { store: { state: string } }).store.state).to.equal(
        'ok',
      );
      await server.stop();

      // A restart finds exactly the documents acknowledged, with no torn record to discard.
      server = await start(d);
      for (let i = 0; i < 4; i++) expect(await label(server.url, i)).to.equal(`Object ${i}`);
      for (let k = 0; k < stored; k++)
        expect(await label(server.url, BULK_FIRST + k)).to.equal(`Object ${BULK_FIRST + k}`);
      for (let k = stored; k < BULK_DOCUMENTS; k += 97)
        expect((await fetch(server.url + pathOf(BULK_FIRST + k))).status, `GET ${pathOf(BULK_FIRST + k)}`).to.equal(
          404,
        );
      expect(server.stdout() + server.stderr()).to.not.match(/discarding/); // the store warns (in the log) of a torn record it drops
      expect(readdirSync(d.dataDir).filter((f) => f.endsWith('.tmp'))).to.deep.equal([]);
      await server.stop();
      server = undefined;
    });
  });
}

/**
 * A disk that fails other than for space (EIO, injected) while a write's record goes down: that
 * write was applied in memory already, so the store cannot go on and says so: requests 503,
 * /ready 503 with the reason, /health 503 (a liveness probe restarts the service, which repairs
 * it); a restart recovers every document acknowledged, and not the one that failed.
 */
function describeFailingDisk(): void {
  describe('a failing disk (an injected EIO on a log write)', function () {
    this.timeout(180000);
    let disk: Disk;
    let server: ServerProcess | undefined;
    before(() => {
      disk = injectedDisk();
      mkdirSync(disk.dataDir, { recursive: true });
    });
    after(async () => {
      await server?.stop();
      disk.dispose();
    });

    it('says the store failed: requests and /ready 503 naming why, /health 503; a restart finds every document acknowledged', async () => {
      const start = () => {
        process.env['LINKEDART_FAULT_DISK_FULL'] = disk.env['LINKEDART_FAULT_DISK_FULL'];
        try {
          return startServer(['--data-dir', disk.dataDir, '--token', TOKEN, '--base-url', BASE, '--log-level', 'warn']);
        } finally {
          delete process.env['LINKEDART_FAULT_DISK_FULL'];
        }
      };
      const put = (url: string, i: number) =>
        fetch(url + pathOf(i), { method: 'PUT', headers: { ...auth, ...json }, body: JSON.stringify(documentOf(i)) });
      server = await start();
      const url = server.url;
      for (let i = 0; i < 2; i++) expect((await put(url, i)).status, `PUT ${i}`).to.equal(201);
      writeFileSync(disk.env['LINKEDART_FAULT_DISK_FULL'], 'EIO');

      const failed = await put(url, 2);
      expect(failed.status).to.equal(503);
      expect(failed.headers.get('content-type')).to.equal('application/problem+json');
      const failedDetail = ((await failed.json()) as { detail: string }).detail;
      expect(failedDetail).to.match(
        /embedded store in <data directory> failed and must be reopened: EIO.*restart the service/,
      );
      expect(failedDetail, 'public: no path').to.not.contain(disk.dataDir);
      expect((await fetch(url + pathOf(0))).status).to.equal(503);
      const ready = await fetch(`${url}/ready`);
      expect(ready.status).to.equal(503);
      const readyBody = (await ready.json()) as { status: string; reason: string };
      expect(readyBody.status).to.equal('not ready');
      expect(readyBody.reason).to.match(/^the store failed: .*EIO.*restart the service$/);
      expect(readyBody.reason, 'public: no path').to.not.contain(disk.dataDir);
      const health = await fetch(`${url}/health`);
      expect(health.status).to.equal(503);
      expect(await health.json()).to.deep.include({ status: 'failed' });
      const metrics = await fetch(`${url}/metrics`);
      expect(metrics.status).to.equal(200);
      expect(await metrics.text()).to.contain('linkedart_store_condition{state="failed"} 1');

      disk.free();
      await server.stop();
      server = await start();
      for (let i = 0; i < 2; i++) {
        const r = await fetch(server.url + pathOf(i));
        expect(r.status, `GET ${pathOf(i)} after the restart`).to.equal(200);
      }
      expect((await fetch(server.url + pathOf(2))).status).to.equal(404);
      expect((await fetch(`${server.url}/ready`)).status).to.equal(200);
      expect(server.stdout() + server.stderr()).to.not.match(/discarding/); // the failed record was cut off, not left torn
      await server.stop();
      server = undefined;
    });
  });
}

describe('a full disk under the embedded store (issue 28, item 2)', () => {
  describeFailingDisk();
  describeDisk(
    'an injected fault: while a marker file exists, every write needing new room on the disk fails with ENOSPC half-way',
    injectedDisk,
    ' (injected ENOSPC)',
  );
  describeDisk(
    'a real 16 MB tmpfs filled by a file (skipped where mount -t tmpfs is not permitted: it needs root; the injected fault above covers the same path)',
    tmpfsDisk,
    ' (a real tmpfs)',
  );
});
