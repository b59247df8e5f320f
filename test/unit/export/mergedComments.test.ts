/**
 * A merged id's NDJSON line (an Activity Streams Move): written, and read back only when it is
 * exactly such a line, so that no Linked Art document is ever taken for one.
 */
import { expect } from 'chai';
import {
  mergedCommentLine,
  mergedJsonLine,
  parseMergedComment,
  parseMergedJson,
} from '../../../src/export/mergedComments.js';

const A = 'https://example.org/person/a';
const B = 'https://example.org/person/b';
const AS = 'https://www.w3.org/ns/activitystreams';

describe('merged ids in NDJSON', () => {
  it('a line written reads back as the merged id it states', () => {
    const line = mergedJsonLine({ from: A, to: B });
    expect(line.endsWith('\n')).to.equal(true);
    expect(parseMergedJson(JSON.parse(line))).to.deep.equal({ from: A, to: B });
  });

  const notMerges: Array<[string, unknown]> = [
    ['a Linked Art document', { '@context': 'https://linked.art/ns/v1/linked-art.json', id: A, type: 'Person' }],
    ['another context', { '@context': 'https://example.org/', type: 'Move', object: { id: A }, target: { id: B } }],
    ['another type', { '@context': AS, type: 'Update', object: { id: A }, target: { id: B } }],
    ['a member more', { '@context': AS, type: 'Move', object: { id: A }, target: { id: B }, actor: 'x' }],
    ['no target', { '@context': AS, type: 'Move', object: { id: A } }],
    [
      'an object with more than its id',
      { '@context': AS, type: 'Move', object: { id: A, type: 'Person' }, target: { id: B } },
    ],
    ['an id that is not an http IRI', { '@context': AS, type: 'Move', object: { id: 'a' }, target: { id: B } }],
    ['an id as a plain string', { '@context': AS, type: 'Move', object: A, target: { id: B } }],
    ['an array', [{ '@context': AS, type: 'Move', object: { id: A }, target: { id: B } }]],
    ['null', null],
  ];
  for (const [what, json] of notMerges)
    it(`${what}: no merged id`, () => {
      expect(parseMergedJson(json)).to.equal(undefined);
    });
});

describe('merged ids in N-Quads and TriG: the #@merged line', () => {
  it('without names, as every export writes it; read back', () => {
    expect(mergedCommentLine({ from: A, to: B })).to.equal(`#@merged <${A}> <${B}>\n`);
    expect(mergedCommentLine({ from: A, to: B, names: [] })).to.equal(`#@merged <${A}> <${B}>\n`);
    expect(parseMergedComment(`#@merged <${A}> <${B}>`)).to.deep.equal({ from: A, to: B });
  });

  it('with names (an export with history): a JSON array after the ids, read back whole', () => {
    const names = ['Edith "Edie" Marrow', 'REG 7731', 'line\nbreak', 'ünïcode, commas'];
    const line = mergedCommentLine({ from: A, to: B, names });
    expect(line.split('\n')).to.have.length(2);
    expect(parseMergedComment(line.trimEnd())).to.deep.equal({ from: A, to: B, names });
  });

  const bad: Array<[string, string]> = [
    ['not JSON', 'Edith Marrow'],
    ['not an array', '{"name": "Edith"}'],
    ['not strings', '["Edith", 3]'],
  ];
  for (const [what, rest] of bad)
    it(`names ${what}: the merge kept, the problem said`, () => {
      const read = parseMergedComment(`#@merged <${A}> <${B}> ${rest}`);
      expect(read).to.include({ from: A, to: B });
      expect(read?.names).to.equal(undefined);
      expect(read?.problem).to.match(new RegExp(`^the #@merged line of <${A}>: the names after the ids are not`));
    });
});
