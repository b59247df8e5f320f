/**
 * The embedded store's ceiling, reached through the service as a user meets it, with a low
 * --max-store-mb so that it comes after a few hundred documents: a bulk load, a PUT and a
 * SPARQL Update are refused with 507 (problem+json naming the limit, how full the store is
 * and --store sparql); every document acknowledged before is there, whole; GET, SPARQL
 * queries and DELETE go on; a restart with a limit lower still opens, serving the same bytes;
 * `linkedart load` stops saying how far it got, exit code 1.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentRejected } from '../../src/linkedart/Problem.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { CORPUS_DIR, PROJECT_ROOT, readDocuments } from '../support/corpus.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';

const TOKEN = 'curator-token-for-the-ceiling';
const BASE = 'http://localhost:8080/';
const MIB = 1024 * 1024;
const LIMIT_MB = 200;
/** More than the limit holds (a few hundred documents): the load must be refused on the way. */
const DOCUMENTS = 2000;
const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;

/** The corpus documents the gate admits, each copy under its own id `gen/<i>` (as the benches make them). */
const templates = readDocuments(CORPUS_DIR).flatMap((d) => {
  try {
    admitDocument(d.json, d.file);
  } catch (e) {
    if (e instanceof DocumentRejected) return [];
    throw e;
  }
  return [{ text: JSON.stringify(d.json), idJson: JSON.stringify(d.json['id']) }];
});
const idOf = (i: number) => `${BASE}gen/${i}`;
function documentJson(i: number): Record<string, unknown> {
  const t = templates[i % templates.length];
  return JSON.parse(t.text.split(t.idJson).join(JSON.stringify(idOf(i)))) as Record<string, unknown>;
}
const ndjson = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => JSON.stringify(documentJson(from + k))).join('\n') + '\n';

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  limitBytes: number;
  limitSetBy: string;
  usedBytes: number;
  neededBytes: number;
  quads: number;
  beyond: string;
  report?: { created: number; aborted: string };
}

async function expectFull(response: Response, limitMb: number): Promise<Problem> {
  const text = await response.text();
  expect(response.status, text).to.equal(507);
  expect(response.headers.get('content-type')).to.equal('application/problem+json');
  const problem = JSON.parse(text) as Problem;
  expect(problem).to.include({
    type: 'about:blank',
    title: 'Insufficient storage',
    status: 507,
    limitBytes: limitMb * MIB,
    limitSetBy: '--max-store-mb',
    beyond: '--store sparql',
  });
  expect(problem.usedBytes).to.be.greaterThan(limitMb * MIB - problem.neededBytes);
  expect(problem.quads).to.be.greaterThan(0);
  expect(problem.detail).to.match(
    new RegExp(
      `The embedded store is full: it uses [\\d.]+ MB of its limit of ${limitMb}\\.0 MB \\(--max-store-mb\\), holding ${problem.quads} quads`,
    ),
  );
  expect(problem.detail).to.contain('nothing of it was stored');
  expect(problem.detail).to.contain('--store sparql');
  return problem;
}

describe('the embedded store at its ceiling (--max-store-mb)', function () {
  this.timeout(300000);
  let dataDir: string;
  let server: ServerProcess | undefined;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-ceiling-'));
  });
  after(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const auth = { Authorization: `Bearer ${TOKEN}` };
  const sparqlCount = async (url: string): Promise<number> => {
    const query = `SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?type FILTER(STRSTARTS(STR(?s), "${BASE}gen/")) }`;
    const r = await fetch(`${url}/sparql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sparql-query', Accept: 'application/sparql-results+json' },
      body: query,
    });
    expect(r.status, await r.clone().text()).to.equal(200);
    return Number(
      ((await r.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value,
    );
  };

  it('refuses writes with 507 once full, loses nothing, answers reads, queries and DELETE, and restarts under a lower limit', async () => {
    server = await startServer([
      '--data-dir',
      dataDir,
      '--token',
      TOKEN,
      '--base-url',
      BASE,
      '--max-store-mb',
      String(LIMIT_MB),
      // No past versions: a DELETE then stores less than it replaces (with versions kept, the deleted
      // document stays as a past version, so a DELETE frees nothing and is held to the limit as any write).
      '--keep-versions',
      '0',
      '--log-level',
      'warn',
    ]);
    const url = server.url;

    // A bulk load of more than the store holds: stopped, with how far it got.
    const bulk = await fetch(`${url}/_bulk?format=ndjson&batchSize=25`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/x-ndjson' },
      body: ndjson(0, DOCUMENTS),
    });
    const refused = await expectFull(bulk, LIMIT_MB);
    const stored = refused.report!.created;
    expect(stored).to.be.greaterThan(0).and.lessThan(DOCUMENTS);
    expect(refused.detail).to.match(
      new RegExp(
        `^the store is full after ${stored} documents of this load were stored \\(each whole; the documents after them were not\\): The embedded store is full`,
      ),
    );

    // Every document acknowledged is there, whole; the next one is not there at all.
    for (let i = 0; i < stored; i++) {
      const r = await fetch(idOf(i).replace(BASE, `${url}/`));
      expect(r.status, idOf(i)).to.equal(200);
      const got = (await r.json()) as Record<string, unknown>;
      const sent = documentJson(i);
      expect({ id: got['id'], type: got['type'], _label: got['_label'] }).to.deep.equal({
        id: sent['id'],
        type: sent['type'],
        _label: sent['_label'],
      });
    }
    expect((await fetch(`${url}/gen/${stored}`)).status).to.equal(404);

    // A PUT and a SPARQL Update that would add data: 507, nothing stored.
    await expectFull(
      await fetch(`${url}/gen/${stored}`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(documentJson(stored)),
      }),
      LIMIT_MB,
    );
    expect((await fetch(`${url}/gen/${stored}`)).status).to.equal(404);
    const update = `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
      DELETE { GRAPH ?g { ?g rdfs:label ?l } } INSERT { GRAPH ?g { ?g rdfs:label ?longer } }
      WHERE { GRAPH ?g { ?g rdfs:label ?l } FILTER(?g = <${idOf(1)}>) BIND(CONCAT(?l, " (a label made longer, so that the document grows)") AS ?longer) }`;
    await expectFull(
      await fetch(`${url}/sparql`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/sparql-update' },
        body: update,
      }),
      LIMIT_MB,
    );
    expect(((await (await fetch(`${url}/gen/1`)).json()) as { _label: string })._label).to.equal(
      documentJson(1)['_label'],
    );

    // Queries go on, and see every stored document; a DELETE (storing less than it replaces) goes through.
    expect(await sparqlCount(url)).to.equal(stored);
    expect((await fetch(`${url}/gen/0`, { method: 'DELETE', headers: auth })).status).to.equal(204);
    expect((await fetch(`${url}/gen/0`)).status).to.equal(410);
    expect(await sparqlCount(url)).to.equal(stored - 1);
    const bodies = new Map<number, string>();
    for (let i = 1; i < stored; i++) bodies.set(i, await (await fetch(`${url}/gen/${i}`)).text());
    await server.stop();

    // A restart under a lower limit than the store already uses: it opens, serves the same bytes, refuses growth.
    server = await startServer([
      '--data-dir',
      dataDir,
      '--token',
      TOKEN,
      '--base-url',
      BASE,
      '--max-store-mb',
      '1',
      '--log-level',
      'warn',
    ]);
    for (const [i, body] of bodies)
      expect(await (await fetch(`${server.url}/gen/${i}`)).text(), `gen/${i} after the restart`).to.equal(body);
    expect((await fetch(`${server.url}/gen/0`)).status).to.equal(410);
    expect(await sparqlCount(server.url)).to.equal(stored - 1);
    await expectFull(
      await fetch(`${server.url}/gen/${stored}`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(documentJson(stored)),
      }),
      1,
    );
    await server.stop();
    server = undefined;
  });

  it('stops `linkedart load` with the store full, naming how far it got and --store sparql (exit code 1)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkedart-ceiling-load-'));
    try {
      const dump = join(dir, 'dump.ndjson');
      writeFileSync(dump, ndjson(0, DOCUMENTS));
      const load = spawnSync(
        process.execPath,
        [
          CLI,
          'load',
          '--no-progress',
          '--batch-size',
          '25',
          '--max-store-mb',
          String(LIMIT_MB),
          '--data-dir',
          join(dir, 'data'),
          dump,
        ],
        { encoding: 'utf8' },
      );
      expect(load.status, load.stderr).to.equal(1);
      const stopped =
        /stopped: the store is full after (\d+) documents of this load were stored \(each whole; the documents after them were not\): (.*)/.exec(
          load.stderr,
        );
      expect(stopped, load.stderr).to.not.equal(null);
      const stored = Number(stopped![1]);
      expect(stored).to.be.greaterThan(0).and.lessThan(DOCUMENTS);
      expect(load.stderr).to.match(new RegExp(`loaded: ${stored} new, 0 replaced`));
      expect(stopped![2]).to.match(
        new RegExp(`of its limit of ${LIMIT_MB}\\.0 MB \\(--max-store-mb\\).*move to the remote store: --store sparql`),
      );
      // What it stored is whole: the load again, under no lower limit than the safe ceiling, stores only the rest.
      const again = spawnSync(
        process.execPath,
        [CLI, 'load', '--no-progress', '--batch-size', '25', '--data-dir', join(dir, 'data'), dump],
        { encoding: 'utf8' },
      );
      expect(again.status, again.stderr).to.equal(0);
      expect(again.stderr).to.match(
        new RegExp(`loaded: ${DOCUMENTS - stored} new, 0 replaced, ${stored} unchanged, 0 rejected`),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
