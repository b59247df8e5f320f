/** A write's graph copies made by the embedded store's worker: from what a graph held before the write, in the write's one record. */
import { expect } from 'chai';
import { copyFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { EmbeddedStore } from '../../../../src/store/embedded/EmbeddedStore.js';
import { copiedGraphs, copiedText, withoutNewestPast } from '../../../../src/store/embedded/graphCopies.js';
import { NEWEST_PAST_PREDICATE } from '../../../../src/store/internalGraphs.js';
import { encodeGraphs } from '../../../../src/rdf/wireGraphs.js';
import { Engine } from '../../../../src/store/embedded/engine.js';
import { storeCeiling } from '../../../../src/store/embedded/storeCeiling.js';
import { replaceRecord } from '../../../../src/store/embedded/writeRecords.js';
import { PIECE_BYTES } from '../../../../src/store/embedded/replaceInPieces.js';
import { LogReader } from '../../../../src/store/embedded/LogReader.js';
import { listLogFiles } from '../../../../src/store/embedded/wal.js';
import type { LogRecord } from '../../../../src/store/embedded/logRecord.js';
import { df, type Quad } from '../../../../src/rdf/terms.js';
import { tempDir } from '../fixtures.js';

const LIVE = 'https://example.org/object/1';
const HINTS = 'urn:linkedart-service:hints:https://example.org/object/1';
const PAST = 'urn:linkedart-service:version-1:https://example.org/object/1';
const PAST_HINTS = 'urn:linkedart-service:version-1-hints:https://example.org/object/1';
const P = df.namedNode('https://example.org/p');
const NAME = df.namedNode('https://example.org/name');

/** A document at `label`: a blank node named by it, and a literal that reads like N-Triples' blank node and line end. */
function documentAt(label: string): Quad[] {
  const s = df.namedNode(LIVE);
  const name = df.blankNode('n');
  return [
    df.quad(s, P, name, df.namedNode(LIVE)),
    df.quad(name, NAME, df.literal(label), df.namedNode(LIVE)),
    df.quad(s, NAME, df.literal(`${label} _:x .\n_:y .`), df.namedNode(LIVE)),
  ];
}

/** The graph's quads as sorted lines, blank nodes as `_`: what is stated, whatever their labels. */
async function statements(store: EmbeddedStore, graph: string): Promise<string[]> {
  const term = (t: Quad['subject'] | Quad['object']) => (t.termType === 'BlankNode' ? '_' : t.value);
  return (await store.readGraphs([graph]))
    .map((q) => `${term(q.subject)} ${q.predicate.value} ${term(q.object)}`)
    .sort();
}

/** Every record of the store's log files, in order. */
async function logRecords(dir: string): Promise<LogRecord[]> {
  const out: LogRecord[] = [];
  for (const file of await listLogFiles(dir)) {
    const reader = await LogReader.open(file.path);
    // A record's body is the reader's until its next record (LogReader.ts): kept here, so copied.
    for (let rec = await reader.next(); rec; rec = await reader.next())
      out.push({ ...rec, body: Buffer.from(rec.body) });
    await reader.close();
  }
  return out;
}

/** An engine holding the document at 'one', and the record of a write replacing it by `write`, copying it into PAST. */
function copyingRecord(write: Map<string, Quad[]>, snapshotting: boolean, into = PAST) {
  const engine = new Engine();
  const first = replaceRecord(engine, storeCeiling(), 1, encodeGraphs(new Map([[LIVE, documentAt('one')]])), false);
  engine.replaceGraphs([LIVE], first.body, first.before, first.plain);
  const graphs = encodeGraphs(new Map([...write, [into, []]]));
  const r = replaceRecord(engine, storeCeiling(), 2, graphs, snapshotting, undefined, [[into, LIVE]], PIECE_BYTES);
  const header = JSON.parse(r.record.toString('utf8', 12, r.record.indexOf(10, 12))) as Record<string, unknown>;
  return { header, body: r.body.toString(), copied: r.copied };
}

describe('graph copies in the embedded store (a version copied out by the store, not sent)', () => {
  it('puts N-Triples in the graph, a blank node label apart from the write own, a literal left as it is', () => {
    const literals = ['"x _:y .\\n_:z ."', '"x _:y"', '"x _:y"@en', '"x _:y"^^<https://e/t>'];
    const nt = [
      '_:ab <https://example.org/p> _:cd .\n',
      ...literals.map((l) => `<https://e/s> <https://e/p> ${l} .\n`),
    ];
    expect(copiedText(nt.join(''), PAST)).to.equal(
      [
        `_:cab <https://example.org/p> _:ccd <${PAST}> .\n`,
        ...literals.map((l) => `<https://e/s> <https://e/p> ${l} <${PAST}> .\n`),
      ].join(''),
    );
  });

  it('leaves the newest past record out of a copy of the hints, and a literal that merely names its predicate in', () => {
    const predicate = `<${NEWEST_PAST_PREDICATE}>`;
    const nt =
      `<${LIVE}> <https://example.org/digest> "d1" .\n` +
      `<${LIVE}> ${predicate} "[2,\\"Update\\"]" .\n` +
      `<${LIVE}> <https://example.org/note> "a ${predicate} \\"x\\" ." .\n`;
    expect(withoutNewestPast(nt)).to.equal(
      `<${LIVE}> <https://example.org/digest> "d1" .\n<${LIVE}> <https://example.org/note> "a ${predicate} \\"x\\" ." .\n`,
    );
    const before = { graphs: [[HINTS, nt] as const], chars: nt.length };
    const [copy] = copiedGraphs([PAST_HINTS], [[PAST_HINTS, HINTS]], before, () => '');
    expect(copy.text).to.not.include(`${predicate} "[2`);
    expect(copy.text).to.include('"d1"');
  });

  it('refuses a copy into a graph the write does not replace, naming both', () => {
    expect(() => copiedGraphs([LIVE], [[PAST, LIVE]], { graphs: [], chars: 0 }, () => '')).to.throw(
      `a copy of graph ${LIVE} into ${PAST}, a graph the write does not replace`,
    );
  });

  it('copies what the graphs held before the write while the write replaces them, in one record: after a restart too', async () => {
    const dir = await tempDir();
    try {
      let store = await EmbeddedStore.open({ dataDir: dir });
      await store.replaceGraphs(
        new Map([
          [LIVE, documentAt('one')],
          [HINTS, [df.quad(df.namedNode(LIVE), NAME, df.literal('hint one'), df.namedNode(HINTS))]],
        ]),
      );
      const record = df.quad(df.namedNode(LIVE), P, df.literal('record 1'), df.namedNode(PAST_HINTS));
      const write = new Map<string, Quad[]>([
        [LIVE, documentAt('two')],
        [HINTS, [df.quad(df.namedNode(LIVE), NAME, df.literal('hint two'), df.namedNode(HINTS))]],
        [PAST, []],
        [PAST_HINTS, [record]],
      ]);
      const copies = new Map([
        [PAST, LIVE],
        [PAST_HINTS, HINTS],
      ]);
      await store.replaceWireGraphs(encodeGraphs(write), copies);
      // Its record names the copies and holds none of their quads; a store opened on its log alone replays them.
      const records = await logRecords(dir);
      expect(records.at(-1)!.header)
        .to.include({ op: 'replace' })
        .and.deep.include({ copies: [...copies] });
      expect(records.at(-1)!.body.toString()).to.include('two').and.not.include('one');
      const logOnly = await tempDir();
      for (const file of await listLogFiles(dir)) await copyFile(file.path, join(logOnly, basename(file.path)));
      const replayed = await EmbeddedStore.open({ dataDir: logOnly });
      const expected = {
        live: await statements(store, LIVE),
        past: await statements(store, PAST),
        pastHints: await statements(store, PAST_HINTS),
      };
      expect(expected.live.join('\n')).to.include('two').and.not.include('one');
      // The past version is kept packed: one quad in the store, read back as the document's three.
      const held = await store.query(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${PAST}> { ?s ?p ?o } }`);
      expect(held.kind === 'bindings' && held.rows[0].n?.v).to.equal('1');
      expect(expected.past).to.deep.equal(
        [`${LIVE} ${P.value} _`, `_ ${NAME.value} one`, `${LIVE} ${NAME.value} one _:x .\n_:y .`].sort(),
      );
      expect(expected.pastHints).to.deep.equal([`${LIVE} ${NAME.value} hint one`, `${LIVE} ${P.value} record 1`]);
      // The copy's blank node is its own, not the live document's.
      const nodes = (graph: string) =>
        store
          .readGraphs([graph])
          .then((qs) => new Set(qs.filter((q) => q.object.termType === 'BlankNode').map((q) => q.object.value)));
      const [live, past] = [await nodes(LIVE), await nodes(PAST)];
      expect([...live].some((b) => past.has(b))).to.equal(false);
      expect({
        live: await statements(replayed, LIVE),
        past: await statements(replayed, PAST),
        pastHints: await statements(replayed, PAST_HINTS),
      }).to.deep.equal(expected);
      await replayed.close();
      await rm(logOnly, { recursive: true, force: true });
      // Replayed from the log, then from a snapshot: the same.
      for (const step of ['replayed', 'compacted'] as const) {
        await store.close();
        store = await EmbeddedStore.open({ dataDir: dir });
        if (step === 'compacted') await store.compact();
        expect({
          live: await statements(store, LIVE),
          past: await statements(store, PAST),
          pastHints: await statements(store, PAST_HINTS),
        }).to.deep.equal(expected);
      }
      await store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('copies a graph the write does not replace from the store as it is', async () => {
    const dir = await tempDir();
    try {
      const store = await EmbeddedStore.open({ dataDir: dir });
      await store.replaceGraphs(new Map([[LIVE, documentAt('one')]]));
      await store.replaceWireGraphs(encodeGraphs(new Map([[PAST, []]])), new Map([[PAST, LIVE]]));
      expect(await statements(store, PAST)).to.deep.equal(await statements(store, LIVE));
      expect(await statements(store, PAST)).to.have.length(3);
      await store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('a record names its copies only where its replay finds the graphs as they were', () => {
    it('a small write outside a snapshot: named, loaded apart', () => {
      const { header, body, copied } = copyingRecord(new Map([[LIVE, documentAt('two')]]), false);
      expect(header.copies).to.deep.equal([[PAST, LIVE]]);
      expect(body).to.include('two').and.not.include('one');
      expect(copied).to.include('one').and.include(`<${PAST}> .`);
      expect(copied.split('\n')).to.have.length(2, 'one line: the document packed');
    });

    it('a write while a snapshot is written (it may hold a graph as a later write left it): held', () => {
      const { header, body, copied } = copyingRecord(new Map([[LIVE, documentAt('two')]]), true);
      expect(header).not.to.have.property('copies');
      expect(body).to.include('two').and.include('one').and.include(`<${PAST}> .`);
      expect(copied).to.equal('');
    });

    it('a write large enough to be applied in pieces: held', () => {
      const large = documentAt('two');
      for (let i = 0; i < 2000; i++)
        large.push(df.quad(df.namedNode(LIVE), NAME, df.literal(`name ${i} `.repeat(10)), df.namedNode(LIVE)));
      const { header, body } = copyingRecord(new Map([[LIVE, large]]), false);
      expect(header).not.to.have.property('copies');
      expect(body).to.include('one').and.include(`<${PAST}> .`);
    });

    it('a copy into an entity graph (a replica seeded from the files reads those from the records): held', () => {
      const other = 'https://example.org/object/2';
      const { header, body } = copyingRecord(new Map([[LIVE, documentAt('two')]]), false, other);
      expect(header).not.to.have.property('copies');
      expect(body).to.include(`one" <${other}> .`);
    });
  });
});
