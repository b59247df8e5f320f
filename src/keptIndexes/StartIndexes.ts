/**
 * A serving process's kept start-up indexes, from start to close: the file's position read before
 * the store opens (passed to the open, which notes what the log wrote after it), the file itself
 * read and the indexes built from it while the store opens (read(): once its worker has been asked
 * to, so that parsing the file on this thread does not hold the open back: issue 35, some 0.4 s of
 * CPU at 20,000 documents, 2 s at 100,000), attached once it has (or the reason they cannot be, and the
 * indexes are built from the quads as before); then kept again (keep) once they are ready at a
 * position the file does not hold, and at close, so the next start finds them where the store is.
 */
import type { DocumentService } from '../service/DocumentService.js';
import type { EmbeddedStore } from '../store/embedded/EmbeddedStore.js';
import { attachKeptIndexes, buildKeptIndexes, keptLinesOf, type BuiltKeptIndexes } from './keptIndexes.js';
import { readKeptIndexes, readKeptPosition, writeKeptIndexes } from './keptIndexesFile.js';

export class StartIndexes {
  /** The position the file on disk holds (undefined: none usable). */
  private keptAt: number | undefined;
  private keeping: Promise<unknown> = Promise.resolve();
  private attached: { documents: DocumentService; store: EmbeddedStore } | undefined;
  /** The indexes being built from the file, or why there is none to build from (once read() is called). */
  private building: Promise<BuiltKeptIndexes | string> | undefined;

  private constructor(
    private readonly dir: string,
    keptAt: number | undefined,
  ) {
    this.keptAt = keptAt;
  }

  /** The kept file of `dir` as far as its position (its first line): read() reads the rest. */
  static async open(dir: string): Promise<StartIndexes> {
    return new StartIndexes(dir, await readKeptPosition(dir));
  }

  /** Reads the whole file and starts building the indexes from it (in slices: the store opens meanwhile); once. */
  read(): void {
    this.building ??= readKeptIndexes(this.dir).then<BuiltKeptIndexes | string>((read) => {
      if (!('problem' in read) && read.seq === this.keptAt) return buildKeptIndexes(read.seq, read.lines);
      // None usable on disk: keep() writes it again, even at the position its first line says.
      this.keptAt = undefined;
      // Only this process writes the file, and not before attach: another position is a file replaced meanwhile.
      return 'problem' in read ? read.problem : `the file changed while it was read (now at position ${read.seq})`;
    });
  }

  /** The position of the file read (for the store's open: EmbeddedStoreOptions.keptSince). */
  get keptSince(): number | undefined {
    return this.keptAt;
  }

  /**
   * Attaches the indexes to the service once the store is open (before anything else builds
   * them): answers a line saying where they came from, the file or (why) not.
   */
  async attach(documents: DocumentService, store: EmbeddedStore): Promise<string> {
    this.attached = { documents, store };
    this.read();
    const kept = await this.building!;
    if (typeof kept === 'string') return `start-up indexes: built from the store (${kept})`;
    const { writtenSince, lastSeq } = store.openInfo;
    const problem = await attachKeptIndexes(documents, kept, writtenSince, () => store.writtenUpTo() === lastSeq);
    if (problem) return `start-up indexes: built from the store (${problem})`;
    const since = writtenSince?.length ? `, with the ${writtenSince.length} graphs written after it` : '';
    return `start-up indexes: read as kept at log position ${kept.seq}${since}`;
  }

  /**
   * Writes the indexes at the store's position now, if the file does not hold that one (one write
   * at a time); answers the position written, or undefined when nothing was.
   */
  keep(): Promise<number | undefined> {
    const run = this.keeping.then(() => this.keepNow());
    this.keeping = run.catch(() => undefined);
    return run;
  }

  private async keepNow(): Promise<number | undefined> {
    if (!this.attached) return undefined;
    const { documents, store } = this.attached;
    // Taken in the write turn: the lines and the position agree (the entries are replaced on a write, never changed).
    const taken = await documents.serialized(() => {
      const seq = store.writtenUpTo();
      return Promise.resolve(seq === this.keptAt ? undefined : { seq, lines: keptLinesOf(documents) });
    });
    if (!taken?.lines) return undefined;
    await writeKeptIndexes(this.dir, taken.seq, taken.lines);
    this.keptAt = taken.seq;
    return taken.seq;
  }
}
