import { object, repairCases } from './support.js';

const note = { type: 'LinguisticObject', content: 'A note' };

describe('repair crm-key', () => {
  repairCases('crm-key', [
    {
      name: 'a compact IRI key → the term',
      doc: object({ 'crm:P67i_is_referred_to_by': [note] }),
      after: object({ referred_to_by: [note] }),
      notes: [
        'Repaired at crm:P67i_is_referred_to_by: key "crm:P67i_is_referred_to_by" → "referred_to_by" (http://www.cidoc-crm.org/cidoc-crm/P67i_is_referred_to_by) [crm-key]',
      ],
    },
    {
      name: 'a full IRI key → the term',
      doc: object({ 'http://www.cidoc-crm.org/cidoc-crm/P67i_is_referred_to_by': [note] }),
      after: object({ referred_to_by: [note] }),
      notes: [
        'Repaired at http://www.cidoc-crm.org/cidoc-crm/P67i_is_referred_to_by: key "http://www.cidoc-crm.org/cidoc-crm/P67i_is_referred_to_by" → "referred_to_by" (http://www.cidoc-crm.org/cidoc-crm/P67i_is_referred_to_by) [crm-key]',
      ],
    },
    {
      name: 'the term already there: both stay',
      doc: object({ 'crm:P67i_is_referred_to_by': [note], referred_to_by: [note] }),
    },
    {
      name: 'a string under a term that reads strings otherwise (as IRIs) stays',
      doc: object({ 'crm:P2_has_type': 'painting' }),
    },
    { name: 'a property no term maps stays', doc: object({ 'crm:P999_unknown': 'x' }) },
  ]);
});
