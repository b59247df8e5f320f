/**
 * Document workers give what the request thread would: the same bytes and ETag for a
 * representation, the same digest and graphs for an admitted PUT body, the same refusals.
 */
import { expect } from 'chai';
import { ingestDocument } from '../../../../src/ingest/ingestDocument.js';
import { hintGraphOf } from '../../../../src/hints/Skeleton.js';
import { FORMATS } from '../../../../src/render/formats.js';
import { decodeGraphs } from '../../../../src/rdf/wireGraphs.js';
import { digestOf, storedGraphs, type StoredDocument } from '../../../../src/service/storedDocument.js';
import { DocumentWorkers, wireInSlices } from '../../../../src/service/offThread/DocumentWorkers.js';
import { represent } from '../../../../src/service/represent.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../../../src/ingest/documentLimits.js';
import { validationGraphOf, violationsFrom } from '../../../../src/validate/violationsGraph.js';

const ID = 'https://example.org/object/1';
const doc = {
  '@context': 'https://linked.art/ns/v1/linked-art.json',
  id: ID,
  type: 'HumanMadeObject',
  _label: 'Jug',
  identified_by: Array.from({ length: 3000 }, (_, i) => ({ type: 'Identifier', content: `ACC-${i}` })),
};

describe('DocumentWorkers', function () {
  this.timeout(120_000);
  const workers = new DocumentWorkers(1);
  after(() => workers.close());

  it('represents a stored document with the bytes and ETag the request thread makes, in every format', async () => {
    const ingested = ingestDocument(doc);
    const stored: StoredDocument = {
      id: ID,
      quads: ingested.quads,
      hints: ingested.hintQuads,
      lastModified: new Date('2026-01-02T03:04:05Z'),
    };
    for (const format of FORMATS.filter((f) => f.name !== 'html')) {
      const here = represent(stored, format);
      const graphs = await wireInSlices([
        [ID, stored.quads],
        [hintGraphOf(ID), stored.hints],
      ]);
      const there = await workers.represent({
        kind: 'represent',
        id: ID,
        graphs,
        lastModified: stored.lastModified!.getTime(),
        format,
        hal: undefined,
        page: undefined,
      });
      expect(Buffer.from(there.body).equals(here.body), format.name).to.equal(true);
      expect(there.etag).to.equal(here.etag);
      expect(there.lastModified).to.equal(here.lastModified);
    }
  });

  it('admits a PUT body as the request thread does: the same digest, class and stored graphs', async () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const answer = await workers.admit({
      kind: 'admit',
      id: ID,
      body: Buffer.from(JSON.stringify(doc)),
      repair: 'none',
      limits: DEFAULT_DOCUMENT_LIMITS,
      now: now.getTime(),
    });
    expect(answer.kind).to.equal('admitted');
    if (answer.kind !== 'admitted') return;
    const ingested = ingestDocument(doc);
    const digest = digestOf(ingested);
    expect(answer.digest).to.equal(digest);
    expect(answer.type).to.equal('HumanMadeObject');
    const graphs = new Map(decodeGraphs(answer.graphs));
    for (const [name, quads] of storedGraphs(ingested, digest, now))
      expect(graphs.get(name), name).to.have.length(quads.length);
  });

  it('admits a body breaking a shape under the report policy as the request thread does: its violations listed, its validation graph among the graphs', async () => {
    const broken = { ...doc, identified_by: [{ type: 'Name' }] };
    const answer = await workers.admit({
      kind: 'admit',
      id: ID,
      body: Buffer.from(JSON.stringify(broken)),
      repair: 'none',
      limits: DEFAULT_DOCUMENT_LIMITS,
      now: Date.now(),
      conformance: 'report',
    });
    expect(answer.kind).to.equal('admitted');
    if (answer.kind !== 'admitted') return;
    expect(answer.violations).to.have.length(1);
    expect(answer.violations[0]).to.match(/^Violation at identified_by\[0\]: .*\[NameContent\]/);
    const graphs = new Map(decodeGraphs(answer.graphs));
    expect(violationsFrom(ID, graphs.get(validationGraphOf(ID)) ?? []).map((p) => [p.rule, p.path])).to.deep.equal([
      ['NameContent', 'identified_by[0]'],
    ]);
  });

  it('refuses what the request thread refuses: a body that is not JSON, another id, a broken rule (with every problem)', async () => {
    const admit = (body: string) =>
      workers.admit({
        kind: 'admit',
        id: ID,
        body: Buffer.from(body),
        repair: 'none',
        limits: DEFAULT_DOCUMENT_LIMITS,
        now: Date.now(),
      });
    expect(await admit('{"id": ')).to.have.property('kind', 'notJson');
    expect(await admit(JSON.stringify({ ...doc, id: 'https://example.org/other' }))).to.deep.equal({
      kind: 'otherId',
      given: 'https://example.org/other',
    });
    const rejected = await admit(JSON.stringify({ ...doc, identified_by: [{ type: 'Name' }] }));
    expect(rejected.kind).to.equal('rejected');
    if (rejected.kind === 'rejected')
      expect(rejected.problems.map((p) => p.path).join(' ')).to.contain('identified_by[0]');
    const deep = await admit(
      JSON.stringify(doc).replace(/}$/, `, "referred_to_by": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
    );
    expect(deep.kind).to.equal('overLimits');
    if (deep.kind === 'overLimits') expect(deep.exceeded.rule).to.equal('nested-too-deep');
  });
});
