/**
 * A query replica seeded from the data directory's own files (queryWorker.ts, issue 35): the
 * snapshot and the log records after it up to write `seq`, the very bytes the store's open
 * read, instead of a second dump of the store graph by graph. The replica reads and loads them
 * on its own thread, so the store worker goes on serving without dumping anything.
 *
 * Only the entity graphs are kept (internal graphs have no place in a replica), each loaded with
 * its copy in the default graph (withDefaultCopy: the union as a set). The store worker sends
 * the seed only while the files hold every write up to `seq` and no compaction can replace them
 * (replicaFeeds.ts); records after `seq` come as the feed's own messages.
 */
import { join } from 'node:path';
import { LogReader } from './LogReader.js';
import { withDefaultCopy, type Engine } from './engine.js';
import { readSnapshot } from './snapshot.js';
import { listLogFiles } from './wal.js';
import type { SeedEnd } from './seedEnd.js';
import { isInternalGraph, INTERNAL_GRAPH_PREFIX } from '../internalGraphs.js';

/** What the replica does with a replayed SPARQL update (as with one fed live). */
export type ApplyUpdate = (sparql: string) => void;

/** A log record's N-Quads lines of internal graphs (the graph, a line's last term, under the internal prefix). */
const INTERNAL_LINE = new RegExp(
  `^[^\\n]* <${INTERNAL_GRAPH_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^<>\\s]*> \\.$\\n?`,
  'gm',
);

/** A log record's or snapshot's N-Quads without its internal graphs' lines. */
export function entityLines(nquads: string): string {
  return nquads.includes(INTERNAL_GRAPH_PREFIX) ? nquads.replace(INTERNAL_LINE, '') : nquads;
}

/**
 * A chunk of the TriG snapshot (whole `<graph> {` … `}` blocks, snapshot.ts) as N-Quads of its
 * entity graphs, and their names. Blank-node graphs and the default graph are left out, as a seed
 * by dump leaves them.
 */
export function entityBlocks(trig: string): { names: string[]; nquads: string } {
  const names: string[] = [];
  const parts: string[] = [];
  let at = 0;
  while (at < trig.length) {
    const headEnd = trig.indexOf('\n', at);
    const close = trig.indexOf('\n}\n', headEnd - 1);
    if (headEnd < 0 || close < 0) throw new Error('the snapshot holds an unfinished graph block');
    const head = trig.slice(at, headEnd);
    if (head.startsWith('<')) {
      const name = head.slice(1, head.lastIndexOf('>'));
      if (!isInternalGraph(name)) {
        names.push(name);
        const tail = ` <${name}> .`;
        parts.push(trig.slice(headEnd + 1, close + 1).replace(/ \.$/gm, tail));
      }
    }
    at = close + 3;
  }
  return { names, nquads: parts.join('') };
}

/**
 * A chunk of the N-Quads snapshot (whole graph blocks, each ending with an empty line: snapshot.ts)
 * as N-Quads of its entity graphs, and their names. Blank-node graphs and the default graph are
 * left out, as a seed by dump leaves them.
 */
export function entityQuadBlocks(nquads: string): { names: string[]; nquads: string } {
  const names: string[] = [];
  const parts: string[] = [];
  let at = 0;
  while (at < nquads.length) {
    const end = nquads.indexOf('\n\n', at);
    if (end < 0) throw new Error('the snapshot holds an unfinished graph block');
    // The default graph's block opens with a comment; a blank-node graph's lines end with `_:label .`.
    if (!nquads.startsWith('#', at) && nquads.startsWith('> .', nquads.indexOf('\n', at) - 3)) {
      const name = graphAt(nquads, at);
      if (!isInternalGraph(name)) {
        names.push(name);
        parts.push(nquads.slice(at, end + 1));
      }
    }
    at = end + 2;
  }
  return { names, nquads: parts.join('') };
}

/** The graph of the N-Quads line starting at `at` (its last term). */
function graphAt(nquads: string, at: number): string {
  const nl = nquads.indexOf('\n', at);
  const line = nquads.slice(at, nl < 0 ? nquads.length : nl).trimEnd();
  return line.slice(line.lastIndexOf(' <') + 2, line.lastIndexOf('>'));
}

/** Where the line after the one starting at `at` starts (the text's length after the last). */
function nextLine(nquads: string, at: number): number {
  const nl = nquads.indexOf('\n', at);
  return nl < 0 ? nquads.length : nl + 1;
}

/**
 * N-Quads cut into pieces of about `chars` characters, each cut at a line where the graph
 * changes (a graph's lines come together in a record), so that no graph is split. Only the
 * lines near a cut are looked at.
 */
export function byGraphs(nquads: string, chars: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (nquads.length - start > chars) {
    let cut = nextLine(nquads, start + chars);
    if (cut >= nquads.length) break;
    // The graph of the line just before the cut, then on past its lines.
    const graph = graphAt(nquads, nquads.lastIndexOf('\n', cut - 2) + 1);
    while (cut < nquads.length && graphAt(nquads, cut) === graph) cut = nextLine(nquads, cut);
    if (cut >= nquads.length) break;
    pieces.push(nquads.slice(start, cut));
    start = cut;
  }
  pieces.push(nquads.slice(start));
  return pieces;
}

/**
 * Loads the entity graphs of `dir`'s snapshot and log records up to the write `end` says (a
 * number, or a SeedEnd set by the store worker once its open has replayed the files: seedEnd.ts)
 * into `engine`, in load() calls of about `chunkChars`; `progress` hears the graphs loaded so far
 * (after each). Throws if the files do not reach that write.
 */
export async function seedFromFiles(
  engine: Engine,
  dir: string,
  end: number | SeedEnd,
  chunkChars: number,
  applyUpdate: ApplyUpdate,
  progress: (graphs: number) => void,
): Promise<void> {
  const seed = { graphs: 0, last: 0 };
  const snapshot = await readSnapshot(dir, chunkChars, (chunk, format) => {
    const text = chunk.toString('utf8');
    const { names, nquads } = format === 'nquads' ? entityQuadBlocks(text) : entityBlocks(text);
    engine.replaceGraphsKeepingUnion(names, withDefaultCopy(nquads), true);
    seed.graphs += names.length;
    progress(seed.graphs);
  });
  seed.last = snapshot?.seq ?? 0;
  const endNow = typeof end === 'number' ? () => end : () => end.now();
  const replay = { engine, dir, chunkChars, applyUpdate, progress };
  await replayRecords(replay, seed, endNow);
  const seq = typeof end === 'number' ? end : await end.known();
  // Read while the end was not known, the log may have ended before records the open went on to (never, but cheap to make sure).
  if (seed.last < seq) await replayRecords(replay, seed, () => seq);
  if (seed.last !== seq) throw new Error(`the data directory's files end at write ${seed.last}, not ${seq}`);
}

interface Replay {
  readonly engine: Engine;
  readonly dir: string;
  readonly chunkChars: number;
  readonly applyUpdate: ApplyUpdate;
  readonly progress: (graphs: number) => void;
}

/**
 * The log records after `seed.last`, applied in order up to the end `endNow` says when a record
 * has been read (null: not known yet, so the record is one the store's open replays too: seedEnd.ts).
 */
async function replayRecords(
  { engine, dir, chunkChars, applyUpdate, progress }: Replay,
  seed: { graphs: number; last: number },
  endNow: () => number | null,
): Promise<void> {
  const reached = (): boolean => {
    const end = endNow();
    return end !== null && seed.last >= end;
  };
  for (const file of await listLogFiles(dir)) {
    if (reached()) break;
    const reader = await LogReader.open(join(file.path));
    try {
      for (let rec = await reader.next(); rec && !reached(); rec = await reader.next()) {
        const h = rec.header;
        if (h.seq <= seed.last) continue;
        const end = endNow();
        if (end !== null && h.seq > end) break;
        if (h.seq !== seed.last + 1) throw new Error(`log record ${h.seq} follows ${seed.last}: records are missing`);
        if (h.op === 'update') applyUpdate(rec.body.toString('utf8'));
        else {
          const names = h.graphs.filter((g) => !isInternalGraph(g));
          // `new`: none of its graphs held anything, in the store nor here (the same writes in the same
          // order); else they are emptied first, then loaded as new.
          if (names.length > 0 && h.new !== true) engine.replaceGraphsKeepingUnion(names, '');
          const text = entityLines(rec.body.toString('utf8'));
          // The graphs loaded so far, counted by the share of the record's text (progress only).
          let done = 0;
          for (const piece of text ? byGraphs(text, chunkChars) : []) {
            engine.replaceGraphsKeepingUnion([], withDefaultCopy(piece), true);
            done += piece.length;
            progress(seed.graphs + Math.round((names.length * done) / text.length));
          }
          seed.graphs += names.length;
        }
        seed.last = h.seq;
      }
    } finally {
      await reader.close();
    }
  }
}
