/** The set relations, case by case: what links, and the near misses that must not. */
import { EX, named, runCases, type RelationCase } from './relationCase.js';

const collection = `${EX}set/collection`;
const archive = `${EX}set/archive`;
const setRef = (id: string, label: string): Record<string, unknown> => ({ id, type: 'Set', _label: label });
const inCollection = [setRef(collection, 'Collection')];

const CASES: RelationCase[] = [
  // --- Membership, by the member's kind ---
  {
    title: 'a place in the collection is an entity member',
    relation: 'entityMemberOfSet',
    targets: [collection],
    document: {
      id: `${EX}place/1`,
      type: 'Place',
      _label: 'Arles',
      identified_by: named('Arles'),
      member_of: inCollection,
    },
  },
  {
    title: "a person's member_of is membership of a group (crm:P107i), not of a set",
    relation: 'entityMemberOfSet',
    targets: [],
    document: {
      id: `${EX}person/1`,
      type: 'Person',
      _label: 'Member',
      identified_by: named('Member'),
      member_of: inCollection,
    },
  },
  {
    title: 'a painting in the collection',
    relation: 'objectMemberOfSet',
    targets: [collection],
    document: {
      id: `${EX}object/1`,
      type: 'HumanMadeObject',
      _label: 'Painting',
      identified_by: named('Painting'),
      member_of: inCollection,
    },
  },
  {
    title: 'a text in the collection is not an object member',
    relation: 'objectMemberOfSet',
    targets: [],
    document: {
      id: `${EX}text/1`,
      type: 'LinguisticObject',
      _label: 'Letter',
      identified_by: named('Letter'),
      member_of: inCollection,
    },
  },
  {
    title: 'a text in the collection is a work member',
    relation: 'workMemberOfSet',
    targets: [collection],
    document: {
      id: `${EX}text/1`,
      type: 'LinguisticObject',
      _label: 'Letter',
      identified_by: named('Letter'),
      member_of: inCollection,
    },
  },
  {
    title: 'an image in two sets',
    relation: 'workMemberOfSet',
    targets: [collection, archive],
    document: {
      id: `${EX}visual/1`,
      type: 'VisualItem',
      _label: 'Image',
      identified_by: named('Image'),
      member_of: [...inCollection, setRef(archive, 'Archive')],
    },
  },
  {
    title: 'a painting in the collection is not a work member',
    relation: 'workMemberOfSet',
    targets: [],
    document: {
      id: `${EX}object/1`,
      type: 'HumanMadeObject',
      _label: 'Painting',
      identified_by: named('Painting'),
      member_of: inCollection,
    },
  },
  {
    title: 'a place in the set of places',
    relation: 'placeMemberOfSet',
    targets: [collection],
    document: {
      id: `${EX}place/1`,
      type: 'Place',
      _label: 'Arles',
      identified_by: named('Arles'),
      member_of: inCollection,
    },
  },
  {
    title: 'a concept in a concept scheme',
    relation: 'conceptMemberOfSet',
    targets: [collection],
    document: {
      id: `${EX}concept/1`,
      type: 'Type',
      _label: 'Primary name',
      identified_by: named('Primary name'),
      member_of: inCollection,
    },
  },
  {
    title: 'a set in a set is not a concept member',
    relation: 'conceptMemberOfSet',
    targets: [],
    document: { id: archive, type: 'Set', _label: 'Archive', identified_by: named('Archive'), member_of: inCollection },
  },
  {
    title: 'a meeting in the set of meetings',
    relation: 'temporalMemberOfSet',
    targets: [collection],
    document: {
      id: `${EX}activity/1`,
      type: 'Activity',
      _label: 'Meeting',
      identified_by: named('Meeting'),
      member_of: inCollection,
    },
  },
  {
    title: 'a period in a set',
    relation: 'temporalMemberOfSet',
    targets: [collection],
    document: {
      id: `${EX}period/1`,
      type: 'Period',
      _label: 'Bronze Age',
      identified_by: named('Bronze Age'),
      member_of: inCollection,
    },
  },
  {
    title: 'a series within an archive',
    relation: 'setMemberOfSet',
    targets: [archive],
    document: {
      id: `${EX}set/series-1`,
      type: 'Set',
      _label: 'Series 1',
      identified_by: named('Series 1'),
      member_of: [setRef(archive, 'Archive')],
    },
  },
  {
    title: 'a series in an unidentified set (a blank node) links nothing',
    relation: 'setMemberOfSet',
    targets: [],
    document: {
      id: `${EX}set/series-1`,
      type: 'Set',
      _label: 'Series 1',
      identified_by: named('Series 1'),
      member_of: [{ type: 'Set', _label: 'Some archive' }],
    },
  },

  // --- Works about or depicting the set ---
  {
    title: 'an article about the archive',
    relation: 'workAboutSet',
    targets: [archive],
    document: {
      id: `${EX}text/2`,
      type: 'LinguisticObject',
      _label: 'Article',
      identified_by: named('Article'),
      about: [setRef(archive, 'Archive')],
    },
  },
  {
    title: 'an image of the archive is not about it',
    relation: 'workAboutSet',
    targets: [],
    document: {
      id: `${EX}visual/2`,
      type: 'VisualItem',
      _label: 'Photograph',
      identified_by: named('Photograph'),
      represents: [setRef(archive, 'Archive')],
    },
  },
  {
    title: 'an image of the archive',
    relation: 'workRepresentsSet',
    targets: [archive],
    document: {
      id: `${EX}visual/2`,
      type: 'VisualItem',
      _label: 'Photograph',
      identified_by: named('Photograph'),
      represents: [setRef(archive, 'Archive')],
    },
  },
  {
    title: 'an image of the archive about the collection',
    relation: 'workAboutOrRepresentsSet',
    targets: [archive, collection],
    document: {
      id: `${EX}visual/3`,
      type: 'VisualItem',
      _label: 'Photograph',
      identified_by: named('Photograph'),
      represents: [setRef(archive, 'Archive')],
      about: inCollection,
    },
  },

  // --- Activities and concepts ---
  {
    title: 'an exhibition whose part used the set of exhibited objects',
    relation: 'activityUsedSet',
    targets: [collection],
    document: {
      id: `${EX}activity/2`,
      type: 'Activity',
      _label: 'Exhibition',
      identified_by: named('Exhibition'),
      part: [{ type: 'Activity', _label: 'Showing in Paris', used_specific_object: inCollection }],
    },
  },
  {
    title: 'an object whose production used the set is not an activity',
    relation: 'activityUsedSet',
    targets: [],
    document: {
      id: `${EX}object/2`,
      type: 'HumanMadeObject',
      _label: 'Catalogue',
      identified_by: named('Catalogue'),
      produced_by: { type: 'Production', used_specific_object: inCollection },
    },
  },
  {
    title: 'a concept whose creation was influenced by the archive',
    relation: 'conceptInfluencedBySet',
    targets: [archive],
    document: {
      id: `${EX}concept/2`,
      type: 'Type',
      _label: 'Marsh style',
      identified_by: named('Marsh style'),
      created_by: { type: 'Creation', influenced_by: [setRef(archive, 'Archive')] },
    },
  },
  {
    title: 'a set whose creation was influenced by the archive is not a concept',
    relation: 'conceptInfluencedBySet',
    targets: [],
    document: {
      id: `${EX}set/3`,
      type: 'Set',
      _label: 'Copy of the archive',
      identified_by: named('Copy'),
      created_by: { type: 'Creation', influenced_by: [setRef(archive, 'Archive')] },
    },
  },
];

describe('Relations given a set', () => {
  runCases(CASES);
});
