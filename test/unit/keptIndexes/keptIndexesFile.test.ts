/**
 * The kept start-up indexes' file (keptIndexesFile.ts): read back whole, at the position it was
 * written at, or not at all (missing, torn, damaged, of another version); and the store's open
 * saying which graphs the log wrote after that position, or that it cannot know (recovery.ts).
 */
import { expect } from 'chai';
import { readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  KEPT_INDEXES_FILE,
  readKeptIndexes,
  writeKeptIndexes,
  type KeptLine,
} from '../../../src/keptIndexes/keptIndexesFile.js';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { documentGraphs, tempDir } from '../store/fixtures.js';

const LINES: KeptLine[] = [
  ['m', 'https://example.org/person/old', 'https://example.org/person/1', ['Old name', 'with a\nnewline']],
  [
    'n',
    { id: 'https://example.org/person/1', type: 'Person', names: ['Edith "Marrow"'], labels: [], identifiers: ['A-1'] },
  ],
  [
    'n',
    {
      id: 'https://example.org/object/2',
      type: 'HumanMadeObject',
      names: [],
      labels: ['Harbour'],
      identifiers: [],
      year: 1887,
    },
  ],
  [
    'l',
    'https://example.org/object/2',
    { type: 'HumanMadeObject', links: [{ relation: 'produced', target: 'https://example.org/person/1' }] },
  ],
];

describe('keptIndexes/keptIndexesFile: the start-up indexes kept beside the store', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads back the lines written, at their position, over a file kept before', async () => {
    await writeKeptIndexes(dir, 3, LINES.slice(0, 1));
    await writeKeptIndexes(dir, 7, LINES);
    expect(await readKeptIndexes(dir)).to.deep.equal({ seq: 7, lines: LINES });
    await writeKeptIndexes(dir, 8, []);
    expect(await readKeptIndexes(dir)).to.deep.equal({ seq: 8, lines: [] });
  });

  const damages: Array<[string, (path: string) => Promise<void>, string]> = [
    ['missing', (path) => rm(path), 'none kept'],
    ['cut short', async (path) => truncate(path, (await readFile(path)).length - 30), 'torn (no trailer)'],
    [
      'cut before its trailer',
      async (path) => {
        const text = await readFile(path, 'utf8');
        await writeFile(path, text.slice(0, text.lastIndexOf('{"end"')));
      },
      'torn (checksum)',
    ],
    [
      'a byte changed',
      async (path) => {
        const bytes = await readFile(path);
        bytes[bytes.indexOf('Harbour')] = 'h'.charCodeAt(0);
        await writeFile(path, bytes);
      },
      'torn (checksum)',
    ],
    [
      'of another version',
      (path) => writeFile(path, '{"kept":"linkedart start-up indexes v0","seq":1}\n{"end":{}}\n'),
      'not a file of this version',
    ],
  ];
  for (const [what, damage, problem] of damages) {
    it(`is not used when ${what}: ${problem}`, async () => {
      await writeKeptIndexes(dir, 7, LINES);
      await damage(join(dir, KEPT_INDEXES_FILE));
      expect(await readKeptIndexes(dir)).to.deep.equal({ problem });
    });
  }

  it("the store's open names the graphs written after the kept position, or says it cannot know", async () => {
    const write = async (store: EmbeddedStore, i: number) => store.replaceGraphs(documentGraphs(i));
    let store = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined, snapshotWhenIdleMs: 0 });
    for (let i = 0; i < 3; i++) await write(store, i);
    await store.close();
    const openAt = async (keptSince: number | undefined) => {
      store = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined, snapshotWhenIdleMs: 0, keptSince });
      const info = store.openInfo;
      await store.close();
      return info.writtenSince;
    };
    expect(await openAt(undefined)).to.equal(undefined);
    expect(await openAt(3)).to.deep.equal([]);
    expect(await openAt(1)).to.deep.equal([...documentGraphs(1).keys(), ...documentGraphs(2).keys()]);
    expect(await openAt(4), 'a position past the log').to.equal(null);
    store = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined, snapshotWhenIdleMs: 0 });
    await store.update(
      'INSERT DATA { GRAPH <https://example.org/g> { <https://example.org/s> <https://example.org/p> "o" } }',
    );
    await store.close();
    expect(await openAt(2), 'a SPARQL update after it').to.equal(null);
    store = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined, snapshotWhenIdleMs: 0 });
    await write(store, 5);
    await store.compact();
    await write(store, 6);
    await store.close();
    expect(await openAt(4), 'a snapshot past it').to.equal(null);
    expect(await openAt(5), 'the snapshot at it').to.deep.equal([...documentGraphs(6).keys()]);
  });
});
