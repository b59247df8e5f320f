/**
 * The second pass's repairs of form (bare-reference, made_of typed Type, the pre-1.0 terms,
 * date-order) lose nothing: each hand-made document, repaired and admitted, is served from its
 * quads exactly as repaired (a single value shown as a one-element array apart), and what the
 * repair changed from what was written lies at a path a note names.
 */
import { expect } from 'chai';
import { repairDocument } from '../../../../src/ingest/repairs/repairDocument.js';
import type { SourceConventions } from '../../../../src/ingest/repairs/SourceConventions.js';
import { renderDocument } from '../../../../src/rebuild/renderDocument.js';
import { admitDocument } from '../../../../src/validate/admitDocument.js';
import { jsonDiff, wrappedInArray } from '../../../support/jsonDiff.js';
import { object, V1 } from './support.js';

const AAT = 'http://vocab.getty.edu/aat/';
const person = { id: 'https://example.org/person/1', type: 'Person', _label: 'Maker' };

const CASES: ReadonlyArray<{ name: string; doc: Record<string, unknown>; conventions?: SourceConventions }> = [
  {
    name: 'bare IRIs in classified_as, made_of, conforms_to and equivalent',
    doc: object({
      classified_as: [`${AAT}300033618`],
      made_of: [`${AAT}300015050`, { id: `${AAT}300011914`, type: 'Type', _label: 'poplar' }],
      equivalent: 'http://www.wikidata.org/entity/Q12418',
      subject_of: [
        {
          id: 'https://example.org/text/1',
          type: 'LinguisticObject',
          _label: 'Catalogue',
          conforms_to: ['http://iiif.io/api/presentation/3/context.json'],
        },
      ],
    }),
  },
  {
    name: "pre-1.0 consists_of, exact_match and a Name's value",
    doc: {
      '@context': V1,
      ...person,
      exact_match: [{ id: 'http://www.wikidata.org/entity/Q5598', type: 'Person' }],
      identified_by: [{ type: 'Name', value: 'Rembrandt' }],
      carried_out: [{ type: 'Activity', consists_of: [{ type: 'Activity', _label: 'a part' }] }],
    },
  },
  {
    name: 'a year-day-month date with --date-order ydm',
    conventions: { dateOrder: 'ydm' },
    doc: object({
      produced_by: {
        type: 'Production',
        timespan: { type: 'TimeSpan', begin_of_the_begin: '1971-31-3', end_of_the_end: '1972-1-2' },
      },
    }),
  },
];

describe("the second pass's repairs come back whole", () => {
  for (const c of CASES)
    it(c.name, () => {
      const { document, repairs } = repairDocument(c.doc, { conventions: c.conventions });
      expect(repairs.length).to.be.greaterThan(0);
      const admitted = admitDocument(document);
      const served = renderDocument(admitted.id, [...admitted.quads, ...admitted.hintQuads])!.document;
      const wrapped = wrappedInArray(document, served);
      expect(jsonDiff(document, served).filter((d) => !wrapped.includes(d.slice(0, d.indexOf(': '))))).to.deep.equal(
        [],
      );
      // Every change from what was written is at (or inside) a noted path, or the key a renaming note names.
      const noted = repairs.flatMap((n) => {
        const renamed = /^key "[^"]+" → "([^"]+)"/.exec(n.message);
        const parent = n.path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
        const paths = [n.path, parent === n.path ? '' : `${parent}.identified_by`];
        if (renamed) paths.push(parent === n.path ? renamed[1] : `${parent}.${renamed[1]}`);
        return paths;
      });
      const inside = (path: string, at: string) =>
        path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
      const unexplained = jsonDiff(c.doc, document)
        .map((d) => d.slice(0, d.indexOf(': ')))
        .filter((p) => !noted.some((n) => n !== '' && (inside(p, n) || inside(n, p))));
      expect(unexplained).to.deep.equal([]);
    });
});
