/**
 * SPARQL Update through a real `linkedart serve` process: a refused update changes nothing, an
 * accepted one shows in the next dereference, and both stay so after the process is killed
 * (kill -9, no clean shutdown) and started again on the same data directory.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from './support/serverProcess.js';

const TOKEN = 'curator-token-0123456789';
const BASE = 'https://collection.example.org/';
const PREFIXES = 'PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>\n';

describe('SPARQL Update is durable like any write (serve process, kill -9, restart)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let server: ServerProcess | undefined;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sparql-durable-'));
  });
  after(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const update = (text: string) =>
    fetch(`${server!.url}/sparql`, {
      method: 'POST',
      body: PREFIXES + text,
      headers: { 'Content-Type': 'application/sparql-update', Authorization: `Bearer ${TOKEN}` },
    });
  /** The person's id, under the base URL (the same across restarts, whatever port the server gets). */
  const person = () => `${BASE}person/edith-marrow`;
  const primaryName = async () => {
    const doc = (await (await fetch(`${server!.url}/person/edith-marrow`)).json()) as {
      id: string;
      identified_by: Array<{ content?: string }>;
    };
    expect(doc.id).to.equal(person());
    return doc.identified_by[0].content;
  };
  /** Replace the primary Name's content with `value` (or with nothing, which breaks NameContent). */
  const setName = (value: string | undefined) =>
    update(
      `DELETE { GRAPH ?g { ?n crm:P190_has_symbolic_content ?c } } ${value === undefined ? '' : `INSERT { GRAPH ?g { ?n crm:P190_has_symbolic_content "${value}" } } `}` +
        `WHERE { GRAPH ?g { <${person()}> crm:P1_is_identified_by ?n . ?n crm:P190_has_symbolic_content ?c . FILTER(?c = "Edith Anne Marrow" || ?c = "Edith M. Marrow") } }`,
    );

  it('refuses a rule-breaking update and applies a valid one, both visible at once', async () => {
    server = await startServer([
      '--demo',
      '--data-dir',
      dataDir,
      '--token',
      TOKEN,
      '--base-url',
      BASE,
      '--log-level',
      'warn',
    ]);
    expect(await primaryName()).to.equal('Edith Anne Marrow');

    const refused = await setName(undefined);
    expect(refused.status).to.equal(422);
    const problem = (await refused.json()) as { problems: Array<{ document: string; rule: string; path: string }> };
    expect(problem.problems.map((p) => [p.document, p.rule, p.path])).to.deep.include([
      person(),
      'NameContent',
      'identified_by[0]',
    ]);
    expect(await primaryName()).to.equal('Edith Anne Marrow');

    const accepted = await setName('Edith M. Marrow');
    expect(accepted.status).to.equal(200);
    expect(await accepted.json()).to.deep.include({ replaced: [person()] });
    expect(await primaryName()).to.equal('Edith M. Marrow');
  });

  it('keeps the accepted update, and only it, after kill -9 and a restart', async () => {
    const killed = new Promise((resolve) => server!.child.once('exit', resolve));
    server!.child.kill('SIGKILL');
    await killed;
    server = await startServer(['--data-dir', dataDir, '--token', TOKEN, '--base-url', BASE, '--log-level', 'warn']);
    expect(await primaryName()).to.equal('Edith M. Marrow');
    const answer = await fetch(
      `${server.url}/sparql?query=${encodeURIComponent(
        PREFIXES + `SELECT ?c WHERE { <${person()}> crm:P1_is_identified_by/crm:P190_has_symbolic_content ?c }`,
      )}`,
      { headers: { Accept: 'text/csv' } },
    );
    expect((await answer.text()).split('\r\n')).to.include('Edith M. Marrow');
  });
});
