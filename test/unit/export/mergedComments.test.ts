/**
 * A merged id's NDJSON line (an Activity Streams Move): written, and read back only when it is
 * exactly such a line, so that no Linked Art document is ever taken for one.
 */
import { expect } from 'chai';
import { mergedJsonLine, parseMergedJson } from '../../../src/export/mergedComments.js';

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
