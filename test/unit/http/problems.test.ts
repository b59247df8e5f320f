/** What a client is answered for what was thrown (problems.ts): a table of errors, statuses and headers. */
import { expect } from 'chai';
import { asHttpError } from '../../../src/http/problems.js';
import { StoreRequestFailed, StoreUnavailable } from '../../../src/store/sparql/errors.js';
import { WriteConflict } from '../../../src/store/WriteConflict.js';

const STORE = 'http://store.internal:8890/sparql';

const table: Array<[string, unknown, number, string | undefined]> = [
  ['a write that lost to other processes past every retry', new WriteConflict('activity 12 was taken'), 503, '1'],
  ['the remote store not reached', StoreUnavailable.from(STORE, new Error('connect ECONNREFUSED')), 503, '5'],
  ['the remote store refusing', new StoreRequestFailed(STORE, 500, 'Virtuoso 42000 Error', 'ASK {}'), 503, '5'],
  ['anything else', new TypeError('x is undefined'), 500, undefined],
];

describe('asHttpError: what a client is answered for what was thrown', () => {
  for (const [what, error, status, retryAfter] of table)
    it(`${what}: ${status}${retryAfter ? `, Retry-After ${retryAfter}` : ''}`, () => {
      const problem = asHttpError(error);
      expect(problem.status).to.equal(status);
      expect(problem.headers['Retry-After']).to.equal(retryAfter);
      // Nothing of the store's address or of what it said reaches the client.
      expect(problem.message).to.not.contain('store.internal');
      expect(problem.message).to.not.contain('Virtuoso');
    });
});
