import { expect } from 'chai';
import { CORPUS_DIR, readDocuments } from '../../../support/corpus.js';
import { REPAIRS, repairDocument } from '../../../../src/ingest/repairs/repairDocument.js';
import { formatRepair } from '../../../../src/ingest/repairs/RepairNote.js';
import { object } from './support.js';

describe('repairDocument', () => {
  it('names every repair in kebab-case, with what it cites and a summary', () => {
    expect(REPAIRS.length).to.be.greaterThan(10);
    for (const r of REPAIRS) {
      expect(r.name).to.match(/^[a-z]+(-[a-z]+)*$/);
      expect(r.cites.length, r.name).to.be.greaterThan(20);
      expect(r.summary.length, r.name).to.be.greaterThan(10);
    }
    expect(new Set(REPAIRS.map((r) => r.name)).size).to.equal(REPAIRS.length);
  });

  it('formats a note with its path, or (document)', () => {
    expect(formatRepair({ repair: 'x-y', path: 'a.b[0]', message: 'm' })).to.equal('Repaired at a.b[0]: m [x-y]');
    expect(formatRepair({ repair: 'x-y', path: '', message: 'm' })).to.equal('Repaired at (document): m [x-y]');
  });

  it('copies only what it changes: untouched branches are shared, the input is not changed', () => {
    const untouched = { type: 'Production', carried_out_by: [{ id: 'https://example.org/p/1', type: 'Person' }] };
    const doc = object({ produced_by: untouched, _links: {} });
    const { document } = repairDocument(doc);
    expect((document as Record<string, unknown>)['produced_by']).to.equal(untouched);
    expect(doc).to.have.property('_links');
  });

  it('runs the repairs in order on one node (a renamed class is seen by the range repair after it)', () => {
    const { repairs } = repairDocument(object({ type: 'ManMadeObject', produced_by: { type: 'Activity' } }));
    expect(repairs.map((r) => r.repair)).to.deep.equal(['legacy-class', 'type-from-range']);
  });

  it('leaves a document it cannot read the context of (the gate refuses it)', () => {
    const doc = object({ '@context': 'https://example.org/c', _links: {} });
    expect(repairDocument(doc)).to.deep.equal({ document: doc, repairs: [] });
  });

  it('returns every corpus document that needs nothing as the same object', () => {
    let same = 0;
    for (const d of readDocuments(CORPUS_DIR)) {
      const { document, repairs } = repairDocument(d.json);
      if (repairs.length === 0) {
        expect(document, d.file).to.equal(d.json);
        same++;
      }
    }
    expect(same).to.be.greaterThan(100);
  });
});
