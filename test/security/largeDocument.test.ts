/**
 * Issue 28, item 3: one very large document must not stall the service. A HumanMadeObject
 * with 20,000 Identifiers (3 MB, well under the body limit) is PUT and then read; while each
 * request runs, /health is asked again and again. Before, the render was quadratic and ran
 * in one piece on the request thread (with the parse, ingest and shapes of the PUT), so the
 * event loop stood still for most of each request and /health waited for it.
 *
 * What is checked is an order of events: /health, asked over and over, is answered several
 * times before each request ends (a request holding the event loop would let none through).
 * How long the loop stood still is a time, measured by `npm run bench:large-document`
 * (test/bench/large-document-bench.ts), not asserted here.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../integration/support/testApp.js';
import {
  IDENTIFIERS,
  LARGE_BASE as BASE,
  LARGE_PATH as PATH,
  manyIdentifiers,
  watched as watchedAt,
  type Watched,
} from '../support/largeDocument.js';

const TOKEN = 'curator-token-0123456789abcdef';

describe('Security: one very large document does not stall the service', function () {
  this.timeout(600_000);
  let app: TestApp;
  // The limits raised, as an operator with such records would: past them the document is refused before any heavy work.
  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN, maxBodyMb: '64', maxArrayItems: '50000' });
  });
  after(async () => {
    await app.close();
  });

  const watched = <T>(request: () => Promise<T>): Promise<Watched<T>> => watchedAt(app.origin, request);

  /** The service went on answering through the request: /health answered while it ran, more than once. */
  function expectNoStall(w: Watched<unknown>, what: string): void {
    expect(w.healthAnswers, `${what}: /health answers while it ran`).to.be.at.least(3);
  }

  const document = manyIdentifiers(IDENTIFIERS);
  const body = JSON.stringify(document);

  it(`PUT of a HumanMadeObject with ${IDENTIFIERS.toLocaleString('en')} Identifiers: stored (201), /health answered throughout`, async () => {
    const w = await watched(async () => {
      const response = await fetch(app.origin + PATH, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
        body,
      });
      return {
        status: response.status,
        answer: (await response.json()) as { result: string },
        etag: response.headers.get('etag'),
      };
    });
    expect(w.result.status, JSON.stringify(w.result.answer)).to.equal(201);
    expect(w.result.answer.result).to.equal('created');
    expect(w.result.etag).to.be.a('string');
    expectNoStall(w, 'PUT');
  });

  it('GET of it: the document whole, as written (every Identifier in order), /health answered throughout', async () => {
    const w = await watched(async () => {
      const response = await fetch(app.origin + PATH);
      return {
        status: response.status,
        json: (await response.json()) as Record<string, unknown>,
        etag: response.headers.get('etag'),
      };
    });
    expect(w.result.status).to.equal(200);
    const { _links: _, ...served } = w.result.json;
    expect(served).to.deep.equal(document);
    expectNoStall(w, 'GET');
  });

  it('the ETag a PUT answers is the one a GET answers (both rendered off the request thread), and a conditional PUT with it is honoured', async () => {
    const etag = (await fetch(app.origin + PATH, { method: 'HEAD' })).headers.get('etag');
    expect(etag).to.be.a('string');
    const again = await fetch(app.origin + PATH, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json', 'If-Match': etag! },
      body,
    });
    expect(again.status).to.equal(200);
    expect(((await again.json()) as { result: string }).result).to.equal('unchanged');
    expect(again.headers.get('etag')).to.equal(etag);
  });

  it('its page for people and its Turtle, rendered off the request thread too: whole', async () => {
    const page = await fetch(app.origin + PATH, { headers: { Accept: 'text/html' } });
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(await page.text()).to.contain(`ACC-${IDENTIFIERS - 1}`);
    const turtle = await fetch(app.origin + PATH + '?format=ttl');
    expect(turtle.status).to.equal(200);
    expect((await turtle.text()).match(/"ACC-\d+"/g)).to.have.length(IDENTIFIERS);
  });

  it('a large PUT the gate refuses: 422 naming the problem, checked off the request thread, nothing stored', async () => {
    const broken = manyIdentifiers(IDENTIFIERS);
    (broken['identified_by'] as Array<Record<string, unknown>>)[17] = { type: 'Name' };
    const response = await fetch(app.origin + PATH, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify(broken),
    });
    expect(response.status).to.equal(422);
    expect(response.headers.get('content-type')).to.equal('application/problem+json');
    const problem = (await response.json()) as { errors: string[] };
    expect(problem.errors.join('\n')).to.contain('identified_by[17]');
    const stored = (await (await fetch(app.origin + PATH)).json()) as { identified_by: unknown[] };
    expect(stored.identified_by).to.have.length(IDENTIFIERS);
  });

  it('a large body that is not JSON: 400 naming the parse error', async () => {
    const response = await fetch(app.origin + PATH, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: body.slice(0, -1),
    });
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { detail: string }).detail).to.match(/^The body is not JSON: /);
  });
});
