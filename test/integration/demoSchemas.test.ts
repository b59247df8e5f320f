/**
 * The demo collection against the official Linked Art JSON Schemas: every place a schema refuses
 * a demo document is listed in the README ("The official JSON Schemas") with the spec line that
 * allows it, and every listed row still happens. A new demo mistake, or a fixed one left listed,
 * fails here.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { DEMO_DIR, PROJECT_ROOT } from '../support/corpus.js';
import { schemaFindings } from '../support/schemas.js';

/** The README table's rows as `file path finding`. */
function listedInReadme(): string[] {
  const readme = readFileSync(`${PROJECT_ROOT}README.md`, 'utf8');
  const section = readme.split('### The official JSON Schemas')[1].split('\n## ')[0];
  const rows: string[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(' | ').map((c) => c.replace(/^\| /, '').trim());
    const file = /^`([\w-]+\.json)`$/.exec(cells[0] ?? '')?.[1];
    if (file) rows.push(`${file} ${cells[1].replaceAll('`', '')} ${cells[2]}`);
  }
  return rows.sort();
}

describe('the demo collection and the official JSON Schemas', () => {
  const files = readdirSync(DEMO_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();

  it('refuse a demo document only where the README lists the case and the spec line that allows it', () => {
    const found = files
      .flatMap((file) => {
        const doc = JSON.parse(readFileSync(DEMO_DIR + file, 'utf8')) as Record<string, unknown>;
        return schemaFindings(doc).map(([path, finding]) => `${file} ${path} ${finding}`);
      })
      .sort();
    const listed = listedInReadme();
    expect(listed.length, 'the README table').to.be.greaterThan(0);
    expect(found, 'schema findings vs the README table').to.deep.equal(listed);
  });

  it('accept the demo documents the table does not name', () => {
    const named = new Set(listedInReadme().map((row) => row.split(' ')[0]));
    const accepted = files.filter((f) => !named.has(f));
    expect(accepted.length).to.equal(files.length - named.size);
    for (const file of accepted) {
      expect(
        schemaFindings(JSON.parse(readFileSync(DEMO_DIR + file, 'utf8')) as Record<string, unknown>),
        file,
      ).to.deep.equal([]);
    }
  });
});
