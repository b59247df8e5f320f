/**
 * Repairs over HTTP: opt-in for a PUT (`Prefer: handling=lenient`, answered with
 * `Preference-Applied`, or `?repair=all`), on by default for the bulk endpoint (`?repair=none`
 * turns them off); the answers list what was repaired and the served document is the repaired one.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import type { LoadReport } from '../../src/load/LoadReport.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const auth = { Authorization: `Bearer ${TOKEN}` };
const json = { 'Content-Type': 'application/ld+json' };
const jug = (name: string, extra: Record<string, unknown> = {}) => ({
  '@context': V1,
  id: `${BASE}object/${name}`,
  type: 'ManMadeObject',
  _label: 'Jug',
  ...extra,
});

const LEGACY_CLASS_REPAIR = 'Repaired at type: "ManMadeObject" → "HumanMadeObject" [legacy-class]';

describe('HTTP writes with repairs', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
  });
  after(async () => {
    await app.close();
  });
  const put = (name: string, body: unknown, headers: Record<string, string> = {}, query = '') =>
    fetch(`${app.origin}/collection/object/${name}${query}`, {
      method: 'PUT',
      headers: { ...auth, ...json, ...headers },
      body: JSON.stringify(body),
    });

  it('PUT without opting in: repairs are not made, the document is refused (422), nothing is listed as repaired; the answer says which repairs would apply and how to ask for them', async () => {
    const response = await put('plain', jug('plain'));
    expect(response.status).to.equal(422);
    expect(response.headers.get('preference-applied')).to.equal(null);
    const problem = (await response.json()) as {
      detail: string;
      errors: string[];
      repairs: string[];
      repairable: string[];
    };
    expect(problem.errors.join('\n')).to.match(/ManMadeObject.*unknown-type/);
    expect(problem.repairs).to.deep.equal([]);
    expect(problem.repairable).to.deep.equal([LEGACY_CLASS_REPAIR]);
    expect(problem.detail).to.contain('1 repair(s) of form would apply').and.contain('Prefer: handling=lenient');
    expect((await fetch(`${app.origin}/collection/object/plain`)).status).to.equal(404);
  });

  it('PUT with Prefer: handling=lenient: repaired and stored, Preference-Applied, the repairs in the answer, the repaired document served', async () => {
    const response = await put('lenient', jug('lenient'), { Prefer: 'respond-async, handling=lenient' });
    expect(response.status).to.equal(201);
    expect(response.headers.get('preference-applied')).to.equal('handling=lenient');
    const answer = (await response.json()) as { result: string; repairs: string[] };
    expect(answer.repairs).to.deep.equal([LEGACY_CLASS_REPAIR]);
    const served = (await (await fetch(`${app.origin}/collection/object/lenient`)).json()) as Record<string, unknown>;
    expect(served.type).to.equal('HumanMadeObject');
    expect(served['@context']).to.equal(V1);
  });

  it('PUT with ?repair=all: a relative id resolves against the PUT URL', async () => {
    const doc = jug('relative', {
      id: 'relative',
      made_of: [{ id: '../material/oil', type: 'Material', _label: 'oil' }],
    });
    const response = await put('relative', doc, {}, '?repair=all');
    expect(response.status).to.equal(201);
    const answer = (await response.json()) as { id: string; repairs: string[] };
    expect(answer.id).to.equal(`${BASE}object/relative`);
    expect(answer.repairs).to.have.length(3);
    const served = (await (await fetch(`${app.origin}/collection/object/relative`)).json()) as {
      made_of: Array<{ id: string }>;
    };
    expect(served.made_of[0].id).to.equal(`${BASE}material/oil`);
  });

  it('PUT: an embedded "id": "" is refused by default; repaired, the structure is one of its own (not the document, as resolving it against the PUT URL would make it)', async () => {
    const doc = (name: string) => ({
      ...jug(name),
      type: 'HumanMadeObject',
      produced_by: { id: '', type: 'Production', _label: 'Making of the jug' },
    });
    const refused = await put('empty-id', doc('empty-id'));
    expect(refused.status).to.equal(422);
    const problem = (await refused.json()) as { errors: string[]; repairable: string[] };
    expect(problem.errors.join('\n')).to.match(/produced_by\.id.*\[id\]/);
    expect(problem.repairable).to.deep.equal([
      'Repaired at produced_by.id: dropped the empty id "" (it would name the document itself): the structure is one of its own, without an id [empty-id]',
    ]);
    const response = await put('empty-id', doc('empty-id'), {}, '?repair=all');
    expect(response.status).to.equal(201);
    const served = (await (await fetch(`${app.origin}/collection/object/empty-id`)).json()) as Record<string, unknown>;
    expect(served['produced_by']).to.deep.equal({ type: 'Production', _label: 'Making of the jug' });
    expect(served['type']).to.equal('HumanMadeObject');
  });

  it('PUT with ?repair=sometimes: 400 naming the choices', async () => {
    const response = await put('bad-choice', jug('bad-choice'), {}, '?repair=sometimes');
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { detail: string }).detail).to.match(/all, none/);
  });

  it('bulk: repairs by default, counted in the report; ?repair=none refuses; ?repair=x is 400', async () => {
    const body = JSON.stringify(jug('bulk')) + '\n';
    const post = (query: string) =>
      fetch(`${app.origin}/_bulk?format=ndjson${query}`, { method: 'POST', headers: auth, body });
    const repaired = (await (await post('&dryRun=true')).json()) as LoadReport;
    expect({ created: repaired.created, repairs: repaired.repairs }).to.deep.equal({
      created: 1,
      repairs: { 'legacy-class': 1 },
    });
    expect(repaired.repaired[0].messages[0]).to.equal(LEGACY_CLASS_REPAIR);
    const strict = (await (await post('&dryRun=true&repair=none')).json()) as LoadReport;
    expect({ rejected: strict.rejected, repairs: strict.repairs }).to.deep.equal({ rejected: 1, repairs: {} });
    expect((await post('&repair=x')).status).to.equal(400);
  });
});
