/** The agent relations, case by case: what links, and the near misses that must not. */
import { AAT, EX, named, runCases, type RelationCase } from './relationCase.js';

const painter = `${EX}person/painter`;
const assistant = `${EX}person/assistant`;
const society = `${EX}group/society`;

const CASES: RelationCase[] = [
  {
    title: 'a painting produced by the painter, an assistant in a part of the production',
    relation: 'objectProducedByAgent',
    targets: [painter, assistant],
    document: {
      id: `${EX}object/1`,
      type: 'HumanMadeObject',
      _label: 'Painting',
      identified_by: named('Painting'),
      produced_by: {
        type: 'Production',
        carried_out_by: [{ id: painter, type: 'Person', _label: 'Painter' }],
        part: [{ type: 'Production', carried_out_by: [{ id: assistant, type: 'Person', _label: 'Assistant' }] }],
      },
    },
  },
  {
    title: 'a text created by the painter links no object production (a Work, not an object)',
    relation: 'objectProducedByAgent',
    targets: [],
    document: {
      id: `${EX}text/1`,
      type: 'LinguisticObject',
      _label: 'Letter',
      identified_by: named('Letter'),
      created_by: { type: 'Creation', carried_out_by: [{ id: painter, type: 'Person', _label: 'Painter' }] },
    },
  },
  {
    title: 'a text created by the painter',
    relation: 'workCreatedByAgent',
    targets: [painter],
    document: {
      id: `${EX}text/1`,
      type: 'LinguisticObject',
      _label: 'Letter',
      identified_by: named('Letter'),
      created_by: { type: 'Creation', carried_out_by: [{ id: painter, type: 'Person', _label: 'Painter' }] },
    },
  },
  {
    title: 'an object in the custody of the society',
    relation: 'objectCuratedByAgent',
    targets: [society],
    document: {
      id: `${EX}object/2`,
      type: 'HumanMadeObject',
      _label: 'Vase',
      identified_by: named('Vase'),
      current_custodian: [{ id: society, type: 'Group', _label: 'Society' }],
    },
  },
  {
    title: 'a set curated by the society (the step objectCuratedByAgent goes through)',
    relation: 'setCuratingByAgent',
    targets: [society],
    document: {
      id: `${EX}set/1`,
      type: 'Set',
      _label: 'Collection',
      identified_by: named('Collection'),
      used_for: [
        {
          type: 'Activity',
          _label: 'Curating',
          classified_as: [{ id: `${AAT}300054277`, type: 'Type', _label: 'curating' }],
          carried_out_by: [{ id: society, type: 'Group', _label: 'Society' }],
        },
      ],
    },
  },
  {
    title: 'the painter is a member of the society',
    relation: 'agentMemberOfGroup',
    targets: [society],
    document: {
      id: painter,
      type: 'Person',
      _label: 'Painter',
      identified_by: named('Painter'),
      member_of: [{ id: society, type: 'Group', _label: 'Society' }],
    },
  },
  {
    title: 'a set created by the painter (carried out, not influenced: the sketch is wrong here)',
    relation: 'setCreatedByAgent',
    targets: [painter],
    document: {
      id: `${EX}set/2`,
      type: 'Set',
      _label: 'Album',
      identified_by: named('Album'),
      created_by: {
        type: 'Creation',
        carried_out_by: [{ id: painter, type: 'Person', _label: 'Painter' }],
        influenced_by: [{ id: assistant, type: 'Person', _label: 'Assistant' }],
      },
    },
  },
  {
    title: 'a visual work both about and representing the painter links once',
    relation: 'workAboutOrRepresentsAgent',
    targets: [painter, society],
    document: {
      id: `${EX}visual/1`,
      type: 'VisualItem',
      _label: 'Portrait',
      identified_by: named('Portrait'),
      represents: [{ id: painter, type: 'Person', _label: 'Painter' }],
      about: [
        { id: painter, type: 'Person', _label: 'Painter' },
        { id: society, type: 'Group', _label: 'Society' },
      ],
    },
  },
  {
    title: 'an anonymous maker (a blank node) links nothing',
    relation: 'objectProducedByAgent',
    targets: [],
    document: {
      id: `${EX}object/3`,
      type: 'HumanMadeObject',
      _label: 'Bowl',
      identified_by: named('Bowl'),
      produced_by: { type: 'Production', carried_out_by: [{ type: 'Person', _label: 'Unknown potter' }] },
    },
  },
];

describe('Relations given a person or group', () => {
  runCases(CASES);
});
