/**
 * Memory stays flat: an export of a store many times larger than a batch keeps the heap
 * bounded by a batch, not by the store or the output. The store holds copies of the demo
 * collection under new ids (`{base}copy/{n}/...`); the chunks are counted and dropped, as a
 * pipe to a file would. EXPORT_MEMORY_DOCUMENTS sets the store's size (default 10 000).
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Quad_Graph, Quad_Object, Quad_Predicate, Quad_Subject } from '@rdfjs/types';
import { exportDocuments, type ExportFormat } from '../../../src/export/exportDocuments.js';
import { SHAPE_PREDICATE } from '../../../src/hints/Skeleton.js';
import type { IngestedDocument } from '../../../src/ingest/ingestDocument.js';
import { df, type Quad, type Term } from '../../../src/rdf/terms.js';
import { demoDocuments } from '../../../src/service/demoCollection.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';

const BASE = 'http://localhost:8080/';
const DOCUMENTS = Number(process.env.EXPORT_MEMORY_DOCUMENTS ?? 10_000);
const MB = 1024 * 1024;
/** Allowed growth of the heap over an export, whatever the store's size. */
const HEAP_GROWTH_LIMIT = 150 * MB;
/** Allowed growth of the live heap (after a full collection): a few batches of documents. */
const LIVE_GROWTH_LIMIT = 32 * MB;
/** A full collection (to measure the live heap) every this many documents. */
const COLLECT_EVERY = 1000;

/** A demo document moved under `{base}copy/{n}/`: every IRI under the base, also in its shape hints. */
function copyOf(doc: IngestedDocument, n: number): IngestedDocument {
  const to = `${BASE}copy/${n}/`;
  const move = (t: Term): Term =>
    t.termType === 'NamedNode' && t.value.startsWith(BASE) ? df.namedNode(to + t.value.slice(BASE.length)) : t;
  const moveQuad = (q: Quad): Quad =>
    df.quad(
      move(q.subject) as Quad_Subject,
      move(q.predicate) as Quad_Predicate,
      move(q.object) as Quad_Object,
      move(q.graph) as Quad_Graph,
    );
  const moveHint = (q: Quad): Quad =>
    q.predicate.value === SHAPE_PREDICATE
      ? df.quad(
          move(q.subject) as Quad_Subject,
          q.predicate,
          df.literal(q.object.value.split(BASE).join(to)),
          move(q.graph) as Quad_Graph,
        )
      : moveQuad(q);
  return {
    ...doc,
    id: to + doc.id.slice(BASE.length),
    quads: doc.quads.map(moveQuad),
    hintQuads: doc.hintQuads.map(moveHint),
  };
}

/** V8's full garbage collection, made available at run time (mocha runs without --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

interface Measure {
  documents: number;
  bytes: number;
  /** Largest growth of the live heap (right after a full collection) over the export. */
  liveGrowth: number;
  /** Largest growth of heapUsed (garbage included) and of RSS (the store's worker included). */
  heapGrowth: number;
  rssGrowth: number;
}

async function measureExport(store: EmbeddedStore, format: ExportFormat): Promise<Measure> {
  const gc = collector();
  gc();
  const before = process.memoryUsage();
  let live = before.heapUsed;
  let heap = before.heapUsed;
  let rss = before.rss;
  let documents = 0;
  let bytes = 0;
  let nextCollection = COLLECT_EVERY;
  for await (const chunk of exportDocuments(store, {
    format,
    onDocument: () => {
      documents++;
    },
  })) {
    bytes += Buffer.byteLength(chunk);
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
    if (documents >= nextCollection) {
      nextCollection += COLLECT_EVERY;
      gc();
      live = Math.max(live, process.memoryUsage().heapUsed);
    }
  }
  return {
    documents,
    bytes,
    liveGrowth: live - before.heapUsed,
    heapGrowth: heap - before.heapUsed,
    rssGrowth: rss - before.rss,
  };
}

describe('exportDocuments memory', function () {
  this.timeout(300_000);
  let dir: string;
  let store: EmbeddedStore;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkedart-export-memory-'));
    store = await EmbeddedStore.open({ dataDir: dir });
    const service = new DocumentService(store);
    const demo = demoDocuments(BASE);
    let batch: IngestedDocument[] = [];
    for (let i = 0; i < DOCUMENTS; i++) {
      batch.push(copyOf(demo[i % demo.length], Math.floor(i / demo.length)));
      // Writes of 500 documents: measured, the store took ~1 ms a document so, but up to ~7 ms in writes of 2000.
      if (batch.length === 500) {
        await service.putAll(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await service.putAll(batch);
  });

  after(async () => {
    await store?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const format of ['nquads', 'ndjson'] as const) {
    it(`${format}: ${DOCUMENTS} documents with the heap bounded by a batch, not by the output`, async () => {
      const m = await measureExport(store, format);
      const mb = (n: number): string => (n / MB).toFixed(1);
      console.log(
        `      ${format}: ${m.documents} documents, ${mb(m.bytes)} MB; live heap growth ${mb(m.liveGrowth)} MB, ` +
          `heapUsed growth ${mb(m.heapGrowth)} MB, RSS growth ${mb(m.rssGrowth)} MB`,
      );
      expect(m.documents).to.equal(DOCUMENTS);
      expect(m.liveGrowth).to.be.lessThan(LIVE_GROWTH_LIMIT);
      expect(m.heapGrowth).to.be.lessThan(HEAP_GROWTH_LIMIT);
    });
  }
});
