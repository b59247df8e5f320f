/** The relations given a textual or visual work, case by case: what links, and the near misses that must not. */
import { EX, named, runCases, type RelationCase } from './relationCase.js';

const novel = `${EX}text/lord-of-the-rings`;
const image = `${EX}visual/night-watch`;
const novelRef = [{ id: novel, type: 'LinguisticObject', _label: 'The Lord of the Rings' }];
const imageRef = [{ id: image, type: 'VisualItem', _label: 'Image of the Night Watch' }];

const CASES: RelationCase[] = [
  // --- Objects carrying or showing the work ---
  {
    title: 'a copy of the book carries the text',
    relation: 'objectCarriesWork',
    targets: [novel],
    document: {
      id: `${EX}object/copy`,
      type: 'HumanMadeObject',
      _label: 'Copy',
      identified_by: named('Copy'),
      carries: novelRef,
    },
  },
  {
    title: 'a painting showing an image does not carry it',
    relation: 'objectCarriesWork',
    targets: [],
    document: {
      id: `${EX}object/painting`,
      type: 'HumanMadeObject',
      _label: 'Painting',
      identified_by: named('Painting'),
      shows: imageRef,
    },
  },
  {
    title: 'the painting shows the image',
    relation: 'objectShowsWork',
    targets: [image],
    document: {
      id: `${EX}object/painting`,
      type: 'HumanMadeObject',
      _label: 'Painting',
      identified_by: named('Painting'),
      shows: imageRef,
    },
  },
  {
    title: 'a digital image showing the image (la:digitally_shows) is not an object',
    relation: 'objectShowsWork',
    targets: [],
    document: {
      id: `${EX}digital/scan`,
      type: 'DigitalObject',
      _label: 'Scan',
      identified_by: named('Scan'),
      digitally_shows: imageRef,
    },
  },

  // --- Parts, influence, use ---
  {
    title: 'The Fellowship of the Ring, part of The Lord of the Rings',
    relation: 'workPartOfWork',
    targets: [novel],
    document: {
      id: `${EX}text/fellowship`,
      type: 'LinguisticObject',
      _label: 'Fellowship',
      identified_by: named('Fellowship'),
      part_of: novelRef,
    },
  },
  {
    title: 'a detail of the image, part of it',
    relation: 'workPartOfWork',
    targets: [image],
    document: {
      id: `${EX}visual/detail`,
      type: 'VisualItem',
      _label: 'Detail',
      identified_by: named('Detail'),
      part_of: imageRef,
    },
  },
  {
    title: 'a frame part of a painting (crm:P46i) is no work part',
    relation: 'workPartOfWork',
    targets: [],
    document: {
      id: `${EX}object/frame`,
      type: 'HumanMadeObject',
      _label: 'Frame',
      identified_by: named('Frame'),
      part_of: [{ id: `${EX}object/painting`, type: 'HumanMadeObject', _label: 'Painting' }],
    },
  },
  {
    title: 'a concept whose creation was influenced by the novel',
    relation: 'conceptInfluencedByWork',
    targets: [novel],
    document: {
      id: `${EX}concept/middle-earth`,
      type: 'Type',
      _label: 'History of Middle-Earth',
      identified_by: named('History of Middle-Earth'),
      created_by: { type: 'Creation', influenced_by: novelRef },
    },
  },
  {
    title: 'a text whose creation was influenced by the novel is not a concept',
    relation: 'conceptInfluencedByWork',
    targets: [],
    document: {
      id: `${EX}text/imitation`,
      type: 'LinguisticObject',
      _label: 'Imitation',
      identified_by: named('Imitation'),
      created_by: { type: 'Creation', influenced_by: novelRef },
    },
  },
  {
    title: 'a painting whose production was influenced by the image',
    relation: 'objectProductionInfluencedByWork',
    targets: [image],
    document: {
      id: `${EX}object/copy-painting`,
      type: 'HumanMadeObject',
      _label: 'Copy',
      identified_by: named('Copy'),
      produced_by: { type: 'Production', influenced_by: imageRef },
    },
  },
  {
    title: 'a painting that shows the image was not influenced by it',
    relation: 'objectProductionInfluencedByWork',
    targets: [],
    document: {
      id: `${EX}object/painting`,
      type: 'HumanMadeObject',
      _label: 'Painting',
      identified_by: named('Painting'),
      shows: imageRef,
    },
  },
  {
    title: 'a reading that used the novel',
    relation: 'activityUsedWork',
    targets: [novel],
    document: {
      id: `${EX}activity/reading`,
      type: 'Activity',
      _label: 'Reading',
      identified_by: named('Reading'),
      used_specific_object: novelRef,
    },
  },
  {
    title: 'a review about the novel links nothing (about is not use, and a text is no activity)',
    relation: 'activityUsedWork',
    targets: [],
    document: {
      id: `${EX}text/review`,
      type: 'LinguisticObject',
      _label: 'Review',
      identified_by: named('Review'),
      about: novelRef,
    },
  },

  // --- Works about or depicting the work ---
  {
    title: 'an article about the novel',
    relation: 'workAboutWork',
    targets: [novel],
    document: {
      id: `${EX}text/review`,
      type: 'LinguisticObject',
      _label: 'Review',
      identified_by: named('Review'),
      about: novelRef,
    },
  },
  {
    title: 'an image depicting the image',
    relation: 'workRepresentsWork',
    targets: [image],
    document: {
      id: `${EX}visual/pastiche`,
      type: 'VisualItem',
      _label: 'Pastiche',
      identified_by: named('Pastiche'),
      represents: imageRef,
    },
  },
  {
    title: 'an image depicting the image is not about it',
    relation: 'workAboutWork',
    targets: [],
    document: {
      id: `${EX}visual/pastiche`,
      type: 'VisualItem',
      _label: 'Pastiche',
      identified_by: named('Pastiche'),
      represents: imageRef,
    },
  },
  {
    title: 'an image depicting the image, about the novel',
    relation: 'workAboutOrRepresentsWork',
    targets: [image, novel],
    document: {
      id: `${EX}visual/illustration`,
      type: 'VisualItem',
      _label: 'Illustration',
      identified_by: named('Illustration'),
      represents: imageRef,
      about: novelRef,
    },
  },
];

describe('Relations given a textual or visual work', () => {
  runCases(CASES);
});
