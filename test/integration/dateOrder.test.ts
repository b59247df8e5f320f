/**
 * `--date-order ydm` (a source's convention, never a default) on every write that repairs: the
 * CLI load and validate, the bulk endpoint (`?dateOrder=`) and a PUT that opts in to repairs.
 * By default a year-day-month date is refused as it always was; asked for, it is read as the
 * source writes it, repaired as dates are, noted, and the date as written kept as the Name.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadReport } from '../../src/load/LoadReport.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const auth = { Authorization: `Bearer ${TOKEN}` };
const jug = (name: string) => ({
  '@context': V1,
  id: `${BASE}object/${name}`,
  type: 'HumanMadeObject',
  _label: 'Jug',
  produced_by: {
    type: 'Production',
    timespan: { type: 'TimeSpan', begin_of_the_begin: '1971-31-3', end_of_the_end: '1971-31-3' },
  },
});
const REPAIRED_SPAN = {
  type: 'TimeSpan',
  begin_of_the_begin: '1971-03-31T00:00:00Z',
  end_of_the_end: '1971-03-31T23:59:59Z',
  identified_by: [{ type: 'Name', content: '1971-31-3' }],
};
const DATE_ORDER_NOTE =
  'Repaired at produced_by.timespan.begin_of_the_begin: "1971-31-3" → "1971-03-31" (year-day-month, as --date-order ydm says; the original kept as the TimeSpan\'s Name) [date-order]';

describe('--date-order ydm: a source convention, asked for on each write', function () {
  this.timeout(120000);
  // What the commands print and answer is the subject here, not their process: one process runs them all.
  const runCommand = commandsInOneProcess();
  const runCli = (args: string[]) => runCommand(args, process.env);

  describe('over HTTP', () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
    });
    after(async () => {
      await app.close();
    });
    const put = (name: string, query: string) =>
      fetch(`${app.origin}/collection/object/${name}${query}`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(jug(name)),
      });
    const bulk = (query: string) =>
      fetch(`${app.origin}/_bulk?format=ndjson${query}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(jug('bulk')) + '\n',
      });

    it('PUT with repairs but no date order: 1971-31-3 is refused, with the rule it always had', async () => {
      const response = await put('default', '?repair=all');
      expect(response.status).to.equal(422);
      const problem = (await response.json()) as { errors: string[] };
      expect(problem.errors.join('\n')).to.match(
        /Violation at produced_by\.timespan\.begin_of_the_begin: .*\(value: "1971-31-3"\) \[TimeSpanBeginOfTheBegin\]/,
      );
    });

    it('PUT ?repair=all&dateOrder=ydm: stored, the date read as 31 March, noted, and served with the date as written kept', async () => {
      const response = await put('ydm', '?repair=all&dateOrder=ydm');
      expect(response.status).to.equal(201);
      expect(((await response.json()) as { repairs: string[] }).repairs).to.include(DATE_ORDER_NOTE);
      const served = (await (await fetch(`${app.origin}/collection/object/ydm`)).json()) as {
        produced_by: { timespan: unknown };
      };
      expect(served.produced_by.timespan).to.deep.equal(REPAIRED_SPAN);
    });

    it('PUT ?dateOrder=ydm without opting in to repairs: 422, and the answer lists the date-order repair as one that would apply', async () => {
      const response = await put('not-opted-in', '?dateOrder=ydm');
      expect(response.status).to.equal(422);
      const problem = (await response.json()) as { repairable: string[]; detail: string };
      expect(problem.repairable).to.include(DATE_ORDER_NOTE);
      expect(problem.detail).to.contain('?repair=all');
    });

    it('PUT ?dateOrder=dmy: 400 naming the orders there are', async () => {
      const response = await put('bad-order', '?repair=all&dateOrder=dmy');
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { detail: string }).detail).to.contain('?dateOrder= "dmy": one of ymd, ydm');
    });

    it('bulk: refused by default, loaded with ?dateOrder=ydm (the repair counted), 400 with ?repair=none or an unknown order', async () => {
      const plain = (await (await bulk('&dryRun=true')).json()) as LoadReport;
      expect({ created: plain.created, rejected: plain.rejected }).to.deep.equal({ created: 0, rejected: 1 });
      expect(plain.rejections[0].messages.join('\n')).to.match(/\[TimeSpanBeginOfTheBegin\]/);
      const ydm = (await (await bulk('&dryRun=true&dateOrder=ydm')).json()) as LoadReport;
      expect({ created: ydm.created, rejected: ydm.rejected, dateOrder: ydm.repairs['date-order'] }).to.deep.equal({
        created: 1,
        rejected: 0,
        dateOrder: 1,
      });
      const none = await bulk('&dateOrder=ydm&repair=none');
      expect(none.status).to.equal(400);
      expect(((await none.json()) as { detail: string }).detail).to.contain('?repair=none');
      const unknown = await bulk('&dateOrder=mdy');
      expect(unknown.status).to.equal(400);
      expect(((await unknown.json()) as { detail: string }).detail).to.contain('one of ymd, ydm');
    });

    it('load --server --date-order ydm: the order goes to the bulk endpoint with the dump', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'linkedart-date-order-'));
      try {
        const file = join(dir, 'ydm.ndjson');
        writeFileSync(file, JSON.stringify(jug('via-server')) + '\n');
        const run = await runCli([
          'load',
          '--server',
          app.origin + '/',
          '--token',
          TOKEN,
          '--dry-run',
          '--json',
          '--no-progress',
          '--date-order',
          'ydm',
          file,
        ]);
        expect(run.status, run.stderr).to.equal(0);
        const report = JSON.parse(run.stdout) as LoadReport;
        expect({ created: report.created, dateOrder: report.repairs['date-order'] }).to.deep.equal({
          created: 1,
          dateOrder: 1,
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('on the command line', () => {
    let dir: string;
    let file: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'linkedart-date-order-'));
      file = join(dir, 'ydm.json');
      writeFileSync(file, JSON.stringify(jug('cli')));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('load --dry-run: refused by default, loaded with --date-order ydm and the repair counted', async () => {
      const plain = await runCli(['load', '--dry-run', '--json', '--no-progress', file]);
      expect(plain.status).to.equal(1);
      expect((JSON.parse(plain.stdout) as LoadReport).rejected).to.equal(1);
      const ydm = await runCli(['load', '--dry-run', '--json', '--no-progress', '--date-order', 'ydm', file]);
      expect(ydm.status, ydm.stderr).to.equal(0);
      const report = JSON.parse(ydm.stdout) as LoadReport;
      expect({ created: report.created, dateOrder: report.repairs['date-order'] }).to.deep.equal({
        created: 1,
        dateOrder: 1,
      });
    });

    it('load and validate refuse an unknown order, or ydm with --repair none, before reading anything (exit 2)', async () => {
      const unknown = await runCli(['load', '--dry-run', '--date-order', 'dmy', file]);
      expect({ status: unknown.status, stderr: unknown.stderr.trim() }).to.deep.equal({
        status: 2,
        stderr:
          'linkedart load: --date-order "dmy": one of ymd, ydm (ymd: ISO 8601 year-month-day, the default; ydm: year-day-month, for a source known to write it)',
      });
      const none = await runCli(['validate', '--date-order', 'ydm', '--repair', 'none', file]);
      expect({ status: none.status, stderr: none.stderr.trim() }).to.deep.equal({
        status: 2,
        stderr: 'linkedart validate: --date-order ydm is read by a repair: it cannot go with --repair none',
      });
    });

    it('validate --date-order ydm: valid, the repair listed', async () => {
      const run = await runCli(['validate', '--date-order', 'ydm', file]);
      expect(run.status, run.stdout).to.equal(0);
      expect(run.stdout).to.contain(DATE_ORDER_NOTE);
    });
  });
});
