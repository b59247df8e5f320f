/**
 * The dump the load bench reads: `docs` generated documents, the corpus documents the write gate
 * admits and the demo collection, in turn, each copy under its own id (`docGraph(i)` of the store
 * bench, the same id scheme and the same whole-id substitution), written twice, streamed to disk:
 *
 * - N-Quads: one named graph per document (graph = id), its shape hints as `#@hint` comment lines
 *   before its quads (as `linkedart export` writes them), blank nodes labelled apart per document;
 * - NDJSON: the same documents, one JSON text a line.
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { relabelBlankNodes } from '../../../src/export/documentText.js';
import { hintCommentLines } from '../../../src/export/hintComments.js';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { DocumentRejected } from '../../../src/linkedart/Problem.js';
import { serializeGraph } from '../../../src/rdf/syntax/serialize.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { CORPUS_DIR, DEMO_DIR, readDocuments, type CorpusDocument } from '../../support/corpus.js';
import { docGraph } from '../store-bench.js';

interface Template {
  file: string;
  text: string;
  idJson: string;
}

export interface Templates {
  readonly templates: readonly Template[];
  readonly corpusAdmitted: number;
  readonly corpusRejected: readonly string[];
  readonly demoAdmitted: number;
  readonly demoRejected: readonly string[];
}

/** The documents our gate admits (`admitDocument(json, file)`), kept as JSON text to copy under new ids. */
export function gateTemplates(): Templates {
  const admit = (docs: CorpusDocument[], prefix: string) => {
    const kept: Template[] = [];
    const rejected: string[] = [];
    for (const d of docs) {
      try {
        admitDocument(d.json, prefix + d.file);
      } catch (error) {
        if (!(error instanceof DocumentRejected)) throw error;
        rejected.push(d.file);
        continue;
      }
      kept.push({ file: prefix + d.file, text: JSON.stringify(d.json), idJson: JSON.stringify(d.json['id']) });
    }
    return { kept, rejected };
  };
  const corpus = admit(readDocuments(CORPUS_DIR), '');
  const demo = admit(readDocuments(DEMO_DIR), 'data/demo/');
  return {
    templates: [...corpus.kept, ...demo.kept],
    corpusAdmitted: corpus.kept.length,
    corpusRejected: corpus.rejected,
    demoAdmitted: demo.kept.length,
    demoRejected: demo.rejected,
  };
}

/** Appends to a file in ~1 MiB writes, waiting for the stream to drain: memory stays bounded. */
class ChunkedWriter {
  private readonly stream: WriteStream;
  private parts: string[] = [];
  private size = 0;

  constructor(path: string) {
    this.stream = createWriteStream(path);
  }

  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    // events.once rejects on 'error', so a failed write does not hang here.
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async end(): Promise<void> {
    if (this.size > 0) await this.flush();
    const closed = once(this.stream, 'close');
    this.stream.end();
    await closed;
  }
}

export interface DumpInfo {
  readonly documents: number;
  /** Quads of the documents' graphs (the hints are comments). */
  readonly quads: number;
  readonly hintLines: number;
  readonly nquadsBytes: number;
  readonly ndjsonBytes: number;
  readonly seconds: number;
}

/** Writes documents 0..docs-1 to `nquadsPath` and `ndjsonPath`. */
export async function writeDumps(
  templates: readonly Template[],
  docs: number,
  nquadsPath: string,
  ndjsonPath: string,
): Promise<DumpInfo> {
  if (templates.length === 0) throw new Error('no document passed the gate: nothing to generate from');
  return writeDocumentDumps(
    docs,
    (i) => {
      const t = templates[i % templates.length];
      return { text: t.text.split(t.idJson).join(JSON.stringify(docGraph(i))), source: t.file };
    },
    nquadsPath,
    ndjsonPath,
  );
}

/** Writes documents 0..docs-1, each its JSON-LD text (one line) and where it came from, to both dumps. */
export async function writeDocumentDumps(
  docs: number,
  documentAt: (i: number) => { text: string; source: string },
  nquadsPath: string,
  ndjsonPath: string,
): Promise<DumpInfo> {
  const started = performance.now();
  const nq = new ChunkedWriter(nquadsPath);
  const nd = new ChunkedWriter(ndjsonPath);
  let quads = 0;
  let hintLines = 0;
  try {
    for (let i = 0; i < docs; i++) {
      const { text, source } = documentAt(i);
      const ingested = ingestDocument(JSON.parse(text), source);
      const hints = hintCommentLines(ingested.hintQuads);
      for (let k = hints.indexOf('\n'); k >= 0; k = hints.indexOf('\n', k + 1)) hintLines++;
      quads += ingested.quads.length;
      await nq.write(hints + relabelBlankNodes(serializeGraph('nquads', ingested.id, ingested.quads), `d${i}_`));
      await nd.write(text + '\n');
    }
  } finally {
    await Promise.all([nq.end(), nd.end()]);
  }
  return {
    documents: docs,
    quads,
    hintLines,
    nquadsBytes: (await stat(nquadsPath)).size,
    ndjsonBytes: (await stat(ndjsonPath)).size,
    seconds: (performance.now() - started) / 1000,
  };
}
