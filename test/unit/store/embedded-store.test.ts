import { expect } from 'chai';
import { spawn } from 'node:child_process';
import {
  cp,
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  writeFile,
  appendFile,
  open as openFile,
} from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedStore, type EmbeddedStoreOptions } from '../../../src/store/embedded/EmbeddedStore.js';
import { logFileName, WriteAheadLog } from '../../../src/store/embedded/wal.js';
import { LogReader } from '../../../src/store/embedded/LogReader.js';
import { encodeRecord } from '../../../src/store/embedded/logRecord.js';
import { df, XSD, type Quad } from '../../../src/rdf/terms.js';
import { canonical, documentGraphs, docGraph, flatten, hintGraph, tempDir } from './fixtures.js';

const CRASH_WRITER = fileURLToPath(new URL('./crash-writer.js', import.meta.url));

describe('EmbeddedStore', function () {
  this.timeout(120_000);

  const dirs: string[] = [];
  const stores: EmbeddedStore[] = [];
  const warnings: string[] = [];

  async function newDir(): Promise<string> {
    const d = await tempDir();
    dirs.push(d);
    return d;
  }

  async function openStore(dataDir: string, options: Partial<EmbeddedStoreOptions> = {}): Promise<EmbeddedStore> {
    const s = await EmbeddedStore.open({ dataDir, onWarning: (m) => warnings.push(m), ...options });
    stores.push(s);
    return s;
  }

  /** A copy of the data directory as a kill -9 would leave it: every acknowledged write is on disk. */
  async function crashImage(dataDir: string): Promise<string> {
    const copy = await newDir();
    await cp(dataDir, copy, { recursive: true });
    return copy;
  }

  async function readAll(store: EmbeddedStore): Promise<Quad[]> {
    return store.readGraphs(await store.listGraphs());
  }

  /** Where a log file's records end (the file runs on with the zeros of the room taken ahead: logRoom.ts). */
  async function recordsEnd(path: string): Promise<number> {
    const reader = await LogReader.open(path);
    while (await reader.next());
    await reader.close();
    return reader.validEnd;
  }

  async function logFiles(dataDir: string): Promise<string[]> {
    return (await readdir(dataDir)).filter((f) => f.startsWith('wal-')).sort();
  }

  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  /** `p`, or an error naming `what` if it has not settled after `ms` (a hang fails fast instead of at mocha's timeout). */
  async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: still pending after ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([p, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Polls `check` until it holds or `ms` pass; returns whether it held. */
  async function eventually(ms: number, check: () => Promise<boolean> | boolean): Promise<boolean> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (await check()) return true;
      if (Date.now() > deadline) return false;
      await sleep(5);
    }
  }

  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close().catch(() => undefined);
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
    warnings.length = 0;
  });

  describe('reads and writes', () => {
    it('stats() counts the quads as of the last write (kept between writes, counted again after each)', async () => {
      const store = await openStore(await newDir());
      expect((await store.stats()).quads).to.equal(0);
      await store.replaceGraphs(documentGraphs(1));
      expect((await store.stats()).quads)
        .to.equal(await store.size())
        .and.to.be.greaterThan(0);
      expect((await store.stats()).quads).to.equal(await store.size());
      await store.replaceGraphs(documentGraphs(2));
      await store.update(
        `INSERT DATA { GRAPH <${docGraph(2)}> { <http://example.org/s> <http://example.org/p> "added" } }`,
      );
      expect((await store.stats()).quads).to.equal(await store.size());
      await store.replaceGraphs(
        new Map([
          [docGraph(1), []],
          [hintGraph(1), []],
        ]),
      );
      expect((await store.stats()).quads).to.equal(await store.size());
    });

    it('round-trips graphs with blank nodes, language tags and datatypes', async () => {
      const store = await openStore(await newDir());
      const graphs = new Map([...documentGraphs(1), ...documentGraphs(2)]);
      await store.replaceGraphs(graphs);
      const read = await store.readGraphs([docGraph(1), hintGraph(1), docGraph(2), hintGraph(2)]);
      expect(read).to.have.length(42);
      expect(await canonical(read)).to.equal(await canonical(flatten(graphs)));
      // The same labels (_:b0, _:b1, _:b2) in two documents are different nodes.
      const bnodes = (g: string) =>
        new Set(
          read.filter((q) => q.graph.value === g && q.subject.termType === 'BlankNode').map((q) => q.subject.value),
        );
      const shared = [...bnodes(docGraph(1))].filter((b) => bnodes(docGraph(2)).has(b));
      expect(shared).to.deep.equal([]);
      expect(bnodes(docGraph(1)).size).to.equal(3);
      // Literal details survive.
      const label = read.find(
        (q) => q.graph.value === docGraph(1) && q.object.termType === 'Literal' && q.object.language === 'de',
      );
      expect(label?.object.value).to.equal('Gemälde „1“ "quoted" \\ back\nslash\ttab 😀');
      const date = read.find((q) => q.predicate.value.endsWith('P82a_begin_of_the_begin'));
      expect(date?.object.termType === 'Literal' && date.object.datatype.value).to.equal(XSD + 'dateTime');
      expect(await store.readGraphs(['https://example.org/none'])).to.deep.equal([]);
      expect(await store.readGraphs([])).to.deep.equal([]);
      expect(await store.size()).to.equal(42);
      expect((await store.listGraphs()).sort()).to.deep.equal(
        [docGraph(1), docGraph(2), hintGraph(1), hintGraph(2)].sort(),
      );
      expect(await store.hasGraph(docGraph(1))).to.equal(true);
      expect(await store.hasGraph(docGraph(3))).to.equal(false);
    });

    it('stores typed literals and language tags the way Oxigraph normalizes them', async () => {
      // Characterization: Oxigraph keeps typed literals of known XSD types in binary form and
      // language tags lowercased, so a document is rebuilt from the normalized forms.
      const store = await openStore(await newDir());
      const s = df.namedNode('http://example.org/s');
      const lit = (v: string, t: string) =>
        df.quad(s, df.namedNode(`http://example.org/${t}`), df.literal(v, df.namedNode(XSD + t)));
      await store.replaceGraphs(
        new Map([
          [
            'http://example.org/g',
            [
              lit('01', 'integer'),
              lit('2.0', 'decimal'),
              lit('1e3', 'double'),
              lit('1', 'boolean'),
              lit('1650-01-01T00:00:00.000+00:00', 'dateTime'),
              lit('0001', 'gYear'),
              df.quad(s, df.namedNode('http://example.org/lang'), df.literal('x', 'en-GB')),
            ],
          ],
        ]),
      );
      const values = Object.fromEntries(
        (await store.readGraphs(['http://example.org/g'])).map((q) => [
          q.predicate.value.slice('http://example.org/'.length),
          q.object.termType === 'Literal' ? q.object.value + (q.object.language ? '@' + q.object.language : '') : '',
        ]),
      );
      expect(values).to.deep.equal({
        integer: '1',
        decimal: '2',
        double: '1000',
        boolean: 'true',
        dateTime: '1650-01-01T00:00:00Z',
        gYear: '0001',
        lang: 'x@en-gb',
      });
    });

    it('replaces whole graphs, and an empty array removes a graph', async () => {
      const store = await openStore(await newDir());
      await store.replaceGraphs(documentGraphs(1, 1));
      await store.replaceGraphs(documentGraphs(1, 2));
      const read = await store.readGraphs([docGraph(1), hintGraph(1)]);
      expect(await canonical(read)).to.equal(await canonical(flatten(documentGraphs(1, 2))));
      await store.replaceGraphs(new Map([[hintGraph(1), []]]));
      expect(await store.hasGraph(hintGraph(1))).to.equal(false);
      expect(await store.listGraphs()).to.deep.equal([docGraph(1)]);
      expect(await store.size()).to.equal(20);
    });

    it('rejects a replaceGraphs with invalid data as a whole, also after a restart', async () => {
      const dir = await newDir();
      let store = await openStore(dir);
      await store.replaceGraphs(documentGraphs(1, 1));
      const before = await canonical(await store.readGraphs([docGraph(1), hintGraph(1)]));
      const v2 = documentGraphs(1, 2);
      const bad = new Map([
        [docGraph(1), v2.get(docGraph(1))!],
        [hintGraph(1), [df.quad(df.namedNode('relative/iri'), df.namedNode('http://example.org/p'), df.literal('x'))]],
      ]);
      let error: Error | null = null;
      await store.replaceGraphs(bad).catch((e: Error) => {
        error = e;
      });
      expect(error, 'relative IRI').to.be.instanceOf(Error);
      expect(String(error)).to.match(/IRI/);
      const badLang = new Map([
        [
          docGraph(1),
          [
            df.quad(
              df.namedNode('http://example.org/s'),
              df.namedNode('http://example.org/p'),
              df.literal('x', 'en gb'),
            ),
          ],
        ],
      ]);
      await store.replaceGraphs(badLang).then(
        () => expect.fail('accepted'),
        (e: Error) => expect(e.message).to.match(/language tag/),
      );
      expect(await canonical(await store.readGraphs([docGraph(1), hintGraph(1)]))).to.equal(before);
      const seq = (await store.stats()).lastSeq;
      await store.close();
      store = await openStore(dir);
      expect((await store.stats()).lastSeq).to.equal(seq);
      expect(await canonical(await store.readGraphs([docGraph(1), hintGraph(1)]))).to.equal(before);
    });

    it('refuses graph names that could inject SPARQL', async () => {
      const store = await openStore(await newDir());
      await store.replaceGraphs(documentGraphs(1));
      for (const name of [
        'http://example.org/g> } } #',
        'http://example.org/a b',
        'no-scheme',
        'http://x/{y}',
        'http://x/\u0001',
        '',
      ]) {
        await store.readGraphs([name]).then(
          () => expect.fail(`read ${name}`),
          (e: Error) => expect(e.message).to.match(/invalid graph name/),
        );
        await store.hasGraph(name).then(
          () => expect.fail(`has ${name}`),
          (e: Error) => expect(e.message).to.match(/invalid graph name/),
        );
        await store.replaceGraphs(new Map([[name, []]])).then(
          () => expect.fail(`replace ${name}`),
          (e: Error) => expect(e.message).to.match(/invalid graph name/),
        );
      }
      expect(await store.size()).to.equal(21);
    });

    it('answers SPARQL queries over the union of the named graphs', async () => {
      const store = await openStore(await newDir());
      await store.replaceGraphs(new Map([...documentGraphs(1), ...documentGraphs(2)]));
      const sel = await store.query(`PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>
        # a comment with a <bracket
        SELECT ?s ?id ?missing WHERE { ?s crm:P1_is_identified_by ?b . ?b crm:P190_has_symbolic_content ?id FILTER(STRSTARTS(?id, "ACC")) } ORDER BY ?id`);
      expect(sel.kind).to.equal('bindings');
      if (sel.kind !== 'bindings') return;
      expect(sel.variables).to.deep.equal(['s', 'id', 'missing']);
      expect(sel.rows).to.deep.equal([
        { s: { t: 'N', v: docGraph(1) }, id: { t: 'L', v: 'ACC-1-1' } },
        { s: { t: 'N', v: docGraph(2) }, id: { t: 'L', v: 'ACC-2-1' } },
      ]);
      const typed = await store.query(
        'SELECT ?o WHERE { ?s <http://www.cidoc-crm.org/cidoc-crm/P43_has_dimension> ?o } ORDER BY ?o LIMIT 1',
      );
      expect(typed.kind === 'bindings' && typed.rows[0]).to.deep.equal({ o: { t: 'L', v: '4', d: XSD + 'integer' } });
      expect(
        await store.query('ASK { GRAPH ?g { ?s a <http://www.cidoc-crm.org/cidoc-crm/E12_Production> } }'),
      ).to.deep.equal({ kind: 'boolean', value: true });
      expect(await store.query('ASK { ?s a <http://example.org/Nothing> }')).to.deep.equal({
        kind: 'boolean',
        value: false,
      });
      const con = await store.query(`CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <${docGraph(2)}> { ?s ?p ?o } }`);
      expect(con.kind).to.equal('quads');
      if (con.kind !== 'quads') return;
      expect(con.quads).to.have.length(20);
      expect(con.quads.every((q) => q.graph.termType === 'DefaultGraph')).to.equal(true);
      expect(await canonical(con.quads)).to.equal(await canonical(documentGraphs(2).get(docGraph(2))!));
      const desc = await store.query(`DESCRIBE <${docGraph(1)}>`);
      expect(desc.kind === 'quads' && desc.quads.length).to.be.greaterThan(5);
    });

    it('passes worker errors on with their original message', async () => {
      const store = await openStore(await newDir());
      const err = await store.update('INSERT DATA { <http://x/a> <http://x/b> }').then(
        () => null,
        (e: Error) => e,
      );
      expect(err).to.be.instanceOf(Error);
      expect(err!.message).to.match(/^error at 1:/);
      expect(err!.stack).to.include('called from');
      const qerr = await store.query('SELECT * WHERE { ?s ?p }').then(
        () => null,
        (e: Error) => e,
      );
      expect(qerr!.message).to.match(/error at/);
      expect(await store.size()).to.equal(0);
    });

    it('applies SPARQL updates durably', async () => {
      const dir = await newDir();
      const store = await openStore(dir);
      await store.replaceGraphs(documentGraphs(1));
      await store.update(`DELETE { GRAPH ?g { ?s <http://www.cidoc-crm.org/cidoc-crm/P3_has_note> ?o } }
        INSERT { GRAPH ?g { ?s <http://www.cidoc-crm.org/cidoc-crm/P3_has_note> "changed"@en } }
        WHERE { GRAPH ?g { ?s <http://www.cidoc-crm.org/cidoc-crm/P3_has_note> ?o } }`);
      await store.update(
        'INSERT DATA { GRAPH <http://example.org/extra> { <http://example.org/a> <http://example.org/b> "c" } }',
      );
      const expected = await canonical(await readAll(store));
      const copy = await crashImage(dir);
      const reopened = await openStore(copy);
      expect(reopened.openInfo.replayedRecords).to.equal(3);
      expect(await canonical(await readAll(reopened))).to.equal(expected);
      const note = await reopened.query('SELECT ?o WHERE { ?s <http://www.cidoc-crm.org/cidoc-crm/P3_has_note> ?o }');
      expect(note.kind === 'bindings' && note.rows).to.deep.equal([{ o: { t: 'L', v: 'changed', l: 'en' } }]);
    });

    it('rejects calls after close()', async () => {
      const store = await openStore(await newDir());
      await store.close();
      await store.size().then(
        () => expect.fail('answered'),
        (e: Error) => expect(e.message).to.match(/closed/),
      );
    });
  });

  describe('durability', () => {
    async function fill(store: EmbeddedStore, from: number, to: number, version = 1): Promise<void> {
      const writes: Promise<void>[] = [];
      for (let i = from; i < to; i++) writes.push(store.replaceGraphs(documentGraphs(i, version)));
      await Promise.all(writes);
    }

    it('restores exactly the same quads after close and reopen', async () => {
      const dir = await newDir();
      let store = await openStore(dir);
      await fill(store, 0, 60);
      // Every document replaced once: enough dead data that close() writes a snapshot.
      await fill(store, 0, 60, 2);
      await store.replaceGraphs(
        new Map([
          [docGraph(30), []],
          [hintGraph(30), []],
        ]),
      );
      await store.update(
        'INSERT DATA { GRAPH <http://example.org/extra> { _:x <http://example.org/p> _:y . _:y <http://example.org/p> "v" } }',
      );
      const before = await canonical(await readAll(store));
      const graphs = (await store.listGraphs()).sort();
      const seq = (await store.stats()).lastSeq;
      await store.close();
      expect(await logFiles(dir)).to.have.length(1);
      expect((await stat(join(dir, (await logFiles(dir))[0]))).size).to.equal(0);
      store = await openStore(dir);
      expect(store.openInfo.snapshotSeq).to.equal(seq);
      expect(store.openInfo.replayedRecords).to.equal(0);
      expect((await store.listGraphs()).sort()).to.deep.equal(graphs);
      expect(await canonical(await readAll(store))).to.equal(before);
      // And once more: new documents only, which close() leaves in the log, replayed on the snapshot.
      await fill(store, 60, 70);
      const before2 = await canonical(await readAll(store));
      await store.close();
      store = await openStore(dir);
      expect(store.openInfo).to.include({ snapshotSeq: seq, replayedRecords: 10 });
      expect(await canonical(await readAll(store))).to.equal(before2);
    });

    it('leaves a load of new graphs in the log at close (no snapshot), and reopens with the same quads', async () => {
      const dir = await newDir();
      let store = await openStore(dir, { compactAfterBytes: 16 * 1024 });
      for (let i = 0; i < 200; i += 20) await fill(store, i, i + 20);
      const stats = await store.stats();
      // ~700 KB of log, far past compactAfterBytes: nothing in it is dead, so nothing was compacted.
      expect(stats).to.include({ deadBytes: 0, compactions: 0, snapshotSeq: 0 });
      expect(stats.logBytes).to.be.greaterThan(16 * 1024 * 10);
      const expected = await canonical(await readAll(store));
      await store.close();
      expect(await readdir(dir)).to.not.include('snapshot.nq');
      expect(await logFiles(dir)).to.deep.equal([logFileName(1)]);
      // Every record says its graphs were new, and how much it made dead (nothing).
      const reader = await LogReader.open(join(dir, logFileName(1)));
      for (let r = await reader.next(); r; r = await reader.next()) {
        expect(r.header).to.include({ op: 'replace', dead: 0, new: true });
      }
      await reader.close();
      store = await openStore(dir, { compactAfterBytes: 16 * 1024 });
      expect(store.openInfo).to.include({ snapshotSeq: 0, replayedRecords: 200, discardedTailBytes: 0 });
      expect(await canonical(await readAll(store))).to.equal(expected);
      // Writes after the reopen go on in the same log.
      await fill(store, 200, 210);
      expect((await store.stats()).deadBytes).to.equal(0);
      const expected2 = await canonical(await readAll(store));
      store = await openStore(await crashImage(dir));
      expect(store.openInfo.replayedRecords).to.equal(210);
      expect(await canonical(await readAll(store))).to.equal(expected2);
    });

    it('counts what replacements overwrite as dead data, and compacts by it', async () => {
      const dir = await newDir();
      const store = await openStore(dir, { compactAfterBytes: 64 * 1024 });
      await fill(store, 0, 20);
      expect((await store.stats()).deadBytes).to.equal(0);
      // A replacement makes the old version dead, about its N-Triples size; replacing a graph
      // with nothing too; a record is `new` only if none of its graphs held anything.
      const sizeBefore = await recordsEnd(join(dir, logFileName(1)));
      await store.replaceGraphs(documentGraphs(3, 2));
      const afterOne = (await store.stats()).deadBytes;
      expect(afterOne).to.be.within(1500, 4000);
      await store.replaceGraphs(
        new Map([
          [docGraph(4), []],
          [hintGraph(4), []],
          [docGraph(1000), documentGraphs(1000).get(docGraph(1000))!],
        ]),
      );
      expect((await store.stats()).deadBytes).to.be.greaterThan(afterOne + 1500);
      const reader = await LogReader.open(join(dir, logFileName(1)));
      const headers = [];
      for (let r = await reader.next(); r; r = await reader.next()) headers.push(r.header);
      await reader.close();
      expect(headers[20]).to.include({ dead: afterOne }).and.not.to.have.property('new');
      expect(headers[21]).to.not.have.property('new');
      expect(await recordsEnd(join(dir, logFileName(1)))).to.be.greaterThan(sizeBefore);
      // Replacing documents over and over: the log passes 64 KiB and the snapshot's size with
      // most of it dead, and compactions follow.
      for (let v = 3; v < 12; v++) await fill(store, 0, 20, v);
      while ((await store.stats()).compacting) await sleep(10);
      const stats = await store.stats();
      expect(stats.compactions).to.be.at.least(1);
      expect(stats.deadBytes * 4).to.be.lessThan(stats.snapshotBytes + stats.logBytes + 64 * 1024);
      const expected = await canonical(await readAll(store));
      const crashed = await openStore(await crashImage(dir));
      expect(crashed.openInfo.snapshotSeq).to.be.greaterThan(0);
      expect((await crashed.stats()).deadBytes).to.equal(stats.deadBytes); // the records after the snapshot say it
      expect(await canonical(await readAll(crashed))).to.equal(expected);
    });

    it('counts SPARQL update records as dead data: close() snapshots a log of updates', async () => {
      const dir = await newDir();
      let store = await openStore(dir);
      await fill(store, 0, 5);
      await store.update(
        `INSERT DATA { GRAPH <http://example.org/extra> { ${Array.from(
          { length: 400 },
          (_, i) => `<http://example.org/s${i}> <http://example.org/p> "value ${i}" .`,
        ).join(' ')} } }`,
      );
      const stats = await store.stats();
      expect(stats.deadBytes).to.be.greaterThan(400 * 40);
      const expected = await canonical(await readAll(store));
      await store.close();
      store = await openStore(dir);
      expect(store.openInfo).to.include({ snapshotSeq: 6, replayedRecords: 0 });
      expect((await store.stats()).deadBytes).to.equal(0);
      expect(await canonical(await readAll(store))).to.equal(expected);
    });

    it('replays records without the dead and new fields (older versions) by dropping their graphs first', async () => {
      const dir = await newDir();
      const nq = (o: string) =>
        `<http://example.org/s> <http://example.org/p> _:b0 <${docGraph(1)}> .\n_:b0 <http://example.org/v> "${o}" <${docGraph(1)}> .\n`;
      await writeFile(
        join(dir, logFileName(1)),
        Buffer.concat([
          encodeRecord({ seq: 1, op: 'replace', graphs: [docGraph(1)] }, nq('one')),
          encodeRecord({ seq: 2, op: 'replace', graphs: [docGraph(1)] }, nq('two')),
        ]),
      );
      const store = await openStore(dir);
      expect(store.openInfo.replayedRecords).to.equal(2);
      const quads = await store.readGraphs([docGraph(1)]);
      expect(quads.map((q) => q.object.value).sort())
        .to.have.length(2)
        .and.to.include('two');
      expect((await store.stats()).deadBytes).to.equal(2 * Buffer.byteLength(nq('one')));
    });

    it('replays the log when the process died without close()', async () => {
      const dir = await newDir();
      const store = await openStore(dir);
      await fill(store, 0, 40);
      await store.replaceGraphs(documentGraphs(5, 3));
      const expected = await canonical(await readAll(store));
      const reopened = await openStore(await crashImage(dir));
      expect(reopened.openInfo.snapshotSeq).to.equal(0);
      expect(reopened.openInfo.replayedRecords).to.equal(41);
      expect(await canonical(await readAll(reopened))).to.equal(expected);
    });

    it('compacts: the content stays, the log shrinks and old log files go away', async () => {
      const dir = await newDir();
      const store = await openStore(dir, { compactAfterBytes: 32 * 1024 });
      // Each document written twice, so half of what is logged is dead.
      for (let i = 0; i < 300; i += 20) {
        await fill(store, i, i + 20, 2);
        await fill(store, i, i + 20);
      }
      while ((await store.stats()).compacting) await new Promise((r) => setTimeout(r, 10));
      const stats = await store.stats();
      expect(stats.compactions).to.be.at.least(3);
      // ~2 MB were logged; what remains is what arrived since the last snapshot began, short of
      // the next compaction (compactionDue), give or take one batch of writes (~70 KB).
      const due =
        stats.logBytes >= Math.max(32 * 1024, stats.snapshotBytes) &&
        stats.deadBytes * 4 >= stats.snapshotBytes + stats.logBytes;
      expect(due).to.equal(false);
      expect(stats.logBytes).to.be.lessThan(3 * Math.max(32 * 1024, stats.snapshotBytes) + 80 * 1024);
      expect((await logFiles(dir)).length).to.be.at.most(2);
      await store.compact();
      expect((await store.stats()).logBytes).to.equal(0);
      expect(await logFiles(dir)).to.have.length(1);
      expect(await readdir(dir)).to.include('snapshot.nq');
      expect(stats.snapshotSeq).to.be.greaterThan(0);
      const expected = await canonical(await readAll(store));
      expect(expected).to.equal(
        await canonical(flatten(new Map(Array.from({ length: 300 }, (_, i) => [...documentGraphs(i)]).flat()))),
      );
      const crashed = await openStore(await crashImage(dir));
      expect(crashed.openInfo.snapshotSeq).to.be.greaterThan(0);
      expect(await canonical(await readAll(crashed))).to.equal(expected);
      await store.close();
      const reopened = await openStore(dir);
      expect(reopened.openInfo.replayedRecords).to.equal(0);
      expect(await canonical(await readAll(reopened))).to.equal(expected);
    });

    it('compacts when the log is as large as the last snapshot, not at every compactAfterBytes: a long load rewrites the store a few times, not once per threshold', async () => {
      const dir = await newDir();
      const store = await openStore(dir, { compactAfterBytes: 16 * 1024 });
      const thresholds: number[] = [];
      for (let i = 0; i < 400; i += 10) {
        await fill(store, i, i + 10, 2);
        await fill(store, i, i + 10); // the second version makes the first dead
        while ((await store.stats()).compacting) await new Promise((r) => setTimeout(r, 10));
        const stats = await store.stats();
        if (thresholds.length < stats.compactions) thresholds.push(stats.snapshotBytes);
      }
      const { compactions, snapshotBytes } = await store.stats();
      // ~2.7 MB logged in all: with a fixed 16 KiB threshold that is ~170 snapshots; growing with the store, a handful.
      expect(compactions).to.be.within(3, 12);
      expect(snapshotBytes).to.be.greaterThan(16 * 1024);
      expect(thresholds[thresholds.length - 1]).to.be.greaterThan(thresholds[0]);
      await store.close();
    });

    it('keeps serving while a snapshot is written, and updates wait for it', async () => {
      const dir = await newDir();
      const store = await openStore(dir);
      for (let i = 0; i < 3000; i += 500) await fill(store, i, i + 500);
      const compaction = store.compact();
      // Writes and reads that arrive while the snapshot is being written.
      const during: Promise<unknown>[] = [];
      for (let i = 0; i < 50; i++) during.push(store.replaceGraphs(documentGraphs(i * 7, 2)));
      during.push(store.update(`DELETE WHERE { GRAPH <${hintGraph(1)}> { ?s ?p ?o } }`));
      during.push(store.replaceGraphs(documentGraphs(1, 9))); // queued behind the update: must win
      during.push(store.readGraphs([docGraph(7)]).then((q) => expect(q).to.have.length(20)));
      await Promise.all([compaction, ...during]);
      expect((await store.stats()).compactions).to.equal(1);
      expect(await canonical(await store.readGraphs([docGraph(1), hintGraph(1)]))).to.equal(
        await canonical(flatten(documentGraphs(1, 9))),
      );
      const expected = await canonical(await readAll(store));
      const crashed = await openStore(await crashImage(dir));
      expect(crashed.openInfo.replayedRecords).to.be.greaterThan(0);
      expect(await canonical(await readAll(crashed))).to.equal(expected);
    });

    it('does not mark a write during a snapshot as new: the snapshot may hold its graphs already', async () => {
      const dir = await newDir();
      const store = await openStore(dir);
      for (let i = 0; i < 1000; i += 500) await fill(store, i, i + 500);
      // Empty named graphs (only SPARQL creates them): a write to one finds it holding nothing,
      // but the snapshot lists it at its start, and dumps it after the write has landed.
      const empty = Array.from({ length: 20 }, (_, k) => 5000 + k);
      await store.update(empty.map((i) => `CREATE GRAPH <${docGraph(i)}>`).join(' ;\n'));
      const compaction = store.compact();
      await Promise.all([compaction, ...empty.map((i) => store.replaceGraphs(documentGraphs(i)))]);
      const logs = await logFiles(dir);
      expect(logs).to.have.length(1);
      const reader = await LogReader.open(join(dir, logs[0]));
      let records = 0;
      for (let r = await reader.next(); r; r = await reader.next(), records++)
        expect(r.header).to.not.have.property('new');
      await reader.close();
      expect(records).to.equal(20);
      // Replayed on the snapshot, each record drops its graphs first: no blank node twice.
      const expected = await canonical(await readAll(store));
      const crashed = await openStore(await crashImage(dir));
      expect(crashed.openInfo.replayedRecords).to.equal(20);
      expect(await crashed.size()).to.equal(await store.size());
      expect(await canonical(await readAll(crashed))).to.equal(expected);
    });

    it('finishes a compaction started by the last write, with no write after it, and close() waits for it', async () => {
      // Deterministic: a single write is a log batch of its own, and the second one (replacing
      // the first: dead data) passes compactAfterBytes, so the compaction (and its log rotation)
      // starts from the callback of the log's last synced batch. That rotation once waited for
      // a next write, forever.
      const dir = await newDir();
      const store = await openStore(dir, { compactAfterBytes: 1 });
      await store.replaceGraphs(documentGraphs(1, 1));
      expect((await store.stats()).compactions).to.equal(0); // new graphs: nothing dead
      await store.replaceGraphs(documentGraphs(1, 2));
      expect(
        await eventually(10_000, async () => {
          const st = await store.stats();
          return st.compactions === 1 && !st.compacting;
        }),
        'compaction finished',
      ).to.equal(true);
      const stats = await store.stats();
      expect(stats).to.include({ snapshotSeq: 2, logBytes: 0, deadBytes: 0, compacting: false });
      expect(await logFiles(dir)).to.deep.equal([logFileName(3)]);
      // More writes, each replacing the document and starting a compaction when none runs,
      // then close() at once: it waits for the one in flight (if still running) and finishes.
      const writes: Promise<void>[] = [];
      for (let v = 3; v <= 300; v++) writes.push(store.replaceGraphs(documentGraphs(1, v)));
      await Promise.all(writes);
      await within(20_000, 'close() right after a compaction started', store.close());
      const reopened = await openStore(dir);
      expect(reopened.openInfo.snapshotSeq).to.equal(300);
      expect(reopened.openInfo.replayedRecords).to.equal(0);
      expect(await canonical(await readAll(reopened))).to.equal(await canonical(flatten(documentGraphs(1, 300))));
    });

    it('reports a failed compaction to its caller and as a warning, and loses nothing', async () => {
      const dir = await newDir();
      const store = await openStore(dir, { compactAfterBytes: 1 });
      await mkdir(join(dir, 'snapshot.nq.tmp')); // from here on no snapshot can be written
      await store.replaceGraphs(documentGraphs(1, 2));
      await store.replaceGraphs(documentGraphs(1)); // dead data: starts a compaction, which fails
      const err = await within(
        10_000,
        'compact()',
        store.compact().then(
          () => null,
          (e: Error) => e,
        ),
      );
      expect(err?.message).to.match(/EISDIR|directory/);
      expect(
        await eventually(10_000, () => warnings.some((w) => /compaction of .* failed/.test(w))),
        'warning',
      ).to.equal(true);
      // Writes go on (into the log), and close() reports that its snapshot failed but still ends.
      await store.replaceGraphs(documentGraphs(2, 2));
      await store.replaceGraphs(documentGraphs(2)); // starts another compaction, which fails too
      const closeErr = await within(
        10_000,
        'close()',
        store.close().then(
          () => null,
          (e: Error) => e,
        ),
      );
      expect(closeErr?.message).to.match(/EISDIR|directory/);
      await rm(join(dir, 'snapshot.nq.tmp'), { recursive: true });
      const reopened = await openStore(dir);
      expect(reopened.openInfo.snapshotSeq).to.equal(0);
      expect(reopened.openInfo.replayedRecords).to.equal(4);
      expect(await canonical(await readAll(reopened))).to.equal(
        await canonical(flatten(new Map([...documentGraphs(1), ...documentGraphs(2)]))),
      );
    });
  });

  describe('the write-ahead log', () => {
    it('takes a rotate or an append issued from the callback of the last synced batch', async () => {
      // Those callbacks run before the flush that synced the batch is marked done: what they
      // queue must be written by it, not wait for some later append.
      const dir = await newDir();
      const wal = await WriteAheadLog.open(dir, null, 1, 0);
      const rec = (seq: number) =>
        encodeRecord({ seq, op: 'update' }, `INSERT DATA { <http://x/${seq}> <http://x/p> "${seq}" }`);
      try {
        await within(
          10_000,
          'rotate() from an append callback',
          wal.append(rec(1)).then(() => wal.rotate(2)),
        );
        await within(
          10_000,
          'append() from an append callback',
          wal.append(rec(2)).then(() => wal.append(rec(3))),
        );
        await within(
          10_000,
          'append() from a rotate callback',
          wal.rotate(4).then(() => wal.append(rec(4))),
        );
        await within(10_000, 'drain()', wal.drain());
      } finally {
        await wal.close();
      }
      expect(await logFiles(dir)).to.deep.equal([logFileName(1), logFileName(2), logFileName(4)]);
      const seqs: number[][] = [];
      for (const f of await logFiles(dir)) {
        const reader = await LogReader.open(join(dir, f));
        const found: number[] = [];
        for (let r = await reader.next(); r; r = await reader.next()) found.push(r.header.seq);
        expect(reader.stopReason).to.equal(null);
        await reader.close();
        seqs.push(found);
      }
      expect(seqs).to.deep.equal([[1], [2, 3], [4]]);
    });
  });

  describe('torn log tails', () => {
    /** A crash image whose log holds docs 1–3 (one record each) and then doc 4 (two graphs, one record). */
    async function imageWithLog(): Promise<{ image: string; log: string; lastRecordStart: number; expected3: string }> {
      const dir = await newDir();
      const store = await openStore(dir);
      for (let i = 1; i <= 3; i++) await store.replaceGraphs(documentGraphs(i));
      const expected3 = await canonical(await readAll(store));
      const [logName] = await logFiles(dir);
      const lastRecordStart = await recordsEnd(join(dir, logName));
      await store.replaceGraphs(documentGraphs(4));
      const image = await crashImage(dir);
      // Without the room taken ahead of the records (the case below): the tests damage the last record.
      await truncate(join(image, logName), await recordsEnd(join(image, logName)));
      return { image, log: join(image, logName), lastRecordStart, expected3 };
    }

    it('drops a record cut short, keeps the ones before it, and appends after them', async () => {
      const { image, log, lastRecordStart, expected3 } = await imageWithLog();
      const size = (await stat(log)).size;
      await truncate(log, lastRecordStart + Math.floor((size - lastRecordStart) / 2));
      let store = await openStore(image);
      expect(store.openInfo.replayedRecords).to.equal(3);
      expect(store.openInfo.discardedTailBytes).to.be.greaterThan(0);
      expect(warnings.join('\n')).to.match(/discarding/);
      expect(await store.hasGraph(docGraph(4))).to.equal(false);
      expect(await store.hasGraph(hintGraph(4))).to.equal(false);
      expect(await canonical(await readAll(store))).to.equal(expected3);
      expect((await stat(log)).size).to.equal(lastRecordStart);
      // New writes go after the valid prefix and are found again.
      await store.replaceGraphs(documentGraphs(5));
      const expected = await canonical(await readAll(store));
      store = await openStore(await crashImage(image));
      expect(store.openInfo.discardedTailBytes).to.equal(0);
      expect(await canonical(await readAll(store))).to.equal(expected);
    });

    it('drops a record whose checksum fails', async () => {
      const { image, log, lastRecordStart, expected3 } = await imageWithLog();
      const fh = await openFile(log, 'r+');
      const b = Buffer.alloc(1);
      await fh.read(b, 0, 1, lastRecordStart + 40);
      b[0] = b[0] ^ 0x20;
      await fh.write(b, 0, 1, lastRecordStart + 40);
      await fh.close();
      const store = await openStore(image);
      expect(store.openInfo.discardReason).to.match(/checksum/);
      expect(await canonical(await readAll(store))).to.equal(expected3);
    });

    it('ignores garbage after the last record', async () => {
      const { image, log } = await imageWithLog();
      await appendFile(log, Buffer.from([0x31, 0x57, 0x41, 0x4c, 0xff, 0xff, 0, 0, 1, 2, 3]));
      const store = await openStore(image);
      expect(store.openInfo.replayedRecords).to.equal(4);
      expect(store.openInfo.discardedTailBytes).to.equal(11);
      expect(await store.size()).to.equal(4 * 21);
    });

    it('reads zero-filled space after the last record as the end of the log (room taken ahead, not a torn record), and cuts it off', async () => {
      const { image, log } = await imageWithLog();
      const end = (await stat(log)).size;
      await appendFile(log, Buffer.alloc(4096));
      const store = await openStore(image);
      expect(store.openInfo.replayedRecords).to.equal(4);
      expect(store.openInfo.discardedTailBytes).to.equal(0);
      expect(warnings.join('\n')).to.not.match(/discarding/);
      expect((await stat(log)).size).to.equal(end);
    });

    it('opens a crash image with the room taken ahead of the records left in place, without a warning', async () => {
      const dir = await newDir();
      const store = await openStore(dir);
      for (let i = 1; i <= 3; i++) await store.replaceGraphs(documentGraphs(i));
      const expected = await canonical(await readAll(store));
      const image = await crashImage(dir);
      const [logName] = await logFiles(image);
      expect((await stat(join(image, logName))).size).to.be.greaterThan(await recordsEnd(join(image, logName)));
      const reopened = await openStore(image);
      expect(reopened.openInfo).to.include({ replayedRecords: 3, discardedTailBytes: 0 });
      expect(warnings.join('\n')).to.not.match(/discarding/);
      expect(await canonical(await readAll(reopened))).to.equal(expected);
      await reopened.replaceGraphs(documentGraphs(4));
      expect(await reopened.hasGraph(docGraph(4))).to.equal(true);
    });

    it('refuses to open when a log file that is not the last one is damaged', async () => {
      const { image, log, lastRecordStart } = await imageWithLog();
      await truncate(log, lastRecordStart + 5);
      await writeFile(
        join(image, logFileName(5)),
        encodeRecord({ seq: 5, op: 'update' }, 'INSERT DATA { <http://x/a> <http://x/b> <http://x/c> }'),
      );
      const err = await EmbeddedStore.open({ dataDir: image }).then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).to.match(/damaged/);
      expect(await readdir(image)).to.not.include('LOCK'); // released when open fails
      const again = await EmbeddedStore.open({ dataDir: image }).then(
        () => null,
        (e: Error) => e,
      );
      expect(again?.message).to.match(/damaged/);
    });
  });

  describe('the directory lock', () => {
    function runChild(args: string[]): Promise<string> {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [CRASH_WRITER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
        });
        child.on('error', reject);
        child.on('exit', () => resolve(out));
      });
    }

    it('refuses a second opener, naming the directory and the PID holding it', async () => {
      const dir = await newDir();
      await openStore(dir);
      const same = await EmbeddedStore.open({ dataDir: dir }).then(
        () => null,
        (e: Error) => e,
      );
      expect(same?.message)
        .to.include(dir)
        .and.to.match(/already open/);
      const out = await runChild(['open', dir]);
      expect(out).to.match(/^error /);
      expect(out).to.include(dir);
      expect(out).to.include(`process ${process.pid}`);
    });

    it('takes over a lock left by a dead process and removes it on close', async () => {
      const dir = await newDir();
      const dead = spawn(process.execPath, ['-e', '']);
      const pid = dead.pid!;
      await new Promise((r) => dead.on('exit', r));
      await writeFile(join(dir, 'LOCK'), `${pid}\n${hostname()}\n`);
      const store = await openStore(dir);
      expect((await readFile(join(dir, 'LOCK'), 'utf8')).split('\n')[0]).to.equal(String(process.pid));
      await store.close();
      expect(await readdir(dir)).to.not.include('LOCK');
      // A child can now open it.
      expect(await runChild(['open', dir])).to.equal('opened\n');
    });
  });

  describe('kill -9', () => {
    interface Round {
      acked: number[];
    }

    function writeUntilKilled(dir: string, first: number, acksBeforeKill: number): Promise<Round> {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [CRASH_WRITER, 'write', dir, String(first), String(256 * 1024), '4'], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const acked: number[] = [];
        let buf = '';
        child.stdout.on('data', (d: Buffer) => {
          buf += d.toString();
          let nl;
          while ((nl = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, nl);
            buf = buf.slice(nl + 1);
            if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
            if (acked.length === acksBeforeKill) child.kill('SIGKILL');
          }
        });
        child.on('error', reject);
        child.on('exit', (code, signal) => {
          if (signal !== 'SIGKILL') reject(new Error(`writer exited by itself (code ${code})`));
          else resolve({ acked });
        });
      });
    }

    const expectedDoc = (i: number) => flatten(documentGraphs(i, 1, i % 5 === 0 ? 200_000 : 600));

    it('keeps every acknowledged write, whole, and no partial one', async () => {
      const dir = await newDir();
      const r1 = await writeUntilKilled(dir, 0, 120);
      const r2 = await writeUntilKilled(dir, 100_000, 120); // recovers round 1, appends, dies again
      const store = await openStore(dir);
      const present = new Set(await store.listGraphs());
      const ids = new Set<number>();
      for (const g of present) {
        const m = /\/(object|hint)\/(\d+)$/.exec(g);
        expect(m, g).to.not.equal(null);
        ids.add(Number(m![2]));
      }
      for (const i of [...r1.acked, ...r2.acked])
        expect(ids.has(i), `acknowledged document ${i} is missing`).to.equal(true);
      // Every document present (acknowledged or not) is complete: both graphs, exact quads.
      for (const i of ids) {
        expect(present.has(docGraph(i)) && present.has(hintGraph(i)), `document ${i} is partial`).to.equal(true);
        const read = await store.readGraphs([docGraph(i), hintGraph(i)]);
        expect(await canonical(read), `document ${i}`).to.equal(await canonical(expectedDoc(i)));
      }
      expect(ids.size).to.be.at.least(r1.acked.length + r2.acked.length);
      // Snapshots were taken while writing (the log's size itself depends on timing: it holds
      // what arrived since the last snapshot began; the compaction test bounds it).
      expect((await store.stats()).snapshotSeq).to.be.greaterThan(0);
      expect((await logFiles(dir)).length).to.be.at.most(3);
    });
  });
});
