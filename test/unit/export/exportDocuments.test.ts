import { expect } from 'chai';
import { withCanonicalDoubles } from '../../../src/rdf/syntax/serialize.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from 'n3';
import { parseDocumentMarker } from '../../../src/export/documentMarker.js';
import {
  isExportedHint,
  parseHintComment,
  hintCommentLines,
  HINT_COMMENT_PREFIX,
} from '../../../src/export/hintComments.js';
import { relabelBlankNodes, withoutPrefixLines } from '../../../src/export/documentText.js';
import {
  documentIds,
  exportDocuments,
  ExportRequestError,
  EXPORT_FORMATS,
  type ExportOptions,
} from '../../../src/export/exportDocuments.js';
import { HINT_GRAPH_PREFIX, SHAPE_PREDICATE } from '../../../src/hints/Skeleton.js';
import { MODIFIED_PREDICATE } from '../../../src/hints/lastModified.js';
import { df, type Quad } from '../../../src/rdf/terms.js';
import { renderDocument } from '../../../src/render/renderDocument.js';
import { demoDocuments } from '../../../src/service/demoCollection.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { render, type StoredDocument } from '../../../src/service/storedDocument.js';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { canonical, referenceToRdf, toNTriples } from '../../support/rdf.js';

const BASE = 'http://localhost:8080/';
const INTERNAL = 'urn:linkedart-service:';

async function text(store: EmbeddedStore, options: ExportOptions): Promise<string> {
  let out = '';
  for await (const chunk of exportDocuments(store, options)) out += chunk;
  return out;
}

/** Parses RDF text keeping blank node labels as written. */
function parse(input: string, format: string): Quad[] {
  return new Parser({ format, blankNodePrefix: '', factory: df }).parse(input);
}

function byGraph(quads: readonly Quad[]): Map<string, Quad[]> {
  const out = new Map<string, Quad[]>();
  for (const q of quads) {
    let list = out.get(q.graph.value);
    if (!list) out.set(q.graph.value, (list = []));
    list.push(q);
  }
  return out;
}

/** The id a hint comment line belongs to. */
function hintOwner(line: string): string {
  const quad = parseHintComment(line);
  if (!quad) throw new Error(`not a hint line: ${line}`);
  return quad.graph.value.slice(HINT_GRAPH_PREFIX.length);
}

/**
 * Splits a Turtle or N-Triples export into its documents: each starts with its run of hint
 * lines. Returns the text before the first document (the @prefix block) and each document's text.
 */
function splitDocuments(exported: string): { header: string; documents: Map<string, string> } {
  const lines = exported.split('\n');
  const documents = new Map<string, string>();
  let header = '';
  let current: string | undefined;
  let previousWasHint = false;
  for (const line of lines) {
    const marked = parseDocumentMarker(line);
    const isHint = line.startsWith(HINT_COMMENT_PREFIX) || marked !== undefined;
    if (isHint && !previousWasHint) {
      current = marked ?? hintOwner(line);
      expect(documents.has(current), `document ${current} twice`).to.equal(false);
      documents.set(current, '');
    }
    previousWasHint = isHint;
    if (current === undefined) header += line + '\n';
    else documents.set(current, documents.get(current)! + line + '\n');
  }
  return { header, documents };
}

/** The graph as stored, every double in the canonical form every format writes (src/rdf/canonicalDouble.ts). */
async function sameGraph(actual: readonly Quad[], stored: readonly Quad[], what: string): Promise<void> {
  expect(await canonical(toNTriples(actual)), what).to.equal(await canonical(toNTriples(withCanonicalDoubles(stored))));
}

const XSD_DOUBLE = 'http://www.w3.org/2001/XMLSchema#double';

/** The quads with xsd:double literals written as JavaScript writes their value. */
function numbersByValue(quads: readonly Quad[]): Quad[] {
  return quads.map((q) =>
    q.object.termType === 'Literal' && q.object.datatype.value === XSD_DOUBLE
      ? df.quad(q.subject, q.predicate, df.literal(String(Number(q.object.value)), q.object.datatype), q.graph)
      : q,
  );
}

function quadKey(q: Quad): string {
  return toNTriples([q]);
}

describe('exportDocuments', function () {
  this.timeout(120_000);
  let dir: string;
  let store: EmbeddedStore;
  let service: DocumentService;
  const stored = new Map<string, StoredDocument>();
  let ids: string[];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkedart-export-'));
    store = await EmbeddedStore.open({ dataDir: dir });
    service = new DocumentService(store);
    await service.putAll(demoDocuments(BASE));
    // An internal graph that is no shape hint: never exported either.
    await store.update(
      `INSERT DATA { GRAPH <${INTERNAL}bookkeeping> { <${BASE}object/harbour-at-dusk> <${INTERNAL}note> "internal" } }`,
    );
    ids = (await store.listGraphs()).filter((g) => !g.startsWith(INTERNAL)).sort();
    for (const id of ids) stored.set(id, (await service.read(id))!);
  });

  after(async () => {
    await store?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('covers every document of the demo, sorted by id', async () => {
    expect(ids).to.have.length(29);
    expect(await documentIds(store, {})).to.deep.equal(ids);
  });

  for (const format of ['nquads', 'trig'] as const) {
    it(`${format}: each document in its own graph, the graphs exactly as stored`, async () => {
      const exported = await text(store, { format });
      const graphs = byGraph(parse(exported, format === 'nquads' ? 'N-Quads' : 'TriG'));
      expect([...graphs.keys()].sort()).to.deep.equal(ids);
      for (const id of ids) await sameGraph(graphs.get(id)!, stored.get(id)!.quads, id);
      // A blank node label belongs to one document only.
      const graphOfBlank = new Map<string, string>();
      for (const [g, quads] of graphs) {
        for (const q of quads) {
          for (const t of [q.subject, q.object]) {
            if (t.termType !== 'BlankNode') continue;
            expect(graphOfBlank.get(t.value) ?? g, `_:${t.value}`).to.equal(g);
            graphOfBlank.set(t.value, g);
          }
        }
      }
    });
  }

  for (const format of ['turtle', 'ntriples'] as const) {
    it(`${format}: the triples of each document, blank nodes kept apart`, async () => {
      const exported = await text(store, { format });
      const syntax = format === 'turtle' ? 'Turtle' : 'N-Triples';
      const { header, documents } = splitDocuments(exported);
      expect([...documents.keys()]).to.deep.equal(ids);
      // Each document starts with its `#@document` line (no graphs to say where it starts).
      for (const [id, textOf] of documents) expect(textOf.split('\n')[0]).to.equal(`#@document <${id}>`);
      if (format === 'turtle') {
        expect(header).to.match(/^@prefix crm: <http:\/\/www\.cidoc-crm\.org\/cidoc-crm\/> \.\n/);
        expect(exported.match(/^@prefix /gm)).to.have.length(header.match(/^@prefix /gm)!.length); // one block only
      } else {
        expect(header).to.equal('');
      }
      const union = new Set<string>();
      for (const [id, body] of documents) {
        const quads = parse(header + body, syntax);
        await sameGraph(quads, stored.get(id)!.quads, id);
        // Each document's blank nodes its own, as if they were written in separate files.
        for (const q of new Parser({ format: syntax, blankNodePrefix: `${union.size}_`, factory: df }).parse(
          header + body,
        ))
          union.add(quadKey(q));
      }
      // The file as a whole is the union of the documents: no blank node is shared between two.
      const whole = toNTriples(parse(exported, syntax));
      expect(await canonical(whole)).to.equal(await canonical([...union].join('')));
    });
  }

  it('ndjson: one rendered document a line, as the service renders it, and the same graph', async () => {
    const exported = await text(store, { format: 'ndjson' });
    const lines = exported.split('\n');
    expect(lines.pop()).to.equal('');
    expect(lines).to.have.length(ids.length);
    for (const [i, line] of lines.entries()) {
      const doc = JSON.parse(line) as { id: string };
      expect(doc.id).to.equal(ids[i]);
      const expected = stored.get(doc.id)!;
      expect(doc).to.deep.equal(render(expected).document);
      // jsonld.js writes doubles in canonical XSD form (1.085E2), the store keeps 108.5: compare values.
      const fromJson = numbersByValue(parse(await referenceToRdf(doc), 'N-Quads'));
      expect(await canonical(toNTriples(fromJson)), doc.id).to.equal(
        await canonical(toNTriples(numbersByValue(expected.quads))),
      );
    }
  });

  for (const format of ['nquads', 'trig', 'turtle', 'ntriples'] as const) {
    it(`${format}: the shape hints travel as comments, and with the data render the same documents`, async () => {
      const exported = await text(store, { format });
      const hintLines = exported.split('\n').filter((l) => l.startsWith('#@hint'));
      const hints = byGraph(hintLines.map((l) => parseHintComment(l)!));
      expect(hintLines.every((l) => parseHintComment(l) !== undefined)).to.equal(true);
      expect(exported).not.to.contain(MODIFIED_PREDICATE);
      expect([...hints.keys()].sort()).to.deep.equal(ids.map((id) => HINT_GRAPH_PREFIX + id));
      for (const id of ids) {
        const expected = stored.get(id)!.hints.filter((q) => q.predicate.value === SHAPE_PREDICATE);
        expect(expected).to.have.length(1);
        expect(
          hints
            .get(HINT_GRAPH_PREFIX + id)!
            .map(quadKey)
            .sort(),
          id,
        ).to.deep.equal(expected.map(quadKey).sort());
      }
      if (format !== 'nquads') return;
      // What a loader gets back: data + hints render exactly as the store does.
      const graphs = byGraph(parse(exported, 'N-Quads'));
      for (const id of ids) {
        const rendered = renderDocument(id, [...graphs.get(id)!, ...hints.get(HINT_GRAPH_PREFIX + id)!])!;
        expect(rendered.document, id).to.deep.equal(render(stored.get(id)!).document);
      }
    });
  }

  it('exports no internal graph or hint as data', async () => {
    for (const format of ['nquads', 'trig'] as const) {
      const quads = parse(await text(store, { format }), format === 'nquads' ? 'N-Quads' : 'TriG');
      expect(
        quads.filter((q) => q.graph.value.startsWith(INTERNAL) || q.predicate.value.startsWith(INTERNAL)),
      ).to.deep.equal([]);
    }
    for (const format of ['turtle', 'ntriples'] as const) {
      const quads = parse(await text(store, { format }), format === 'turtle' ? 'Turtle' : 'N-Triples');
      expect(
        quads.filter((q) => q.predicate.value.startsWith(INTERNAL) || q.subject.value.startsWith(INTERNAL)),
      ).to.deep.equal([]);
    }
    expect(await text(store, { format: 'nquads' })).not.to.contain('"internal"');
  });

  it('gives the same text whatever the batch size', async () => {
    for (const format of EXPORT_FORMATS) {
      expect(await text(store, { format, batchSize: 4 }), format).to.equal(await text(store, { format }));
    }
  });

  it('exports only the given ids, in the order given, each once', async () => {
    const chosen = [`${BASE}person/edith-marrow`, `${BASE}object/harbour-at-dusk`, `${BASE}person/edith-marrow`];
    const lines = (await text(store, { format: 'ndjson', ids: chosen })).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { id: string }).id)).to.deep.equal(chosen.slice(0, 2));
    const graphs = byGraph(parse(await text(store, { format: 'nquads', ids: chosen }), 'N-Quads'));
    expect([...graphs.keys()]).to.deep.equal(chosen.slice(0, 2));
  });

  it('filters by the root class: a Linked Art class name, a crm: name or an IRI', async () => {
    const people = ids.filter((id) =>
      stored
        .get(id)!
        .quads.some(
          (q) =>
            q.subject.value === id &&
            q.predicate.value === 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type' &&
            q.object.value === 'http://www.cidoc-crm.org/cidoc-crm/E21_Person',
        ),
    );
    expect(people).to.deep.equal([`${BASE}person/edith-marrow`]);
    for (const type of ['Person', 'person', 'crm:E21_Person', 'http://www.cidoc-crm.org/cidoc-crm/E21_Person']) {
      const docs = (await text(store, { format: 'ndjson', type }))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; type: string });
      expect(
        docs.map((d) => d.id),
        type,
      ).to.deep.equal(people);
    }
    const objects = (await text(store, { format: 'ndjson', type: 'HumanMadeObject' }))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(objects).to.have.length(3);
    expect(objects.every((d) => d.type === 'HumanMadeObject')).to.equal(true);
    // With ids: both apply.
    expect(await text(store, { format: 'nquads', type: 'Person', ids: [`${BASE}object/harbour-at-dusk`] })).to.equal(
      '',
    );
  });

  it('refuses unknown ids, naming them all, before writing anything', async () => {
    const generator = exportDocuments(store, {
      format: 'nquads',
      ids: [`${BASE}object/harbour-at-dusk`, `${BASE}nope/1`, `${INTERNAL}bookkeeping`, `${BASE}nope/2`],
    });
    const error = await generator.next().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(ExportRequestError);
    expect((error as ExportRequestError).reason).to.equal('unknown-id');
    expect((error as ExportRequestError).values).to.deep.equal([
      `${BASE}nope/1`,
      `${INTERNAL}bookkeeping`,
      `${BASE}nope/2`,
    ]);
    expect((error as Error).message)
      .to.contain(`${BASE}nope/1`)
      .and.contain(`${BASE}nope/2`);
  });

  it('refuses an unknown class name, listing the valid ones', async () => {
    const error = await exportDocuments(store, { format: 'ndjson', type: 'Painting' })
      .next()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).to.be.instanceOf(ExportRequestError);
    expect((error as Error).message)
      .to.contain('"Painting"')
      .and.contain('HumanMadeObject')
      .and.contain('Person');
  });

  it('exports a document stored without hints (written by SPARQL), without hint lines', async () => {
    const id = 'https://example.org/sparql-only';
    await store.update(
      `INSERT DATA { GRAPH <${id}> { <${id}> a <http://www.cidoc-crm.org/cidoc-crm/E21_Person> ; <http://www.w3.org/2000/01/rdf-schema#label> "Plain" } }`,
    );
    try {
      for (const format of EXPORT_FORMATS) {
        const out = await text(store, { format, ids: [id] });
        expect(out, format).to.contain('Plain').and.not.contain('#@hint');
      }
    } finally {
      await store.update(`DROP GRAPH <${id}>`);
    }
  });
});

describe('hint comments', () => {
  const id = 'http://example.org/object/1';
  const shape = df.quad(
    df.namedNode(id),
    df.namedNode(SHAPE_PREDICATE),
    df.literal('{"i":"x","e":[["_label",0,["#a\\"b"]]]}\n2'),
    df.namedNode(HINT_GRAPH_PREFIX + id),
  );
  const stamp = df.quad(
    df.namedNode(id),
    df.namedNode(MODIFIED_PREDICATE),
    df.literal('2024-01-01T00:00:00.000Z', df.namedNode('http://www.w3.org/2001/XMLSchema#dateTime')),
    df.namedNode(HINT_GRAPH_PREFIX + id),
  );

  it('writes one line per shape hint and reads it back', () => {
    const lines = hintCommentLines([shape, stamp]);
    expect(lines.split('\n')).to.have.length(2); // one line and the final newline
    expect(lines.startsWith(HINT_COMMENT_PREFIX)).to.equal(true);
    const back = parseHintComment(lines);
    expect(back && back.equals(shape)).to.equal(true);
    expect(isExportedHint(stamp)).to.equal(false);
  });

  it('ignores other comments and broken or foreign hint lines', () => {
    expect(parseHintComment('# a comment')).to.equal(undefined);
    expect(parseHintComment('#@hint not a quad')).to.equal(undefined);
    expect(parseHintComment(`#@hint <${id}> <${SHAPE_PREDICATE}> "x" <http://example.org/graph> .`)).to.equal(
      undefined,
    );
    expect(parseHintComment(`#@hint <${id}> <${SHAPE_PREDICATE}> "x" .`)).to.equal(undefined);
  });
});

describe('export text helpers', () => {
  it('relabels blank nodes outside strings and IRIs only', () => {
    const input = '_:b0 <http://x/_:b1> "a _:b2 \\" _:b3" ;\n  <p> """long _:b4\n""" , _:b5 .\n';
    expect(relabelBlankNodes(input, 'd1_')).to.equal(
      '_:d1_b0 <http://x/_:b1> "a _:b2 \\" _:b3" ;\n  <p> """long _:b4\n""" , _:d1_b5 .\n',
    );
  });

  it("drops a Turtle text's @prefix lines and the empty line after them", () => {
    expect(withoutPrefixLines('@prefix a: <http://a/> .\n@prefix b: <http://b/> .\n\n<x> a b:C .\n')).to.equal(
      '<x> a b:C .\n',
    );
    expect(withoutPrefixLines('<x> <p> "@prefix" .\n')).to.equal('<x> <p> "@prefix" .\n');
  });
});
