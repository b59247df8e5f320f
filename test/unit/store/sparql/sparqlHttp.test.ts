import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SparqlHttp } from '../../../../src/store/sparql/SparqlHttp.js';
import { DEADLOCK_RETRIES, StoreRequestFailed, StoreUnavailable } from '../../../../src/store/sparql/errors.js';

/** What the fake store does with its first requests: closes the connection, or answers as Virtuoso answers a deadlock's victim. */
type Trouble = 'close' | 'deadlock';

/**
 * A store that meets its first `count` requests with `trouble` (a kept-alive connection the store
 * closed at its KeepAliveTimeout, or across a restart; a transaction Virtuoso chose as a
 * deadlock's victim), then answers every request after them with true.
 */
async function troubledStore(
  trouble: Trouble,
  count = 1,
): Promise<{ url: string; requests: () => number; server: Server }> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    if (requests <= count && trouble === 'close') {
      request.socket.destroy();
      return;
    }
    request.resume();
    request.on('end', () => {
      if (requests <= count) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Virtuoso 40001 Error SR172: Transaction deadlocked\n\nSPARQL query:\nASK {}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/sparql-results+json' });
      response.end('{"head":{},"boolean":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sparql`, requests: () => requests, server };
}

describe('SparqlHttp: a connection closed under a request', () => {
  it('a query is sent once more on a new connection, and answered', async () => {
    const store = await troubledStore('close');
    try {
      const text = await new SparqlHttp({ queryUrl: store.url }).query('ASK {}', 'application/sparql-results+json');
      expect(JSON.parse(text)).to.deep.equal({ head: {}, boolean: true });
      expect(store.requests()).to.equal(2);
    } finally {
      store.server.close();
    }
  });

  it('a query is answered after three closed connections (a store restarted under a busy client), not after four', async () => {
    for (const [closing, answered] of [
      [3, true],
      [4, false],
    ] as const) {
      const store = await troubledStore('close', closing);
      try {
        const outcome = await new SparqlHttp({ queryUrl: store.url })
          .query('ASK {}', 'application/sparql-results+json')
          .then(
            () => true,
            (e: unknown) => (e instanceof StoreUnavailable ? false : e),
          );
        expect(outcome, `${closing} closed`).to.equal(answered);
        expect(store.requests()).to.equal(answered ? closing + 1 : closing);
      } finally {
        store.server.close();
      }
    }
  });

  it('an update is not sent again (the store may have applied it): the store is unavailable, said so', async () => {
    const store = await troubledStore('close');
    try {
      const failed = await new SparqlHttp({ queryUrl: store.url })
        .update('INSERT DATA { GRAPH <urn:g> { <urn:s> <urn:p> 1 } }')
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(failed).to.be.instanceOf(StoreUnavailable);
      expect((failed as Error).message).to.contain(store.url);
      expect(store.requests()).to.equal(1);
    } finally {
      store.server.close();
    }
  });
});

describe('SparqlHttp: a read the store made a deadlock victim', () => {
  it('is sent again and answered (Virtuoso: 40001 to a SELECT while four processes write)', async () => {
    const store = await troubledStore('deadlock', 2);
    try {
      const text = await new SparqlHttp({ queryUrl: store.url }).query('ASK {}', 'application/sparql-results+json');
      expect(JSON.parse(text)).to.deep.equal({ head: {}, boolean: true });
      expect(store.requests()).to.equal(3);
    } finally {
      store.server.close();
    }
  });

  it('a store deadlocking every time: its refusal, said, after the first try and DEADLOCK_RETRIES more', async function () {
    this.timeout(20000); // the waits between tries: about 5 s in all
    const store = await troubledStore('deadlock', 100);
    try {
      const failed = await new SparqlHttp({ queryUrl: store.url })
        .query('ASK {}', 'application/sparql-results+json')
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(failed).to.be.instanceOf(StoreRequestFailed);
      expect((failed as Error).message).to.contain('Transaction deadlocked');
      expect(store.requests()).to.equal(1 + DEADLOCK_RETRIES);
    } finally {
      store.server.close();
    }
  });
});
