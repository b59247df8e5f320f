import { expect } from 'chai';
import { ConfigError, resolveConfig } from '../../../src/config/Config.js';
import { documentLimitsOfFlags } from '../../../src/cli/limitOptions.js';

describe('configuration: the limits on one document', () => {
  it('defaults well above the largest real record (716 KB, 465 items, 15 deep)', () => {
    expect(resolveConfig({}, {}).documentLimits).to.deep.equal({
      maxBytes: 8 * 1024 * 1024,
      maxDepth: 64,
      maxArrayItems: 10000,
    });
  });

  it('from flags, else environment variables; load and harvest read the same', () => {
    const env = { LINKEDART_MAX_DOCUMENT_KB: '1024', LINKEDART_MAX_DEPTH: '32', LINKEDART_MAX_ARRAY_ITEMS: '500' };
    expect(resolveConfig({}, env).documentLimits).to.deep.equal({
      maxBytes: 1024 * 1024,
      maxDepth: 32,
      maxArrayItems: 500,
    });
    expect(resolveConfig({ maxDepth: '100', maxDocumentKb: '1.5' }, env).documentLimits).to.deep.include({
      maxDepth: 100,
      maxBytes: 1536,
    });
    expect(documentLimitsOfFlags({ maxArrayItems: '20000' }, env)).to.deep.equal({
      maxBytes: 1024 * 1024,
      maxDepth: 32,
      maxArrayItems: 20000,
    });
  });

  const bad: Array<[string, Record<string, string>, Record<string, string>, RegExp]> = [
    ['a depth of 0', { maxDepth: '0' }, {}, /--max-depth = "0": a whole number of levels, at least 1/],
    [
      'a fractional item count',
      {},
      { LINKEDART_MAX_ARRAY_ITEMS: '2.5' },
      /LINKEDART_MAX_ARRAY_ITEMS = "2.5": a whole number of items/,
    ],
    ['a size that is not a number', { maxDocumentKb: 'lots' }, {}, /--max-document-kb = "lots": a size in KB/],
  ];
  for (const [what, flags, env, message] of bad) {
    it(`refuses ${what}, naming the flag or variable`, () => {
      expect(() => resolveConfig(flags, env)).to.throw(ConfigError, message);
    });
  }
});
