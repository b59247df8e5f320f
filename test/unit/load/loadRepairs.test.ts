import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveInputs, type LoadInput } from '../../../src/load/inputs.js';
import { Loader } from '../../../src/load/Loader.js';
import type { LoadOptions } from '../../../src/load/LoadOptions.js';
import { formatReport, type LoadReport } from '../../../src/load/LoadReport.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { MemoryStore } from '../../support/memoryStore.js';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { writeNTriples } from '../../../src/rdf/syntax/ntriples.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const BASE = 'https://example.org/';
const cm = { id: 'http://vocab.getty.edu/aat/300379098', _label: 'centimeters' };

/** Needs two repairs: `_links` dropped, the unit typed Type (type-from-range). */
const LINKED = {
  '@context': V1,
  id: 'https://example.org/object/1',
  type: 'HumanMadeObject',
  _label: 'Jug',
  dimension: [{ type: 'Dimension', value: 3, unit: { ...cm, type: 'Type' } }],
  _links: { self: { href: 'https://example.org/object/1' } },
};
const LINKED_REPAIRED = {
  ...LINKED,
  dimension: [{ type: 'Dimension', value: 3, unit: { ...cm, type: 'MeasurementUnit' } }],
} as Record<string, unknown>;
delete LINKED_REPAIRED['_links'];
/** A relative id: resolved against the base URL. */
const RELATIVE = { '@context': V1, id: 'object/2', type: 'HumanMadeObject', _label: 'Bowl' };
/** Repaired, and still refused: its Name has no content. */
const REFUSED = {
  '@context': V1,
  id: 'https://example.org/object/3',
  type: 'HumanMadeObject',
  _label: 'Nameless',
  identified_by: [{ type: 'Name' }],
  _links: {},
};

for (const checkWorkers of [0, 1])
  describe(`load: repairs before the gate${checkWorkers ? ', checking in a worker thread' : ''}`, () => {
    let dir: string;
    let input: LoadInput[];
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'linkedart-repairs-'));
      writeFileSync(
        join(dir, 'dump.ndjson'),
        [LINKED, RELATIVE, REFUSED].map((d) => JSON.stringify(d)).join('\n') + '\n',
      );
      input = resolveInputs([join(dir, 'dump.ndjson')]);
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    const load = (service: DocumentService | undefined, options: LoadOptions = {}): Promise<LoadReport> =>
      new Loader(service, { checkWorkers, batchSize: 1, baseUrl: BASE, ...options }).load(input);

    it("stores the repaired documents, counts each repair by documents and lists each document's repairs, a refused one too", async () => {
      const service = new DocumentService(new MemoryStore());
      const report = await load(service);
      expect({ created: report.created, rejected: report.rejected }).to.deep.equal({ created: 2, rejected: 1 });
      expect(report.repairs).to.deep.equal({ 'links-dropped': 2, 'type-from-range': 1, 'relative-id': 1 });
      expect(report.repaired.map((i) => [i.location, i.id, i.messages.length])).to.deep.equal([
        ['line 1 (record 1)', LINKED.id, 2],
        ['line 2 (record 2)', 'https://example.org/object/2', 1],
        ['line 3 (record 3)', REFUSED.id, 1],
      ]);
      expect(report.repaired[1].messages).to.deep.equal([
        'Repaired at id: "object/2" → "https://example.org/object/2" (resolved against https://example.org/) [relative-id]',
      ]);
      expect((await service.get(LINKED.id))?.document).to.deep.equal(LINKED_REPAIRED);
      expect((await service.get('https://example.org/object/2'))?.document).to.deep.equal({
        ...RELATIVE,
        id: 'https://example.org/object/2',
      });
      const text = formatReport(report);
      expect(text).to.match(/^repaired, by repair/m);
      expect(text).to.match(
        /^ {2}links-dropped: 2, e\.g\. .*dump\.ndjson line 1 \(record 1\) https:\/\/example\.org\/object\/1: Repaired at _links: dropped/m,
      );
      // Loaded again: the repaired documents are found unchanged (a relative id too, by its resolved id).
      const again = await load(service);
      expect({ created: again.created, replaced: again.replaced, unchanged: again.unchanged }).to.deep.equal({
        created: 0,
        replaced: 0,
        unchanged: 2,
      });
    });

    it('with repairs off, refuses what they would repair, and says nothing of repairs', async () => {
      const report = await load(undefined, { repair: 'none' });
      expect({ created: report.created, rejected: report.rejected }).to.deep.equal({ created: 0, rejected: 3 });
      expect(report.repairs).to.deep.equal({});
      expect(report.repaired).to.deep.equal([]);
      // `_links` is only warned of (not data: dropped); the unit typed Type is what refuses the record.
      expect(report.rejections[0].messages.join('\n'))
        .to.match(/Warning at _links: .*\[hal-links\]/)
        .and.to.match(/Violation at dimension/)
        .and.not.match(/unmapped-key/);
    });

    it('repairs a graph record as the document it renders to', async () => {
      const { _links: _dropped, ...unlinked } = LINKED;
      const doc = ingestDocument(unlinked);
      const path = join(dir, 'graph.nq');
      writeFileSync(path, writeNTriples(doc.quads, doc.id));
      const report = await new Loader(undefined, { checkWorkers, batchSize: 1 }).load(resolveInputs([path]));
      expect({ created: report.created, rejected: report.rejected, repairs: report.repairs }).to.deep.equal({
        created: 1,
        rejected: 0,
        repairs: { 'type-from-range': 1 },
      });
    });

    it('without a base URL, a relative id stays refused', async () => {
      const report = await load(undefined, { baseUrl: undefined });
      expect(report.rejections.map((r) => r.location)).to.deep.equal(['line 2 (record 2)', 'line 3 (record 3)']);
    });
  });
