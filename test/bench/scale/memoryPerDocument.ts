/**
 * Memory per document of each structure the service keeps (issue 35: account for every extra
 * structure beside the store), measured on a loaded data directory, in a process of its own
 * (run with --expose-gc; prints one JSON line): the Oxigraph store's WebAssembly memory (its size,
 * and how much of it is resident) and its quads by kind of graph (entity, shape hints, reverse
 * links, change feed), then each in-memory index as it is built (JS heap after garbage
 * collection), then one query replica (the process's resident memory it adds). The render cache is bounded by --cache-mb, not per document.
 *   node --expose-gc memoryPerDocument.js DATA_DIR DOCUMENTS
 */
import { readFileSync } from 'node:fs';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { nameIndexOf } from '../../../src/search/attachNameIndex.js';
import { thumbnailsOf } from '../../../src/search/loadThumbnails.js';
import { contentTagsOf } from '../../../src/service/resolve/contentTags.js';
import { INTERNAL_GRAPH_PREFIX } from '../../../src/store/internalGraphs.js';
import { literal } from '../../../src/rdf/sparqlTerm.js';

export interface MemoryPerDocument {
  /** Bytes a document, by structure. */
  readonly bytes: Record<string, number>;
  /** Quads a document, by kind of graph. */
  readonly quads: Record<string, number>;
}

const gc = (globalThis as { gc?: () => void }).gc;
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) * 1024;
/**
 * The resident bytes of the one mapping of exactly `size` bytes (/proc/self/smaps): a WebAssembly
 * memory is a mapping of its own, as long as the memory, so this is how much of it is in RAM (the
 * rest was reserved as Oxigraph's tables doubled, and never touched). NaN where not found.
 */
function residentOfMapping(size: number): number {
  let current = -1;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) current = parseInt(range[2], 16) - parseInt(range[1], 16);
    const rss = current === size ? /^Rss:\s+(\d+) kB/.exec(line) : null;
    if (rss) return Number(rss[1]) * 1024;
  }
  return NaN;
}
const heap = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};
/** Garbage collected a few times, with pauses for what finalizers free. */
async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function measure(dir: string, docs: number): Promise<MemoryPerDocument> {
  if (!gc) throw new Error('run with node --expose-gc');
  const bytes: Record<string, number> = {};
  const quads: Record<string, number> = {};
  const store = await EmbeddedStore.open({ dataDir: dir, queryReplicas: 1 });
  try {
    const stats = await store.stats();
    bytes['store: Oxigraph memory (all graphs)'] = stats.memoryBytes / docs;
    bytes['store: Oxigraph memory resident'] = residentOfMapping(stats.memoryBytes) / docs;
    const kinds = await store.query(
      `SELECT ?kind (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } ` +
        `BIND(IF(STRSTARTS(STR(?g), ${literal(INTERNAL_GRAPH_PREFIX)}), STRBEFORE(STRAFTER(STR(?g), ${literal(INTERNAL_GRAPH_PREFIX)}), ":"), "entity") AS ?kind) } GROUP BY ?kind`,
    );
    if (kinds.kind === 'bindings')
      for (const row of kinds.rows) quads[row['kind']?.v || 'other internal'] = Number(row['n']?.v) / docs;
    const documents = new DocumentService(store);
    await settle();
    let before = heap();
    const indexes: Array<[string, () => Promise<unknown>]> = [
      ['reverse-link index', () => documents.reverseLinks()],
      ['name search index', () => nameIndexOf(documents)],
      ['thumbnails', () => thumbnailsOf(documents)],
      ['identifier content tags', () => contentTagsOf(documents)],
    ];
    for (const [name, build] of indexes) {
      await build();
      await settle();
      const after = heap();
      bytes[name] = (after - before) / docs;
      before = after;
    }
    const engine = store.sparqlEngine();
    const rssBefore = rss();
    await engine.query('ASK { ?s ?p ?o }', {}, 30 * 60 * 1000);
    await settle();
    bytes['one query replica (resident)'] = (rss() - rssBefore) / docs;
    await engine.close();
  } finally {
    await store.close();
  }
  return { bytes, quads };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [dir, docs] = process.argv.slice(2);
  if (!dir || !docs) throw new Error('usage: node --expose-gc memoryPerDocument.js DATA_DIR DOCUMENTS');
  console.log(JSON.stringify(await measure(dir, Number(docs))));
}
