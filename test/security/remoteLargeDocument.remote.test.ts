/**
 * Issue 28, item 3, on the remote store: one document within the limits on one document whose
 * write is larger than Virtuoso reads into one string (10 MB of request) cannot be cut between
 * documents. It was a 500 with the store's message in the log; it is the document's size that is
 * refused: a 413 naming the document and the way out, nothing stored, the store writing on.
 */
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../integration/support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'remote-large-token-0123456789';
const V1 = 'https://linked.art/ns/v1/linked-art.json';

function objectWith(id: string, identifiers: number): string {
  const identifiedBy = Array.from({ length: identifiers }, (_, i) => ({
    type: 'Identifier',
    content: `inv-${i}-${'x'.repeat(40)}`,
    classified_as: [{ id: 'http://vocab.getty.edu/aat/300312355', type: 'Type', _label: 'accession number' }],
  }));
  return JSON.stringify({
    '@context': V1,
    id,
    type: 'HumanMadeObject',
    _label: 'many identifiers',
    identified_by: identifiedBy,
  });
}

describe('Security: a document larger than the remote store takes in one write (remote store)', function () {
  this.timeout(600_000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN, maxBodyMb: '64', maxArrayItems: '50000' });
  });
  after(async () => {
    await app.close();
  });

  const put = (path: string, body: string): Promise<Response> =>
    fetch(`${app.origin}/collection/${path}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body,
    });

  it('a PUT of 20,000 Identifiers (3.8 MB, 31 MB as a write): 413 naming the document, nothing stored; the next PUT is stored', async () => {
    const id = `${BASE}object/many`;
    const answer = await put('object/many', objectWith(id, 20_000));
    const problem = (await answer.json()) as { detail: string; documents?: string[] };
    expect(answer.status, problem.detail).to.equal(413);
    expect(answer.headers.get('content-type')).to.equal('application/problem+json');
    expect(problem.documents).to.deep.equal([id]);
    expect(problem.detail).to.match(/more than the store reads at once.*nothing of it was stored/);
    expect(app.log.filter((l) => Number(l['level']) >= 50)).to.deep.equal([]);
    expect((await fetch(`${app.origin}/collection/object/many`)).status).to.equal(404);
    const small = await put('object/few', objectWith(`${BASE}object/few`, 3));
    expect(small.status).to.equal(201);
  });
});
