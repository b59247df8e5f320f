/** The --tokens file: one curator a line, `name token [scope]`; a line that is not one stops the service, naming it. */
import { expect } from 'chai';
import { parseCuratorTokens } from '../../../src/config/curatorTokens.js';
import { ConfigError } from '../../../src/config/ConfigError.js';
import { resolveConfig } from '../../../src/config/Config.js';

const T = '0123456789abcdef0123';

describe('curator tokens file (--tokens)', () => {
  it('reads names, tokens and scopes; skips blank lines and comments', () => {
    const text = `# who\n\nalice ${T}a\n  bob ${T}b   https://data.example.org/object/\nreader ${T}r read\n`;
    expect(parseCuratorTokens(text, 'tokens')).to.deep.equal([
      { name: 'alice', token: `${T}a`, scope: { kind: 'all' } },
      { name: 'bob', token: `${T}b`, scope: { kind: 'under', prefix: 'https://data.example.org/object/' } },
      { name: 'reader', token: `${T}r`, scope: { kind: 'read' } },
    ]);
  });

  const refused: Array<[string, string, RegExp]> = [
    ['a line of one field', `alice ${T}\nbob`, /tokens line 2: a line is "name token \[scope\]"/],
    ['a line of four fields', `alice ${T} read more`, /line 1: a line is/],
    ['a short token', `alice ${T}\nbob short-token`, /line 2: the token of bob is not at least 16/],
    ['a name twice', `alice ${T}a\nalice ${T}b`, /line 2: the name alice is given twice/],
    ['a token twice', `alice ${T}\nbob ${T}`, /line 2: bob's token is another curator's too/],
    ['a name that is not one', `"al ice" ${T}`, /line 1: .*is not a name/],
    ['an unknown scope', `alice ${T} write`, /line 1: the scope "write" is neither "read" nor an id prefix/],
    ['a scope with a query', `alice ${T} https://x.example.org/?a=1`, /line 1: the scope/],
  ];
  for (const [what, text, message] of refused)
    it(`refuses ${what}, naming the line (never the token)`, () => {
      expect(() => parseCuratorTokens(text, 'tokens'))
        .to.throw(ConfigError, message)
        .and.satisfy((e: Error) => !e.message.includes(T));
    });

  it('--token stays one curator named "curator"; a file that cannot be read names the setting', () => {
    expect(resolveConfig({ token: `${T}c` }, {}).curators).to.deep.equal([
      { name: 'curator', token: `${T}c`, scope: { kind: 'all' } },
    ]);
    expect(() => resolveConfig({ tokens: '/nonexistent/tokens' }, {})).to.throw(
      ConfigError,
      /--tokens = .*cannot read it/,
    );
  });
});
