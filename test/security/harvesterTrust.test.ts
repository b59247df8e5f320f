/**
 * Issue 28, item 5: the harvester trusts nothing it fetches. Each attack is a publisher served
 * from this process (on 127.0.0.1, allowed explicitly with --allow-origin, as an operator would),
 * harvested by the CLI in a child process, and checked as the operator would: the exit code,
 * what the report names, what the store still holds, what the other servers were asked.
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HarvestReport } from '../../src/harvest/HarvestReport.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { openTestStore, REMOTE_STORE_URL, STORE_KIND, testStoreArgs } from '../support/testStore.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const V1 = 'https://linked.art/ns/v1/linked-art.json';
/** A run that outlives this is killed (the attack went on): the test then fails on its exit code. */
const KILL_AFTER_MS = 60000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A publisher on 127.0.0.1: a route per path, and every path asked for. */
class Publisher {
  server!: Server;
  origin = '';
  routes = new Map<string, Handler>();
  asked: string[] = [];

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      this.asked.push(path);
      const route =
        this.routes.get(path) ??
        [...this.routes].find(([p]) => p.endsWith('*') && path.startsWith(p.slice(0, -1)))?.[1];
      if (route) route(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  url = (path: string) => `${this.origin}${path}`;
  feed = () => this.url('/activity-stream');

  json(path: string, body: unknown): this {
    this.routes.set(path, (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/ld+json' }).end(JSON.stringify(body)),
    );
    return this;
  }

  document(path: string, label = path): this {
    return this.json(path, { '@context': V1, id: this.url(path), type: 'HumanMadeObject', _label: label });
  }

  /** A one-page feed of these activities ([type, object id]). */
  onePageFeed(activities: Array<[string, string]>): this {
    this.json('/activity-stream', {
      type: 'OrderedCollection',
      id: this.feed(),
      totalItems: activities.length,
      last: { id: this.url('/page/1') },
    });
    this.json('/page/1', {
      type: 'OrderedCollectionPage',
      id: this.url('/page/1'),
      orderedItems: activities.map(([type, object], i) => activity(this.url(`/activity/${i}`), type, object, i)),
    });
    return this;
  }
}

function activity(id: string, type: string, object: string, minute: number): Record<string, unknown> {
  return {
    id,
    type,
    object: { id: object, type: 'HumanMadeObject' },
    endTime: new Date(Date.UTC(2026, 10, 25, 7, minute % 60, Math.floor(minute / 60) % 60)).toISOString(),
  };
}

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function harvest(args: string[], onStart?: (child: ChildProcess) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      CLI,
      'harvest',
      '--no-progress',
      '--retries',
      '1',
      '--timeout',
      '5',
      ...args,
    ]);
    let stdout = '',
      stderr = '';
    const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(killer);
      resolve({ status, signal, stdout, stderr });
    });
    onStart?.(child);
  });
}

const reportOf = (run: Run): HarvestReport => {
  expect(run.stdout, run.stderr).to.not.equal('');
  return JSON.parse(run.stdout) as HarvestReport;
};

/**
 * A case whose outcome the store plays no part in (what is fetched, refused, reported; nothing
 * written, or nothing read back from the store): in the embedded pass only. The remote pass
 * (harvesterTrust.remote.test.ts) runs the cases that read back what the store kept: the
 * documents stored, the feed each came from, the harvest state a rerun starts from.
 */
function whateverTheStore(title: string, fn: Mocha.AsyncFunc): void {
  if (!REMOTE_STORE_URL) it(title, fn);
}

describe(`the harvester trusts nothing it fetches (issue 28; ${STORE_KIND})`, function () {
  this.timeout(180000);
  let dataDir: string;
  let storeArgs: string[];
  const publishers: Publisher[] = [];
  const publisher = async () => {
    const p = await new Publisher().start();
    publishers.push(p);
    return p;
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'harvest-trust-'));
    storeArgs = await testStoreArgs(dataDir);
  });
  afterEach(async () => {
    await Promise.all(publishers.splice(0).map((p) => p.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function held(ids: string[]): Promise<string[]> {
    const store = await openTestStore(dataDir);
    try {
      const documents = new DocumentService(store);
      const out: string[] = [];
      for (const id of ids) if (await documents.get(id)) out.push(id);
      return out;
    } finally {
      await store.close();
    }
  }

  describe('sizes', () => {
    it('a document that never ends is one failed item, named with the limit; the harvest goes on and stores the rest', async () => {
      const a = await publisher();
      a.onePageFeed([
        ['Create', a.url('/obj/1')],
        ['Create', a.url('/obj/endless')],
        ['Create', a.url('/obj/2')],
      ])
        .document('/obj/1')
        .document('/obj/2');
      let sent = 0;
      let closedEarly = false;
      a.routes.set('/obj/endless', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/ld+json' });
        res.write(`{"@context":"${V1}","id":"${a.url('/obj/endless')}","type":"HumanMadeObject","_label":"`);
        const chunk = 'x'.repeat(64 * 1024);
        const more = () => {
          while (!res.destroyed && res.write(chunk)) sent += chunk.length;
        };
        res.on('drain', more);
        res.on('close', () => {
          closedEarly = true;
        });
        more();
      });
      const run = await harvest([
        ...storeArgs,
        '--json',
        '--allow-origin',
        a.origin,
        '--max-document-bytes',
        '1MB',
        a.feed(),
      ]);
      expect(run.status, run.stderr).to.equal(1);
      const report = reportOf(run);
      expect(report.stopped).to.equal(undefined);
      expect(report.created).to.equal(2);
      const failure = report.failures.find((f) => f.id === a.url('/obj/endless'));
      expect(failure?.messages.join(' ')).to.contain('response larger than --max-document-bytes 1048576');
      expect(closedEarly).to.equal(true);
      expect(sent).to.be.below(64 * 1024 * 1024);
      expect(await held([a.url('/obj/1'), a.url('/obj/2'), a.url('/obj/endless')])).to.deep.equal([
        a.url('/obj/1'),
        a.url('/obj/2'),
      ]);
    });

    whateverTheStore(
      'a feed page larger than --max-page-bytes stops the harvest with the page and the limit named, no stack',
      async () => {
        const a = await publisher();
        a.json('/activity-stream', { type: 'OrderedCollection', id: a.feed(), last: { id: a.url('/page/1') } });
        a.routes.set('/page/1', (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) });
          res.end(' '.repeat(2 * 1024 * 1024));
        });
        const run = await harvest([...storeArgs, '--allow-origin', a.origin, '--max-page-bytes', '1MB', a.feed()]);
        expect(run.status).to.equal(1);
        expect(run.stderr).to.contain(`${a.url('/page/1')}: response larger than --max-page-bytes 1048576`);
        expect(run.stderr).to.not.match(/\n\s+at /);
      },
    );
  });

  describe('endless feeds', () => {
    /** A feed whose every page has a `prev`, older and older; `items(n)` says what page n holds. */
    function endless(p: Publisher, items: (n: number) => Array<[string, string]>): void {
      const top = 1_000_000_000;
      p.json('/activity-stream', { type: 'OrderedCollection', id: p.feed(), last: { id: p.url(`/page/${top}`) } });
      p.routes.set('/page/*', (req, res) => {
        const n = Number(/\/page\/(\d+)/.exec(req.url!)![1]);
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            type: 'OrderedCollectionPage',
            id: p.url(`/page/${n}`),
            prev: { id: p.url(`/page/${n - 1}`) },
            orderedItems: items(n).map(([type, object], i) =>
              activity(p.url(`/activity/${n}/${i}`), type, object, top - n),
            ),
          }),
        );
      });
    }

    whateverTheStore(
      'pages that bring nothing new: the walk stops after --max-pages-without-progress, saying so, nothing applied',
      async () => {
        const a = await publisher();
        endless(a, () => [['Update', a.url('/obj/1')]]);
        const run = await harvest([
          ...storeArgs,
          '--json',
          '--allow-origin',
          a.origin,
          '--max-pages-without-progress',
          '50',
          a.feed(),
        ]);
        expect(run.status, run.stderr).to.equal(1);
        const report = reportOf(run);
        expect(report.stopped).to.match(
          /51 pages in a row named no document not met already.*--max-pages-without-progress 50/,
        );
        expect(a.asked.filter((p) => p.startsWith('/page/')).length).to.equal(52);
        expect(a.asked).to.not.include('/obj/1');
      },
    );

    whateverTheStore(
      'pages that each name new documents: the walk stops at --max-changes, before anything is applied',
      async () => {
        const a = await publisher();
        endless(a, (n) => Array.from({ length: 10 }, (_, i): [string, string] => ['Create', a.url(`/obj/${n}-${i}`)]));
        const run = await harvest([
          ...storeArgs,
          '--json',
          '--allow-origin',
          a.origin,
          '--max-changes',
          '500',
          a.feed(),
        ]);
        expect(run.status, run.stderr).to.equal(1);
        const report = reportOf(run);
        expect(report.stopped).to.match(/more than 500 documents to change.*--max-changes/);
        expect(report.created).to.equal(0);
        expect(a.asked.filter((p) => p.startsWith('/page/')).length).to.be.at.most(52);
      },
    );

    for (const [signal, code] of [
      ['SIGTERM', 143],
      ['SIGINT', 130],
    ] as const) {
      whateverTheStore(
        `the first ${signal} while the feed is read stops at once, exit ${code}, saying where a rerun resumes`,
        async () => {
          const a = await publisher();
          endless(a, () => [['Update', a.url('/obj/1')]]);
          let child: ChildProcess | undefined;
          let signalled = false;
          const pageRoute = a.routes.get('/page/*')!;
          a.routes.set('/page/*', (req, res) => {
            if (!signalled && a.asked.length > 20) {
              signalled = true;
              child!.kill(signal);
            }
            pageRoute(req, res);
          });
          const run = await harvest(
            [...storeArgs, '--allow-origin', a.origin, '--max-pages-without-progress', '1000000000', a.feed()],
            (c) => {
              child = c;
            },
          );
          expect(run.status, run.stderr).to.equal(code);
          expect(run.stderr).to.match(
            /interrupted while reading the feed.*nothing was applied.*the next run starts from the beginning of the feed/s,
          );
        },
      );
    }

    it('the first SIGTERM while a document hangs: the fetch is abandoned, the batches written are kept, exit 143; the rerun goes on from there', async () => {
      const a = await publisher();
      a.onePageFeed([
        ['Create', a.url('/obj/1')],
        ['Create', a.url('/obj/hangs')],
        ['Create', a.url('/obj/3')],
      ])
        .document('/obj/1')
        .document('/obj/3');
      let child: ChildProcess | undefined;
      let hanging: ServerResponse | undefined;
      a.routes.set('/obj/hangs', (_req, res) => {
        hanging = res;
        child!.kill('SIGTERM');
      });
      const run = await harvest(
        [
          ...storeArgs,
          '--allow-origin',
          a.origin,
          '--batch-size',
          '1',
          '--concurrency',
          '1',
          '--timeout',
          '600',
          a.feed(),
        ],
        (c) => {
          child = c;
        },
      );
      expect(run.status, run.stderr).to.equal(143);
      expect(run.stderr).to.contain(`the next run resumes after ${a.url('/activity/0')}`);
      expect(await held([a.url('/obj/1'), a.url('/obj/3')])).to.deep.equal([a.url('/obj/1')]);
      hanging?.destroy();
      a.document('/obj/hangs');
      a.asked = [];
      const rerun = await harvest([...storeArgs, '--json', '--allow-origin', a.origin, a.feed()]);
      expect(rerun.status, rerun.stderr).to.equal(0);
      expect(reportOf(rerun)).to.deep.include({ created: 2 });
      expect(a.asked).to.not.include('/obj/1');
    });
  });

  describe('whose documents', () => {
    it('a feed on another origin cannot delete what feed A gave, not even when that origin is allowed: refused and reported', async () => {
      const a = await publisher();
      const b = await publisher();
      a.onePageFeed([
        ['Create', a.url('/obj/1')],
        ['Create', a.url('/obj/2')],
        ['Create', a.url('/obj/3')],
      ])
        .document('/obj/1')
        .document('/obj/2')
        .document('/obj/3');
      b.onePageFeed([
        ['Delete', a.url('/obj/1')],
        ['Remove', a.url('/obj/2')],
        ['Update', a.url('/obj/3')],
        ['Create', b.url('/obj/b')],
      ]).document('/obj/b');
      const first = await harvest([...storeArgs, '--json', '--allow-origin', a.origin, a.feed()]);
      expect(reportOf(first)).to.deep.include({ created: 3 });
      const byDefault = await harvest([...storeArgs, '--json', '--allow-origin', b.origin, b.feed()]);
      const refused = reportOf(byDefault);
      expect(byDefault.status).to.equal(1);
      expect(refused).to.deep.include({ deleted: 0, created: 1, refused: 3 });
      expect(refused.failures.find((f) => f.id === a.url('/obj/1'))?.messages.join(' ')).to.contain(
        `not under the feed's origin ${b.origin}`,
      );
      const allowed = await harvest([
        ...storeArgs,
        '--json',
        '--allow-origin',
        b.origin,
        '--allow-origin',
        a.origin,
        '--since',
        '2026-01-01T00:00:00Z',
        b.feed(),
      ]);
      const still = reportOf(allowed);
      expect(still).to.deep.include({ deleted: 0, refused: 3 });
      expect(still.failures.find((f) => f.id === a.url('/obj/1'))?.messages.join(' ')).to.contain(
        `harvested from another feed, ${a.feed()}`,
      );
      expect(await held([a.url('/obj/1'), a.url('/obj/2'), a.url('/obj/3'), b.url('/obj/b')])).to.have.length(4);
      expect(b.asked).to.not.include('/obj/3');
    });

    whateverTheStore(
      'a feed entry naming another local service or the link-local metadata address is not fetched, and is reported',
      async () => {
        const a = await publisher();
        const other = await publisher();
        other.document('/secret');
        a.onePageFeed([
          ['Create', other.url('/secret')],
          ['Create', 'http://169.254.169.254/latest/meta-data/'],
          ['Create', 'file:///etc/passwd'],
          ['Create', a.url('/obj/1')],
        ]).document('/obj/1');
        const run = await harvest([...storeArgs, '--json', '--allow-origin', a.origin, a.feed()]);
        const report = reportOf(run);
        expect(run.status).to.equal(1);
        expect(report).to.deep.include({ created: 1, refused: 3 });
        expect(other.asked).to.deep.equal([]);
        expect(report.failures.map((f) => f.id).sort()).to.deep.equal(
          [other.url('/secret'), 'file:///etc/passwd', 'http://169.254.169.254/latest/meta-data/'].sort(),
        );
      },
    );

    whateverTheStore(
      'a feed whose host name resolves to a loopback address is refused unless allowed explicitly',
      async () => {
        const a = await publisher();
        // The feed and its ids named by a host name, as a publisher names them.
        a.origin = a.origin.replace('127.0.0.1', 'localhost');
        a.onePageFeed([['Create', a.url('/obj/1')]]).document('/obj/1');
        const feed = a.feed();
        const run = await harvest([...storeArgs, feed]);
        expect(run.status).to.equal(1);
        expect(run.stderr).to.match(
          /localhost resolves to (127\.0\.0\.1|::1), a loopback address: refused.*--allow-private-addresses/,
        );
        expect(a.asked).to.deep.equal([]);
        const allowed = await harvest([...storeArgs, '--allow-private-addresses', feed]);
        expect(allowed.status, allowed.stderr).to.equal(0);
      },
    );

    whateverTheStore(
      'a document redirecting to the metadata address is refused on that hop: one failed item',
      async () => {
        const a = await publisher();
        a.onePageFeed([
          ['Create', a.url('/obj/1')],
          ['Create', a.url('/obj/2')],
        ]).document('/obj/2');
        a.routes.set('/obj/1', (_req, res) =>
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
        );
        const run = await harvest([...storeArgs, '--json', '--allow-origin', a.origin, a.feed()]);
        const report = reportOf(run);
        expect(report.stopped).to.equal(undefined);
        expect(report.created).to.equal(1);
        expect(report.failures.find((f) => f.id === a.url('/obj/1'))?.messages.join(' ')).to.match(
          /169\.254\.169\.254.*link-local.*refused/,
        );
      },
    );
  });

  describe('redirects', () => {
    it('a redirect loop and a redirect to file: are each one failed item; the rerun does not stop before them', async () => {
      const a = await publisher();
      a.onePageFeed([
        ['Create', a.url('/obj/loop')],
        ['Create', a.url('/obj/file')],
        ['Create', a.url('/obj/3')],
      ]).document('/obj/3');
      a.routes.set('/obj/loop', (_req, res) => res.writeHead(302, { location: a.url('/obj/loop') }).end());
      a.routes.set('/obj/file', (_req, res) => res.writeHead(301, { location: 'file:///etc/passwd' }).end());
      const run = await harvest([...storeArgs, '--json', '--allow-origin', a.origin, a.feed()]);
      expect(run.status, run.stderr).to.equal(1);
      const report = reportOf(run);
      expect(report.stopped).to.equal(undefined);
      expect(report.created).to.equal(1);
      expect(report.failures.find((f) => f.id === a.url('/obj/loop'))?.messages.join(' ')).to.contain(
        'more than 20 redirects',
      );
      expect(report.failures.find((f) => f.id === a.url('/obj/file'))?.messages.join(' ')).to.contain(
        'redirected to file:///etc/passwd',
      );
      const rerun = await harvest([...storeArgs, '--json', '--allow-origin', a.origin, a.feed()]);
      expect(rerun.status, rerun.stderr).to.equal(0);
      expect(reportOf(rerun)).to.deep.include({ activities: 0, changes: 0 });
    });
  });
});
