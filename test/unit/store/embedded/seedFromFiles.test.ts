/**
 * A query replica seeded from the data directory's files (seedFromFiles.ts): the snapshot and
 * the log after it, entity graphs only, replacements, removals and SPARQL updates replayed; the
 * replica ends equal to the store, in every state the files can be in.
 */
import { expect } from 'chai';
import { mkdtemp, readdir, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../../src/store/embedded/EmbeddedStore.js';
import { LogReader } from '../../../../src/store/embedded/LogReader.js';
import { byGraphs, entityBlocks, entityLines, entityQuadBlocks } from '../../../../src/store/embedded/seedFromFiles.js';
import { docGraph, documentGraphs } from '../fixtures.js';
import type { Quad } from '../../../../src/rdf/terms.js';

const INTERNAL = 'urn:linkedart-service:hints:';

/** Documents `from`..`to` (version `v`), each with its hint graph in the internal namespace. */
function docs(from: number, to: number, v = 1): Map<string, Quad[]> {
  const out = new Map<string, Quad[]>();
  for (let i = from; i < to; i++)
    for (const [name, quads] of documentGraphs(i, v))
      out.set(name === docGraph(i) ? name : INTERNAL + docGraph(i), quads);
  return out;
}

async function replicaCount(store: EmbeddedStore, sparql: string): Promise<number> {
  const r = await store.sparqlEngine().query(sparql, {}, 30_000);
  if (r.kind !== 'bindings') throw new Error('expected bindings');
  return Number(r.rows[0].n.v);
}

async function storeCount(store: EmbeddedStore, sparql: string): Promise<number> {
  const r = await store.query(sparql);
  if (r.kind !== 'bindings') throw new Error('expected bindings');
  return Number(r.rows[0].n.v);
}

const ENTITY = `FILTER(!STRSTARTS(STR(?g), "${INTERNAL}"))`;

describe('store/embedded/seedFromFiles: a query replica seeded from the snapshot and the log', function () {
  this.timeout(120_000);
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'seed-files-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const states: Array<[string, (store: EmbeddedStore) => Promise<void>]> = [
    ['the log only (a fresh load)', async (s) => s.replaceGraphs(docs(0, 300))],
    [
      'a snapshot, then a log of new documents',
      async (s) => {
        await s.replaceGraphs(docs(0, 200));
        await s.compact();
        await s.replaceGraphs(docs(200, 300));
      },
    ],
    [
      'a snapshot, then replacements, removals and a SPARQL update',
      async (s) => {
        await s.replaceGraphs(docs(0, 300));
        await s.compact();
        await s.replaceGraphs(docs(0, 40, 2));
        await s.replaceGraphs(new Map([[docGraph(7), []]]));
        await s.update(
          `INSERT DATA { GRAPH <${docGraph(3)}> { <${docGraph(3)}> <http://example.org/added> "yes" } . GRAPH <${INTERNAL}x> { <a:b> <a:c> "internal" } }`,
        );
        await s.replaceGraphs(docs(100, 110, 3));
      },
    ],
    [
      'a log whose last record is torn (a kill -9 in the middle of writing it)',
      async (s) => {
        await s.replaceGraphs(docs(0, 300));
        await s.replaceGraphs(docs(300, 310));
        await s.close();
        const [log] = (await readdir(dir)).filter((f) => f.startsWith('wal-'));
        const reader = await LogReader.open(join(dir, log));
        while (await reader.next());
        await reader.close();
        await truncate(join(dir, log), reader.validEnd - 100);
      },
    ],
  ];
  // `seedWhileOpening`: the first replica reads the files while the store replays them (seedEnd.ts).
  for (const [what, write] of states)
    for (const seedWhileOpening of [false, true])
      it(`ends equal to the store${seedWhileOpening ? ', seeded while the store opens' : ''}: ${what}`, async () => {
        await seedsLikeTheStore(write, seedWhileOpening);
      });

  async function seedsLikeTheStore(write: (s: EmbeddedStore) => Promise<void>, seedWhileOpening: boolean) {
    {
      // A seed from the files that fails is reported, and the replica seeded by dump instead: none may be.
      const warnings: string[] = [];
      const onWarning = (m: string) => warnings.push(m);
      let store = await EmbeddedStore.open({ dataDir: dir, onWarning, seedChunkChars: 8 * 1024 });
      await write(store);
      // Opened again: the replica's seed is the files the store was just restored from.
      await store.close();
      store = await EmbeddedStore.open({ dataDir: dir, onWarning, seedChunkChars: 8 * 1024, seedWhileOpening });
      // A write at once after the open: it follows the seed, whether the files were read yet or not.
      await store.replaceGraphs(docs(400, 401, 4));
      try {
        for (const q of [
          `SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } ${ENTITY} }`,
          `SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } ${ENTITY} }`,
          `SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } ${ENTITY} } }`,
        ]) {
          const expected = await storeCount(store, q);
          expect(expected).to.be.greaterThan(0);
          expect(await replicaCount(store, q.replace(` ${ENTITY}`, '')), q).to.equal(expected);
        }
        // The default graph is the set union of the entity graphs.
        const union = await storeCount(
          store,
          `SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } ${ENTITY} } }`,
        );
        expect(await replicaCount(store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }')).to.equal(union);
        // Writes after the seed reach the replica as before.
        await store.replaceGraphs(docs(500, 501));
        expect(
          await replicaCount(store, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${docGraph(500)}> { ?s ?p ?o } }`),
        ).to.be.greaterThan(0);
        // The torn record is cut off by the store's open, as said: nothing else may be.
        expect(warnings.filter((w) => !/^discarding \d+ bytes at the end of /.test(w))).to.deep.equal([]);
      } finally {
        await store.close();
      }
    }
  }

  it("keeps an N-Quads text's entity lines only", () => {
    const text =
      `<s> <p> "a <urn:linkedart-service:x> ." <${docGraph(1)}> .\n` +
      `<s> <p> <o> <${INTERNAL}${docGraph(1)}> .\n` +
      `<s> <p> <o2> <${docGraph(2)}> .\n`;
    expect(entityLines(text)).to.equal(
      `<s> <p> "a <urn:linkedart-service:x> ." <${docGraph(1)}> .\n<s> <p> <o2> <${docGraph(2)}> .\n`,
    );
  });

  it("reads a TriG snapshot chunk's entity graph blocks as N-Quads", () => {
    const trig = `<g1> {\n<s> <p> <o> .\n<s> <p> "}" .\n}\n<${INTERNAL}g1> {\n<s> <p> <o> .\n}\n_:b1 {\n<s> <p> <o> .\n}\n{\n<s> <p> <o> .\n}\n`;
    expect(entityBlocks(trig)).to.deep.equal({ names: ['g1'], nquads: '<s> <p> <o> <g1> .\n<s> <p> "}" <g1> .\n' });
  });

  it("reads an N-Quads snapshot chunk's entity graph blocks, leaving out internal, blank-node and default graphs", () => {
    const nquads =
      '_:x <p> <o> <g1> .\n<s> <p> "a <b> ." <g1> .\n\n' +
      `<s> <p> <o> <${INTERNAL}g1> .\n\n` +
      '<s> <p> <o> _:b1 .\n\n# default graph\n<s> <p> <o> .\n\n<s> <p> <o> <g2> .\n\n';
    expect(entityQuadBlocks(nquads)).to.deep.equal({
      names: ['g1', 'g2'],
      nquads: '_:x <p> <o> <g1> .\n<s> <p> "a <b> ." <g1> .\n<s> <p> <o> <g2> .\n',
    });
  });

  it('cuts N-Quads into pieces between graphs only', () => {
    const text = '<s> <p> <o> <g1> .\n<s> <p> <o2> <g1> .\n<s> <p> <o> <g2> .\n<s> <p> <o> <g3> .\n';
    expect(byGraphs(text, 1)).to.deep.equal([
      '<s> <p> <o> <g1> .\n<s> <p> <o2> <g1> .\n',
      '<s> <p> <o> <g2> .\n',
      '<s> <p> <o> <g3> .\n',
    ]);
    expect(byGraphs(text, 25)).to.deep.equal([
      '<s> <p> <o> <g1> .\n<s> <p> <o2> <g1> .\n',
      '<s> <p> <o> <g2> .\n<s> <p> <o> <g3> .\n',
    ]);
    expect(byGraphs(text, 1000)).to.deep.equal([text]);
  });
});
