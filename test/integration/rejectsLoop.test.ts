/**
 * `linkedart load --rejects FILE` as a data team uses it: load, fix the documents in the
 * rejects file, load that file; only what was fixed gets in, and a fresh rejects file lists
 * what is still wrong. From JSON and from RDF; with check workers, --strict, --dry-run and
 * standard input.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writer } from 'n3';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import type { Problem } from '../../src/linkedart/Problem.js';
import { hintCommentLines } from '../../src/export/hintComments.js';
import { df, type Quad } from '../../src/rdf/terms.js';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { DEMO_DIR, readDocuments } from '../support/corpus.js';
import { openTestStore, STORE_KIND, testStoreArgs } from '../support/testStore.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const demo = readDocuments(DEMO_DIR)
  .slice(0, 4)
  .map((d) => d.json);
const BAD_NAME = {
  '@context': V1,
  id: 'http://localhost:8080/object/bad-name',
  type: 'HumanMadeObject',
  _label: 'Bowl',
  identified_by: [{ type: 'Name' }],
};
const BAD_TYPE = {
  '@context': V1,
  id: 'http://localhost:8080/object/bad-type',
  type: 'Production',
  _label: 'Not an entity',
};

interface RejectLine {
  source: string;
  location: string;
  id?: string;
  problems: Problem[];
  document?: unknown;
  nquads?: string;
}
const readRejects = (file: string): RejectLine[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l)
    .map((l) => JSON.parse(l) as RejectLine);
const ndjson = (docs: unknown[]): string => docs.map((d) => JSON.stringify(d)).join('\n') + '\n';

async function storedIds(dataDir: string): Promise<string[]> {
  const store = await openTestStore(dataDir);
  try {
    return (await store.listGraphs()).filter((g) => !g.startsWith('urn:')).sort();
  } finally {
    await store.close();
  }
}

describe(`linkedart load --rejects: the fix-and-reload loop (${STORE_KIND})`, function () {
  this.timeout(180000);
  // What a load prints and answers is the subject here, not its process: one process runs them.
  const runCommand = commandsInOneProcess();
  const load = (args: string[], input?: string) => runCommand(['load', '--no-progress', ...args], process.env, input);
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-rejects-'));
  });
  afterEach(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('load → fix the rejects file → load it: only what was fixed gets in; a fresh rejects file lists the rest', async () => {
    const dump = join(work, 'dump.ndjson');
    writeFileSync(dump, ndjson([demo[0], BAD_NAME, demo[1], BAD_TYPE]));
    const data = await testStoreArgs(join(work, 'data'));
    const first = await load([...data, '--rejects', join(work, 'r1.ndjson'), dump]);
    expect(first.status, first.stderr).to.equal(1);
    expect(first.stderr).to.contain(`rejects: 2 refused documents written to ${join(work, 'r1.ndjson')}`);
    const r1 = readRejects(join(work, 'r1.ndjson'));
    // Each refused document as given, its problems beside it, with where it was.
    expect(r1.map((r) => [r.source, r.location, r.id])).to.deep.equal([
      [dump, 'line 2 (record 2)', BAD_NAME.id],
      [dump, 'line 4 (record 4)', BAD_TYPE.id],
    ]);
    expect(r1.map((r) => r.document)).to.deep.equal([BAD_NAME, BAD_TYPE]);
    expect(r1[0].problems.find((p) => p.severity === 'Violation')).to.include({
      rule: 'NameContent',
      path: 'identified_by[0]',
      value: '{"type":"Name"}',
    });
    expect(r1[0].problems[0].hint).to.be.a('string');

    // The data team fixes the Name, not the type.
    const fixed = r1.map((r) =>
      r.id === BAD_NAME.id
        ? { ...r, document: { ...BAD_NAME, identified_by: [{ type: 'Name', content: 'Bowl' }] } }
        : r,
    );
    writeFileSync(join(work, 'r1.ndjson'), ndjson(fixed));
    const second = await load([...data, '--rejects', join(work, 'r2.ndjson'), join(work, 'r1.ndjson')]);
    expect(second.status, second.stderr).to.equal(1);
    expect(second.stderr).to.match(/loaded: 1 new, 0 replaced, 0 unchanged, 1 rejected/);
    const r2 = readRejects(join(work, 'r2.ndjson'));
    expect(r2.map((r) => [r.id, r.document])).to.deep.equal([[BAD_TYPE.id, BAD_TYPE]]);
    expect(await storedIds(join(work, 'data'))).to.deep.equal([demo[0]['id'], demo[1]['id'], BAD_NAME.id].sort());

    // All fixed: the rejects file of the last load is empty.
    writeFileSync(join(work, 'r2.ndjson'), ndjson([{ ...r2[0], document: { ...BAD_TYPE, type: 'HumanMadeObject' } }]));
    const third = await load([...data, '--rejects', join(work, 'r3.ndjson'), join(work, 'r2.ndjson')]);
    expect(third.status, third.stderr).to.equal(0);
    expect(readFileSync(join(work, 'r3.ndjson'), 'utf8')).to.equal('');
  });

  const modes: Array<{ name: string; args: string[]; stored: number }> = [
    {
      name: 'standard input, check workers, batches of 2',
      args: ['--check-workers', '2', '--batch-size', '2'],
      stored: 4,
    },
    { name: '--strict (nothing stored)', args: ['--strict'], stored: 0 },
    { name: '--dry-run (nothing stored)', args: ['--dry-run'], stored: 0 },
  ];
  for (const mode of modes) {
    it(`${mode.name}: every refused document in the rejects file, once`, async () => {
      const input = ndjson([demo[0], BAD_NAME, demo[1], demo[2], BAD_TYPE, demo[3]]);
      const result = await load(
        [
          ...(await testStoreArgs(join(work, 'data'))),
          ...mode.args,
          '--rejects',
          join(work, 'r.ndjson'),
          '--format',
          'ndjson',
          '-',
        ],
        input,
      );
      expect(result.status, result.stderr).to.equal(1);
      expect(readRejects(join(work, 'r.ndjson')).map((r) => [r.location, r.id, r.document])).to.deep.equal([
        ['line 2 (record 2)', BAD_NAME.id, BAD_NAME],
        ['line 5 (record 5)', BAD_TYPE.id, BAD_TYPE],
      ]);
      expect(await storedIds(join(work, 'data'))).to.have.length(mode.stored);
    });
  }

  it('from N-Quads: a graph refused by the shapes comes back as its document; one that cannot be rendered as its N-Quads, and loads again as a graph', async () => {
    const nameDoc = ingestDocument(BAD_NAME);
    const good = ingestDocument(demo[0]);
    const strayId = 'http://localhost:8080/object/stray';
    const stray = ingestDocument({ ...BAD_NAME, id: strayId, identified_by: [{ type: 'Name', content: 'Stray' }] });
    // A triple in the graph that is not reachable from its root: no document can say it.
    const unreachable = df.quad(
      df.namedNode('http://localhost:8080/object/elsewhere'),
      df.namedNode('http://www.cidoc-crm.org/cidoc-crm/P3_has_note'),
      df.literal('red'),
      df.namedNode(strayId),
    );
    const graph = (quads: Quad[], hints: Quad[]): string =>
      new Writer({ format: 'N-Quads' }).quadsToString(quads) + hintCommentLines(hints);
    const nquads =
      graph(good.quads, good.hintQuads) +
      graph(nameDoc.quads, nameDoc.hintQuads) +
      graph([...stray.quads, unreachable], stray.hintQuads);
    writeFileSync(join(work, 'dump.nq'), nquads);
    const data = await testStoreArgs(join(work, 'data'));
    const first = await load([...data, '--rejects', join(work, 'r1.ndjson'), join(work, 'dump.nq')]);
    expect(first.status, first.stderr).to.equal(1);
    const r1 = readRejects(join(work, 'r1.ndjson'));
    expect(r1.map((r) => r.id)).to.deep.equal([BAD_NAME.id, strayId]);
    expect(r1[0].document).to.deep.equal(BAD_NAME);
    expect(r1[0].nquads).to.equal(undefined);
    expect(r1[1].document).to.equal(undefined);
    expect(r1[1].nquads).to.contain(
      '<http://localhost:8080/object/elsewhere> <http://www.cidoc-crm.org/cidoc-crm/P3_has_note> "red"',
    );
    expect(r1[1].problems.map((p) => p.rule)).to.deep.equal(['not-renderable']);

    // Loaded again as it is: the same two refused, for the same rules.
    const second = await load([...data, '--rejects', join(work, 'r2.ndjson'), join(work, 'r1.ndjson')]);
    expect(second.status, second.stderr).to.equal(1);
    const r2 = readRejects(join(work, 'r2.ndjson'));
    expect(r2.map((r) => [r.id, r.problems.map((p) => p.rule)])).to.deep.equal(
      r1.map((r) => [r.id, r.problems.map((p) => p.rule)]),
    );
    expect(r2[1].nquads).to.equal(r1[1].nquads);
  });

  it('--rejects with --server: refused before anything is read (the report has every problem)', async () => {
    const result = await load(['--server', 'http://localhost:1', '--rejects', join(work, 'r.ndjson'), DEMO_DIR]);
    expect(result.status).to.equal(2);
    expect(result.stderr).to.contain('--rejects works on a local load');
  });
});
