/** The relations given a human-made object, case by case: what links, and the near misses that must not. */
import { EX, named, runCases, type RelationCase } from './relationCase.js';

const painting = `${EX}object/night-watch`;
const negative = `${EX}object/negative`;
const object = (id: string, label: string): Record<string, unknown> => ({ id, type: 'HumanMadeObject', _label: label });
const thePainting = [object(painting, 'The Night Watch')];

const CASES: RelationCase[] = [
  {
    title: 'the frame, part of the painting',
    relation: 'objectPartOfObject',
    targets: [painting],
    document: {
      id: `${EX}object/frame`,
      type: 'HumanMadeObject',
      _label: 'Frame',
      identified_by: named('Frame'),
      part_of: thePainting,
    },
  },
  {
    title: 'a text part of another text (crm:P106i) is no object part',
    relation: 'objectPartOfObject',
    targets: [],
    document: {
      id: `${EX}text/chapter`,
      type: 'LinguisticObject',
      _label: 'Chapter',
      identified_by: named('Chapter'),
      part_of: [{ id: `${EX}text/book`, type: 'LinguisticObject', _label: 'Book' }],
    },
  },
  {
    title: 'a copy whose production was influenced by the painting',
    relation: 'objectProductionInfluencedByObject',
    targets: [painting],
    document: {
      id: `${EX}object/copy`,
      type: 'HumanMadeObject',
      _label: 'Copy',
      identified_by: named('Copy'),
      produced_by: { type: 'Production', influenced_by: thePainting },
    },
  },
  {
    title: 'a print whose production used the negative was not influenced by it',
    relation: 'objectProductionInfluencedByObject',
    targets: [],
    document: {
      id: `${EX}object/print`,
      type: 'HumanMadeObject',
      _label: 'Print',
      identified_by: named('Print'),
      produced_by: { type: 'Production', used_specific_object: [object(negative, 'Negative')] },
    },
  },
  {
    title: 'a concept whose creation was influenced by the painting',
    relation: 'conceptInfluencedByObject',
    targets: [painting],
    document: {
      id: `${EX}concept/reception`,
      type: 'Type',
      _label: 'Reception of the Night Watch',
      identified_by: named('Reception'),
      created_by: { type: 'Creation', influenced_by: thePainting },
    },
  },
  {
    title: 'an object whose production was influenced by the painting is not a concept',
    relation: 'conceptInfluencedByObject',
    targets: [],
    document: {
      id: `${EX}object/copy`,
      type: 'HumanMadeObject',
      _label: 'Copy',
      identified_by: named('Copy'),
      produced_by: { type: 'Production', influenced_by: thePainting },
    },
  },
  {
    title: 'a conservation whose part used the painting, and the negative itself',
    relation: 'activityUsedObject',
    targets: [painting, negative],
    document: {
      id: `${EX}activity/conservation`,
      type: 'Activity',
      _label: 'Conservation',
      identified_by: named('Conservation'),
      used_specific_object: [object(negative, 'Negative')],
      part: [{ type: 'Activity', _label: 'Varnish removal', used_specific_object: thePainting }],
    },
  },
  {
    title: 'a print whose production used the negative is not an activity',
    relation: 'activityUsedObject',
    targets: [],
    document: {
      id: `${EX}object/print`,
      type: 'HumanMadeObject',
      _label: 'Print',
      identified_by: named('Print'),
      produced_by: { type: 'Production', used_specific_object: [object(negative, 'Negative')] },
    },
  },
  {
    title: 'an article about the painting',
    relation: 'workAboutObject',
    targets: [painting],
    document: {
      id: `${EX}text/article`,
      type: 'LinguisticObject',
      _label: 'Article',
      identified_by: named('Article'),
      about: thePainting,
    },
  },
  {
    title: "a photograph's image of the painting",
    relation: 'workRepresentsObject',
    targets: [painting],
    document: {
      id: `${EX}visual/photo`,
      type: 'VisualItem',
      _label: 'Photograph',
      identified_by: named('Photograph'),
      represents: thePainting,
    },
  },
  {
    title: 'an article about the painting does not depict it',
    relation: 'workRepresentsObject',
    targets: [],
    document: {
      id: `${EX}text/article`,
      type: 'LinguisticObject',
      _label: 'Article',
      identified_by: named('Article'),
      about: thePainting,
    },
  },
  {
    title: 'an image of the painting, about its negative',
    relation: 'workAboutOrRepresentsObject',
    targets: [painting, negative],
    document: {
      id: `${EX}visual/photo2`,
      type: 'VisualItem',
      _label: 'Photograph',
      identified_by: named('Photograph'),
      represents: thePainting,
      about: [object(negative, 'Negative')],
    },
  },
];

describe('Relations given a human-made object', () => {
  runCases(CASES);
});
