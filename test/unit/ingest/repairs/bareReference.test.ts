import { expect } from 'chai';
import { object, repairCases, V1, violationsAsWritten, violationsRepaired } from './support.js';

const AAT_PAINTING = 'http://vocab.getty.edu/aat/300033618';
const AAT_OIL = 'http://vocab.getty.edu/aat/300015050';
const IIIF = 'http://iiif.io/api/presentation/3/context.json';
const WIKIDATA = 'http://www.wikidata.org/entity/Q12418';
const text = (extra: Record<string, unknown>) => ({
  id: 'https://example.org/text/1',
  type: 'LinguisticObject',
  _label: 'Catalogue',
  ...extra,
});

describe('repair bare-reference', () => {
  repairCases('bare-reference', [
    {
      name: 'classified_as: a bare IRI → a Type (range of P2)',
      doc: object({ classified_as: [AAT_PAINTING] }),
      after: object({ classified_as: [{ id: AAT_PAINTING, type: 'Type' }] }),
      notes: [
        `Repaired at classified_as[0]: "${AAT_PAINTING}" → {"id":"${AAT_PAINTING}","type":"Type"} (P2 has type: range E55 Type) [bare-reference]`,
      ],
    },
    {
      name: 'classified_as: one bare IRI, not in an array, stays one value',
      doc: object({ classified_as: AAT_PAINTING }),
      after: object({ classified_as: { id: AAT_PAINTING, type: 'Type' } }),
      notes: [
        `Repaired at classified_as: "${AAT_PAINTING}" → {"id":"${AAT_PAINTING}","type":"Type"} (P2 has type: range E55 Type) [bare-reference]`,
      ],
    },
    {
      name: 'made_of: a bare IRI → a Material (range of P45), beside a reference left alone',
      doc: object({ made_of: [{ id: AAT_PAINTING, type: 'Material', _label: 'x' }, AAT_OIL] }),
      after: object({
        made_of: [
          { id: AAT_PAINTING, type: 'Material', _label: 'x' },
          { id: AAT_OIL, type: 'Material' },
        ],
      }),
      notes: [
        `Repaired at made_of[1]: "${AAT_OIL}" → {"id":"${AAT_OIL}","type":"Material"} (P45 consists of: range E57 Material) [bare-reference]`,
      ],
    },
    {
      name: 'conforms_to, embedded: a bare IRI → an InformationObject (interface.md)',
      doc: object({ subject_of: [text({ conforms_to: [IIIF] })] }),
      after: object({ subject_of: [text({ conforms_to: [{ id: IIIF, type: 'InformationObject' }] })] }),
      notes: [
        `Repaired at subject_of[0].conforms_to[0]: "${IIIF}" → {"id":"${IIIF}","type":"InformationObject"} (conforms_to: each reference's type is InformationObject) [bare-reference]`,
      ],
    },
    {
      name: "equivalent: a bare IRI → the holder's own class",
      doc: {
        '@context': V1,
        id: 'https://example.org/person/1',
        type: 'Person',
        _label: 'Rembrandt',
        equivalent: [WIKIDATA],
      },
      after: {
        '@context': V1,
        id: 'https://example.org/person/1',
        type: 'Person',
        _label: 'Rembrandt',
        equivalent: [{ id: WIKIDATA, type: 'Person' }],
      },
      notes: [
        `Repaired at equivalent[0]: "${WIKIDATA}" → {"id":"${WIKIDATA}","type":"Person"} (equivalent: the same entity, so the same class) [bare-reference]`,
      ],
    },
    {
      name: 'equivalent on a holder of two types: no class to give, left alone',
      doc: object({ type: ['HumanMadeObject', 'Type'], equivalent: [WIKIDATA] }),
    },
    {
      name: 'a word, not an IRI, is left alone (JSON-LD would read it as a relative IRI)',
      doc: object({ classified_as: ['painting'] }),
    },
    { name: 'a blank node label is left alone', doc: object({ classified_as: ['_:b0'] }) },
    {
      name: 'a bare IRI under a key whose range gives no one class (referred_to_by) is left alone',
      doc: object({ referred_to_by: ['https://example.org/text/1'] }),
    },
  ]);

  it('without repairs, each is refused as before: the entry rule and the reference without a type', () => {
    expect(violationsAsWritten(object({ classified_as: [AAT_PAINTING] }))).to.deep.equal([
      'classified_as[0] ClassifiedAsEntry',
      'classified_as[0] ReferenceType',
    ]);
    expect(violationsAsWritten(object({ made_of: [AAT_OIL] }))).to.deep.equal([
      'made_of[0] MadeOfEntry',
      'made_of[0] ReferenceType',
    ]);
    expect(violationsAsWritten(object({ subject_of: [text({ conforms_to: [IIIF] })] }))).to.deep.equal([
      'subject_of[0].conforms_to[0] ConformsToEntry',
      'subject_of[0].conforms_to[0] ReferenceType',
    ]);
    expect(violationsAsWritten(object({ equivalent: [WIKIDATA] }))).to.deep.equal(['equivalent[0] ReferenceType']);
  });

  it('repaired, each is admitted', () => {
    for (const doc of [
      object({ classified_as: [AAT_PAINTING] }),
      object({ made_of: [AAT_OIL] }),
      object({ subject_of: [text({ conforms_to: [IIIF] })] }),
      object({ equivalent: [WIKIDATA] }),
    ]) {
      expect(violationsRepaired(doc), JSON.stringify(doc)).to.deep.equal([]);
    }
  });
});
