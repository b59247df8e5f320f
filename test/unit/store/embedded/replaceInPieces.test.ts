import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { EmbeddedStore } from '../../../../src/store/embedded/EmbeddedStore.js';
import { Engine } from '../../../../src/store/embedded/engine.js';
import { applyPieces, documentPieces } from '../../../../src/store/embedded/replaceInPieces.js';
import { wireToNQuads } from '../../../../src/store/embedded/wire.js';
import { encodeGraphs } from '../../../../src/rdf/wireGraphs.js';
import { hintGraphOf } from '../../../../src/hints/Skeleton.js';
import { ACTIVITY_GRAPH_PREFIX } from '../../../../src/store/internalGraphs.js';
import { df, fromPlainQuad, type Quad } from '../../../../src/rdf/terms.js';
import { canonical, docGraph, documentGraphs, flatten, tempDir } from '../fixtures.js';

/** Documents `from`..`to` - 1 at `version`: each its own graph and its hint graph (named after it, as the service names them). */
function batch(from: number, to: number, version: number): Map<string, Quad[]> {
  const graphs = new Map<string, Quad[]>();
  for (let i = from; i < to; i++) {
    const [[, doc], [, hint]] = [...documentGraphs(i, version)];
    graphs.set(docGraph(i), doc);
    graphs.set(hintGraphOf(docGraph(i)), hint);
  }
  return graphs;
}

/** Each graph's version, as its label or hint literal says (` v<version>`). */
function versionsOf(quads: readonly Quad[]): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const q of quads) {
    const v = q.object.termType === 'Literal' ? / v(\d)\b/.exec(q.object.value)?.[1] : undefined;
    if (v !== undefined) out.set(q.graph.value, v);
  }
  return out;
}

const activity = (n: number) => `${ACTIVITY_GRAPH_PREFIX}${n}`;
const DOCS = 300;

describe('replaceInPieces: a large replacement applied a few whole documents at a time', function () {
  this.timeout(120_000);

  it('cuts a batch into pieces of whole documents, the graphs of no document in the batch last', () => {
    const graphs = batch(0, DOCS, 1);
    // An activity between documents, as a batch may carry one: it goes in the last piece.
    graphs.set(activity(7), [df.quad(df.namedNode(activity(7)), df.namedNode('urn:x:p'), df.literal('done'))]);
    const wire = encodeGraphs(graphs);
    const texts = wireToNQuads(wire);
    const body = Buffer.from(texts.join(''));
    expect(documentPieces(wire.names, texts, body, { graphs: [], chars: 0 }, body.length)).to.equal(null);
    const pieces = documentPieces(wire.names, texts, body, { graphs: [], chars: 0 }, 16 * 1024)!;
    expect(pieces.length).to.be.greaterThan(4);
    expect(pieces[pieces.length - 1].names).to.deep.equal([activity(7)]);
    for (const piece of pieces.slice(0, -1)) {
      for (const name of piece.names.filter((n) => !n.startsWith('urn:')))
        expect(piece.names).to.include(hintGraphOf(name));
      expect(piece.body.length).to.be.lessThan(16 * 1024 + 8 * 1024);
    }
    expect(pieces.flatMap((p) => p.names).sort()).to.deep.equal([...wire.names].sort());
    expect(Buffer.concat(pieces.map((p) => p.body)).length).to.equal(body.length);
  });

  it('puts back what every applied piece overwrote when a later piece is refused', async () => {
    const engine = new Engine();
    const v1 = batch(0, DOCS, 1);
    const w1 = encodeGraphs(v1);
    engine.replaceGraphs(w1.names, wireToNQuads(w1).join(''), engine.overwritten(w1.names));
    const v2 = batch(0, DOCS, 2);
    const wire = encodeGraphs(v2);
    const texts = wireToNQuads(wire);
    // The last document's text refused by Oxigraph's load (a relative IRI), after the others were applied.
    texts[texts.length - 2] = '<relative/iri> <urn:x:p> "x" <' + docGraph(DOCS - 1) + '> .\n';
    const body = Buffer.from(texts.join(''));
    const pieces = documentPieces(wire.names, texts, body, engine.overwritten(wire.names), 16 * 1024)!;
    let error: unknown = null;
    await applyPieces(engine, pieces, false, new Int32Array(1)).catch((e: unknown) => (error = e));
    expect(String(error)).to.match(/IRI/);
    const held = engine.readGraphs(wire.names).map(fromPlainQuad);
    expect(await canonical(held)).to.equal(await canonical(flatten(v1)));
  });

  it('gives up the turn between two pieces while a read waits, and only then', async () => {
    for (const waiting of [1, 0]) {
      const engine = new Engine();
      const wire = encodeGraphs(batch(0, DOCS, 1));
      const texts = wireToNQuads(wire);
      const body = Buffer.from(texts.join(''));
      const pieces = documentPieces(wire.names, texts, body, { graphs: [], chars: 0 }, 16 * 1024)!;
      const applying = applyPieces(engine, pieces, true, new Int32Array([waiting]));
      // What a message handled at the next turn sees.
      const seen = await new Promise<number>((resolve) => setImmediate(() => resolve(engine.size())));
      await applying;
      const whole = engine.size();
      if (waiting)
        expect(seen)
          .to.be.greaterThan(0)
          .and.lessThan(whole / 2);
      else expect(seen).to.equal(whole);
    }
  });

  it('gives up the turn before the first piece too while a read waits (the record was made in the turn before)', async () => {
    for (const waiting of [1, 0]) {
      const engine = new Engine();
      const wire = encodeGraphs(batch(0, DOCS, 1));
      const texts = wireToNQuads(wire);
      const body = Buffer.from(texts.join(''));
      const pieces = documentPieces(wire.names, texts, body, { graphs: [], chars: 0 }, 16 * 1024)!;
      // A message handled in the turn after the caller's (set up first, so it runs before any turn the pieces give way to).
      const seen = new Promise<number>((resolve) => setImmediate(() => resolve(engine.size())));
      await applyPieces(engine, pieces, true, new Int32Array([waiting]));
      if (waiting) expect(await seen).to.equal(0);
      else expect(await seen).to.equal(engine.size());
    }
  });

  for (const yieldToReaders of [true, false]) {
    it(`${yieldToReaders ? 'answers' : 'does not answer (yieldToReaders off)'} a read in the middle of a large write, each document whole`, async () => {
      const dir = await tempDir();
      const store = await EmbeddedStore.open({ dataDir: dir, yieldToReaders, queryReplicas: 0 });
      try {
        await store.replaceGraphs(batch(0, DOCS, 1));
        const writing = store.replaceGraphs(batch(0, DOCS, 2));
        // Posted after the write: answered while its texts are written or between two of its pieces.
        const names = [0, DOCS / 2, DOCS - 1].flatMap((i) => [docGraph(i), hintGraphOf(docGraph(i))]);
        const read = versionsOf(await store.readGraphs(names));
        await writing;
        const versions = names.map((n) => read.get(n));
        for (let k = 0; k < versions.length; k += 2) expect(versions[k + 1], names[k]).to.equal(versions[k]);
        // The last document is applied in the last piece.
        expect(versions[versions.length - 1]).to.equal(yieldToReaders ? '1' : '2');
        const after = versionsOf(await store.readGraphs(names));
        expect([...after.values()]).to.deep.equal(names.map(() => '2'));
      } finally {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  it('refuses a large batch with a term refused, whole, as a batch applied at once is', async () => {
    const dir = await tempDir();
    const store = await EmbeddedStore.open({ dataDir: dir, yieldToReaders: true, queryReplicas: 0 });
    try {
      await store.replaceGraphs(batch(0, DOCS, 1));
      const bad = batch(0, DOCS, 2);
      const s = df.namedNode(docGraph(DOCS - 1));
      bad.set(docGraph(DOCS - 1), [df.quad(s, df.namedNode('urn:x:p'), df.literal('x', 'en gb'))]);
      const reading = store.readGraphs([docGraph(0)]);
      await store.replaceGraphs(bad).then(
        () => expect.fail('accepted'),
        (e: Error) => expect(e.message).to.match(/language tag/),
      );
      await reading;
      const held = versionsOf(await store.readGraphs([...bad.keys()]));
      expect(new Set(held.values())).to.deep.equal(new Set(['1']));
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('logs the batch once: reopened, the store holds it whole', async () => {
    const dir = await tempDir();
    try {
      let store = await EmbeddedStore.open({ dataDir: dir, yieldToReaders: true, queryReplicas: 0 });
      await store.replaceGraphs(batch(0, DOCS, 1));
      const writing = store.replaceGraphs(batch(0, DOCS, 2));
      await store.readGraphs([docGraph(1)]);
      await writing;
      const seq = (await store.stats()).lastSeq;
      const whole = await canonical(await store.readGraphs([...batch(0, DOCS, 2).keys()]));
      await store.close();
      store = await EmbeddedStore.open({ dataDir: dir, queryReplicas: 0 });
      expect((await store.stats()).lastSeq).to.equal(seq);
      expect(await canonical(await store.readGraphs([...batch(0, DOCS, 2).keys()]))).to.equal(whole);
      expect(whole).to.equal(await canonical(flatten(batch(0, DOCS, 2))));
      await store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
