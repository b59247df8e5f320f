import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { relabelBlankNodes } from '../../../src/export/documentText.js';
import { hintCommentLines } from '../../../src/export/hintComments.js';
import { EXPORT_EXTENSIONS, exportDocuments, type ExportFormat } from '../../../src/export/exportDocuments.js';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { resolveInputs, type DumpFormat, type LoadInput } from '../../../src/load/inputs.js';
import { Loader } from '../../../src/load/Loader.js';
import type { LoadOptions } from '../../../src/load/LoadOptions.js';
import { hasFailures, type LoadReport } from '../../../src/load/LoadReport.js';
import { recordDigest } from '../../../src/service/gate/graphRecord.js';
import { rdfRecords } from '../../../src/load/rdfRecords.js';
import { shaclValidator } from '../../../src/validate/ShaclValidator.js';
import { writeNTriples } from '../../../src/rdf/syntax/ntriples.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { DEMO_DIR, readDocuments } from '../../support/corpus.js';
import { MemoryStore } from '../../support/memoryStore.js';

const CONTEXT = 'https://linked.art/ns/v1/linked-art.json';
const BAD_ID = 'http://localhost:8080/object/nameless';
/** Refused by the gate: its Name has no content (a Violation of NameContent). */
const BAD = {
  '@context': CONTEXT,
  id: BAD_ID,
  type: 'HumanMadeObject',
  _label: 'Nameless',
  identified_by: [{ type: 'Name' }],
};

type Doc = Record<string, unknown>;
const demo: Doc[] = readDocuments(DEMO_DIR).map((d) => d.json);
const idOf = (d: Doc): string => d.id as string;

/** The same document with another _label (a changed version). */
function relabelled(doc: Doc, label: string): Doc {
  return { ...doc, _label: label };
}

/** The line on which the element with this id starts in a pretty-printed array (its `{`). */
function lineOfElement(text: string, id: string): number {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.includes(`"id": ${JSON.stringify(id)}`));
  return lines.lastIndexOf('  {', at) + 1;
}

/** Warnings the gate gives these documents (what a load should count). */
function warningsOf(docs: readonly Doc[]): number {
  return docs.reduce((n, d) => n + admitDocument(d).warnings.length, 0);
}

// Once checking in this thread, once in a check worker (batches of 2 unless a test says, so that
// the worker, started at the first full batch, checks most of them).
for (const checkWorkers of [0, 1])
  describe(`load: the Loader over a DocumentService${checkWorkers ? ', checking in a worker thread' : ''}`, () => {
    let dir: string;
    let files = 0;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'linkedart-loader-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    /** A dump file of the test's own; its inputs. */
    function dumpFile(extension: string, content: string | Buffer): LoadInput[] {
      const path = join(dir, `dump-${++files}.${extension}`);
      writeFileSync(path, content);
      return resolveInputs([path]);
    }
    const ndjson = (docs: readonly unknown[]): string => docs.map((d) => JSON.stringify(d)).join('\n') + '\n';

    function fresh(): { service: DocumentService; store: MemoryStore } {
      const store = new MemoryStore();
      return { service: new DocumentService(store), store };
    }

    async function load(
      service: DocumentService | undefined,
      inputs: readonly LoadInput[],
      options: LoadOptions = {},
    ): Promise<LoadReport> {
      return new Loader(service, { checkWorkers, ...(checkWorkers ? { batchSize: 2 } : {}), ...options }).load(inputs);
    }

    /** The ids of the documents stored (entity graphs only), sorted. */
    async function storedIds(service: DocumentService): Promise<string[]> {
      return (await service.store.listGraphs()).filter((g) => !g.startsWith('urn:')).sort();
    }

    /** Every stored document renders back to the document given for its id; `only`: and no other is stored. */
    async function expectStored(service: DocumentService, docs: readonly Doc[], only = true): Promise<void> {
      if (only) expect(await storedIds(service)).to.deep.equal(docs.map(idOf).sort());
      for (const doc of docs) expect((await service.get(idOf(doc)))?.document, idOf(doc)).to.deep.equal(doc);
    }

    function counts(r: LoadReport): Record<string, number> {
      return {
        created: r.created,
        replaced: r.replaced,
        unchanged: r.unchanged,
        rejected: r.rejected,
        warnings: r.warnings,
        unreadable: r.unreadable.length,
        leftovers: r.leftovers.length,
      };
    }

    const good = demo.slice(0, 6);
    const mixed = [...good.slice(0, 3), BAD, ...good.slice(3)];

    describe('good and bad documents together', () => {
      const layouts: Array<{ name: string; extension: string; text: () => string | Buffer; badAt: string }> = [
        { name: 'NDJSON', extension: 'ndjson', text: () => ndjson(mixed), badAt: 'line 4 (record 4)' },
        {
          name: 'a JSON array, pretty-printed',
          extension: 'json',
          text: () => JSON.stringify(mixed, null, 2),
          badAt: `line ${lineOfElement(JSON.stringify(mixed, null, 2), BAD_ID)} (record 4)`,
        },
        {
          name: 'gzipped NDJSON',
          extension: 'ndjson.gz',
          text: () => gzipSync(ndjson(mixed)),
          badAt: 'line 4 (record 4)',
        },
      ];
      for (const layout of layouts) {
        it(`${layout.name}: the good ones stored, the bad one rejected with source, location, id and rule`, async () => {
          const { service } = fresh();
          const inputs = dumpFile(layout.extension, layout.text());
          const report = await load(service, inputs);
          expect(counts(report)).to.deep.equal({
            created: 6,
            replaced: 0,
            unchanged: 0,
            rejected: 1,
            warnings: warningsOf(good),
            unreadable: 0,
            leftovers: 0,
          });
          expect(report.rejections).to.have.lengthOf(1);
          const rejection = report.rejections[0];
          expect(rejection).to.include({ source: inputs[0].name, location: layout.badAt, id: BAD_ID });
          expect(rejection.messages.map((m) => m.replace(/ Fix: .*/, ''))).to.include(
            'Violation at identified_by[0]: A Name must have content. (value: {"type":"Name"}) [NameContent]',
          );
          expect(report.dryRun).to.equal(false);
          expect(report.aborted).to.equal(undefined);
          expect(hasFailures(report)).to.equal(true);
          await expectStored(service, good);
        });
      }

      it('each warned document is listed with where it was', async () => {
        const { service } = fresh();
        const inputs = dumpFile('ndjson', ndjson(good));
        const report = await load(service, inputs);
        const warned = good.map((d, i) => ({ d, i, w: admitDocument(d).warnings })).filter((x) => x.w.length > 0);
        expect(warned.length, 'some demo documents have warnings').to.be.greaterThan(0);
        expect(report.warned.map((w) => [w.location, w.id, w.messages.length])).to.deep.equal(
          warned.map((x) => [`line ${x.i + 1} (record ${x.i + 1})`, idOf(x.d), x.w.length]),
        );
        expect(hasFailures(report)).to.equal(false);
      });

      it('unreadable parts and triples left over are reported with their source, and the rest loads', async () => {
        const { service } = fresh();
        const json = dumpFile(
          'ndjson',
          `${JSON.stringify(good[0])}\n42\n{"id": "http://localhost:8080/object/cut", "_lab`,
        );
        const nt = dumpFile(
          'nt',
          '<https://other.example.org/a> <http://www.w3.org/2000/01/rdf-schema#label> "stray" .\n',
        );
        const report = await load(service, [...json, ...nt]);
        expect(counts(report)).to.include({ created: 1, unreadable: 2, leftovers: 1 });
        expect(report.unreadable.map((u) => [u.source, u.location])).to.deep.equal([
          [json[0].name, 'line 2 (record 2)'],
          [json[0].name, 'line 3 (record 3)'],
        ]);
        expect(report.leftovers[0]).to.deep.include({ source: nt[0].name, location: 'triples with no graph' });
        expect(report.leftovers[0].messages).to.deep.equal([
          '1 triples belong to no document',
          '<https://other.example.org/a> <http://www.w3.org/2000/01/rdf-schema#label> "stray"',
        ]);
        expect(hasFailures(report)).to.equal(true);
        await expectStored(service, [good[0]]);
      });

      it('a JSON value that is no document (an array element that is an array) is rejected, not lost', async () => {
        const { service } = fresh();
        const report = await load(service, dumpFile('json', JSON.stringify([good[0], [1, 2]])));
        expect(counts(report)).to.include({ created: 1, rejected: 1 });
        expect(report.rejections[0].location).to.equal('line 1 (record 2)');
      });
    });

    describe('strict and dry runs', () => {
      it('strict with a bad document: nothing stored, the report says why it stopped', async () => {
        const { service, store } = fresh();
        const report = await load(service, dumpFile('ndjson', ndjson(mixed)), { strict: true });
        expect(store.graphs.size).to.equal(0);
        expect(report.aborted).to.match(/^--strict: 1 documents rejected; nothing was stored$/);
        expect(report.rejected).to.equal(1);
        expect(report.rejections[0].id).to.equal(BAD_ID);
        expect(hasFailures(report)).to.equal(true);
      });

      it('strict with an unreadable part: nothing stored', async () => {
        const { service, store } = fresh();
        const report = await load(service, dumpFile('ndjson', ndjson(good) + '{"broken": '), { strict: true });
        expect(store.graphs.size).to.equal(0);
        expect(report.aborted).to.match(/^--strict: 0 documents rejected, 1 unreadable parts; nothing was stored$/);
      });

      it('strict with only good documents: all stored', async () => {
        const { service } = fresh();
        const report = await load(service, dumpFile('ndjson', ndjson(good)), { strict: true });
        expect(counts(report)).to.include({ created: 6, rejected: 0 });
        expect(report.aborted).to.equal(undefined);
        expect(report.dryRun).to.equal(false);
        await expectStored(service, good);
      });

      it('dry run: nothing stored, the counts say what a load would do', async () => {
        const { service, store } = fresh();
        const report = await load(service, dumpFile('ndjson', ndjson(mixed)), { dryRun: true });
        expect(store.graphs.size).to.equal(0);
        expect(report.dryRun).to.equal(true);
        expect(counts(report)).to.deep.equal({
          created: 6,
          replaced: 0,
          unchanged: 0,
          rejected: 1,
          warnings: warningsOf(good),
          unreadable: 0,
          leftovers: 0,
        });
      });

      it('dry run with strict: nothing stored, one pass', async () => {
        const { service, store } = fresh();
        const report = await load(service, dumpFile('ndjson', ndjson(mixed)), { dryRun: true, strict: true });
        expect(store.graphs.size).to.equal(0);
        expect(counts(report)).to.include({ created: 6, rejected: 1 });
      });

      it('no DocumentService: a check only', async () => {
        const report = await load(undefined, dumpFile('ndjson', ndjson(mixed)));
        expect(report.dryRun).to.equal(true);
        expect(counts(report)).to.include({ created: 6, rejected: 1 });
      });
    });

    describe('loading again', () => {
      it('the same dump again: every document unchanged, and its Last-Modified kept', async () => {
        const { service } = fresh();
        const inputs = dumpFile('ndjson', ndjson(good));
        await load(service, inputs);
        const before = await Promise.all(good.map(async (d) => (await service.read(idOf(d)))!.lastModified));
        // A rewrite now would stamp a later Last-Modified: wait until the clock (milliseconds) has moved past the stamps.
        const latest = Math.max(...before.map((d) => d!.getTime()));
        while (Date.now() <= latest) await new Promise((resolve) => setTimeout(resolve, 1));
        const again = await load(service, inputs);
        expect(counts(again)).to.include({ created: 0, replaced: 0, unchanged: 6, rejected: 0 });
        const after = await Promise.all(good.map(async (d) => (await service.read(idOf(d)))!.lastModified));
        expect(after).to.deep.equal(before);
      });

      it('a changed document: replaced, the others unchanged', async () => {
        const { service } = fresh();
        await load(service, dumpFile('ndjson', ndjson(good)));
        const changed = [...good];
        changed[2] = relabelled(good[2], 'A new label');
        const report = await load(service, dumpFile('ndjson', ndjson(changed)));
        expect(counts(report)).to.include({ created: 0, replaced: 1, unchanged: 5 });
        await expectStored(service, changed);
      });

      it('an N-Quads export loaded back into its store: every graph known unchanged by its own digest, before any render or ingest', async () => {
        const { service } = fresh();
        await load(service, dumpFile('ndjson', ndjson(demo)));
        let text = '';
        for await (const chunk of exportDocuments(service.store, { format: 'nquads' })) text += chunk;
        // The loader leaves a record alone exactly when its own digest is the stored one.
        const stored = await service.digests(demo.map(idOf));
        const records: Array<{ id: string; digest: string }> = [];
        for await (const r of rdfRecords(Readable.from([text]), 'nquads')) {
          if (r.kind === 'graph') records.push({ id: r.id, digest: recordDigest(r, shaclValidator().version) });
        }
        expect(records.filter((r) => stored.get(r.id) !== r.digest).map((r) => r.id)).to.deep.equal([]);
        expect(records).to.have.length(demo.length);
        const before = await Promise.all(demo.map(async (d) => (await service.read(idOf(d)))!.lastModified));
        const again = await load(service, dumpFile('nq', text));
        expect(counts(again)).to.include({ created: 0, replaced: 0, unchanged: demo.length, rejected: 0 });
        expect(await Promise.all(demo.map(async (d) => (await service.read(idOf(d)))!.lastModified))).to.deep.equal(
          before,
        );
        // A graph changed in the dump digests otherwise: read, checked and replaced as any other.
        const changed = text.replace('"Harbour at Dusk"', '"Harbour at Night"');
        expect(changed).to.not.equal(text);
        const report = await load(service, dumpFile('nq', changed));
        expect(counts(report)).to.include({ created: 0, replaced: 1, unchanged: demo.length - 1, rejected: 0 });
      });

      it('new documents beside stored ones: created, the stored ones unchanged', async () => {
        const { service } = fresh();
        await load(service, dumpFile('ndjson', ndjson(good.slice(0, 3))));
        const report = await load(service, dumpFile('ndjson', ndjson(good)));
        expect(counts(report)).to.include({ created: 3, replaced: 0, unchanged: 3 });
      });
    });

    describe('the same id twice in one load: the last copy counts, decided before anything is written', () => {
      const first = relabelled(good[0], 'First version');
      const second = relabelled(good[0], 'Second version');
      const layouts: Array<{
        name: string;
        files: () => LoadInput[];
        earlier: (inputs: LoadInput[]) => [string, string];
        later: (inputs: LoadInput[]) => string;
      }> = [
        {
          name: 'in one file',
          files: () => dumpFile('ndjson', ndjson([first, good[1], second, good[2]])),
          earlier: (i) => [i[0].name, 'line 1 (record 1)'],
          later: (i) => `${i[0].name} line 3 (record 3)`,
        },
        {
          name: 'in two files',
          files: () => [
            ...dumpFile('ndjson', ndjson([good[1], first])),
            ...dumpFile('json', JSON.stringify([good[2], second], null, 2)),
          ],
          earlier: (i) => [i[0].name, 'line 2 (record 2)'],
          later: (i) =>
            `${i[1].name} line ${lineOfElement(JSON.stringify([good[2], second], null, 2), idOf(second))} (record 2)`,
        },
      ];
      for (const layout of layouts) {
        for (const batchSize of [1, 500]) {
          it(`${layout.name} (batchSize ${batchSize}): the later is stored, the earlier never written, reported as superseded naming both places`, async () => {
            const { service } = fresh();
            const inputs = layout.files();
            const report = await load(service, inputs, { batchSize });
            expect(counts(report)).to.include({ created: 3, replaced: 0, rejected: 0 });
            await expectStored(service, [second, good[1], good[2]]);
            expect(report.superseded).to.have.length(1);
            const [item] = report.superseded;
            expect([item.source, item.location, item.id]).to.deep.equal([...layout.earlier(inputs), idOf(first)]);
            expect(item.messages[0])
              .to.contain(`this id comes again at ${layout.later(inputs)}, and the last copy is the one loaded`)
              .and.contain('[duplicate-id]');
            expect(hasFailures(report), 'a superseded copy is no failure').to.equal(false);
            // The feed: one Create, no Update (the earlier copy was never written).
            const feed = await service.feed.activities(1, await service.feed.length());
            expect(feed.filter((a) => a.object === idOf(first)).map((a) => a.kind)).to.deep.equal(['Create']);
            const again = await load(service, inputs, { batchSize });
            expect(counts(again)).to.include({ created: 0, replaced: 0, unchanged: 3 });
            expect(again.superseded).to.have.length(1);
          });
        }
      }

      // The last copy counts whatever its verdict: which document an id means depends on the input alone.
      const broken = { ...second, identified_by: [{ type: 'Name' }] };
      const cases: Array<{ name: string; docs: Doc[]; stored: Doc | undefined; rejected: number }> = [
        {
          name: 'the later copy refused: refused, and the earlier is left out all the same',
          docs: [first, good[1], broken],
          stored: undefined,
          rejected: 1,
        },
        {
          name: 'the earlier copy refused: it is left out unread, the later is kept',
          docs: [broken, good[1], second],
          stored: second,
          rejected: 0,
        },
      ];
      for (const c of cases) {
        it(c.name, async () => {
          const { service } = fresh();
          const report = await load(service, dumpFile('ndjson', ndjson(c.docs)));
          expect(report.rejected).to.equal(c.rejected);
          expect(report.superseded.map((i) => i.location)).to.deep.equal(['line 1 (record 1)']);
          expect((await service.get(idOf(first)))?.document).to.deep.equal(c.stored);
        });
      }

      it('in a dry run, counted once', async () => {
        const report = await load(fresh().service, dumpFile('ndjson', ndjson([first, good[1], second])), {
          dryRun: true,
        });
        expect(counts(report)).to.include({ created: 2, replaced: 0 });
        expect(report.superseded).to.have.length(1);
      });

      it('interrupted before the later copy: the earlier still left out, and said so', async () => {
        const controller = new AbortController();
        const report = await load(fresh().service, dumpFile('ndjson', ndjson([first, good[1], second])), {
          batchSize: 1,
          signal: controller.signal,
          onProgress: (p) => {
            if (p.documents >= 1) controller.abort();
          },
        });
        expect(report.superseded).to.have.length(1);
        expect(report.superseded[0].messages[0]).to.contain('the load stopped before the later copy');
      });
    });

    describe("the same id twice in inputs read once (a server's /_bulk): each copy written in turn", () => {
      const readOnce = { readOnce: true };
      const first = relabelled(good[0], 'First version');
      const second = relabelled(good[0], 'Second version');
      const layouts: Array<{
        name: string;
        files: () => LoadInput[];
        earlier: (inputs: LoadInput[]) => string;
        later: (inputs: LoadInput[]) => [string, string];
      }> = [
        {
          name: 'in one file',
          files: () => dumpFile('ndjson', ndjson([first, good[1], second, good[2]])),
          earlier: (i) => `${i[0].name} line 1`, // the input and line (the load keeps no more for every id)
          later: (i) => [i[0].name, 'line 3 (record 3)'],
        },
        {
          name: 'in two files',
          files: () => [
            ...dumpFile('ndjson', ndjson([good[1], first])),
            ...dumpFile('json', JSON.stringify([good[2], second], null, 2)),
          ],
          earlier: (i) => `${i[0].name} line 2`,
          later: (i) => [
            i[1].name,
            `line ${lineOfElement(JSON.stringify([good[2], second], null, 2), idOf(second))} (record 2)`,
          ],
        },
      ];
      for (const layout of layouts) {
        it(`${layout.name}: the later is stored, a warning names both places`, async () => {
          const { service } = fresh();
          const inputs = layout.files();
          const report = await load(service, inputs, readOnce);
          // Each is written in turn: the earlier created, the later replacing it.
          expect(counts(report)).to.include({ created: 3, replaced: 1, rejected: 0 });
          await expectStored(service, [second, good[1], good[2]]);
          const warning = report.warned.find((w) => w.messages.some((m) => m.includes('[duplicate-id]')));
          expect(warning).to.not.equal(undefined);
          expect([warning!.source, warning!.location]).to.deep.equal(layout.later(inputs));
          expect(warning!.id).to.equal(idOf(first));
          expect(warning!.messages.map((m) => m.replace(/ Fix: .*/, ''))).to.include(
            `Warning at (document): this id was also at ${layout.earlier(inputs)}; this later copy replaces it [duplicate-id]`,
          );
        });
      }

      // Which copy is kept is said once the verdicts are in: never "replaces" for a copy refused.
      const broken = { ...second, identified_by: [{ type: 'Name' }] };
      const cases: Array<{ name: string; docs: Doc[]; stored: Doc; says: string }> = [
        {
          name: 'the later copy refused: the earlier is kept, and the warning says so',
          docs: [first, good[1], broken],
          stored: first,
          says: 'that copy is kept, as this later one was refused',
        },
        {
          name: 'the earlier copy refused: the later is kept',
          docs: [broken, good[1], second],
          stored: second,
          says: 'which was refused; this later copy is the one kept',
        },
        { name: 'both refused', docs: [broken, good[1], broken], stored: good[1], says: 'both copies were refused' },
      ];
      for (const c of cases) {
        for (const batchSize of [1, 500]) {
          it(`${c.name} (batchSize ${batchSize})`, async () => {
            const { service } = fresh();
            const inputs = dumpFile('ndjson', ndjson(c.docs));
            const report = await load(service, inputs, { ...readOnce, batchSize });
            const lines = report.warned.flatMap((w) => w.messages).filter((m) => m.includes('[duplicate-id]'));
            expect(lines).to.have.length(1);
            expect(lines[0])
              .to.match(
                new RegExp(`this id was also at ${inputs[0].name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} line 1\\b`),
              )
              .and.contain(c.says)
              .and.not.contain('replaces');
            expect((await service.get(idOf(c.stored)))?.document).to.deep.equal(
              c.stored === good[1] ? good[1] : c.stored,
            );
            if (c.stored === good[1]) expect(await service.get(idOf(first))).to.equal(undefined);
          });
        }
      }

      it('in a dry run, counted once', async () => {
        const report = await load(fresh().service, dumpFile('ndjson', ndjson([first, good[1], second])), {
          ...readOnce,
          dryRun: true,
        });
        expect(counts(report)).to.include({ created: 2, replaced: 0 });
      });

      for (const batchSize of [1, 2, 500]) {
        it(`with batchSize ${batchSize}: the same counts (the earlier created, the later replacing it)`, async () => {
          const report = await load(fresh().service, dumpFile('ndjson', ndjson([first, good[1], second])), {
            ...readOnce,
            batchSize,
          });
          expect(counts(report)).to.include({ created: 2, replaced: 1 });
        });
      }
    });

    describe('batches', () => {
      it('batchSize 1, 2, 7 and 500 give the same documents and the same report', async () => {
        const docs = [...mixed, ...demo.slice(6, 14)];
        const results: Array<{ batchSize: number; ids: string[]; report: Record<string, unknown> }> = [];
        const inputs = dumpFile('ndjson', ndjson(docs));
        for (const batchSize of [1, 2, 7, 500]) {
          const { service } = fresh();
          const report = await load(service, inputs, { batchSize });
          await expectStored(
            service,
            docs.filter((d) => d !== BAD),
          );
          results.push({
            batchSize,
            ids: await storedIds(service),
            report: { ...counts(report), rejections: report.rejections, warned: report.warned },
          });
        }
        for (const r of results.slice(1)) {
          expect(r.ids, `batchSize ${r.batchSize}`).to.deep.equal(results[0].ids);
          expect(r.report, `batchSize ${r.batchSize}`).to.deep.equal(results[0].report);
        }
      });

      it('every batch is written in one call to the store', async () => {
        const { service, store } = fresh();
        const writes: number[] = [];
        const replaceGraphs = store.replaceGraphs.bind(store);
        // Four graphs a document: entity, hints, reverse links, its activity in the change feed (a Create writes no history record; the first write also stamps the empty store).
        store.replaceGraphs = async (graphs) => {
          writes.push(Math.floor(graphs.size / 4));
          return replaceGraphs(graphs);
        };
        await load(service, dumpFile('ndjson', ndjson(demo.slice(0, 7))), { batchSize: 3 });
        expect(writes).to.deep.equal([3, 3, 1]);
      });

      it("graphs named absent to the store (not read first by a remote store) hold nothing: only new documents in a store that held none, and the feed's next activities", async () => {
        const { service, store } = fresh();
        const named: string[] = [];
        const wronglyNamed: string[] = [];
        const replaceGraphs = store.replaceGraphs.bind(store);
        store.replaceGraphs = async (graphs, absent) => {
          for (const g of absent ?? []) {
            named.push(g);
            if (await store.hasGraph(g)) wronglyNamed.push(g);
          }
          return replaceGraphs(graphs, absent);
        };
        const documentGraphs = () =>
          named.filter(
            // Not the feed's, nor the past versions copied out now (src/history): new graphs too.
            (g) =>
              !g.startsWith('urn:linkedart-service:activity:') &&
              !g.startsWith('urn:linkedart-service:page') &&
              !g.startsWith('urn:linkedart-service:version-'),
          );
        // The fourth record is the first again, changed: a batch after its first copy's, so stored by then.
        // Read once (a server's /_bulk): no first pass over the ids, so the later copy is written too.
        await load(service, dumpFile('ndjson', ndjson([...demo.slice(0, 3), relabelled(demo[0], 'changed')])), {
          batchSize: 2,
          readOnce: true,
        });
        expect(wronglyNamed).to.deep.equal([]);
        expect(
          documentGraphs()
            .filter((g) => !g.startsWith('urn:'))
            .sort(),
        ).to.deep.equal(demo.slice(0, 3).map(idOf).sort());
        expect(documentGraphs()).to.have.length(9);
        expect(named.filter((g) => g.startsWith('urn:linkedart-service:activity:'))).to.have.length(4);
        named.length = 0;
        // The store holds documents now: a load names none of theirs, new or not.
        await load(service, dumpFile('ndjson', ndjson([relabelled(demo[1], 'changed'), demo[4]])));
        expect(wronglyNamed).to.deep.equal([]);
        expect(documentGraphs()).to.deep.equal([]);
        expect(named.filter((g) => g.startsWith('urn:linkedart-service:activity:'))).to.have.length(2);
      });
    });

    describe('an interrupted load (AbortSignal)', () => {
      for (const [after, batchSize] of [
        [1, 2],
        [3, 2],
        [4, 2],
        [5, 500],
      ] as const) {
        it(`aborted after ${after} records (batchSize ${batchSize}): stopped, the documents read so far stored whole, no more`, async () => {
          const { service } = fresh();
          const controller = new AbortController();
          const docs = demo.slice(0, 10);
          const report = await load(service, dumpFile('ndjson', ndjson(docs)), {
            batchSize,
            signal: controller.signal,
            onProgress: (p) => {
              if (p.documents >= after) controller.abort();
            },
          });
          expect(report.aborted).to.match(/^interrupted/);
          expect(hasFailures(report)).to.equal(true);
          expect(report.created).to.equal(after);
          await expectStored(service, docs.slice(0, after));
        });
      }

      it('aborted after 3 graphs of an N-Quads dump (batchSize 2): those 3 stored whole, no more', async () => {
        const { service } = fresh();
        const controller = new AbortController();
        const docs = demo.slice(0, 10);
        const text = docs
          .map((d, i) => {
            const ingested = ingestDocument(d);
            return (
              hintCommentLines(ingested.hintQuads) +
              relabelBlankNodes(writeNTriples(ingested.quads, ingested.id), `d${i}_`)
            );
          })
          .join('');
        const report = await load(service, dumpFile('nq', text), {
          batchSize: 2,
          signal: controller.signal,
          onProgress: (p) => {
            if (p.documents >= 3) controller.abort();
          },
        });
        expect(report.aborted).to.match(/^interrupted/);
        expect(report.created).to.equal(3);
        await expectStored(service, docs.slice(0, 3));
      });

      it('aborted before it starts: nothing read', async () => {
        const { service, store } = fresh();
        const controller = new AbortController();
        controller.abort();
        const report = await load(service, dumpFile('ndjson', ndjson(good)), { signal: controller.signal });
        expect(report.aborted).to.match(/^interrupted/);
        expect(store.graphs.size).to.equal(0);
      });

      it('aborted in the first of two files: the second is not read', async () => {
        const { service } = fresh();
        const controller = new AbortController();
        const inputs = [...dumpFile('ndjson', ndjson(good.slice(0, 3))), ...dumpFile('ndjson', ndjson(good.slice(3)))];
        const report = await load(service, inputs, {
          signal: controller.signal,
          onProgress: (p) => {
            if (p.documents >= 2) controller.abort();
          },
        });
        expect(report.aborted).to.match(/^interrupted/);
        await expectStored(service, good.slice(0, 2));
      });

      it('running the same load again finishes the job', async () => {
        const { service } = fresh();
        const controller = new AbortController();
        const inputs = dumpFile('ndjson', ndjson(good));
        await load(service, inputs, {
          batchSize: 2,
          signal: controller.signal,
          onProgress: (p) => {
            if (p.documents >= 3) controller.abort();
          },
        });
        const again = await load(service, inputs, { batchSize: 2 });
        expect(counts(again)).to.include({ created: 3, unchanged: 3 });
        await expectStored(service, good);
      });
    });

    describe('progress', () => {
      it('documents and bytes so far, against the total size', async () => {
        const { service } = fresh();
        const text = ndjson(mixed);
        const inputs = dumpFile('ndjson.gz', gzipSync(text));
        const seen: Array<{ documents: number; bytes: number; totalBytes: number | undefined }> = [];
        await load(service, inputs, { onProgress: (p) => seen.push({ ...p }) });
        expect(seen.map((p) => p.documents)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
        expect(seen.every((p) => p.totalBytes === inputs[0].size)).to.equal(true);
        expect(seen.at(-1)!.bytes).to.equal(inputs[0].size);
      });
    });

    describe('an export loaded back into an empty store gives the same documents', () => {
      const formats: Array<[ExportFormat, DumpFormat]> = [
        ['nquads', 'nquads'],
        ['trig', 'trig'],
        ['turtle', 'turtle'],
        ['ntriples', 'ntriples'],
        ['ndjson', 'ndjson'],
      ];
      let source: DocumentService;
      before(async () => {
        source = fresh().service;
        const report = await load(source, dumpFile('ndjson', ndjson(demo)));
        expect(counts(report)).to.include({ created: demo.length, rejected: 0 });
      });
      for (const [format, dumpFormat] of formats) {
        it(`${format}`, async () => {
          let text = '';
          for await (const chunk of exportDocuments(source.store, { format })) text += chunk;
          const inputs = dumpFile(EXPORT_EXTENSIONS[format], text);
          expect(inputs[0].format).to.equal(dumpFormat);
          const { service } = fresh();
          const report = await load(service, inputs, { baseUrl: 'http://localhost:8080/' });
          expect({
            ...counts(report),
            rejections: report.rejections,
            unreadable: report.unreadable,
            leftovers: report.leftovers,
          }).to.deep.equal({
            ...counts(report),
            created: demo.length,
            rejected: 0,
            rejections: [],
            unreadable: [],
            leftovers: [],
          });
          if (format === 'turtle' || format === 'ntriples') {
            // With no graphs, a shared Type's own classification (Painting is a Type of Work), written by
            // one document, is said of the Type in every document that refers to it (README; see
            // test/integration/load.test.ts): the one document that differs.
            const differs = 'http://localhost:8080/concept/marine-painting';
            expect(await storedIds(service)).to.deep.equal(demo.map(idOf).sort());
            await expectStored(
              service,
              demo.filter((d) => idOf(d) !== differs),
              false,
            );
          } else {
            await expectStored(service, demo);
          }
        });
      }
    });

    describe('standard input', () => {
      it('- with --format loads from the stream given', async () => {
        const { service } = fresh();
        const inputs = resolveInputs(['-'], 'ndjson', Readable.from([Buffer.from(ndjson(good))]));
        const report = await load(service, inputs);
        expect(counts(report)).to.include({ created: 6 });
        await expectStored(service, good);
      });

      // Strict reads every input twice: standard input is kept in a file first.
      it('- with strict: the documents are stored', async () => {
        const { service } = fresh();
        const inputs = resolveInputs(['-'], 'ndjson', Readable.from([Buffer.from(ndjson(good))]));
        const report = await load(service, inputs, { strict: true });
        expect(counts(report)).to.include({ created: 6 });
        await expectStored(service, good);
      });
    });

    it('a directory of dumps', async () => {
      const { service } = fresh();
      const root = join(dir, 'tree');
      mkdirSync(join(root, 'b'), { recursive: true });
      writeFileSync(join(root, 'a.ndjson'), ndjson(good.slice(0, 2)));
      writeFileSync(join(root, 'b', 'c.json.gz'), gzipSync(JSON.stringify(good.slice(2))));
      writeFileSync(join(root, 'notes.txt'), 'not a dump');
      const report = await load(service, resolveInputs([root]));
      expect(counts(report)).to.include({ created: 6, rejected: 0, unreadable: 0 });
      await expectStored(service, good);
    });
  });
