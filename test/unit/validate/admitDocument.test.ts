import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentRejected, type Problem } from '../../../src/linkedart/Problem.js';
import { problemsOf } from '../../support/rejection.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'https://example.org/object/7';
const valid = {
  '@context': V1,
  id: ID,
  type: 'HumanMadeObject',
  _label: 'Jug',
  classified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 'Type', _label: 'Painting' }],
  identified_by: [{ type: 'Name', content: 'Jug' }],
  produced_by: {
    type: 'Production',
    part: [
      {
        type: 'Production',
        carried_out_by: [
          { id: 'https://example.org/person/1', type: 'Person', _label: 'Potter' },
          { id: 'https://example.org/person/2', type: 'Person', _label: 'Apprentice' },
        ],
      },
    ],
  },
};

const rejection = (doc: object): Problem[] => problemsOf(admitDocument, doc);

describe('the write gate: ingest + SHACL, problems located in the JSON', () => {
  it('admits a valid document with no problems', () => {
    expect(admitDocument(valid).warnings).to.deep.equal([]);
  });

  it('names the JSON path of a reference deep in the document, the term and the rule', () => {
    const doc = structuredClone(valid);
    delete (doc.produced_by.part[0].carried_out_by[1] as { type?: string }).type;
    const problems = rejection(doc);
    expect(problems).to.have.length(1);
    expect(problems[0]).to.include({
      document: ID,
      path: 'produced_by.part[0].carried_out_by[1]',
      term: 'type',
      rule: 'ReferenceType',
      severity: 'Violation',
    });
    expect(problems[0].message).to.match(/no type/);
  });

  it('names the value itself when the value breaks the rule', () => {
    const doc = {
      ...structuredClone(valid),
      dimension: [
        {
          type: 'Dimension',
          value: '12',
          unit: { id: 'http://vocab.getty.edu/aat/300379098', type: 'MeasurementUnit' },
        },
      ],
    };
    expect(rejection(doc)[0]).to.include({ path: 'dimension[0].value', term: 'value', severity: 'Violation' });
  });

  it('names the node and the missing term when a required property is missing', () => {
    const doc = { ...structuredClone(valid), identified_by: [{ type: 'Name' }] };
    expect(rejection(doc)[0]).to.include({ path: 'identified_by[0]', term: 'content', rule: 'NameContent' });
  });

  it('keeps Warnings with an accepted document', () => {
    const doc = structuredClone(valid) as Record<string, unknown>;
    delete doc['classified_as'];
    const warnings = admitDocument(doc).warnings;
    expect(warnings.map((w) => [w.severity, w.term])).to.deep.equal([['Warning', 'classified_as']]);
  });

  it('checks _complete on the JSON side: only with an id', () => {
    const doc = {
      ...structuredClone(valid),
      attributed_by: [
        {
          type: 'AttributeAssignment',
          _complete: false,
          assigned: [{ id: 'https://example.org/object/8', type: 'HumanMadeObject' }],
        },
      ],
    };
    expect(rejection(doc).find((p) => p.rule === 'complete')).to.include({
      path: 'attributed_by[0]._complete',
      severity: 'Violation',
    });
  });

  it('stores nothing and changes nothing when a write is refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkedart-gate-'));
    const store = await EmbeddedStore.open({ dataDir });
    try {
      const documents = new DocumentService(store);
      await documents.put(valid);
      const before = await documents.get(ID);
      const broken = { ...structuredClone(valid), _label: 'Broken jug', identified_by: [{ type: 'Name' }] };
      let refused: unknown;
      await documents.put(broken).catch((e: unknown) => {
        refused = e;
      });
      expect(refused).to.be.instanceOf(DocumentRejected);
      expect((await documents.get(ID))!.document).to.deep.equal(before!.document);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
