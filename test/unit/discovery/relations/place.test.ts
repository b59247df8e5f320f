/** The place relations, case by case: what links, and the near misses that must not. */
import { AAT, documentsOf, EX, named, runCases, type as typeRef, type RelationCase } from './relationCase.js';

const city = `${EX}place/city`;
const workshop = `${EX}place/workshop`;
const gallery = `${EX}place/gallery`;
const country = `${EX}place/country`;
const place = (id: string, label: string): Record<string, unknown> => ({ id, type: 'Place', _label: label });
/** A place with no id: a blank node, which no link can point to. */
const unnamedPlace = { type: 'Place', _label: 'Somewhere' };
const professionalActivities = typeRef(`${AAT}300393177`, 'professional activities');
const publishing = typeRef(`${AAT}300054686`, 'publishing');
const exhibiting = typeRef(`${AAT}300054766`, 'exhibiting');

const object = documentsOf('object', 'HumanMadeObject', 'Object');
const text = documentsOf('text', 'LinguisticObject', 'Text');
const visual = documentsOf('visual', 'VisualItem', 'Image');
const person = documentsOf('person', 'Person', 'Person');
const group = documentsOf('group', 'Group', 'Group');

const producedAt = {
  produced_by: {
    type: 'Production',
    took_place_at: [place(city, 'City')],
    part: [{ type: 'Production', took_place_at: [place(workshop, 'Workshop')] }],
  },
};
const createdAt = {
  created_by: {
    type: 'Creation',
    took_place_at: [place(city, 'City')],
    part: [{ type: 'Creation', took_place_at: [place(workshop, 'Workshop')] }],
  },
};
const bornAt = { born: { type: 'Birth', took_place_at: [place(city, 'City')] } };
const diedAt = { died: { type: 'Death', took_place_at: [place(gallery, 'Gallery')] } };
const formedAt = { formed_by: { type: 'Formation', took_place_at: [place(workshop, 'Workshop')] } };
const dissolvedAt = { dissolved_by: { type: 'Dissolution', took_place_at: [place(country, 'Country')] } };
const activeAt = {
  carried_out: [
    {
      type: 'Activity',
      _label: 'Active dates',
      classified_as: [professionalActivities],
      took_place_at: [place(city, 'City')],
    },
  ],
};
const exhibitedAt = {
  carried_out: [
    {
      type: 'Activity',
      _label: 'An exhibition',
      classified_as: [exhibiting],
      took_place_at: [place(gallery, 'Gallery')],
    },
  ],
};

const CASES: RelationCase[] = [
  // ---- Objects ----
  {
    title: 'an object produced in the city, a part of its production in the workshop',
    relation: 'objectProducedAtPlace',
    targets: [city, workshop],
    document: object(1, producedAt),
  },
  {
    title: 'a text created in the city is a work, not a produced object',
    relation: 'objectProducedAtPlace',
    targets: [],
    document: text(1, createdAt),
  },
  {
    title: 'a production at a place with no id links nothing',
    relation: 'objectProducedAtPlace',
    targets: [],
    document: object(2, { produced_by: { type: 'Production', took_place_at: [unnamedPlace] } }),
  },
  {
    title: "an object encountered in the country (encountered_by, not the sketch's unmapped found_by)",
    relation: 'objectEncounteredAtPlace',
    targets: [country],
    document: object(3, { encountered_by: [{ type: 'Encounter', took_place_at: [place(country, 'Country')] }] }),
  },
  {
    title: 'where an object was produced is not where it was encountered',
    relation: 'objectEncounteredAtPlace',
    targets: [],
    document: object(1, producedAt),
  },
  {
    title: 'an object currently in the gallery',
    relation: 'objectCurrentPlace',
    targets: [gallery],
    document: object(4, { current_location: place(gallery, 'Gallery') }),
  },
  {
    title: 'an object whose permanent location is the gallery is not said to be there now',
    relation: 'objectCurrentPlace',
    targets: [],
    document: object(5, { current_permanent_location: place(gallery, 'Gallery') }),
  },
  {
    title: 'an object whose production was influenced by the country',
    relation: 'objectProductionInfluencedByPlace',
    targets: [country],
    document: object(6, {
      produced_by: {
        type: 'Production',
        influenced_by: [place(country, 'Country')],
        took_place_at: [place(city, 'City')],
      },
    }),
  },
  {
    title: 'the place of production is not an influence on it',
    relation: 'objectProductionInfluencedByPlace',
    targets: [],
    document: object(1, producedAt),
  },
  // ---- Works ----
  {
    title: 'a text created in the city, a part of its creation in the workshop',
    relation: 'workCreatedAtPlace',
    targets: [city, workshop],
    document: text(1, createdAt),
  },
  {
    title: 'an object produced in the city is not a work created there',
    relation: 'workCreatedAtPlace',
    targets: [],
    document: object(1, producedAt),
  },
  {
    title: 'a text published in the city (an activity it was used for, classified as publishing)',
    relation: 'workPublishedAtPlace',
    targets: [city],
    document: text(2, {
      used_for: [
        { type: 'Activity', _label: 'Publishing', classified_as: [publishing], took_place_at: [place(city, 'City')] },
      ],
    }),
  },
  {
    title: 'a text used for an exhibition in the gallery was not published there',
    relation: 'workPublishedAtPlace',
    targets: [],
    document: text(3, {
      used_for: [
        {
          type: 'Activity',
          _label: 'Exhibiting',
          classified_as: [exhibiting],
          took_place_at: [place(gallery, 'Gallery')],
        },
      ],
    }),
  },
  {
    title: 'a text about the city',
    relation: 'workAboutPlace',
    targets: [city],
    document: text(4, { about: [place(city, 'City')] }),
  },
  {
    title: 'an image representing the city is not about it',
    relation: 'workAboutPlace',
    targets: [],
    document: visual(1, { represents: [place(city, 'City')] }),
  },
  {
    title: 'an image representing the city',
    relation: 'workRepresentsPlace',
    targets: [city],
    document: visual(1, { represents: [place(city, 'City')] }),
  },
  {
    title: 'an image about the gallery and representing the city',
    relation: 'workAboutOrRepresentsPlace',
    targets: [city, gallery],
    document: visual(2, { represents: [place(city, 'City')], about: [place(gallery, 'Gallery')] }),
  },
  {
    title: 'an object cannot be a work about a place',
    relation: 'workAboutOrRepresentsPlace',
    targets: [],
    document: object(7, { about: [place(city, 'City')] }),
  },
  // ---- People and groups ----
  {
    title: 'a person born in the city',
    relation: 'personBornAtPlace',
    targets: [city],
    document: person(1, { ...bornAt, ...diedAt }),
  },
  {
    title: 'a person who died in the gallery',
    relation: 'personDiedAtPlace',
    targets: [gallery],
    document: person(1, { ...bornAt, ...diedAt }),
  },
  {
    title: 'a group formed in the workshop',
    relation: 'groupFormedAtPlace',
    targets: [workshop],
    document: group(1, { ...formedAt, ...dissolvedAt }),
  },
  {
    title: 'a group dissolved in the country',
    relation: 'groupDissolvedAtPlace',
    targets: [country],
    document: group(1, { ...formedAt, ...dissolvedAt }),
  },
  {
    title: 'a person born in the city is born or formed there',
    relation: 'agentBornOrFormedAtPlace',
    targets: [city],
    document: person(1, { ...bornAt, ...diedAt }),
  },
  {
    title: 'a group formed in the workshop is born or formed there',
    relation: 'agentBornOrFormedAtPlace',
    targets: [workshop],
    document: group(1, { ...formedAt, ...dissolvedAt }),
  },
  {
    title: 'a person who died in the gallery died or was dissolved there',
    relation: 'agentDiedOrDissolvedAtPlace',
    targets: [gallery],
    document: person(1, { ...bornAt, ...diedAt }),
  },
  {
    title: 'a group dissolved in the country died or was dissolved there',
    relation: 'agentDiedOrDissolvedAtPlace',
    targets: [country],
    document: group(1, { ...formedAt, ...dissolvedAt }),
  },
  {
    title: 'a person active in the city (professional activities), who also exhibited in the gallery',
    relation: 'personActiveAtPlace',
    targets: [city],
    document: person(2, { carried_out: [...activeAt.carried_out, ...exhibitedAt.carried_out] }),
  },
  {
    title: 'an activity not classified as professional activities is not active dates',
    relation: 'personActiveAtPlace',
    targets: [],
    document: person(3, exhibitedAt),
  },
  {
    title: 'a group active in the city',
    relation: 'groupActiveAtPlace',
    targets: [city],
    document: group(2, activeAt),
  },
  {
    title: 'a person active in the city is no group',
    relation: 'groupActiveAtPlace',
    targets: [],
    document: person(2, activeAt),
  },
  {
    title: 'a person active in the city is an agent active there',
    relation: 'agentActiveAtPlace',
    targets: [city],
    document: person(2, activeAt),
  },
  {
    title: 'a group resident in the city and the workshop',
    relation: 'agentResidentAtPlace',
    targets: [city, workshop],
    document: group(3, { residence: [place(city, 'City'), place(workshop, 'Workshop')] }),
  },
  {
    title: 'where a person was born is not a residence',
    relation: 'agentResidentAtPlace',
    targets: [],
    document: person(1, bornAt),
  },
  // ---- Places, sets, concepts, activities ----
  {
    title: "the gallery is part of the city (the city's own part_of, embedded, is the city's statement)",
    relation: 'placePartOfPlace',
    targets: [city],
    document: {
      id: gallery,
      type: 'Place',
      _label: 'Gallery',
      identified_by: named('Gallery'),
      part_of: [{ ...place(city, 'City'), part_of: [place(country, 'Country')] }],
    },
  },
  {
    title: 'an object part of another (forms_part_of, not falls_within) is no place',
    relation: 'placePartOfPlace',
    targets: [],
    document: object(8, { part_of: [{ id: `${EX}object/9`, type: 'HumanMadeObject', _label: 'Object 9' }] }),
  },
  {
    title: 'a set created in the city, in part in the workshop',
    relation: 'setCreatedAtPlace',
    targets: [city, workshop],
    document: { id: `${EX}set/1`, type: 'Set', _label: 'Album', identified_by: named('Album'), ...createdAt },
  },
  {
    title: 'a concept whose creation was influenced by the country',
    relation: 'conceptInfluencedByPlace',
    targets: [country],
    document: {
      id: `${EX}concept/1`,
      type: 'Type',
      _label: 'Local style',
      identified_by: named('Local style'),
      created_by: { type: 'Creation', influenced_by: [place(country, 'Country')] },
    },
  },
  {
    title: 'a work whose creation was influenced by the country is no concept',
    relation: 'conceptInfluencedByPlace',
    targets: [],
    document: text(5, { created_by: { type: 'Creation', influenced_by: [place(country, 'Country')] } }),
  },
  {
    title: 'an exhibition in the city, one venue (a part) in the gallery',
    relation: 'activityTookPlaceAtPlace',
    targets: [city, gallery],
    document: {
      id: `${EX}activity/1`,
      type: 'Activity',
      _label: 'Exhibition',
      identified_by: named('Exhibition'),
      classified_as: [exhibiting],
      took_place_at: [place(city, 'City')],
      part: [{ type: 'Activity', _label: 'Venue', took_place_at: [place(gallery, 'Gallery')] }],
    },
  },
  {
    title: 'a period is not an event or activity',
    relation: 'activityTookPlaceAtPlace',
    targets: [],
    document: {
      id: `${EX}period/1`,
      type: 'Period',
      _label: 'Golden age',
      identified_by: named('Golden age'),
      took_place_at: [place(country, 'Country')],
    },
  },
];

describe('Relations given a place', () => {
  runCases(CASES);
});
