/**
 * /ready says whether curators' SPARQL is ready (`sparql`), on both stores: on the embedded
 * store the query replicas are seeded at start while documents are already served, and once
 * /ready says ready a query is answered without a seeding of its own.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { BASE, sendQuery } from './support/sparqlClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

interface ReadyBody {
  status: string;
  sparql: {
    state: string;
    replicas?: number;
    replicasReady?: number;
    quads?: number;
    seedMs?: number;
    timeouts?: number;
  };
}

async function ready(app: TestApp): Promise<ReadyBody> {
  const response = await fetch(app.origin + '/ready');
  expect(response.status).to.equal(200);
  return (await response.json()) as ReadyBody;
}

describe('/ready: whether SPARQL is ready', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, queryReplicas: '2' });
  });
  after(async () => {
    await app.close();
  });

  it('says SPARQL is ready once seeded at start; a query then answers without seeding', async () => {
    const before = await ready(app);
    expect(before.status).to.equal('ready');
    expect(['lazy', 'ready']).to.include(before.sparql.state); // not warmed up yet (embedded), or a remote store
    app.sparql.engine.warmUp(); // as serve does at start
    const end = Date.now() + 30000;
    let body = await ready(app);
    while (body.sparql.state !== 'ready' && Date.now() < end) {
      expect(body.sparql.state).to.equal('seeding');
      await new Promise((r) => setTimeout(r, 20));
      body = await ready(app);
    }
    expect(body.sparql.state).to.equal('ready');
    const replicas = app.sparql.engine.status().replicas;
    if (replicas.length > 0) {
      // The embedded store: the pool of two, the first seeded and its quads and seeding time shown.
      expect(body.sparql).to.include({ replicas: 2, timeouts: 0 });
      expect(body.sparql.replicasReady).to.be.at.least(1);
      expect(body.sparql.quads).to.be.greaterThan(0);
      expect(body.sparql.seedMs).to.be.a('number');
    }
    const response = await sendQuery(app.origin, 'GET', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }');
    expect(response.status).to.equal(200);
    for (const r of app.sparql.engine.status().replicas) expect(r.starts).to.equal(1);
  });
});
