/**
 * The start-up indexes kept beside the store (src/keptIndexes/): a restart that reads them answers
 * exactly as one that built them from the quads — name search, the documents with their `_links`
 * counts — after a plain restart, after another process wrote past them (the log's tail), after a
 * SPARQL Update and a kill -9 (nothing kept at close), and a torn or missing file is built again.
 * A load keeps them too (told every document it writes), so the first start after it reads them.
 * Through real server processes, as an operator meets them.
 */
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';
import { loadWhole } from './support/loadCommand.js';

const TOKEN = 'curator-token-for-kept-indexes';
const BASE = 'http://localhost:8080/';
const KEPT = 'start-indexes.ndjson';
const QUERIES = ['harbour', 'whitby', 'edith marrow', 'harb', 'marow', 'pike hallam', 'gold', 'renamed'];
const CONTEXT = 'https://linked.art/ns/v1/linked-art.json';

/** What a reader sees of the indexes: each query's results (as JSON and a page), and every document with its `_links`. */
async function answers(server: ServerProcess, ids: readonly string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const q of QUERIES) {
    const r = await fetch(`${server.url}/search?q=${encodeURIComponent(q)}`, {
      headers: { accept: 'application/json' },
    });
    out.push([q, r.status, await r.json()]);
  }
  // The page for people too: its rows carry the thumbnails (kept with the indexes).
  const page = await fetch(`${server.url}/search?q=harbour`, { headers: { accept: 'text/html' } });
  out.push(['html', page.status, await page.text()]);
  for (const id of ids) {
    const r = await fetch(server.url + new URL(id).pathname, { headers: { accept: 'application/ld+json' } });
    out.push([id, r.status, await r.text()]);
  }
  return out;
}

/** Until the server has written its kept indexes (a line on standard error), polled. */
async function untilKept(server: ServerProcess): Promise<void> {
  while (!/start-up indexes kept at log position \d+/.test(server.stderr()))
    await new Promise((resolve) => setTimeout(resolve, 20));
}

/** `linkedart load` of `input` into `dir`, which must store everything; its standard error. */
const load = (dir: string, input: string): string => loadWhole(dir, input, BASE);

describe('the start-up indexes kept beside the store: a restart reads them and answers as one that rebuilt them', function () {
  this.timeout(300000);
  let dataDir: string;
  let ids: string[];
  const args = (dir = dataDir) => ['--data-dir', dir, '--token', TOKEN, '--base-url', BASE];

  /** Starts on the kept file, checks its line, then again with the file removed: both answer the same. */
  async function restartBothWays(keptLine: RegExp, dir = dataDir): Promise<void> {
    const kept = await startServer(args(dir));
    let fromKept: unknown[];
    try {
      expect(kept.stderr()).to.match(keptLine);
      fromKept = await answers(kept, ids);
    } finally {
      await kept.stop();
    }
    rmSync(join(dir, KEPT), { force: true });
    const rebuilt = await startServer(args(dir));
    try {
      expect(rebuilt.stderr()).to.match(/start-up indexes: built from the store \(none kept\)/);
      expect(await answers(rebuilt, ids)).to.deep.equal(fromKept);
      await untilKept(rebuilt);
    } finally {
      await rebuilt.stop();
    }
  }

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-kept-indexes-'));
    const demo = join(PROJECT_ROOT, 'data/demo');
    ids = readdirSync(demo).map((f) => (JSON.parse(readFileSync(join(demo, f), 'utf8')) as { id: string }).id);
    ids.push(`${BASE}object/new-sketch`);
    const first = await startServer(['--demo', ...args()]);
    try {
      await untilKept(first);
    } finally {
      await first.stop();
    }
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a plain restart reads them at the store position', async () => {
    await restartBothWays(/start-up indexes: read as kept at log position \d+\n/);
  });

  it('documents another process loaded since are told to them (the log past their position)', async () => {
    const whitby = JSON.parse(readFileSync(join(PROJECT_ROOT, 'data/demo/place-whitby.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const sketch = {
      '@context': CONTEXT,
      id: `${BASE}object/new-sketch`,
      type: 'HumanMadeObject',
      _label: 'Harbour sketch',
      produced_by: { type: 'Production', carried_out_by: [{ id: `${BASE}person/edith-marrow`, type: 'Person' }] },
      current_location: { id: `${BASE}place/whitby`, type: 'Place' },
    };
    const file = join(dataDir, '..', `kept-indexes-load-${process.pid}.ndjson`);
    writeFileSync(file, [JSON.stringify({ ...whitby, _label: 'Whitby renamed' }), JSON.stringify(sketch)].join('\n'));
    try {
      // The load read them at the last start's position, told them what it wrote, and kept them at its own.
      expect(load(dataDir, file)).to.match(/start-up indexes kept at log position \d+/);
    } finally {
      rmSync(file, { force: true });
    }
    await restartBothWays(/start-up indexes: read as kept at log position \d+\n/);
  });

  it('a load into a new data directory keeps them: the first start reads them', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'linkedart-kept-indexes-load-'));
    try {
      expect(load(fresh, join(PROJECT_ROOT, 'data/demo'))).to.match(/start-up indexes kept at log position 1\n/);
      await restartBothWays(/start-up indexes: read as kept at log position 1\n/, fresh);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('a SPARQL Update, then kill -9 (nothing kept at close): the update is told to them at the next start', async () => {
    // Kept at the store's position already (the last start kept them): the update is past them.
    const server = await startServer(args());
    try {
      const update = `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        DELETE { GRAPH ?g { ?g rdfs:label ?l } } INSERT { GRAPH ?g { ?g rdfs:label "Edith renamed" } }
        WHERE { GRAPH ?g { ?g rdfs:label ?l } FILTER(?g = <${BASE}person/edith-marrow>) }`;
      const updated = await fetch(`${server.url}/sparql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/sparql-update', Authorization: `Bearer ${TOKEN}` },
        body: update,
      });
      expect(updated.status, await updated.text()).to.equal(200);
    } finally {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await exited;
    }
    await restartBothWays(/start-up indexes: read as kept at log position \d+, with the \d+ graphs written after it/);
  });

  for (const [what, damage, line] of [
    ['torn', (path: string) => truncateSync(path, 100), /built from the store \(torn/],
    ['missing', (path: string) => rmSync(path), /built from the store \(none kept\)/],
    [
      'foreign',
      (path: string) => writeFileSync(path, '{"kept":"v0","seq":1}\n{"end":{}}\n'),
      /not a file of this version/,
    ],
  ] as const) {
    it(`a ${what} file is built again from the quads`, async () => {
      damage(join(dataDir, KEPT));
      await restartBothWays(line);
    });
  }

  // The store's open is given the position of the file's first line before the rest is read (issue 35):
  // a file found damaged after it must still be written again, though its first line names the store's position.
  it('a file damaged past its first line is kept anew by the start that built them again', async () => {
    const path = join(dataDir, KEPT);
    const bytes = readFileSync(path);
    const at = bytes.indexOf(10) + 5;
    bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
    writeFileSync(path, bytes);
    const server = await startServer(args());
    try {
      expect(server.stderr()).to.match(/built from the store \(torn \(checksum\)\)/);
      const deadline = Date.now() + 60_000;
      while (!/start-up indexes kept at log position \d+/.test(server.stderr()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.stderr()).to.match(/start-up indexes kept at log position \d+/);
    } finally {
      await server.stop();
    }
    await restartBothWays(/start-up indexes: read as kept at log position \d+$/m);
  });
});
