import { expect } from 'chai';
import { ConfigError, resolveConfig } from '../../../src/config/Config.js';

const REMOTE = { store: 'sparql', sparqlUrl: 'http://127.0.0.1:8890/sparql' };

describe('configuration: several processes (--follow-feed-ms, --name-index)', () => {
  it('follows the change feed every 500 ms on a remote store, never on the embedded one; the name index in memory', () => {
    expect(resolveConfig({}, {})).to.include({ followFeedMs: 0, nameIndex: 'memory' });
    expect(resolveConfig(REMOTE, {})).to.include({ followFeedMs: 500, nameIndex: 'memory' });
  });

  it('from flags, else environment variables', () => {
    const cases: Array<[Parameters<typeof resolveConfig>[0], NodeJS.ProcessEnv, number, string]> = [
      [{ ...REMOTE, followFeedMs: '100' }, {}, 100, 'memory'],
      [REMOTE, { LINKEDART_FOLLOW_FEED_MS: '2000', LINKEDART_NAME_INDEX: 'off' }, 2000, 'off'],
      [{ ...REMOTE, followFeedMs: '0', nameIndex: 'OFF' }, { LINKEDART_FOLLOW_FEED_MS: '2000' }, 0, 'off'],
      [{ followFeedMs: '0' }, {}, 0, 'memory'],
      [{ ...REMOTE, nameIndex: 'store' }, {}, 500, 'store'],
    ];
    for (const [flags, env, followFeedMs, nameIndex] of cases)
      expect(resolveConfig(flags, env), JSON.stringify([flags, env])).to.include({ followFeedMs, nameIndex });
  });

  const refused: Array<[string, Parameters<typeof resolveConfig>[0], NodeJS.ProcessEnv, RegExp]> = [
    [
      'a fraction of a millisecond',
      { ...REMOTE, followFeedMs: '0.5' },
      {},
      /--follow-feed-ms = "0\.5": a whole number of milliseconds/,
    ],
    [
      'a negative interval',
      REMOTE,
      { LINKEDART_FOLLOW_FEED_MS: '-1' },
      /LINKEDART_FOLLOW_FEED_MS = "-1": a whole number/,
    ],
    ['more than an hour', { ...REMOTE, followFeedMs: '3600001' }, {}, /to 3600000/],
    [
      'following the embedded store',
      { followFeedMs: '500' },
      {},
      /--follow-feed-ms = "500": the embedded store is written by this process only/,
    ],
    [
      'the name index in the embedded store',
      { nameIndex: 'store' },
      {},
      /--name-index = "store": the name index in the store is Virtuoso's text index: give --store sparql, or memory/,
    ],
    [
      'an unknown place for the name index',
      { nameIndex: 'disk' },
      {},
      /--name-index = "disk": one of memory, store, off/,
    ],
  ];
  for (const [what, flags, env, message] of refused)
    it(`refuses ${what}, naming the flag or variable`, () => {
      expect(() => resolveConfig(flags, env)).to.throw(ConfigError, message);
    });
});
