/**
 * `/resolve` on the remote store (Virtuoso, started by test/virtuoso/fixture.ts): the same table
 * as on the embedded store (support/resolveCases.ts), the content as bound terms in Virtuoso's SPARQL.
 */
import { REMOTE_STORE_URL } from '../../support/testStore.js';
import { describeResolve } from '../support/resolveCases.js';

describe('remote store: /resolve', function () {
  before(function () {
    if (!REMOTE_STORE_URL) this.skip();
  });
  describeResolve();
});
