/**
 * `linkedart query` and `linkedart update` as curators run them: over a data directory loaded
 * with the demo (table, csv, json, ttl; from a file and standard input; errors with their exit
 * codes), an update the rules refuse (nothing changes) and one they accept (the next query
 * shows it), and the same against a running server with its tokens.
 */
import { expect } from 'chai';
import { Parser } from 'n3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliInOneProcess } from '../support/cliInOneProcess.js';
import { DEMO_DIR, PROJECT_ROOT } from '../support/corpus.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const PAINTING = 'http://localhost:8080/object/harbour-at-dusk';
const PREFIXES = `PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
`;
const OBJECTS = `${PREFIXES}SELECT ?obj ?type ?label WHERE { ?obj a crm:E22_Human-Made_Object ; a ?type ; rdfs:label ?label } ORDER BY ?obj`;
const NAMES = `${PREFIXES}SELECT ?content WHERE { GRAPH <${PAINTING}> {
  <${PAINTING}> crm:P1_is_identified_by ?name . ?name a crm:E33_E41_Linguistic_Appellation ; crm:P190_has_symbolic_content ?content } } ORDER BY ?content`;
const LABEL = `${PREFIXES}SELECT ?label WHERE { GRAPH <${PAINTING}> { <${PAINTING}> rdfs:label ?label } }`;
/** Breaks a rule: every Name of the painting loses its content. */
const DELETE_NAME_CONTENT = `${PREFIXES}DELETE { GRAPH ?g { ?name crm:P190_has_symbolic_content ?content } }
WHERE { GRAPH ?g { <${PAINTING}> crm:P1_is_identified_by ?name . ?name a crm:E33_E41_Linguistic_Appellation ; crm:P190_has_symbolic_content ?content } }`;
const relabel = (label: string): string => `${PREFIXES}DELETE { GRAPH <${PAINTING}> { <${PAINTING}> rdfs:label ?old } }
INSERT { GRAPH <${PAINTING}> { <${PAINTING}> rdfs:label ${JSON.stringify(label)} } }
WHERE { GRAPH <${PAINTING}> { <${PAINTING}> rdfs:label ?old } }`;

/** The environment without any LINKEDART_ setting or COLUMNS of the caller's, plus `extra`. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('LINKEDART_') && k !== 'COLUMNS'),
  );
  return { ...env, ...extra };
}
/** The command in a process of its own, as a shell runs it (standard input a real pipe). */
const cliProcess = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
  spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    input: options.input,
    env: environment(options.env),
    timeout: 120000,
  });

interface SparqlJson {
  head: { vars: string[] };
  results: { bindings: Array<Record<string, { type: string; value: string }>> };
}

describe('linkedart query and update', function () {
  this.timeout(180000);
  let work: string;
  let data: string;
  /** The commands' output and exit codes are the subject here, not their process: one process runs them all. */
  let commands: CliInOneProcess;
  const cli = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    commands.run(args, environment(options.env), options.input);
  before(async () => {
    commands = await CliInOneProcess.start();
    work = mkdtempSync(join(tmpdir(), 'linkedart-cliquery-'));
    data = join(work, 'data');
    const loaded = await cli(['load', '--no-progress', '--data-dir', data, DEMO_DIR]);
    expect(loaded.status, loaded.stderr).to.equal(0);
  });
  after(async () => {
    await commands?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const query = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    cli(['query', '--data-dir', data, ...args], options);
  const update = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    cli(['update', '--data-dir', data, ...args], options);

  describe('over a data directory', () => {
    it('prints a table by default: header, compacted IRIs, one line a row, `N rows` last', async () => {
      const result = await query([OBJECTS]);
      expect(result.status, result.stderr).to.equal(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).to.match(/^obj\s+│ type\s+│ label$/);
      expect(lines[1]).to.match(/^─+┼─+┼─+$/);
      expect(result.stdout).to.match(new RegExp(`^${PAINTING} +│ crm:E22_Human-Made_Object +│ Harbour at Dusk$`, 'm'));
      expect(lines.at(-1)).to.equal(`${lines.length - 3} rows`);
      expect(lines.length - 3).to.be.greaterThan(1);
      expect(result.stdout).not.to.contain('…');
    });

    it('narrows the table to COLUMNS, eliding long cells and saying how many, how to see them whole', async () => {
      const result = await query([OBJECTS], { env: { COLUMNS: '60' } });
      expect(result.status, result.stderr).to.equal(0);
      for (const line of result.stdout.split('\n').filter((l) => l.includes('│')))
        expect([...line].length, line).to.be.at.most(60);
      expect(result.stdout).to.contain('…');
      expect(result.stdout).to.match(
        /^\(\d+ cells? shortened with … to fit 60 columns; use --format tsv .*\)\n\d+ rows\n$/m,
      );
    });

    it('--format csv and json: the protocol formats, full values', async () => {
      const csv = await query([OBJECTS, '--format', 'csv']);
      expect(csv.status, csv.stderr).to.equal(0);
      expect(csv.stdout.split('\r\n')[0]).to.equal('obj,type,label');
      expect(csv.stdout).to.contain(
        `${PAINTING},http://www.cidoc-crm.org/cidoc-crm/E22_Human-Made_Object,Harbour at Dusk`,
      );

      const json = await query([OBJECTS, '--format', 'json']);
      expect(json.status, json.stderr).to.equal(0);
      const parsed = JSON.parse(json.stdout) as SparqlJson;
      expect(parsed.head.vars).to.deep.equal(['obj', 'type', 'label']);
      expect(parsed.results.bindings.map((b) => b.obj.value)).to.include(PAINTING);
      const table = await query([OBJECTS]);
      expect(table.stdout.trimEnd().split('\n').at(-1)).to.equal(`${parsed.results.bindings.length} rows`);
    });

    it('ASK prints true or false; CONSTRUCT prints Turtle as a table, N-Triples with --format nt', async () => {
      for (const [ask, answer] of [
        [`${PREFIXES}ASK { <${PAINTING}> a crm:E22_Human-Made_Object }`, 'true'],
        [`${PREFIXES}ASK { <${PAINTING}> a crm:E21_Person }`, 'false'],
      ]) {
        const result = await query([ask]);
        expect(result.status, result.stderr).to.equal(0);
        expect(result.stdout).to.equal(`${answer}\n`);
      }
      const construct = `${PREFIXES}CONSTRUCT { <${PAINTING}> rdfs:label ?l } WHERE { <${PAINTING}> rdfs:label ?l }`;
      const turtle = await query([construct]);
      expect(turtle.status, turtle.stderr).to.equal(0);
      expect(turtle.stdout).to.match(/Harbour at Dusk/);
      expect(turtle.stdout).to.match(/rdfs:label|<http:\/\/www\.w3\.org\/2000\/01\/rdf-schema#label>/);
      const nt = await query([construct, '--format', 'nt']);
      expect(nt.status, nt.stderr).to.equal(0);
      expect(nt.stdout.trim()).to.equal(
        `<${PAINTING}> <http://www.w3.org/2000/01/rdf-schema#label> "Harbour at Dusk" .`,
      );
      // Every graph format the endpoint offers, TriG and RDF/XML too.
      const trig = await query([construct, '--format', 'trig']);
      expect(trig.status, trig.stderr).to.equal(0);
      expect(new Parser({ format: 'application/trig' }).parse(trig.stdout).map((q) => q.object.value)).to.deep.equal([
        'Harbour at Dusk',
      ]);
      const rdf = await query([construct, '--format', 'rdf']);
      expect(rdf.status, rdf.stderr).to.equal(0);
      expect(rdf.stdout).to.contain('<rdf:RDF').and.contain('Harbour at Dusk');
    });

    it('reads the query from a file (--file) and from standard input (-)', async () => {
      const file = join(work, 'names.rq');
      writeFileSync(file, NAMES);
      const fromFile = await query(['--file', file, '--format', 'tsv']);
      expect(fromFile.status, fromFile.stderr).to.equal(0);
      expect(fromFile.stdout).to.equal('?content\n"Harbour at Dusk"\n"Whitby Harbour, Evening"\n');
      const fromStdin = cliProcess(['query', '--data-dir', data, '-', '--format', 'tsv'], { input: NAMES });
      expect(fromStdin.status, fromStdin.stderr).to.equal(0);
      expect(fromStdin.stdout).to.equal(fromFile.stdout);
    });

    it('fails with exit 1 and a message naming the problem: syntax (with its position), SERVICE, too many rows, timeout', async () => {
      const syntax = await query([`${PREFIXES}SELECT ?s WHERE {\n  ?s a crm:E22_Human-Made_Object \n  FILTER( }`]);
      expect(syntax.status).to.equal(1);
      expect(syntax.stderr).to.match(/^linkedart query: syntax error: .*line 5, column \d+/m);

      const service = await query(['SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }']);
      expect(service.status).to.equal(1);
      expect(service.stderr).to.match(/linkedart query: refused: .*SERVICE/);

      const rows = await query(['--max-rows', '3', 'SELECT ?s WHERE { ?s ?p ?o }']);
      expect(rows.status).to.equal(1);
      expect(rows.stderr).to.match(/linkedart query: too many rows: .*more than 3/);

      const heavy = await query([
        '--query-timeout-s',
        '0.5',
        'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }',
      ]);
      expect(heavy.status).to.equal(1);
      expect(heavy.stderr).to.match(/linkedart query: timeout: .*0\.5 s/);

      const asUpdate = await query([DELETE_NAME_CONTENT]);
      expect(asUpdate.status).to.equal(1);
      expect(asUpdate.stderr).to.contain('linkedart update');
    });

    it('usage errors exit with 2: no query, a bad format, a format for the other kind of result, an unknown option, --token without --server', async () => {
      for (const [args, message] of [
        [[], /give the SPARQL text/],
        [[LABEL, '--format', 'yaml'], /--format yaml: use one of table, json/],
        [
          [`CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } LIMIT 1`, '--format', 'csv'],
          /--format csv is for SELECT and ASK/,
        ],
        [[LABEL, '--frmat', 'csv'], /unknown option/],
        [[LABEL, '--token', 'abcdefghijklmnopqrstuvwxyz'], /--token goes with --server/],
        [['--file', join(work, 'missing.rq')], /--file .*missing\.rq: no such file/],
        [[LABEL, '--file', join(work, 'missing.rq')], /either as the argument or with --file/],
        [['', '--format', 'csv'], /empty/],
      ] as Array<[string[], RegExp]>) {
        const result = await query(args);
        expect(result.status, `${args.join(' ')}: ${result.stderr}`).to.equal(2);
        expect(result.stderr).to.match(message);
      }
    });

    it('an update that breaks a rule (a Name without content) is refused with each problem, exit 1, nothing changed', async () => {
      const before = (await query([NAMES, '--format', 'tsv'])).stdout;
      const result = await update([DELETE_NAME_CONTENT]);
      expect(result.status, result.stdout + result.stderr).to.equal(1);
      expect(result.stderr).to.match(/^linkedart update: refused: .*nothing was changed/m);
      // Each problem: document, path, message, rule.
      expect(result.stderr).to.match(
        new RegExp(`^  ${PAINTING} at identified_by\\[\\d\\][^:]*: .+ \\[[\\w-]+\\] Fix: .+$`, 'm'),
      );
      expect(result.stdout).to.equal('');
      expect((await query([NAMES, '--format', 'tsv'])).stdout).to.equal(before);
    });

    it('a valid update: exit 0, a summary with the id, and the next query shows the change', async () => {
      const result = await update(['-'], { input: relabel('Harbour at Dusk (restored)') });
      expect(result.status, result.stderr).to.equal(0);
      expect(result.stdout).to.equal(
        `updated: 1 replaced, 0 created, 0 deleted, 0 unchanged\n  replaced  ${PAINTING}\n`,
      );
      const after = await query([LABEL, '--format', 'tsv']);
      expect(after.stdout).to.equal('?label\n"Harbour at Dusk (restored)"\n');

      const again = await update([relabel('Harbour at Dusk (restored)')]);
      expect(again.status, again.stderr).to.equal(0);
      expect(again.stdout).to.match(/^updated: 0 replaced, 0 created, 0 deleted, 1 unchanged\n/);
      const back = await update([relabel('Harbour at Dusk')]);
      expect(back.status, back.stderr).to.equal(0);
    });

    it('an update given as a query, or LOAD, is refused with exit 1', async () => {
      const asQuery = await update([LABEL]);
      expect(asQuery.status).to.equal(1);
      expect(asQuery.stderr).to.contain('linkedart query');
      const load = await update(['LOAD <http://example.org/data.ttl>']);
      expect(load.status).to.equal(1);
      expect(load.stderr).to.match(/linkedart update: refused: LOAD/);
    });
  });

  describe('against a running server (--server)', () => {
    const TOKEN = 'curator-token-0123456789abcdef';
    const READ_TOKEN = 'reader-token-0123456789abcdef';
    let server: ServerProcess;
    before(async () => {
      server = await startServer([
        '--data-dir',
        join(work, 'served'),
        '--demo',
        '--base-url',
        'http://localhost:8080/',
        '--token',
        TOKEN,
        '--anonymous-queries',
        'off',
        '--read-token',
        READ_TOKEN,
        '--log-level',
        'warn',
      ]);
    });
    after(async () => {
      await server?.stop();
    });

    const remote = (command: string, args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
      cli([command, '--server', server.url, ...args], options);

    it('queries with the read token (flag or LINKEDART_READ_TOKEN), as a table or csv; without it, exit 1 saying a token is needed', async () => {
      const table = await remote('query', [OBJECTS, '--token', READ_TOKEN]);
      expect(table.status, table.stderr).to.equal(0);
      expect(table.stdout).to.match(new RegExp(`^${PAINTING} +│ crm:E22_Human-Made_Object +│ Harbour at Dusk$`, 'm'));
      expect(table.stdout).to.match(/^\d+ rows\n$/m);
      const local = await query([OBJECTS]);
      expect(table.stdout).to.equal(local.stdout);

      const csv = await remote('query', [OBJECTS, '--format', 'csv'], { env: { LINKEDART_READ_TOKEN: READ_TOKEN } });
      expect(csv.status, csv.stderr).to.equal(0);
      expect(csv.stdout).to.equal((await query([OBJECTS, '--format', 'csv'])).stdout);

      expect(
        (await remote('query', [`${PREFIXES}ASK { <${PAINTING}> a crm:E22_Human-Made_Object }`, '--token', TOKEN]))
          .stdout,
      ).to.equal('true\n');

      const anonymous = await remote('query', [OBJECTS]);
      expect(anonymous.status).to.equal(1);
      expect(anonymous.stderr).to.match(/401.*token/s);
    });

    it('a query error from the server: exit 1 with its message', async () => {
      const syntax = await remote('query', ['SELECT ?s WHERE { ?s ?p }', '--token', READ_TOKEN]);
      expect(syntax.status).to.equal(1);
      expect(syntax.stderr).to.match(/linkedart query: the server answered 400.*syntax/is);
      const service = await remote('query', [
        'SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }',
        '--token',
        READ_TOKEN,
      ]);
      expect(service.status).to.equal(1);
      expect(service.stderr).to.contain('SERVICE');
      const mismatch = await remote('query', [
        'SELECT * WHERE { ?s ?p ?o } LIMIT 1',
        '--format',
        'ttl',
        '--token',
        READ_TOKEN,
      ]);
      expect(mismatch.status).to.equal(2);
      expect(mismatch.stderr).to.match(/406.*--format ttl may not suit/s);
    });

    it('updates need the curator token: none is a usage error (2), a wrong one exit 1', async () => {
      const none = await remote('update', [relabel('x')]);
      expect(none.status).to.equal(2);
      expect(none.stderr).to.contain('curator token');
      const wrong = await remote('update', [relabel('x'), '--token', READ_TOKEN]);
      expect(wrong.status).to.equal(1);
      expect(wrong.stderr).to.match(/401.*curator token/s);
    });

    it('a refused update lists the problems, exit 1, nothing changed; a valid one exit 0 and the next dereference shows it', async () => {
      const refused = await remote('update', [DELETE_NAME_CONTENT, '--token', TOKEN]);
      expect(refused.status, refused.stdout + refused.stderr).to.equal(1);
      expect(refused.stderr).to.match(/422/);
      expect(refused.stderr).to.match(
        new RegExp(`^  ${PAINTING} at identified_by\\[\\d\\][^:]*: .+ \\[[\\w-]+\\] Fix: .+$`, 'm'),
      );
      const names = (await (await fetch(`${server.url}/object/harbour-at-dusk`)).json()) as {
        identified_by: Array<{ content?: string }>;
      };
      expect(names.identified_by.map((n) => n.content)).to.include('Harbour at Dusk');

      const ok = await remote('update', [relabel('Harbour at Dusk (on loan)')], { env: { LINKEDART_TOKEN: TOKEN } });
      expect(ok.status, ok.stderr).to.equal(0);
      expect(ok.stdout).to.equal(`updated: 1 replaced, 0 created, 0 deleted, 0 unchanged\n  replaced  ${PAINTING}\n`);
      const doc = (await (await fetch(`${server.url}/object/harbour-at-dusk`)).json()) as { _label: string };
      expect(doc._label).to.equal('Harbour at Dusk (on loan)');
    });

    it('--data-dir and --server together are a usage error (2)', async () => {
      const both = await remote('query', [LABEL, '--data-dir', data]);
      expect(both.status).to.equal(2);
    });
  });
});
