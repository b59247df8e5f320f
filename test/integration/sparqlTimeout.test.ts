/**
 * A runaway SPARQL query is stopped at --query-timeout-s (503), and while it runs the server
 * keeps answering dereferences (each answered before the query's 503): the query runs off the
 * thread that serves them.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { BASE, DOCS, sendQuery } from './support/sparqlClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** A cross join of every statement with itself, twice, filtered by a test no row passes: billions of rows to look at, none to answer. */
const HEAVY = `SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . FILTER(CONCAT(STR(?a), STR(?e), STR(?i)) = "never") }`;

interface Answered {
  path: string;
  status: number;
  whileQueryRan: boolean;
}

describe('SPARQL Protocol: the query timeout', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, queryTimeoutS: '2' });
  });
  after(async () => {
    await app.close();
  });

  it('stops a heavy query with 503 while dereferences in parallel keep answering, then answers queries again', async () => {
    let running = true;
    const heavy = sendQuery(app.origin, 'POST sparql-query', HEAVY).then(async (response) => {
      running = false;
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        detail: ((await response.json()) as { detail: string }).detail,
      };
    });
    // The dereferences start once the query runs on its replica (the engine's status says so),
    // so "answered while the query ran" means something: an order of events, not a time.
    const engine = app.store.sparqlEngine();
    while (!engine.status().replicas.some((r) => r.busy)) {
      expect(running, 'the heavy query is still running').to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 5)); // a poll on the status, not a wait for time to pass
    }
    // Documents nobody has asked for yet: each is read from the store and rendered.
    const paths = DOCS.slice(0, 20).map((d) => new URL(d.id).pathname);
    const answered: Answered[] = await Promise.all(
      paths.map(async (path) => {
        const response = await fetch(app.origin + path);
        await response.arrayBuffer();
        return { path, status: response.status, whileQueryRan: running };
      }),
    );
    // Each answered before the query's 503: none waited for the query (nor for its time limit).
    for (const t of answered) {
      expect(t.status, t.path).to.equal(200);
      expect(t.whileQueryRan, `${t.path} answered while the query ran`).to.equal(true);
    }
    const answer = await heavy;
    expect(answer.status, answer.detail).to.equal(503);
    expect(answer.retryAfter).to.match(/^\d+$/);
    expect(answer.detail).to.match(/--query-timeout-s/);
    const after = await sendQuery(app.origin, 'GET', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }');
    expect(after.status).to.equal(200);
  });
});
