/**
 * The repairs of form lose nothing: a document that needs them, repaired and admitted, comes
 * back from its quads as repaired (a single value shown as a one-element array aside), and
 * every difference from what was written is at a path a repair note names.
 */
import { expect } from 'chai';
import { repairDocument } from '../../src/ingest/repairs/repairDocument.js';
import { renderDocument } from '../../src/rebuild/renderDocument.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { jsonDiff, wrappedInArray } from '../support/jsonDiff.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const AAT_JUG = { id: 'http://vocab.getty.edu/aat/300033618', type: 'Type', _label: 'jugs' };
const jug = (extra: Record<string, unknown>) => ({
  '@context': V1,
  id: 'https://example.org/object/1',
  type: 'HumanMadeObject',
  _label: 'Jug',
  ...extra,
});

const DOCUMENTS: Record<string, Record<string, unknown>> = {
  'date-time-space': jug({
    produced_by: {
      type: 'Production',
      timespan: { type: 'TimeSpan', begin_of_the_begin: '1917-01-01 00:00:00', end_of_the_end: '1917-01-01 10:30' },
    },
  }),
  'date-number': jug({
    produced_by: { type: 'Production', timespan: { type: 'TimeSpan', begin_of_the_begin: 1957, end_of_the_end: 1958 } },
  }),
  'name-content': jug({
    identified_by: [
      { type: 'Name', _label: 'Jug with a lid' },
      { type: 'Identifier', content: 'J-1' },
    ],
  }),
  'null-value': jug({
    referred_to_by: null,
    classified_as: [null, AAT_JUG, null],
    produced_by: { type: 'Production', timespan: null },
  }),
  'empty-id': jug({
    produced_by: {
      id: '',
      type: 'Production',
      _label: 'Making of the jug',
      carried_out_by: [{ id: '', type: 'Person', _label: 'A potter' }],
    },
  }),
  'type-case': jug({
    type: 'HUMANMADEOBJECT',
    identified_by: [{ type: 'identifier', content: 'J-1' }],
    classified_as: [{ ...AAT_JUG, type: 'type' }],
  }),
};

const within = (path: string, at: string) => path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);

describe('the repairs of form lose nothing', () => {
  for (const [repair, given] of Object.entries(DOCUMENTS)) {
    it(`${repair}: the repaired document comes back whole, and each change is at a path its notes name`, () => {
      const { document, repairs } = repairDocument(given);
      expect(repairs.map((r) => r.repair)).to.include(repair);
      const admitted = admitDocument(document);
      const served = renderDocument(admitted.id, [...admitted.quads, ...admitted.hintQuads])!.document;
      const wrapped = wrappedInArray(document, served);
      expect(jsonDiff(document, served).filter((d) => !wrapped.includes(d.slice(0, d.indexOf(': '))))).to.deep.equal(
        [],
      );
      // A date-precision note also accounts for the Name it keeps the original in.
      const named = repairs.flatMap((r) =>
        r.repair === 'date-precision' ? [r.path, r.path.replace(/\.[^.]+$/, '.identified_by')] : [r.path],
      );
      const unnamed = jsonDiff(given, document)
        .map((d) => d.slice(0, d.indexOf(': ')))
        .filter((path) => !named.some((n) => within(path, n) || within(n, path)));
      expect(unnamed).to.deep.equal([]);
    });
  }
});
