/**
 * Issue 28, items 3 and 4: the limits on one document at every entry point. A document nested
 * 100,000 deep, an array of 200,000 items, a document larger than the size limit: each costs
 * that one document (413/422 at PUT, one refusal naming it in the report of /_bulk, `linkedart
 * load` and `harvest`), never the run, and the documents beside it are stored. A document at
 * the largest real record we know (465 items in one array, 716 KB) passes.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HarvestReport } from '../../src/harvest/HarvestReport.js';
import type { LoadReport } from '../../src/load/LoadReport.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { startTestApp, type TestApp } from '../integration/support/testApp.js';
import { CORPUS_DIR, PROJECT_ROOT } from '../support/corpus.js';
import { runCli as cli } from '../support/cliProcess.js';
import { openTestStore, STORE_KIND, testStoreArgs } from '../support/testStore.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const DEEP = 100_000;

const painting = (id: string, label: string) => ({ '@context': V1, id, type: 'HumanMadeObject', _label: label });

/** A document whose `referred_to_by` nests `depth` objects deep, as text (JSON.stringify itself would overflow on it). */
function deepDocumentText(id: string, depth = DEEP, type = 'HumanMadeObject'): string {
  return (
    `{"@context":"${V1}","id":"${id}","type":"${type}","_label":"deep","referred_to_by":` +
    '{"part":'.repeat(depth) +
    '{}' +
    '}'.repeat(depth) +
    '}'
  );
}

/** The largest real record we know: 465 items in one array, 716 KB. */
function realMaxDocument(id: string): Record<string, unknown> {
  const names = Array.from({ length: 465 }, (_, i) => ({ type: 'Name', content: `Name ${i} ` + 'x'.repeat(1530) }));
  const doc = { ...painting(id, 'The largest real record'), identified_by: names };
  expect(JSON.stringify(doc).length).to.be.within(700 * 1024, 720 * 1024);
  return doc;
}

describe(`Limits on one document at every entry point (${STORE_KIND})`, function () {
  this.timeout(120000);

  describe('PUT', () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp([], { baseUrl: BASE, token: TOKEN });
    });
    after(async () => {
      await app.close();
    });
    const put = (path: string, body: string) =>
      fetch(app.origin + path, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
        body,
      });
    const problemOf = async (response: Response) => {
      expect(response.headers.get('content-type')).to.equal('application/problem+json');
      return (await response.json()) as {
        detail: string;
        rule: string;
        limit: number;
        found: number;
        path: string;
        errors: string[];
      };
    };

    it('a document nested 100,000 deep: 422 naming the depth limit and where, nothing stored, the service still answers', async () => {
      const response = await put('/collection/object/deep', deepDocumentText(BASE + 'object/deep'));
      expect(response.status).to.equal(422);
      const problem = await problemOf(response);
      expect(problem).to.include({ rule: 'nested-too-deep', limit: 64 });
      expect(problem.detail)
        .to.contain(BASE + 'object/deep')
        .and.to.contain('--max-depth')
        .and.to.contain('64');
      expect(problem.path).to.match(/^referred_to_by\.part\.part/);
      expect(problem.errors[0]).to.contain('[nested-too-deep]');
      expect((await fetch(app.origin + '/collection/object/deep')).status).to.equal(404);
      const fine = await put('/collection/object/fine', JSON.stringify(painting(BASE + 'object/fine', 'Fine')));
      expect(fine.status).to.equal(201);
    });

    it('an array of 200,000 items: 422 naming the array, its items and the limit', async () => {
      const doc = {
        ...painting(BASE + 'object/long', 'Long'),
        identified_by: Array.from({ length: 200_000 }, () => ({ type: 'Name', content: 'n' })),
      };
      const response = await put('/collection/object/long', JSON.stringify(doc));
      expect(response.status).to.equal(422);
      const problem = await problemOf(response);
      expect(problem).to.include({ rule: 'array-too-long', limit: 10000, found: 200000, path: 'identified_by' });
      expect(problem.detail).to.contain('--max-array-items');
      expect((await fetch(app.origin + '/collection/object/long')).status).to.equal(404);
    });

    it('a document larger than the size limit (9 MB against 8 MB): 413 naming the size and the limit', async () => {
      const doc = { ...painting(BASE + 'object/large', 'x'.repeat(9 * 1024 * 1024)) };
      const response = await put('/collection/object/large', JSON.stringify(doc));
      expect(response.status).to.equal(413);
      const problem = await problemOf(response);
      expect(problem).to.include({ rule: 'document-too-large', limit: 8 * 1024 * 1024 });
      expect(problem.detail).to.contain('--max-document-kb');
      expect((await fetch(app.origin + '/collection/object/large')).status).to.equal(404);
    });

    it('a document at the largest real record (465 items in one array, 716 KB) is stored', async () => {
      const response = await put(
        '/collection/object/real-max',
        JSON.stringify(realMaxDocument(BASE + 'object/real-max')),
      );
      expect(response.status, await response.clone().text()).to.equal(201);
      const served = (await (await fetch(app.origin + '/collection/object/real-max')).json()) as {
        identified_by: unknown[];
      };
      expect(served.identified_by).to.have.length(465);
    });
  });

  describe('/_bulk', () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp([], { baseUrl: BASE, token: TOKEN });
    });
    after(async () => {
      await app.close();
    });

    it('a body holding a document nested 100,000 deep between two valid ones: that one refused, naming it; the two stored', async () => {
      const body = [
        JSON.stringify(painting(BASE + 'object/before', 'Before')),
        deepDocumentText(BASE + 'object/deep'),
        JSON.stringify(painting(BASE + 'object/after', 'After')),
      ].join('\n');
      const response = await fetch(app.origin + '/_bulk?format=ndjson', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': 'application/x-ndjson',
          Accept: 'application/json',
        },
        body,
      });
      expect(response.status, await response.clone().text()).to.equal(200);
      const report = (await response.json()) as LoadReport;
      expect(report).to.include({ created: 2, rejected: 1 });
      expect(report.rejections).to.have.length(1);
      expect(report.rejections[0]).to.include({ id: BASE + 'object/deep', location: 'line 2 (record 2)' });
      expect(report.rejections[0].messages.join('\n')).to.contain('[nested-too-deep]').and.to.contain('--max-depth');
      for (const path of ['before', 'after'])
        expect((await fetch(`${app.origin}/collection/object/${path}`)).status).to.equal(200);
      expect((await fetch(app.origin + '/collection/object/deep')).status).to.equal(404);
    });
  });

  describe('linkedart load', () => {
    let dir: string;
    let storeArgs: string[];
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'limits-load-'));
      storeArgs = await testStoreArgs(join(dir, 'data'));
    });
    after(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it('a dump holding a document nested 100,000 deep: the others loaded, a rejects entry naming it; a rerun does not fail', async () => {
      const dump = join(dir, 'dump.ndjson');
      const rejects = join(dir, 'rejects.ndjson');
      const long = {
        ...painting(BASE + 'object/long', 'Long'),
        identified_by: Array.from({ length: 200_000 }, () => ({ type: 'Name', content: 'n' })),
      };
      writeFileSync(
        dump,
        [
          JSON.stringify(painting(BASE + 'object/one', 'One')),
          deepDocumentText(BASE + 'object/deep'),
          JSON.stringify(long),
          JSON.stringify(painting(BASE + 'object/two', 'Two')),
        ].join('\n') + '\n',
      );
      const run = await cli(['load', '--no-progress', '--json', '--rejects', rejects, ...storeArgs, dump]);
      expect(run.status, run.stderr).to.equal(1); // something was refused
      const report = JSON.parse(run.stdout) as LoadReport;
      expect(report).to.include({ created: 2, rejected: 2 });
      expect(report.rejections.map((r) => [r.id, r.location])).to.deep.equal([
        [BASE + 'object/deep', 'line 2 (record 2)'],
        [BASE + 'object/long', 'line 3 (record 3)'],
      ]);
      expect(report.rejections[0].messages.join('\n')).to.contain('[nested-too-deep]');
      expect(report.rejections[1].messages.join('\n')).to.contain('[array-too-long]').and.to.contain('200000');
      // The rejects file keeps each as given, and reads back as the same refusals.
      const lines = readFileSync(rejects, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; text: string });
      expect(lines.map((l) => l.id)).to.deep.equal([BASE + 'object/deep', BASE + 'object/long']);
      expect(lines[0].text).to.equal(deepDocumentText(BASE + 'object/deep'));
      const again = await cli(['load', '--no-progress', '--json', ...storeArgs, dump]);
      expect(again.status, again.stderr).to.equal(1);
      expect(JSON.parse(again.stdout) as LoadReport).to.include({ unchanged: 2, rejected: 2 });
      const fromRejects = await cli(['load', '--no-progress', '--json', ...storeArgs, rejects]);
      expect(fromRejects.status, fromRejects.stderr).to.equal(1);
      expect((JSON.parse(fromRejects.stdout) as LoadReport).rejections.map((r) => r.id)).to.deep.equal([
        BASE + 'object/deep',
        BASE + 'object/long',
      ]);
      const store = await openTestStore(join(dir, 'data'));
      try {
        const documents = new DocumentService(store);
        expect(await documents.get(BASE + 'object/one')).to.not.equal(undefined);
        expect(await documents.get(BASE + 'object/two')).to.not.equal(undefined);
        expect(await documents.get(BASE + 'object/deep')).to.equal(undefined);
      } finally {
        await store.close();
      }
    });

    it('--max-document-kb: a document past it is refused naming the size and the limit, the others loaded', async () => {
      const dump = join(dir, 'sized.ndjson');
      writeFileSync(
        dump,
        [
          JSON.stringify(painting(BASE + 'object/small', 'Small')),
          JSON.stringify(painting(BASE + 'object/big', 'x'.repeat(300 * 1024))),
        ].join('\n') + '\n',
      );
      const run = await cli(['load', '--no-progress', '--json', '--max-document-kb', '256', ...storeArgs, dump]);
      expect(run.status, run.stderr).to.equal(1);
      const report = JSON.parse(run.stdout) as LoadReport;
      expect(report).to.include({ created: 1, rejected: 1 });
      expect(report.rejections[0].location).to.equal('line 2 (record 2)');
      expect(report.rejections[0].messages.join('\n'))
        .to.contain('[document-too-large]')
        .and.to.contain('262144 bytes');
    });

    it('N-Quads: a graph nesting 100,000 blank nodes, and one rendering 2^30 nodes from 60 triples, each refused naming it; the others loaded', async () => {
      const dump = join(dir, 'graphs.nq');
      const type =
        '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.cidoc-crm.org/cidoc-crm/E22_Human-Made_Object>';
      const P46 = '<http://www.cidoc-crm.org/cidoc-crm/P46_is_composed_of>';
      const P45 = '<http://www.cidoc-crm.org/cidoc-crm/P45_consists_of>';
      const label = '<http://www.w3.org/2000/01/rdf-schema#label>';
      const lines: string[] = [];
      const graph = (name: string, depth: number, links: readonly string[]) => {
        const g = `<${BASE}object/${name}>`;
        lines.push(`${g} ${type} ${g} .`);
        for (let i = 0; i < depth; i++)
          for (const p of links) lines.push(`${i === 0 ? g : `_:${name}${i}`} ${p} _:${name}${i + 1} ${g} .`);
        lines.push(`_:${name}${depth} ${label} "end" ${g} .`);
      };
      graph('chain', 100_000, [P46]);
      graph('doubling', 30, [P46, P45]);
      lines.push(
        `<${BASE}object/plain> ${type} <${BASE}object/plain> .`,
        `<${BASE}object/plain> ${label} "Plain" <${BASE}object/plain> .`,
      );
      writeFileSync(dump, lines.join('\n') + '\n');
      const run = await cli(['load', '--no-progress', '--json', ...storeArgs, dump]);
      expect(run.status, run.stderr).to.equal(1);
      const report = JSON.parse(run.stdout) as LoadReport;
      expect(report).to.include({ created: 1, rejected: 2 });
      expect(report.rejections.map((r) => [r.id, r.messages.join('\n').match(/\[([\w-]+)\]/)?.[1]])).to.deep.equal([
        [BASE + 'object/chain', 'nested-too-deep'],
        [BASE + 'object/doubling', 'document-too-large'],
      ]);
    });

    it('a bad limit is a usage error naming the flag', async () => {
      const run = await cli(['load', '--no-progress', '--max-depth', '0', ...storeArgs, join(dir, 'sized.ndjson')]);
      expect(run.status).to.equal(2);
      expect(run.stderr).to.contain('--max-depth');
    });
  });

  describe('linkedart harvest', () => {
    const FIXTURE = `${PROJECT_ROOT}test/fixtures/lod-gateway/`;
    const NAMESPACE = '/museum/collection/';
    const documents = (
      JSON.parse(readFileSync(FIXTURE + 'documents.json', 'utf8')) as { documents: Record<string, string> }
    ).documents;
    const entity = (prefix: string) => Object.keys(documents).find((k) => k.startsWith(prefix))!;
    let server: Server;
    let origin = '';
    let dir: string;
    let storeArgs: string[];
    /** The feed's group is served nested 100,000 deep; every other document as the corpus has it, under the server's URL. */
    const deep = entity('group/');
    before(async () => {
      server = createServer((req, res) => {
        const path = new URL(req.url!, 'http://x').pathname;
        const page = new RegExp(`^${NAMESPACE}activity-stream(?:/page/(\\d+))?$`).exec(path);
        if (page) {
          const file = page[1] === undefined ? 'collection.json' : `page-${page[1]}.json`;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(readFileSync(FIXTURE + file, 'utf8').replaceAll('{{origin}}', origin));
          return;
        }
        const name = path.slice(NAMESPACE.length);
        const url = origin + path;
        if (name === deep) {
          res.writeHead(200, { 'content-type': 'application/ld+json' }).end(deepDocumentText(url, DEEP, 'Group'));
          return;
        }
        const source = documents[name];
        if (source === undefined) {
          res.writeHead(404).end();
          return;
        }
        const json = JSON.parse(readFileSync(CORPUS_DIR + source, 'utf8')) as Record<string, unknown>;
        res
          .writeHead(200, { 'content-type': 'application/ld+json' })
          .end(JSON.stringify(json).split(JSON.stringify(json['id'])).join(JSON.stringify(url)));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      dir = mkdtempSync(join(tmpdir(), 'limits-harvest-'));
      storeArgs = await testStoreArgs(dir);
    });
    after(() => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a fetched document nested 100,000 deep: refused naming it and the limit, the others stored; a rerun does not fail', async () => {
      const feed = `${origin}${NAMESPACE}activity-stream`;
      const run = await cli([
        'harvest',
        '--no-progress',
        '--retries',
        '1',
        '--json',
        '--allow-origin',
        origin,
        ...storeArgs,
        feed,
      ]);
      expect(run.status, run.stderr).to.equal(1); // refusals
      const report = JSON.parse(run.stdout) as HarvestReport;
      // The fixture's object and place stored; its concept refused by the gate, its group by the depth limit.
      expect(report).to.deep.include({ created: 2, rejected: 2 });
      const refusal = report.rejections.find((r) => r.id === `${origin}${NAMESPACE}${deep}`);
      expect(refusal, JSON.stringify(report.rejections)).to.not.equal(undefined);
      expect(refusal!.messages.join('\n')).to.contain('[nested-too-deep]').and.to.contain('--max-depth');
      const store = await openTestStore(dir);
      try {
        const stored = new DocumentService(store);
        expect(await stored.get(`${origin}${NAMESPACE}${entity('object/')}`)).to.not.equal(undefined);
        expect(await stored.get(`${origin}${NAMESPACE}${entity('place/')}`)).to.not.equal(undefined);
        expect(await stored.get(`${origin}${NAMESPACE}${deep}`)).to.equal(undefined);
      } finally {
        await store.close();
      }
      const again = await cli([
        'harvest',
        '--no-progress',
        '--retries',
        '1',
        '--json',
        '--allow-origin',
        origin,
        ...storeArgs,
        feed,
      ]);
      expect(again.status, again.stderr).to.equal(0);
      expect(JSON.parse(again.stdout) as HarvestReport).to.deep.include({ rejected: 0 });
    });
  });
});
