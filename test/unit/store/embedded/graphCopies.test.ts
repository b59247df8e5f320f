/** A write's graph copies made by the embedded store's worker: from what a graph held before the write, in the write's one record. */
import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { EmbeddedStore } from '../../../../src/store/embedded/EmbeddedStore.js';
import { appendCopies, copiedText } from '../../../../src/store/embedded/graphCopies.js';
import { encodeGraphs } from '../../../../src/rdf/wireGraphs.js';
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

  it('refuses a copy into a graph the write does not replace, naming both', () => {
    expect(() => appendCopies([LIVE], [''], [[PAST, LIVE]], { graphs: [], chars: 0 }, () => '')).to.throw(
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
      const expected = {
        live: await statements(store, LIVE),
        past: await statements(store, PAST),
        pastHints: await statements(store, PAST_HINTS),
      };
      expect(expected.live.join('\n')).to.include('two').and.not.include('one');
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
});
