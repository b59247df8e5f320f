/**
 * The name index's rows from the store: a row whose subject is not its graph's entity (a Name of
 * something inside the document) is never the entity's own, whatever the store answered. A
 * remote store once did answer so (loadNameIndex.ts): an activity took its Move's date as its name.
 */
import { expect } from 'chai';
import { addNames } from '../../../src/search/loadNameIndex.js';
import { NameIndex } from '../../../src/search/NameIndex.js';
import { NAME_CLASS, RDFS_LABEL } from '../../../src/search/searchableNames.js';
import { RDF_TYPE, type PlainTerm } from '../../../src/rdf/terms.js';
import type { QueryResult } from '../../../src/store/QuadStore.js';

const ACTIVITY = 'http://localhost:8080/provenance/frame-rediscovery-2019';
const TIME_SPAN = 'b-move-timespan';
const iri = (v: string): PlainTerm => ({ t: 'N', v });
const text = (v: string): PlainTerm => ({ t: 'L', v });
const blank = (v: string): PlainTerm => ({ t: 'B', v });

/** The rows of the activity: its class, its label and its own Name, and (row `inner`) its Move's time-span's Name. */
function rows(inner: 'left out' | 'answered'): QueryResult {
  const g = iri(ACTIVITY);
  const own: Array<Record<string, PlainTerm>> = [
    { g, s: g, p: iri(RDF_TYPE), t: iri('http://www.cidoc-crm.org/cidoc-crm/E7_Activity') },
    { g, s: g, p: iri(RDFS_LABEL), t: text('Rediscovery and accessioning of the original frame, 2019') },
    { g, s: g, a: blank('b-name'), c: iri(NAME_CLASS), t: text('Rediscovery and accessioning of the frame') },
  ];
  const timeSpanName = { g, s: blank(TIME_SPAN), a: blank('b-date'), c: iri(NAME_CLASS), t: text('17 June 2019') };
  return {
    kind: 'bindings',
    variables: ['g', 's', 'p', 'a', 'c', 't'],
    rows: inner === 'answered' ? [...own, timeSpanName] : own,
  };
}

describe('Name search index rows read from the store', () => {
  for (const inner of ['left out', 'answered'] as const) {
    it(`names the activity by its own Name when its time-span's Name is ${inner}`, () => {
      const index = new NameIndex();
      addNames(index, rows(inner));
      expect(index.nameOf(ACTIVITY)).to.equal('Rediscovery and accessioning of the frame');
      expect(index.search('june', 0, 10).hits).to.deep.equal([]);
    });
  }

  it('takes no row whose subject is missing', () => {
    const index = new NameIndex();
    const result = rows('left out');
    if (result.kind === 'bindings') for (const row of result.rows) delete row.s;
    addNames(index, result);
    expect(index.nameOf(ACTIVITY)).to.equal(undefined);
  });
});
