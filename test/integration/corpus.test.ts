/**
 * The corpus round trip: every Linked Art example document loaded, rendered and compared
 * with the input. Each comes back exact (key order ignored), or differs only by a
 * normalization the README lists, or is rejected with the error the README explains
 * (test/reports/corpusRoundTrip.ts). The report per document, test-output/corpus-roundtrip.md,
 * is written by `npm run report:corpus-roundtrip`, not by this suite.
 */
import { expect } from 'chai';
import jsonld from 'jsonld';
import { ingestDocument, type IngestedDocument } from '../../src/ingest/ingestDocument.js';
import { DocumentRejected } from '../../src/linkedart/Problem.js';
import { renderDocument, type JsonObject } from '../../src/render/renderDocument.js';
import { CORPUS_DIR, DEMO_DIR, readDocuments, type CorpusDocument } from '../support/corpus.js';
import { EXPECTED_REJECTIONS, roundTrip } from '../reports/corpusRoundTrip.js';
import { normalizeForFrame } from '../support/frameComparison.js';
import { jsonDiff } from '../support/jsonDiff.js';
import { canonical, documentLoader, referenceToRdf, toNTriples } from '../support/rdf.js';
import { linkedArtSchema } from '../support/schemas.js';

interface Loaded {
  doc: CorpusDocument;
  ingested?: IngestedDocument;
  error?: DocumentRejected;
}

function loadAll(docs: CorpusDocument[]): Loaded[] {
  return docs.map((doc) => {
    try {
      return { doc, ingested: ingestDocument(doc.json, doc.file) };
    } catch (e) {
      if (!(e instanceof DocumentRejected)) throw e;
      return { doc, error: e };
    }
  });
}

function render(ingested: IngestedDocument): JsonObject {
  return renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document;
}

/**
 * The corpus ingested once for the suites below that only read it, with each render and the
 * canonical form of each stored graph made once, when first asked for (jsonld.js and rdf-canonize
 * are the slow part of this file).
 */
const corpus = loadAll(readDocuments(CORPUS_DIR));
const renders = new Map<IngestedDocument, JsonObject>();
const renderOnce = (ingested: IngestedDocument): JsonObject => {
  if (!renders.has(ingested)) renders.set(ingested, render(ingested));
  return renders.get(ingested)!;
};
const canonicalStored = new Map<IngestedDocument, Promise<string>>();
const canonicalStoredOnce = (ingested: IngestedDocument): Promise<string> => {
  if (!canonicalStored.has(ingested)) canonicalStored.set(ingested, canonical(toNTriples(ingested.quads)));
  return canonicalStored.get(ingested)!;
};

describe('corpus round trip (test/fixtures/la-examples)', function () {
  this.timeout(300000);
  const docs = readDocuments(CORPUS_DIR);

  it('loads 157 documents', () => {
    expect(docs).to.have.length(157);
  });

  for (const doc of docs) {
    it(`${doc.file} comes back exact, normalized as listed, or rejected as explained`, () => {
      const outcome = roundTrip(doc);
      if (outcome.error) {
        expect(EXPECTED_REJECTIONS[doc.file], `unexpected rejection: ${outcome.error.message}`).to.not.equal(undefined);
        expect(outcome.error.problems.map((p) => p.rule)).to.include(EXPECTED_REJECTIONS[doc.file]);
        return;
      }
      expect(EXPECTED_REJECTIONS[doc.file], 'expected a rejection').to.equal(undefined);
      // The one normalization: a single object under a property the context declares @set comes back as an array.
      expect(outcome.notSet, 'shown as arrays, but not @set properties').to.deep.equal([]);
      expect(outcome.unexplained, `unexplained differences in ${doc.file}`).to.deep.equal([]);
    });
  }
});

describe('render does not depend on the order a store returns quads in', () => {
  it('gives the same document from shuffled and reversed quads, for every corpus document', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const differing: string[] = [];
    for (const { doc, ingested } of corpus) {
      if (!ingested) continue;
      const expected = renderOnce(ingested);
      for (const order of [[...ingested.quads].reverse(), [...ingested.quads].sort(() => random() - 0.5)]) {
        const got = renderDocument(ingested.id, [...order, ...ingested.hintQuads])!.document;
        if (jsonDiff(expected, got).length > 0) differing.push(`${doc.file}: ${jsonDiff(expected, got)[0]}`);
      }
    }
    expect(differing).to.deep.equal([]);
  });
});

describe('demo collection round trip (data/demo)', () => {
  for (const { doc, ingested, error } of loadAll(readDocuments(DEMO_DIR))) {
    it(`${doc.file} comes back exact`, () => {
      expect(error?.message).to.equal(undefined);
      expect(ingested!.warnings).to.deep.equal([]);
      expect(jsonDiff(doc.json, render(ingested!))).to.deep.equal([]);
    });
  }
});

describe('differential test against jsonld.js (the reference)', function () {
  this.timeout(600000);
  const accepted = corpus.filter((x) => x.ingested);

  it('ingest gives quads isomorphic to jsonld.toRDF for every accepted corpus document', async () => {
    const mismatched: string[] = [];
    for (const { doc, ingested } of accepted) {
      const ours = await canonicalStoredOnce(ingested!);
      const reference = await canonical(await referenceToRdf(doc.json));
      if (ours !== reference) mismatched.push(doc.file);
    }
    expect(mismatched).to.deep.equal([]);
  });

  it('the render, read back by jsonld.toRDF, gives the same graph again (nothing lost in rendering)', async () => {
    const lossy: string[] = [];
    for (const { doc, ingested } of accepted) {
      const stored = await canonicalStoredOnce(ingested!);
      const reread = await canonical(await referenceToRdf(renderOnce(ingested!)));
      if (stored !== reread) lossy.push(doc.file);
    }
    expect(lossy).to.deep.equal([]);
  });

  it('the render equals jsonld.frame of the same quads, apart from the differences the issue asks for', async () => {
    const different: string[] = [];
    for (const { doc, ingested } of accepted) {
      const expanded = await jsonld.fromRDF(toNTriples(ingested!.quads), {
        format: 'application/n-quads',
        useNativeTypes: true,
      } as jsonld.Options.FromRdf);
      const frame = {
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        '@id': ingested!.id,
        '@embed': '@always',
      };
      const framed = await jsonld.frame(expanded, frame, {
        documentLoader,
        omitGraph: true,
      } as unknown as jsonld.Options.Frame);
      const a = normalizeForFrame(renderOnce(ingested!), ingested!.id);
      const b = normalizeForFrame(framed as never, ingested!.id);
      const differences = [...jsonDiff(a.tree, b.tree), ...jsonDiff(a.nodes, b.nodes, 'nodes')];
      if (differences.length > 0) different.push(`${doc.file}: ${differences.slice(0, 3).join('; ')}`);
    }
    expect(different).to.deep.equal([]);
  });
});

describe('official JSON Schemas (test/fixtures/json-schema)', () => {
  it('accept the render of every corpus document they accept as input', () => {
    const validate = linkedArtSchema();
    const refused: string[] = [];
    let acceptedAsInput = 0;
    for (const { doc, ingested } of corpus) {
      if (!ingested || !validate(doc.json)) continue;
      acceptedAsInput++;
      if (!validate(renderOnce(ingested))) refused.push(`${doc.file}: ${JSON.stringify(validate.errors?.[0])}`);
    }
    expect(acceptedAsInput).to.be.greaterThan(30);
    expect(refused).to.deep.equal([]);
  });
});
