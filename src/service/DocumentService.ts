/**
 * The documents of the collection: ingest to the store, render from it. The one place
 * where a write goes from JSON to quads and a read from quads to JSON, so every write path
 * (the CLI now; loading and HTTP writes later) goes through the same checks.
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { admitDocument } from '../validate/admitDocument.js';
import { renderDocument, type RenderedDocument } from '../render/renderDocument.js';
import type { QuadStore } from '../store/QuadStore.js';
import type { Quad } from '../rdf/terms.js';

export class DocumentService {
  constructor(readonly store: QuadStore) {}

  /**
   * Check (ingest + SHACL) and store one document, replacing any earlier version of the same
   * id wholly. A document with a Violation is refused (DocumentRejected) and nothing changes;
   * the accepted document carries its Warnings.
   */
  async put(document: unknown, source?: string): Promise<IngestedDocument> {
    const ingested = admitDocument(document, source);
    await this.store.replaceGraphs(graphsOf(ingested));
    return ingested;
  }

  /** Store several documents, each already admitted (admitDocument), in one atomic, durable write. */
  async putAll(documents: readonly IngestedDocument[]): Promise<void> {
    const graphs = new Map<string, Quad[]>();
    for (const doc of documents) for (const [name, quads] of graphsOf(doc)) graphs.set(name, quads);
    await this.store.replaceGraphs(graphs);
  }

  /** The rendered document with this id, or undefined when there is none. */
  async get(id: string): Promise<RenderedDocument | undefined> {
    const quads = await this.store.readGraphs([id, hintGraphOf(id)]);
    return renderDocument(id, quads);
  }

  async delete(id: string): Promise<void> {
    await this.store.replaceGraphs(new Map([[id, []], [hintGraphOf(id), []]]));
  }
}

function graphsOf(doc: IngestedDocument): Map<string, Quad[]> {
  return new Map([[doc.id, doc.quads], [hintGraphOf(doc.id), doc.hintQuads]]);
}
