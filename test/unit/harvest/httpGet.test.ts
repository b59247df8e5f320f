import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { FeedError } from '../../../src/harvest/feedJson.js';
import { AnswerRefused, getWithRetries, RetriesExhausted } from '../../../src/harvest/httpGet.js';
import { httpFeedSource } from '../../../src/harvest/readFeed.js';

/** These servers are on 127.0.0.1: allowed, as --allow-private-addresses does. */
const LOCAL = { addresses: { allowPrivateAddresses: true, trustedOrigins: new Set<string>() } };

/** A server answering each request with the next of `statuses` (the last one repeats), counting requests. */
async function serve(
  statuses: number[],
  body = '{"type":"OrderedCollection","id":"x","totalItems":0}',
): Promise<{ url: string; requests: () => number; server: Server }> {
  let n = 0;
  const server = createServer((_req, res) => {
    const status = statuses[Math.min(n++, statuses.length - 1)];
    res
      .writeHead(status, { 'content-type': 'application/ld+json' })
      .end(status === 200 ? body : `{"title":"status ${status}"}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/activity-stream`,
    requests: () => n,
    server,
  };
}

describe('Harvest: requests with retries and back-off', () => {
  const waits: number[] = [];
  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async sleep httpGet awaits
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  let server: Server | undefined;
  beforeEach(() => {
    waits.length = 0;
  });
  afterEach(() => server?.close());

  it('a 503, then another, then the answer: retried with doubling back-off, and the answer returned', async () => {
    const s = await serve([503, 503, 200]);
    server = s.server;
    const retries: string[] = [];
    const answer = await getWithRetries(s.url, 'application/ld+json', {
      ...LOCAL,
      sleep,
      backoffMs: 100,
      onRetry: (_u, reason) => retries.push(reason),
    });
    expect(answer.status).to.equal(200);
    expect(s.requests()).to.equal(3);
    expect(retries).to.deep.equal(['answered 503 Service Unavailable', 'answered 503 Service Unavailable']);
    expect(waits[0]).to.be.within(100, 125);
    expect(waits[1]).to.be.within(200, 250);
  });

  it('a 5xx every time: gives up after the retries, saying why', async () => {
    const s = await serve([500]);
    server = s.server;
    const error = await getWithRetries(s.url, 'application/ld+json', { ...LOCAL, sleep, retries: 2 }).catch(
      (e: Error) => e,
    );
    expect(error).to.be.instanceOf(RetriesExhausted);
    expect((error as Error).message).to.match(/answered 500 .*after 3 attempts/);
    expect(s.requests()).to.equal(3);
  });

  it('a timeout is retried', async () => {
    let n = 0;
    server = createServer((_req, res) => {
      if (n++ === 0) return;
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const answer = await getWithRetries(url, 'application/json', { ...LOCAL, sleep, timeoutMs: 200 });
    expect(answer.status).to.equal(200);
    expect(n).to.equal(2);
  });

  it('a 404 of the feed stops the harvest at once: no retry, the status and URL said', async () => {
    const s = await serve([404]);
    server = s.server;
    const error = await httpFeedSource({ ...LOCAL, sleep })
      .collection(s.url)
      .catch((e: Error) => e);
    expect(error).to.be.instanceOf(FeedError);
    expect((error as FeedError).status).to.equal(404);
    expect((error as Error).message).to.contain(`answered 404 at ${s.url}`);
    expect(s.requests()).to.equal(1);
  });

  it('a feed that is not an OrderedCollection is refused with what it is', async () => {
    const s = await serve([200], '{"type":"HumanMadeObject","id":"https://x/1"}');
    server = s.server;
    const error = await httpFeedSource({ ...LOCAL, sleep })
      .collection(s.url)
      .catch((e: Error) => e);
    expect((error as Error).message).to.contain('not an Activity Streams feed: "type" is "HumanMadeObject"');
  });

  it('an answer that is not HTTP (headers without end) is refused at once, not retried', async () => {
    let n = 0;
    const raw = createNetServer((socket) => {
      n++;
      socket.on('error', () => undefined);
      socket.write(`HTTP/1.1 200 OK\r\nx-pad: ${'a'.repeat(64 * 1024)}`);
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/doc`;
      const error = await getWithRetries(url, 'application/json', { ...LOCAL, sleep, retries: 3 }).catch(
        (e: Error) => e,
      );
      expect(error).to.be.instanceOf(AnswerRefused);
      expect((error as Error).message).to.contain('not a valid HTTP answer (HPE_HEADER_OVERFLOW)');
      expect(n).to.equal(1);
    } finally {
      raw.close();
    }
  });

  it('a body past the limit: the connection closed, the limit named, not retried', async () => {
    const s = await serve([200], JSON.stringify({ big: 'x'.repeat(100_000) }));
    server = s.server;
    const error = await getWithRetries(s.url, 'application/json', {
      ...LOCAL,
      sleep,
      limit: { bytes: 10_000, flag: '--max-document-bytes' },
    }).catch((e: Error) => e);
    expect((error as AnswerRefused).reason).to.equal(
      'response larger than --max-document-bytes 10000: not read further',
    );
    expect(s.requests()).to.equal(1);
  });

  it('loopback is refused by default, before any connection', async () => {
    const s = await serve([200]);
    server = s.server;
    const error = await getWithRetries(s.url, 'application/json', { sleep }).catch((e: Error) => e);
    expect((error as Error).message).to.contain('127.0.0.1, a loopback address: refused');
    expect(s.requests()).to.equal(0);
  });
});
