import { expect } from 'chai';
import { lostValues } from '../../../../src/validate/lossless/lostValues.js';

describe('lostValues: what of a document as given would not come back', () => {
  it('the documented normalizations lose nothing: key order, one value as a one-element array, one type as a string, 1.0 as 1', () => {
    const given = { type: ['Person'], b: 1.0, assigned: { id: 'x', type: 'Type' }, a: 'x' };
    const rendered = { a: 'x', type: 'Person', assigned: [{ type: 'Type', id: 'x' }], b: 1 };
    expect(lostValues(given, rendered)).to.deep.equal([]);
  });

  it('a missing key, a missing array entry and a changed value are each lost at their path, with the value given', () => {
    const given = { a: { b: 'x', c: [1, 2] }, d: 'y', e: ['p', 'q'] };
    const rendered = { a: { c: [1] }, d: 'z', e: 'p' };
    expect(lostValues(given, rendered)).to.deep.equal([
      { path: 'a.b', value: 'x' },
      { path: 'a.c[1]', value: 2 },
      { path: 'd', value: 'y' },
      { path: 'e[1]', value: 'q' },
    ]);
  });

  it('what the render adds (a type the merged node has from elsewhere) is no loss', () => {
    expect(lostValues({ id: 'x', type: 'TimeSpan' }, { id: 'x', type: 'TimeSpan', _label: 'extra' })).to.deep.equal([]);
  });

  it('nothing rendered: the whole document is lost', () => {
    expect(lostValues({ id: 'x' }, undefined)).to.deep.equal([{ path: '', value: { id: 'x' } }]);
  });
});
