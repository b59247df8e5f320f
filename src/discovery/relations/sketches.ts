/**
 * hal_links.tsv's SPARQL sketches, as written (laid out), for the relations whose query is the
 * sketch: the Linked Art API's own words, quoted, that the differential test holds the paths
 * against. Kept as data, data/relation-sketches.rq: each sketch after a line `# relationName`.
 * A relation whose sketch is wrong says so (`sketchDiffers`), and its query is written from its
 * path instead, as are those of the relations hal_links.tsv gives no sketch.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project root: this file is at dist/src/discovery/relations/ once compiled, src/discovery/relations/ in source. */
const PROJECT_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../../' : '../../../', import.meta.url),
);
export const SKETCHES_PATH = `${PROJECT_ROOT}data/relation-sketches.rq`;

/** A line that begins a sketch: `# ` and the relation's name alone. */
const HEADER = /^# ([a-z]+[A-Z]\w*)$/;

/** Relation name → its sketch. */
export const SKETCHES: Readonly<Partial<Record<string, string>>> = readSketches(readFileSync(SKETCHES_PATH, 'utf8'));

/** The sketches of `text`, each its lines up to the next header, without the blank lines that end it. */
export function readSketches(text: string): Partial<Record<string, string>> {
  const sketches: Partial<Record<string, string>> = {};
  let name: string | undefined;
  let lines: string[] = [];
  const end = (): void => {
    if (name === undefined) return;
    if (name in sketches) throw new Error(`data/relation-sketches.rq: two sketches of ${name}`);
    sketches[name] = lines.join('\n').trimEnd();
  };
  for (const line of text.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      end();
      name = header[1];
      lines = [];
    } else if (name !== undefined) lines.push(line);
  }
  end();
  return sketches;
}
