/**
 * The snapshot (snapshot.ts, idleSnapshot.ts): N-Quads, read back whole or not at all; one taken in
 * the background once the log has outgrown the last and the store is left alone; a process killed
 * while writing one loses nothing and leaves nothing that is used; a TriG snapshot of before still opens.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { EmbeddedStore, type EmbeddedStoreOptions } from '../../../../src/store/embedded/EmbeddedStore.js';
import { canonical, docGraph, documentGraphs, tempDir } from '../fixtures.js';
import type { Quad } from '../../../../src/rdf/terms.js';

const CRASH_WRITER = fileURLToPath(new URL('../crash-writer.js', import.meta.url));

describe('store/embedded/snapshot: N-Quads snapshots, taken when the log outgrows the last one', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const stores: EmbeddedStore[] = [];

  async function newDir(): Promise<string> {
    const d = await tempDir();
    dirs.push(d);
    return d;
  }

  async function openStore(dataDir: string, options: Partial<EmbeddedStoreOptions> = {}): Promise<EmbeddedStore> {
    const s = await EmbeddedStore.open({ dataDir, onWarning: () => undefined, ...options });
    stores.push(s);
    return s;
  }

  async function fill(store: EmbeddedStore, from: number, to: number): Promise<void> {
    const graphs = new Map<string, Quad[]>();
    for (let i = from; i < to; i++) for (const [name, quads] of documentGraphs(i)) graphs.set(name, quads);
    await store.replaceGraphs(graphs);
  }

  async function everything(store: EmbeddedStore): Promise<string> {
    return canonical(await store.readGraphs(await store.listGraphs()));
  }

  /** Polls `check` until it holds or `ms` pass; returns whether it held. */
  async function eventually(ms: number, check: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (await check()) return true;
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close().catch(() => undefined);
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('writes the store as N-Quads, a graph to a block, and opens from it with nothing to replay', async () => {
    const dir = await newDir();
    const store = await openStore(dir);
    await fill(store, 0, 50);
    await store.update('INSERT DATA { <http://example.org/s> <http://example.org/p> "in the default graph" }');
    const expected = await everything(store);
    const size = await store.size();
    await store.compact();
    await store.close();
    const text = await readFile(join(dir, 'snapshot.nq'), 'utf8');
    expect(text).to.match(/^# linkedart-store snapshot v2 seq=2\n/);
    expect(text).to.match(/\n# end seq=2 graphs=101 quads=\d+ ntriples=\d+ bytes=\d+ crc32=[0-9a-f]+\n$/);
    expect(text).to.include(`<${docGraph(7)}> .\n\n`);
    expect(text).to.include(
      '# default graph\n<http://example.org/s> <http://example.org/p> "in the default graph" .\n\n',
    );
    const reopened = await openStore(dir);
    expect(reopened.openInfo).to.include({ snapshotSeq: 2, replayedRecords: 0 });
    expect(await reopened.size()).to.equal(size);
    expect(await everything(reopened)).to.equal(expected);
  });

  it('refuses a torn snapshot rather than open with part of the data', async () => {
    const dir = await newDir();
    const store = await openStore(dir);
    await fill(store, 0, 20);
    await store.compact();
    await store.close();
    const path = join(dir, 'snapshot.nq');
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.slice(0, Math.floor(text.length / 2)));
    const err = await EmbeddedStore.open({ dataDir: dir }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).to.match(/snapshot .* is unusable: missing trailer/);
  });

  it('takes a snapshot once the log has outgrown the last one and the store is left alone, not while it is written to', async () => {
    const dir = await newDir();
    const store = await openStore(dir, { compactAfterBytes: 16 * 1024, snapshotWhenIdleMs: 300 });
    // New graphs only (no dead data): only the idle rule can start a snapshot.
    for (let i = 0; i < 200; i += 10) await fill(store, i, i + 10);
    const writing = await store.stats();
    expect(writing.logBytes).to.be.greaterThan(16 * 1024);
    expect(writing.deadBytes).to.equal(0);
    expect(writing.compactions).to.equal(0);
    const snapshotted = await eventually(30_000, async () => {
      const s = await store.stats();
      return s.compactions === 1 && !s.compacting;
    });
    expect(snapshotted, 'a snapshot once the store was left alone').to.equal(true);
    const stats = await store.stats();
    expect(stats).to.include({ snapshotSeq: stats.lastSeq, logBytes: 0 });
    expect(await readdir(dir)).to.include('snapshot.nq');
    const expected = await everything(store);
    await store.close();
    const reopened = await openStore(dir, { snapshotWhenIdleMs: 0 });
    expect(reopened.openInfo).to.include({ snapshotSeq: 20, replayedRecords: 0 });
    expect(await everything(reopened)).to.equal(expected);
  });

  it('takes none with snapshotWhenIdleMs 0, nor for a log smaller than the snapshot', async () => {
    const dir = await newDir();
    let store = await openStore(dir, { compactAfterBytes: 16 * 1024, snapshotWhenIdleMs: 0 });
    for (let i = 0; i < 200; i += 10) await fill(store, i, i + 10);
    await store.close();
    expect(await readdir(dir)).to.not.include('snapshot.nq');
    store = await openStore(dir, { compactAfterBytes: 16 * 1024, snapshotWhenIdleMs: 100 });
    expect(await eventually(30_000, async () => (await store.stats()).compactions === 1)).to.equal(true);
    await fill(store, 200, 210); // a log far smaller than the snapshot: no second one
    const before = await store.stats();
    expect(before.logBytes).to.be.greaterThan(0).and.lessThan(before.snapshotBytes);
    // Long enough for the idle rule to have fired, were it due: polled, so nothing waits on a fixed sleep.
    const later = Date.now() + 1000;
    expect(await eventually(2000, async () => Date.now() > later && (await store.stats()).compactions === 1)).to.equal(
      true,
    );
  });

  it('loses nothing when the process is killed while a snapshot is written, and never uses the torn one', async () => {
    const dir = await newDir();
    const store = await openStore(dir, { snapshotWhenIdleMs: 0 });
    for (let i = 0; i < 4000; i += 500) await fill(store, i, i + 500);
    const expected = await everything(store);
    await store.close();
    const child = spawn(process.execPath, [CRASH_WRITER, 'snapshot', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const killed = new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (!out.includes('snapshot\n')) return;
        // Killed once the snapshot being written has data in it, before it is whole.
        const poll = (): void => {
          stat(join(dir, 'snapshot.nq.tmp')).then(
            (s) => (s.size > 0 ? child.kill('SIGKILL') : setTimeout(poll, 1)),
            () => setTimeout(poll, 1),
          );
        };
        poll();
      });
      child.on('error', reject);
      child.on('exit', () => resolve(out));
    });
    const out = await killed;
    expect(out, 'killed before the snapshot was done').to.not.include('done');
    expect(await readdir(dir))
      .to.include('snapshot.nq.tmp')
      .and.not.include('snapshot.nq');
    const reopened = await openStore(dir, { snapshotWhenIdleMs: 0 });
    expect(reopened.openInfo).to.include({ snapshotSeq: 0, replayedRecords: 8 });
    expect(await everything(reopened)).to.equal(expected);
    expect(await readdir(dir)).to.not.include('snapshot.nq.tmp');
  });

  it('opens a TriG snapshot of before, and replaces it with an N-Quads one at the next snapshot', async () => {
    const dir = await newDir();
    const g = 'http://example.org/g';
    const data = `<${g}> {\n<http://example.org/s> <http://example.org/p> "from TriG" .\n}\n`;
    const trailer = `# end seq=3 graphs=1 triples=1 bytes=${Buffer.byteLength(data)} crc32=${crc32(data).toString(16)}\n`;
    await writeFile(join(dir, 'snapshot.trig'), `# linkedart-store snapshot v1 seq=3\n${data}${trailer}`);
    const store = await openStore(dir, { snapshotWhenIdleMs: 0 });
    expect(store.openInfo).to.include({ snapshotSeq: 3, lastSeq: 3 });
    expect((await store.readGraphs([g])).map((q) => q.object.value)).to.deep.equal(['from TriG']);
    await store.compact();
    expect(await readdir(dir))
      .to.include('snapshot.nq')
      .and.not.include('snapshot.trig');
    await store.close();
    const reopened = await openStore(dir);
    expect(reopened.openInfo).to.include({ snapshotSeq: 3 });
    expect((await reopened.readGraphs([g])).map((q) => q.object.value)).to.deep.equal(['from TriG']);
  });
});
