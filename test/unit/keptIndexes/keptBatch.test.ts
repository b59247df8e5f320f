/**
 * A load's lines of the kept start-up indexes, made where its batch is checked (keptBatch.ts), are
 * the lines a serving process's indexes keep for the same stored graphs (keptIndexes.ts's
 * keptLinesOf): names, reverse-link rows, thumbnails and content tags; and the load's collector
 * (LoadKeptIndexes.ts) keeps them over the file it started from, or keeps nothing.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryReverseLinks } from '../../../src/discovery/MemoryReverseLinks.js';
import { KeptBatchLines, type KeptBatch } from '../../../src/keptIndexes/keptBatch.js';
import { readKeptIndexes, writeKeptIndexes, type KeptLine } from '../../../src/keptIndexes/keptIndexesFile.js';
import { LoadKeptIndexes } from '../../../src/keptIndexes/LoadKeptIndexes.js';
import { inThreadGate } from '../../../src/load/gate/Gate.js';
import { NameIndex } from '../../../src/search/NameIndex.js';
import { Thumbnails } from '../../../src/search/Thumbnails.js';
import { ContentTags } from '../../../src/service/resolve/contentTags.js';
import { df, type Quad } from '../../../src/rdf/terms.js';
import type { NamedNode } from '@rdfjs/types';
import { CONTENT_IRI } from '../../../src/service/resolve/identifierQuery.js';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { richCollection } from '../../bench/scale/richCollection.js';

/** The demo and some generated documents, checked and made into the graphs a load stores, with the lines kept of them. */
async function checked(): Promise<{ graphs: ReadonlyMap<string, readonly Quad[]>; kept: KeptBatch }> {
  const batch = inThreadGate.batch();
  const demo = join(PROJECT_ROOT, 'data/demo');
  for (const file of readdirSync(demo))
    batch.add({ kind: 'json', location: file, json: JSON.parse(readFileSync(join(demo, file), 'utf8')) }, file);
  const rich = richCollection(60);
  for (let i = 0; i < rich.size; i++)
    batch.add({ kind: 'json', location: `rich ${i}`, json: JSON.parse(rich.documentAt(i)) }, `rich ${i}`);
  const result = await batch.check([], new Date(0), true, true);
  expect(result.kept).to.not.equal(undefined);
  return { graphs: result.graphs as ReadonlyMap<string, readonly Quad[]>, kept: result.kept! };
}

/** The lines of a serving process's indexes told these graphs, as keptLinesOf takes them. */
function servingLines(graphs: ReadonlyMap<string, readonly Quad[]>): KeptLine[] {
  const names = new NameIndex();
  const links = new MemoryReverseLinks();
  const thumbnails = new Thumbnails();
  const tags = new ContentTags();
  for (const index of [names, links, thumbnails, tags]) index.written(graphs);
  const lines: KeptLine[] = names.keptEntries().entries.map((entry) => ['n', entry]);
  for (const [source, rows] of links.sources()) lines.push(['l', source, rows]);
  for (const [id, url] of thumbnails.entries()) lines.push(['p', id, url]);
  for (const tag of tags.list) lines.push(['t', tag]);
  return lines;
}

function loadLines(kept: KeptBatch): KeptLine[] {
  const lines = kept.documents.flatMap(([, text, count]) => {
    const parsed = text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as KeptLine);
    expect(parsed).to.have.length(count);
    return parsed;
  });
  return [...lines, ...kept.tags.map((tag): KeptLine => ['t', tag])];
}

const sorted = (lines: readonly KeptLine[]) => lines.map((l) => JSON.stringify(l)).sort();

describe('the kept start-up indexes a load makes (keptBatch.ts, LoadKeptIndexes.ts)', () => {
  it('a batch: the same lines as the serving indexes keep for the graphs stored', async () => {
    const { graphs, kept } = await checked();
    const serving = servingLines(graphs);
    // The test bites: every kind of line is there (the generated documents' contents carry no tag).
    for (const kind of ['n', 'l', 'p'])
      expect(
        serving.some((l) => l[0] === kind),
        kind,
      ).to.equal(true);
    expect(kept.unkeepable).to.equal(undefined);
    expect(sorted(loadLines(kept))).to.deep.equal(sorted(serving));
  });

  it("content tags: those a content's literal carries, as the serving index keeps them", () => {
    const id = 'https://example.org/object/tagged';
    const graph = df.namedNode(id);
    const content = (value: string, tag?: string | NamedNode) =>
      df.quad(df.blankNode('b'), df.namedNode(CONTENT_IRI), df.literal(value, tag), graph);
    const graphs = new Map([
      [
        id,
        [
          content('Harbour', 'en'),
          content('A-1', df.namedNode('http://www.w3.org/2001/XMLSchema#token')),
          content('x'),
        ],
      ],
    ]);
    const lines = new KeptBatchLines();
    for (const [name, quads] of graphs) lines.add(name, quads);
    const kept = lines.finish();
    expect(kept.tags).to.have.length(2);
    expect(sorted(loadLines(kept))).to.deep.equal(sorted(servingLines(graphs)));
  });

  it('a tombstone or an emptied document cannot be kept by a load', () => {
    const lines = new KeptBatchLines();
    lines.add('https://example.org/object/1', []);
    expect(lines.finish().unkeepable).to.match(/emptied/);
  });

  it('over the file at the store position: a document stored again replaces its lines; the file read back as the serving indexes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'load-kept-'));
    try {
      const { graphs, kept } = await checked();
      const serving = servingLines(graphs);
      const first = new Map([...graphs].slice(0, 20));
      const base = servingLines(first);
      await writeKeptIndexes(dir, 7, base);
      const load = await LoadKeptIndexes.forStore(dir, 7);
      if (typeof load === 'string') throw new Error(load);
      load.stored(kept);
      await load.keep(dir, 9);
      const read = await readKeptIndexes(dir);
      if ('problem' in read) throw new Error(read.problem);
      expect(read.seq).to.equal(9);
      expect(sorted(read.lines)).to.deep.equal(sorted(serving));
      // Not at the store's position: nothing to add to.
      expect(await LoadKeptIndexes.forStore(dir, 10)).to.match(/at log position 9, the store at 10/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a batch not stored, or a merge restored: nothing kept, and the file left as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'load-kept-'));
    try {
      const { kept } = await checked();
      const load = await LoadKeptIndexes.forStore(dir, 0);
      if (typeof load === 'string') throw new Error(load);
      load.stored(kept);
      load.unkept('a batch was not stored');
      expect(load.unkeepable).to.equal('a batch was not stored');
      let refused: unknown;
      await load.keep(dir, 3).catch((error: unknown) => (refused = error));
      expect(refused).to.be.instanceOf(Error);
      expect(await readKeptIndexes(dir)).to.deep.equal({ problem: 'none kept' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
