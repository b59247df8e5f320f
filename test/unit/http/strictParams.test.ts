/** Query strings and form bodies decoded as URLSearchParams does, except that escapes which are not UTF-8 are refused. */
import { expect } from 'chai';
import { strictParams } from '../../../src/http/strictParams.js';
import { HttpError } from '../../../src/http/HttpError.js';

describe('strictParams', () => {
  it('decodes as URLSearchParams does', () => {
    for (const query of [
      'a=1&b=2&a=3',
      'q=caf%C3%A9+au+lait',
      'x=%zz&y=%4&z=100%',
      'flag&=v&&k=',
      'n%C3%A9=%F0%9F%96%BC',
      'raw=café',
    ]) {
      expect([...strictParams(query, 'the URL')], query).to.deep.equal([...new URLSearchParams(query)]);
    }
  });

  for (const [query, says] of [
    ['id=https%3A%2F%2Fx%2F%ED%A0%80', /value of id= in the URL .*not UTF-8: byte 0xED at byte offset 10\b/],
    ['a=1&update=abc%FF', /value of update= in the URL .*byte 0xFF at byte offset 3\b/],
    ['%C3=1', /parameter's name in the URL .*cut off at the end, at byte offset 0\b/],
  ] as const) {
    it(`refuses ${query}: 400 naming the parameter and the offset`, () => {
      let error: unknown;
      try {
        strictParams(query, 'the URL');
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(HttpError);
      expect((error as HttpError).status).to.equal(400);
      expect((error as HttpError).message).to.match(says);
    });
  }
});
