/**
 * Out and back in: the demo and the corpus exported in each format, loaded into a fresh
 * store, exported again. The second export is the first after canonicalization, and every
 * document renders the same in both stores (the hints travel as comments).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { exportDocuments, type ExportFormat } from '../../src/export/exportDocuments.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { Parser, Writer } from 'n3';
import { resolveInputs } from '../../src/load/inputs.js';
import { Loader } from '../../src/load/Loader.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { acceptedCorpus } from '../support/accepted.js';
import { canonical } from '../support/rdf.js';

async function exported(store: EmbeddedStore, format: ExportFormat): Promise<string> {
  let text = '';
  for await (const chunk of exportDocuments(store, { format })) text += chunk;
  return text;
}

const N3_FORMATS = {
  nquads: 'N-Quads',
  trig: 'application/trig',
  turtle: 'text/turtle',
  ntriples: 'N-Triples',
} as const;

/** The export's quads (graph names included), canonicalized. */
async function canonicalOf(format: keyof typeof N3_FORMATS, text: string): Promise<string> {
  const quads = new Parser({ format: N3_FORMATS[format] }).parse(text);
  return canonical(new Writer({ format: 'N-Quads' }).quadsToString(quads));
}

describe('export, load, export: the same documents', function () {
  this.timeout(300000);
  const corpus = acceptedCorpus(admitDocument);
  let work: string;
  let source: EmbeddedStore;
  let ids: string[];
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-roundtrip-'));
    source = await EmbeddedStore.open({ dataDir: join(work, 'source') });
    await new DocumentService(source).putAll([...demoDocuments('http://localhost:8080/'), ...corpus]);
    ids = (await source.listGraphs()).filter((g) => !g.startsWith('urn:')).sort();
  });
  after(async () => {
    await source.close();
    rmSync(work, { recursive: true, force: true });
  });

  for (const format of ['nquads', 'trig', 'turtle', 'ntriples', 'ndjson'] as const) {
    it(`${format}: every document loaded back renders the same, and the export again is the same`, async () => {
      const first = await exported(source, format);
      const target = await EmbeddedStore.open({ dataDir: join(work, `target-${format}`) });
      try {
        const loadFormat = format === 'ndjson' ? 'ndjson' : format;
        const report = await new Loader(new DocumentService(target), { batchSize: 100 }).load(
          resolveInputs(['-'], loadFormat, Readable.from([Buffer.from(first)])),
        );
        expect(report.rejections, JSON.stringify(report.rejections.slice(0, 2))).to.deep.equal([]);
        expect(report.unreadable).to.deep.equal([]);
        expect(report.leftovers).to.deep.equal([]);
        expect(report.created).to.equal(ids.length);
        const before = new DocumentService(source);
        const after = new DocumentService(target);
        for (const id of ids)
          expect((await after.get(id))?.document, id).to.deep.equal((await before.get(id))!.document);
        const second = await exported(target, format);
        if (format === 'ndjson') expect(second).to.equal(first);
        else expect(await canonicalOf(format, second)).to.equal(await canonicalOf(format, first));
      } finally {
        await target.close();
      }
    });
  }
});
