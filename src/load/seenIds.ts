/**
 * The ids a load has seen, each with where it was last seen (its input and line), so that a
 * later copy can name the earlier one. Kept for every document of a load: where is one
 * number (input, line), not a string naming the input again, which kept some 200 bytes a
 * document (200 MB for a million). A place without a line number (a document split from the
 * triples with no graph) keeps its words.
 */

/** Lines per input in the packed number: inputs up to 2^21, lines up to 2^32. */
const LINES = 2 ** 32;
const LINE = /^line (\d+)\b/;

export class SeenIds {
  private readonly where = new Map<string, number | string>();
  private readonly inputs: string[] = [];
  private readonly inputIndex = new Map<string, number>();

  get size(): number {
    return this.where.size;
  }

  /** Where `id` was seen before this (as "<input> line N"), or undefined. */
  get(id: string): string | undefined {
    const at = this.where.get(id);
    if (at === undefined || typeof at === 'string') return at;
    return `${this.inputs[Math.floor(at / LINES)]} line ${at % LINES}`;
  }

  /** `id` seen at `location` (a reader's: "line 12 (graph 3 <…>)", "line 4 (record 4)", …) of input `source`. */
  set(id: string, source: string, location: string): void {
    const line = LINE.exec(location);
    const n = line ? Number(line[1]) : NaN;
    if (!(n < LINES)) {
      this.where.set(id, `${source} ${location}`);
      return;
    }
    let input = this.inputIndex.get(source);
    if (input === undefined) {
      input = this.inputs.push(source) - 1;
      this.inputIndex.set(source, input);
    }
    this.where.set(id, input * LINES + n);
  }
}
