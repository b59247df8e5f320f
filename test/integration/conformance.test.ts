/**
 * The conformance policy (`--conformance strict|report`, `?conformance=` on a write): a document
 * whose only Violations are the shapes' is refused by default and stored with them under
 * `report`, served as written and saying so (a Link to its validation report, the report at
 * /_validation as JSON and as a page, a banner on its page, a count on the landing page and in
 * /metrics); a fixed version clears it; a document that would lose data is refused under either
 * policy. Runs on both stores (listed in test/virtuoso/mocharc.json).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import type { LoadReport } from '../../src/load/LoadReport.js';
import type { Problem } from '../../src/linkedart/Problem.js';
import { isValidationQuad } from '../../src/validate/violationsGraph.js';
import { df } from '../../src/rdf/terms.js';
import { hintGraphOf } from '../../src/hints/Skeleton.js';
import { revalidate } from '../../src/service/revalidate.js';
import { withoutLinks } from '../support/withoutLinks.js';
import { STORE_KIND, testStoreArgs } from '../support/testStore.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { parsePrometheusText, sampleValue } from './support/promText.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const auth = { Authorization: `Bearer ${TOKEN}` };
const json = { 'Content-Type': 'application/ld+json' };

/** A jug whose Name has no content: the shape NameContent's Violation, and nothing else. */
const unnamed = (name: string) => ({
  '@context': V1,
  id: `${BASE}object/${name}`,
  type: 'HumanMadeObject',
  _label: `Jug ${name}`,
  classified_as: [{ id: 'http://vocab.getty.edu/aat/300042184', type: 'Type', _label: 'jugs' }],
  identified_by: [{ type: 'Name' }],
});
const fixed = (name: string) => ({ ...unnamed(name), identified_by: [{ type: 'Name', content: `Jug ${name}` }] });

interface ValidationReport {
  id: string;
  conforms: boolean;
  violations: Problem[];
}

/** The violation quads stored beside a document (in its hint graph). */
const storedViolations = async (app: TestApp, id: string): Promise<number> =>
  (await app.store.readGraphs([hintGraphOf(id)])).filter(isValidationQuad).length;

describe(`the conformance policy (${STORE_KIND})`, function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN });
  });
  after(async () => {
    await app.close();
  });
  const put = (name: string, body: unknown, query = '') =>
    fetch(`${app.origin}/collection/object/${name}${query}`, {
      method: 'PUT',
      headers: { ...auth, ...json },
      body: JSON.stringify(body),
    });
  const report = async (id: string): Promise<{ status: number; body: ValidationReport }> => {
    const response = await fetch(`${app.origin}/_validation?id=${encodeURIComponent(id)}`);
    return { status: response.status, body: (await response.json()) as ValidationReport };
  };
  const violatedCount = async (): Promise<number | undefined> =>
    sampleValue(
      parsePrometheusText(await (await fetch(`${app.origin}/metrics`)).text()),
      'linkedart_documents_with_violations',
    );

  it('strict by default: a PUT breaking a shape is refused (422 naming the rule), nothing stored', async () => {
    const response = await put('strict', unnamed('strict'));
    expect(response.status).to.equal(422);
    const problem = (await response.json()) as { problems: Problem[] };
    expect(problem.problems.filter((p) => p.severity === 'Violation').map((p) => [p.rule, p.path])).to.deep.equal([
      ['NameContent', 'identified_by[0]'],
    ]);
    expect((await fetch(`${app.origin}/collection/object/strict`)).status).to.equal(404);
  });

  it('?conformance=report: stored with its violation, served as written with a Link to its report, which lists the rule and the path', async () => {
    const id = `${BASE}object/reported`;
    const response = await put('reported', unnamed('reported'), '?conformance=report');
    expect(response.status).to.equal(201);
    const answer = (await response.json()) as { violations: string[]; validation: string };
    expect(answer.violations).to.have.length(1);
    expect(answer.violations[0]).to.contain('[NameContent]');
    expect(answer.validation).to.equal(`${BASE}_validation?id=${encodeURIComponent(id)}`);

    const got = await fetch(`${app.origin}/collection/object/reported`);
    expect(got.status).to.equal(200);
    expect(withoutLinks((await got.json()) as Record<string, unknown>)).to.deep.equal(unnamed('reported'));
    expect(got.headers.get('link')).to.contain(
      `<${BASE}_validation?id=${encodeURIComponent(id)}>; rel="describedby"; type="application/json"`,
    );

    const { status, body } = await report(id);
    expect(status).to.equal(200);
    expect(body.conforms).to.equal(false);
    expect(
      body.violations.map((p) => ({
        rule: p.rule,
        path: p.path,
        value: p.value,
        document: p.document,
        severity: p.severity,
      })),
    ).to.deep.equal([
      { rule: 'NameContent', path: 'identified_by[0]', value: '{"type":"Name"}', document: id, severity: 'Violation' },
    ]);
    expect(body.violations[0].hint).to.be.a('string').and.not.equal('');
  });

  it('says so for people: a banner on its page linking to the report, the report as a page, a count on the landing page and in /metrics', async () => {
    const id = `${BASE}object/reported`;
    const html = { Accept: 'text/html' };
    const page = await (await fetch(`${app.origin}/collection/object/reported`, { headers: html })).text();
    expect(page).to.match(/class="banner violations"[^>]*>This record breaks one rule of the Linked Art shapes/);
    expect(page).to.contain(`href="/collection/_validation?id=${encodeURIComponent(id)}"`);
    const reportPage = await fetch(`${app.origin}/_validation?id=${encodeURIComponent(id)}`, { headers: html });
    expect(reportPage.headers.get('content-type')).to.match(/^text\/html/);
    const reportText = await reportPage.text();
    expect(reportText)
      .to.contain('<code>NameContent</code>')
      .and.contain('<code>identified_by[0]</code>')
      .and.contain('A Name must have content.');
    const landing = await (await fetch(`${app.origin}/`, { headers: html })).text();
    expect(landing).to.match(/<span class="violated">1 record is<\/span> published/);
    expect(await violatedCount()).to.equal(1);
    const samples = parsePrometheusText(await (await fetch(`${app.origin}/metrics`)).text());
    expect(sampleValue(samples, 'linkedart_documents_with_violations_by_rule', { rule: 'NameContent' })).to.equal(1);
  });

  it('a document that would lose data is refused under report too: an unmapped key (422 naming unmapped-key)', async () => {
    const response = await put('unmapped', { ...unnamed('unmapped'), colour: 'red' }, '?conformance=report');
    expect(response.status).to.equal(422);
    const problem = (await response.json()) as { problems: Problem[] };
    expect(problem.problems.map((p) => p.rule)).to.include('unmapped-key');
    expect((await fetch(`${app.origin}/collection/object/unmapped`)).status).to.equal(404);
  });

  it('/_validation: 404 for an unknown document, 400 for an id that is no IRI, an empty report for one that conforms', async () => {
    expect((await report(`${BASE}object/nothing-here`)).status).to.equal(404);
    expect((await fetch(`${app.origin}/_validation?id=not%20an%20iri`)).status).to.equal(400);
    expect((await fetch(`${app.origin}/_validation`)).status).to.equal(400);
    expect((await put('fine', fixed('fine'))).status).to.equal(201);
    const fine = await report(`${BASE}object/fine`);
    expect(fine).to.deep.equal({ status: 200, body: { id: `${BASE}object/fine`, conforms: true, violations: [] } });
    expect((await fetch(`${app.origin}/collection/object/fine`)).headers.get('link')).not.to.contain('_validation');
  });

  it('a fixed version written strictly clears the report in the same write; a delete removes it', async () => {
    const id = `${BASE}object/to-fix`;
    expect((await put('to-fix', unnamed('to-fix'), '?conformance=report')).status).to.equal(201);
    expect((await report(id)).body.violations).to.have.length(1);
    expect((await put('to-fix', fixed('to-fix'))).status).to.equal(200);
    expect((await report(id)).body).to.deep.equal({ id, conforms: true, violations: [] });
    expect(await storedViolations(app, id)).to.equal(0);
    expect((await fetch(`${app.origin}/collection/object/to-fix`)).headers.get('link')).not.to.contain('_validation');

    expect((await put('to-delete', unnamed('to-delete'), '?conformance=report')).status).to.equal(201);
    expect(await storedViolations(app, `${BASE}object/to-delete`)).to.be.greaterThan(0);
    expect(
      (await fetch(`${app.origin}/collection/object/to-delete`, { method: 'DELETE', headers: auth })).status,
    ).to.equal(204);
    expect(await storedViolations(app, `${BASE}object/to-delete`)).to.equal(0);
    expect((await report(`${BASE}object/to-delete`)).status).to.equal(404);
    // Only the first one stored with its violation is left.
    expect(await violatedCount()).to.equal(1);
  });

  it('/_bulk: refused by default (in the report), stored with ?conformance=report and counted by rule; ?conformance=x is 400', async () => {
    const body = JSON.stringify(unnamed('bulk')) + '\n';
    const post = (query: string) =>
      fetch(`${app.origin}/_bulk?format=ndjson${query}`, { method: 'POST', headers: auth, body });
    const strict = (await (await post('')).json()) as LoadReport;
    expect({ created: strict.created, rejected: strict.rejected }).to.deep.equal({ created: 0, rejected: 1 });
    expect(strict.rejections[0].problems!.map((p) => p.rule)).to.deep.equal(['NameContent']);
    const reported = (await (await post('&conformance=report')).json()) as LoadReport;
    expect({
      created: reported.created,
      rejected: reported.rejected,
      violated: reported.violated,
      byRule: reported.violationsByRule,
    }).to.deep.equal({ created: 1, rejected: 0, violated: 1, byRule: { NameContent: 1 } });
    expect((await report(`${BASE}object/bulk`)).body.violations.map((p) => p.rule)).to.deep.equal(['NameContent']);
    expect((await post('&conformance=x')).status).to.equal(400);
  });

  it('a fixed version clears the counts (landing page, /metrics: 0)', async () => {
    for (const name of ['reported', 'bulk']) expect((await put(name, fixed(name))).status).to.equal(200);
    expect(await violatedCount()).to.equal(0);
    const landing = await (await fetch(`${app.origin}/`, { headers: { Accept: 'text/html' } })).text();
    expect(landing).not.to.contain('class="violated"');
    const page = await (
      await fetch(`${app.origin}/collection/object/reported`, { headers: { Accept: 'text/html' } })
    ).text();
    expect(page).not.to.contain('banner violations');
  });
});

describe(`serve --conformance report (${STORE_KIND})`, function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN, conformance: 'report' });
  });
  after(async () => {
    await app.close();
  });
  const rulesOf = async (id: string): Promise<string[]> =>
    (
      (await (await fetch(`${app.origin}/_validation?id=${encodeURIComponent(id)}`)).json()) as ValidationReport
    ).violations.map((p) => p.rule);
  const update = (text: string) =>
    fetch(`${app.origin}/sparql`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/sparql-update' },
      body: text,
    });
  const CONTENT = 'http://www.cidoc-crm.org/cidoc-crm/P190_has_symbolic_content';

  it('is the default for writes: a PUT breaking a shape is stored with it; ?conformance=strict refuses', async () => {
    const put = (name: string, query = '') =>
      fetch(`${app.origin}/collection/object/${name}${query}`, {
        method: 'PUT',
        headers: { ...auth, ...json },
        body: JSON.stringify(unnamed(name)),
      });
    expect((await put('by-default')).status).to.equal(201);
    expect((await put('asked-strict', '?conformance=strict')).status).to.equal(422);
  });

  it('SPARQL Update re-checks what it touches: an update that breaks a shape is stored with its violation, one that fixes it clears it', async () => {
    const id = `${BASE}object/updated`;
    expect(
      (
        await fetch(`${app.origin}/collection/object/updated`, {
          method: 'PUT',
          headers: { ...auth, ...json },
          body: JSON.stringify(fixed('updated')),
        })
      ).status,
    ).to.equal(201);
    expect(await rulesOf(id)).to.deep.equal([]);
    expect((await update(`DELETE WHERE { GRAPH <${id}> { ?name <${CONTENT}> ?content } }`)).status).to.equal(200);
    expect(await rulesOf(id)).to.deep.equal(['NameContent']);
    expect((await fetch(`${app.origin}/collection/object/updated`)).headers.get('link')).to.contain('_validation');
    expect(
      (
        await update(
          `INSERT { GRAPH <${id}> { ?name <${CONTENT}> "Jug updated" } } WHERE { GRAPH <${id}> { <${id}> <http://www.cidoc-crm.org/cidoc-crm/P1_is_identified_by> ?name } }`,
        )
      ).status,
    ).to.equal(200);
    expect(await rulesOf(id)).to.deep.equal([]);
    expect(await storedViolations(app, id)).to.equal(0);
  });

  it('reindex rebuilds the reports from the quads: one lost is written again as it was, one that no longer holds is cleared', async () => {
    const lost = `${BASE}object/by-default`;
    const before: unknown = await (await fetch(`${app.origin}/_validation?id=${encodeURIComponent(lost)}`)).json();
    const stale = `${BASE}object/stale`;
    expect(
      (
        await fetch(`${app.origin}/collection/object/stale`, {
          method: 'PUT',
          headers: { ...auth, ...json },
          body: JSON.stringify(fixed('stale')),
        })
      ).status,
    ).to.equal(201);
    // Written around the service: the first's report gone, a report the second does not deserve.
    const lostHints = await app.store.readGraphs([hintGraphOf(lost)]);
    const staleHints = await app.store.readGraphs([hintGraphOf(stale)]);
    const moved = lostHints
      .filter(isValidationQuad)
      .map((q) => df.quad(df.namedNode(stale), q.predicate, q.object, df.namedNode(hintGraphOf(stale))));
    await app.store.replaceGraphs(
      new Map([
        [hintGraphOf(lost), lostHints.filter((q) => !isValidationQuad(q))],
        [hintGraphOf(stale), [...staleHints, ...moved]],
      ]),
    );
    expect(await rulesOf(lost)).to.deep.equal([]);
    expect(await rulesOf(stale)).to.deep.equal(['NameContent']);

    const outcome = await revalidate(app.store);
    expect({
      withViolations: outcome.withViolations,
      rewritten: outcome.rewritten,
      unreadable: outcome.unreadable,
    }).to.deep.equal({ withViolations: 1, rewritten: 2, unreadable: [] });
    expect(await (await fetch(`${app.origin}/_validation?id=${encodeURIComponent(lost)}`)).json()).to.deep.equal(
      before,
    );
    expect(await rulesOf(stale)).to.deep.equal([]);
    expect((await revalidate(app.store)).rewritten).to.equal(0);
  });
});

describe(`linkedart load --conformance report, then linkedart report (${STORE_KIND})`, function () {
  this.timeout(180000);
  // What the commands print and answer is the subject here, not their process: one process runs them all.
  const runCommand = commandsInOneProcess();
  const runCli = (args: string[]) => runCommand(args, process.env);
  let dir: string;
  let storeFlags: string[];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-conformance-cli-'));
    const dataDir = join(dir, 'data');
    // The remote store emptied for this suite, then written by the CLI.
    storeFlags = await testStoreArgs(dataDir);
    const records = [unnamed('cli-a'), unnamed('cli-b'), fixed('cli-c'), { ...unnamed('cli-d'), colour: 'red' }];
    writeFileSync(join(dir, 'records.ndjson'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('strict by default: the two documents breaking a shape are refused with the one losing a key', async () => {
    const run = await runCli(['load', join(dir, 'records.ndjson'), '--dry-run', '--no-progress', ...storeFlags]);
    expect(run.status).to.equal(1);
    expect(run.stderr).to.contain('checked (nothing stored): 1 new, 0 replaced, 0 unchanged, 3 rejected');
  });

  it('with --conformance report: stored with their violations (counted by rule), the unmapped key still refused; report lists them by rule', async () => {
    const load = await runCli([
      'load',
      join(dir, 'records.ndjson'),
      '--conformance',
      'report',
      '--no-progress',
      ...storeFlags,
    ]);
    expect(load.status, load.stderr).to.equal(1);
    expect(load.stderr).to.contain('loaded: 3 new, 0 replaced, 0 unchanged, 1 rejected');
    expect(load.stderr).to.contain('(2 with violations)');
    expect(load.stderr).to.match(/stored with violations .*documents by rule:\n  NameContent: 2\n/);
    expect(load.stderr).to.match(/unmapped-key/);

    const text = await runCli(['report', ...storeFlags]);
    expect(text.status, text.stderr).to.equal(0);
    expect(text.stdout).to.equal(
      '2 documents stored with violations (--conformance report); by rule (a document may break several):\n' +
        `NameContent: 2 documents\n  ${BASE}object/cli-a\n  ${BASE}object/cli-b\n`,
    );
    const asJson = await runCli(['report', '--json', ...storeFlags]);
    expect(JSON.parse(asJson.stdout)).to.deep.equal({
      documents: 2,
      rules: { NameContent: [`${BASE}object/cli-a`, `${BASE}object/cli-b`] },
    });
  });

  it('--conformance sometimes: a usage error (exit 2)', async () => {
    const run = await runCli([
      'load',
      join(dir, 'records.ndjson'),
      '--conformance',
      'sometimes',
      '--no-progress',
      ...storeFlags,
    ]);
    expect(run.status).to.equal(2);
    expect(run.stderr).to.contain('--conformance sometimes: one of strict, report');
  });
});
