import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveInputs } from '../../../src/load/inputs.js';
import { LastCopies } from '../../../src/load/lastCopies.js';
import { scannedId, UNSURE } from '../../../src/load/scannedId.js';
import { DEMO_DIR, readDocuments } from '../../support/corpus.js';
import { seededRandom } from '../../support/random.js';

/** What the load takes as a record's id: `json.id ?? json['@id']` when a string; undefined for text JSON.parse refuses. */
function parsedId(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const id = (json as Record<string, unknown>)['id'] ?? (json as Record<string, unknown>)['@id'];
  return typeof id === 'string' ? id : undefined;
}

const valid = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("load: a record's id read from its text (scannedId)", () => {
  it('says what JSON.parse would, for ids as JSON writes them', () => {
    const cases: Array<[string, string | undefined]> = [
      ['{"id":"a"}', 'a'],
      [' { "id" : "a" , "x" : 1 } ', 'a'],
      ['{"x":{"id":"inner"},"id":"outer"}', 'outer'],
      ['{"x":[{"id":"inner"}]}', undefined],
      ['{"id":"a","id":"b"}', 'b'],
      ['{"id":"a","id":null,"@id":"c"}', 'c'],
      ['{"id":null}', undefined],
      ['{"@id":"c"}', 'c'],
      ['{"id":5,"@id":"c"}', undefined],
      ['{"id":{"a":"}"},"@id":"c"}', undefined],
      ['{"id":["x"]}', undefined],
      ['{"id":"a\\"b\\\\"}', 'a"b\\'],
      ['{"id":"\\u0041\\/"}', 'A/'],
      ['{"a":"\\"id\\":\\"no\\"","id":"yes"}', 'yes'],
      ['{"a":"x\\\\","id":"yes"}', 'yes'],
      ['{}', undefined],
      ['[{"id":"a"}]', undefined],
      ['{"id":true,"b":[1,2.5e3,-0,null,false,"]"]}', undefined],
    ];
    for (const [text, id] of cases) {
      expect(parsedId(text), text).to.equal(id);
      expect(scannedId(text), text).to.equal(id);
    }
  });

  it('is unsure where a key is escaped, a key is `problems` (a rejects line), or the id does not read', () => {
    for (const text of [
      '{"\\u0069d":"x"}',
      '{"problems":[],"document":{"id":"x"},"id":"y"}',
      '{"id":"\\x"}',
      '{"id":"a"',
      '{"id" "a"}',
    ]) {
      expect(scannedId(text), text).to.equal(UNSURE);
    }
  });

  it('on every corpus document, and on random cuts and changes of them: where JSON.parse reads the text, the same id, or unsure', () => {
    const random = seededRandom(29);
    const texts = readDocuments(DEMO_DIR).map((d) => JSON.stringify(d.json, null, random() < 0.5 ? 0 : 2));
    const pieces = ['"', '\\', '{', '}', '[', ']', ',', ':', '"id":', '"id":"z",', ' ', 'null', '"@id":"w"'];
    let checked = 0;
    for (const text of texts) {
      const variants = [text];
      for (let k = 0; k < 30; k++) {
        const at = Math.floor(random() * text.length);
        variants.push(
          text.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + text.slice(at + (random() < 0.5 ? 1 : 0)),
        );
      }
      for (const v of variants) {
        const scanned = scannedId(v);
        if (!valid(v) || scanned === UNSURE) continue;
        expect(scanned, v).to.equal(parsedId(v));
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(texts.length);
  });

  describe('the first pass of a load (LastCopies), reading ids so', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'linkedart-scannedid-'));
    });
    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });
    const A = 'http://localhost:8080/object/a';

    it('a later copy the load cannot read, or refuses at a limit, does not supersede the earlier one', async () => {
      const deep = `{"id":"${A}","x":${'['.repeat(70)}${']'.repeat(70)}}`;
      const lines = [`{"id":"${A}"}`, `{"id":"${A}", oops}`, deep, `{"id":"${A}"`].join('\n') + '\n';
      writeFileSync(join(dir, 'd.ndjson'), lines);
      const copies = await LastCopies.read(resolveInputs([join(dir, 'd.ndjson')]), {});
      expect(copies.superseded(A, 0, 0)).to.equal(false);
    });

    it('an earlier copy the load cannot read does not keep a later one from counting', async () => {
      const lines = [`{"id":"${A}", oops}`, `{"id":"${A}"}`, `{"id":"${A}","x":1}`].join('\n') + '\n';
      writeFileSync(join(dir, 'd.ndjson'), lines);
      const copies = await LastCopies.read(resolveInputs([join(dir, 'd.ndjson')]), {});
      expect([1, 2].map((n) => copies.superseded(A, 0, n))).to.deep.equal([true, false]);
    });

    it('a rejects line counts as the document it holds', async () => {
      const B = 'http://localhost:8080/object/b';
      const lines =
        [
          `{"id":"${B}"}`,
          JSON.stringify({ source: 's', location: 'l', id: A, problems: [], document: { id: B } }),
        ].join('\n') + '\n';
      writeFileSync(join(dir, 'd.ndjson'), lines);
      const copies = await LastCopies.read(resolveInputs([join(dir, 'd.ndjson')]), {});
      expect(copies.superseded(B, 0, 0)).to.equal(true);
      expect(copies.superseded(B, 0, 1)).to.equal(false);
    });
  });
});
