import { expect } from 'chai';
import { isNotModified } from '../../../src/http/conditional.js';

const ETAG = '"abc"';
const MODIFIED = 'Sat, 21 Nov 2026 10:00:00 GMT';

describe("conditional GET: is the client's copy current?", () => {
  const table: Array<[string, Record<string, string>, boolean]> = [
    ['no conditions', {}, false],
    ['If-None-Match: the tag', { 'if-none-match': ETAG }, true],
    ['If-None-Match: another tag', { 'if-none-match': '"abd"' }, false],
    ['If-None-Match: a list holding the tag', { 'if-none-match': '"x", "abc" , "y"' }, true],
    ['If-None-Match: the weak tag (weak comparison)', { 'if-none-match': 'W/"abc"' }, true],
    ['If-None-Match: *', { 'if-none-match': '*' }, true],
    ['If-None-Match: the tag unquoted', { 'if-none-match': 'abc' }, false],
    ['If-Modified-Since: the same second', { 'if-modified-since': MODIFIED }, true],
    ['If-Modified-Since: later', { 'if-modified-since': 'Sat, 21 Nov 2026 11:00:00 GMT' }, true],
    ['If-Modified-Since: earlier', { 'if-modified-since': 'Sat, 21 Nov 2026 09:59:59 GMT' }, false],
    ['If-Modified-Since: not a date', { 'if-modified-since': 'yesterday' }, false],
    ['If-None-Match wins over If-Modified-Since', { 'if-none-match': '"abd"', 'if-modified-since': MODIFIED }, false],
  ];
  for (const [name, headers, expected] of table) {
    it(`${name}: ${expected ? '304' : '200'}`, () => {
      expect(isNotModified(headers, ETAG, MODIFIED)).to.equal(expected);
    });
  }

  it('If-Modified-Since without a known modification time: 200', () => {
    expect(isNotModified({ 'if-modified-since': MODIFIED }, ETAG, undefined)).to.equal(false);
  });
});
