/**
 * PUT's 422 and /_bulk's answer list every problem of a refused document at once: its ingest
 * problems and what the shapes find in the rest, as a load's report does.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const auth = { Authorization: `Bearer ${TOKEN}` };
/** A misspelt key on its Place, and a Name without content elsewhere. */
const broken = (id: string) => ({
  '@context': V1,
  id,
  type: 'HumanMadeObject',
  _label: 'Broken',
  identified_by: [{ type: 'Name' }],
  current_location: {
    id: BASE + 'place/1',
    type: 'Place',
    _label: 'Gallery 1',
    clasified_as: [{ id: 'http://vocab.getty.edu/aat/300240057', type: 'Type' }],
  },
});
const where = (problems: ReadonlyArray<{ rule: string; path: string }>) =>
  problems.map((p) => `${p.rule} at ${p.path}`).sort();

describe('HTTP writes: every problem of a refused document at once', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
  });
  after(async () => {
    await app.close();
  });

  it('PUT: the 422 lists the unmapped key and the shape violation together', async () => {
    const id = BASE + 'object/one-pass';
    const response = await fetch(app.origin + '/collection/object/one-pass', {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify(broken(id)),
    });
    expect(response.status).to.equal(422);
    const answer = (await response.json()) as { problems: Array<{ rule: string; path: string; severity: string }> };
    expect(where(answer.problems.filter((p) => p.severity === 'Violation'))).to.deep.equal([
      'NameContent at identified_by[0]',
      'unmapped-key at current_location.clasified_as',
    ]);
  });

  it("/_bulk: the refused document's answer lists both", async () => {
    const response = await fetch(app.origin + '/_bulk?format=ndjson', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(broken(BASE + 'object/one-pass-bulk')) + '\n',
    });
    expect(response.status).to.equal(200);
    const report = (await response.json()) as {
      rejected: number;
      rejections: Array<{ problems: Array<{ rule: string; path: string; severity: string }> }>;
    };
    expect(report.rejected).to.equal(1);
    expect(where(report.rejections[0].problems.filter((p) => p.severity === 'Violation'))).to.deep.equal([
      'NameContent at identified_by[0]',
      'unmapped-key at current_location.clasified_as',
    ]);
  });
});
