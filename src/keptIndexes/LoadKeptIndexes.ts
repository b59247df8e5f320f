/**
 * The kept start-up indexes a `linkedart load` leaves for the first start after it (issue 35: that
 * start then reads them instead of building the name index, reverse links, thumbnails and content
 * tags from the quads). The lines are made where the batches are checked (keptBatch.ts, in the
 * check workers); this thread only files each stored batch's text by document, and at the end
 * writes the file once, crash-safely, at the store's position then (keptIndexesFile.ts).
 *
 * Only from what is known whole: a new store (nothing before the load), or one whose kept file is
 * at the position the store opened at (every document before the load is in it). A load that
 * stops early (an interrupt, a full store, a batch not stored) or that writes what this file
 * cannot say (a merge's tombstone, an emptied graph) keeps nothing: the file on disk, if any,
 * stays at the position it covers, and the next start reads past it or builds from the quads.
 */
import type { LiteralTag } from '../rdf/sparqlTerm.js';
import type { KeptBatch } from './keptBatch.js';
import { readKeptIndexes, writeKeptText, type KeptLine } from './keptIndexesFile.js';

/** What a load tells the kept indexes (LoadOptions.keptIndexes). */
export interface LoadKeeping {
  /** A batch is stored, with the lines its check made (undefined: made none). */
  stored(batch: KeptBatch | undefined): void;
  /** Something was not stored as checked: nothing is kept. */
  unkept(reason: string): void;
}

export class LoadKeptIndexes implements LoadKeeping {
  /** The merged ids' lines, as the file before the load had them (a load merges nothing). */
  private readonly merged: string[] = [];
  private readonly mergedIds = new Set<string>();
  /** Each document's lines as text, in the order the file lists them. */
  private readonly documents = new Map<string, { text: string; lines: number }>();
  private readonly tags = new Map<string, LiteralTag>();
  private problem: string | undefined;

  private constructor() {}

  /**
   * For a load into the store of `dir`, opened at `openedAt` (its log position): empty for a new
   * store, else from the kept file when it is at that position; or why nothing can be kept.
   */
  static async forStore(dir: string, openedAt: number): Promise<LoadKeptIndexes | string> {
    const kept = new LoadKeptIndexes();
    if (openedAt === 0) return kept;
    const read = await readKeptIndexes(dir);
    if ('problem' in read) return `the store holds documents and no kept file to add to (${read.problem})`;
    if (read.seq !== openedAt) return `the kept file is at log position ${read.seq}, the store at ${openedAt}`;
    for (const line of read.lines) kept.fileLine(line);
    return kept;
  }

  private fileLine(line: KeptLine): void {
    if (line[0] === 't') {
      this.tag(line[1]);
      return;
    }
    const text = JSON.stringify(line) + '\n';
    if (line[0] === 'm') {
      this.merged.push(text);
      this.mergedIds.add(line[1]);
      return;
    }
    const id = line[0] === 'n' ? line[1].id : line[1];
    const doc = this.documents.get(id);
    if (doc) {
      doc.text += text;
      doc.lines++;
    } else this.documents.set(id, { text, lines: 1 });
  }

  private tag(tag: LiteralTag): void {
    this.tags.set('language' in tag ? `@${tag.language}` : `^^${tag.datatype}`, tag);
  }

  stored(batch: KeptBatch | undefined): void {
    if (this.problem) return;
    if (!batch) return this.unkept('a batch was stored without its lines');
    if (batch.unkeepable) return this.unkept(batch.unkeepable);
    for (const [id, text, lines] of batch.documents) {
      // Written again after a merge: the serving process's write tells its name index so.
      if (this.mergedIds.has(id)) return this.unkept(`${id} was merged and is written again`);
      // A document stored again replaces all its lines (set() keeps its place in the file).
      this.documents.set(id, { text, lines });
    }
    for (const tag of batch.tags) this.tag(tag);
  }

  unkept(reason: string): void {
    this.problem ??= reason;
  }

  /** Why nothing can be kept, if so. */
  get unkeepable(): string | undefined {
    return this.problem;
  }

  /** Writes the file at log position `seq`, the store's after the load (throws when unkeepable). */
  async keep(dir: string, seq: number): Promise<void> {
    if (this.problem) throw new Error(this.problem);
    const parts = [...this.merged];
    let count = this.merged.length;
    for (const { text, lines } of this.documents.values()) {
      parts.push(text);
      count += lines;
    }
    for (const tag of this.tags.values()) parts.push(JSON.stringify(['t', tag]) + '\n');
    count += this.tags.size;
    await writeKeptText(dir, seq, count, Buffer.from(parts.join(''), 'utf8'));
  }
}
