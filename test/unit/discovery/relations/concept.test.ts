/** The concept relations, case by case: what links, and the near misses that must not. */
import { AAT, documentsOf, EX, named, runCases, type as typeRef, type RelationCase } from './relationCase.js';

const canvas = `${AAT}300014078`;
const oil = `${AAT}300015050`;
const english = `${AAT}300388277`;
const painting = `${AAT}300033618`;
const workType = `${AAT}300435443`;
const brushwork = `${AAT}300053362`;
const glazing = `${AAT}300053378`;
const dutch = `${AAT}300111175`;
const nationality = `${AAT}300379842`;
const exhibiting = `${AAT}300054766`;
const dogs = `${AAT}300265960`;
const democracy = `${AAT}300055555`;
const material = (id: string, label: string): Record<string, unknown> => ({ id, type: 'Material', _label: label });

const object = documentsOf('object', 'HumanMadeObject', 'Object');
const text = documentsOf('text', 'LinguisticObject', 'Text');
const visual = documentsOf('visual', 'VisualItem', 'Image');
const concept = documentsOf('concept', 'Type', 'Concept');

const CASES: RelationCase[] = [
  // ---- Materials, languages, techniques ----
  {
    title: 'an oil painting on canvas',
    relation: 'objectMadeOfMaterial',
    targets: [canvas, oil],
    document: object(1, { made_of: [material(canvas, 'canvas'), material(oil, 'oil paint')] }),
  },
  {
    title: 'an object classified as canvas is not made of it',
    relation: 'objectMadeOfMaterial',
    targets: [],
    document: object(2, { classified_as: [typeRef(canvas, 'canvas')] }),
  },
  {
    title: 'a text in English',
    relation: 'workLanguageLanguage',
    targets: [english],
    document: text(1, { language: [{ id: english, type: 'Language', _label: 'English' }] }),
  },
  {
    title: 'a text whose name (not the text) is in English',
    relation: 'workLanguageLanguage',
    targets: [],
    document: text(2, {
      identified_by: [{ ...named('Text 2')[0], language: [{ id: english, type: 'Language', _label: 'English' }] }],
    }),
  },
  {
    title: 'a painting made with brushwork, glazing in a part of its production',
    relation: 'objectProductionTechniqueConcept',
    targets: [brushwork, glazing],
    document: object(3, {
      produced_by: {
        type: 'Production',
        technique: [typeRef(brushwork, 'brushwork')],
        part: [{ type: 'Production', technique: [typeRef(glazing, 'glazing')] }],
      },
    }),
  },
  {
    title: 'an object classified as brushwork was not made with it',
    relation: 'objectProductionTechniqueConcept',
    targets: [],
    document: object(4, { classified_as: [typeRef(brushwork, 'brushwork')] }),
  },
  {
    title: 'an image created with brushwork',
    relation: 'workCreationTechniqueConcept',
    targets: [brushwork],
    document: visual(1, { created_by: { type: 'Creation', technique: [typeRef(brushwork, 'brushwork')] } }),
  },
  {
    title: 'an object produced with brushwork is no work',
    relation: 'workCreationTechniqueConcept',
    targets: [],
    document: object(3, { produced_by: { type: 'Production', technique: [typeRef(brushwork, 'brushwork')] } }),
  },
  // ---- Classified as ----
  {
    title: 'a painting: its own classification, not the classification of that type',
    relation: 'objectClassifiedAsConcept',
    targets: [painting],
    document: object(5, {
      classified_as: [{ ...typeRef(painting, 'paintings'), classified_as: [typeRef(workType, 'type of work')] }],
    }),
  },
  {
    title: 'a text classified under paintings',
    relation: 'workClassifiedAsConcept',
    targets: [painting],
    document: text(3, { classified_as: [typeRef(painting, 'paintings')] }),
  },
  {
    title: 'a statement about a text, classified, does not classify the text',
    relation: 'workClassifiedAsConcept',
    targets: [],
    document: text(4, {
      referred_to_by: [
        { type: 'LinguisticObject', content: 'A note.', classified_as: [typeRef(painting, 'paintings')] },
      ],
    }),
  },
  {
    title: 'a painting is not a work classified as paintings',
    relation: 'workClassifiedAsConcept',
    targets: [],
    document: object(6, { classified_as: [typeRef(painting, 'paintings')] }),
  },
  {
    title: 'a Dutch person',
    relation: 'agentClassifiedAsConcept',
    targets: [dutch],
    document: {
      id: `${EX}person/1`,
      type: 'Person',
      _label: 'Rembrandt',
      identified_by: named('Rembrandt'),
      classified_as: [{ ...typeRef(dutch, 'Dutch'), classified_as: [typeRef(nationality, 'nationality')] }],
    },
  },
  {
    title: 'a place classified as a city',
    relation: 'placeClassifiedAsConcept',
    targets: [`${AAT}300008389`],
    document: {
      id: `${EX}place/1`,
      type: 'Place',
      _label: 'Amsterdam',
      identified_by: named('Amsterdam'),
      classified_as: [typeRef(`${AAT}300008389`, 'cities')],
    },
  },
  {
    title: "an exhibition, not its venue's classification",
    relation: 'activityClassifiedAsConcept',
    targets: [exhibiting],
    document: {
      id: `${EX}activity/1`,
      type: 'Activity',
      _label: 'Exhibition',
      identified_by: named('Exhibition'),
      classified_as: [typeRef(exhibiting, 'exhibiting')],
      part: [
        { type: 'Activity', _label: 'Venue', classified_as: [typeRef(`${AAT}300393177`, 'professional activities')] },
      ],
    },
  },
  {
    title: 'a period is temporal too',
    relation: 'activityClassifiedAsConcept',
    targets: [`${AAT}300021140`],
    document: {
      id: `${EX}period/1`,
      type: 'Period',
      _label: 'Golden age',
      identified_by: named('Golden age'),
      classified_as: [typeRef(`${AAT}300021140`, 'Baroque')],
    },
  },
  {
    title: 'Dutch is classified as a nationality',
    relation: 'conceptClassifiedAsConcept',
    targets: [nationality],
    document: {
      id: dutch,
      type: 'Type',
      _label: 'Dutch',
      identified_by: named('Dutch'),
      classified_as: [typeRef(nationality, 'nationality')],
    },
  },
  {
    title: 'a set classified as an auction lot',
    relation: 'setClassifiedAsConcept',
    targets: [`${AAT}300411307`],
    document: {
      id: `${EX}set/1`,
      type: 'Set',
      _label: 'Lot 14',
      identified_by: named('Lot 14'),
      classified_as: [typeRef(`${AAT}300411307`, 'auction lots')],
    },
  },
  // ---- Between concepts ----
  {
    title: 'paintings, narrower than visual works (broader) and than works (part_of: skos:broader too)',
    relation: 'conceptBroaderConcept',
    targets: [`${AAT}300191086`, workType],
    document: {
      id: painting,
      type: 'Type',
      _label: 'Paintings',
      identified_by: named('Paintings'),
      broader: [typeRef(`${AAT}300191086`, 'visual works')],
      part_of: [typeRef(workType, 'type of work')],
    },
  },
  {
    title: 'a concept classified as another has no broader relation to it',
    relation: 'conceptBroaderConcept',
    targets: [],
    document: {
      id: dutch,
      type: 'Type',
      _label: 'Dutch',
      identified_by: named('Dutch'),
      classified_as: [typeRef(nationality, 'nationality')],
    },
  },
  {
    title: 'a history of France influenced by the concept of history',
    relation: 'conceptInfluencedByConcept',
    targets: [`${EX}concept/history`],
    document: concept(1, {
      created_by: { type: 'Creation', influenced_by: [typeRef(`${EX}concept/history`, 'history')] },
    }),
  },
  {
    title: 'a concept broader than another does not influence it',
    relation: 'conceptInfluencedByConcept',
    targets: [],
    document: concept(2, { broader: [typeRef(`${EX}concept/history`, 'history')] }),
  },
  // ---- About and depicting ----
  {
    title: 'a text about democracy',
    relation: 'workAboutConcept',
    targets: [democracy],
    document: text(5, { about: [typeRef(democracy, 'democracy')] }),
  },
  {
    title: 'an image of an unidentified dog depicts an instance of dogs',
    relation: 'workRepresentsConcept',
    targets: [dogs],
    document: visual(2, { represents_instance_of_type: [typeRef(dogs, 'dogs')] }),
  },
  {
    title: 'an image representing democracy itself',
    relation: 'workRepresentsConcept',
    targets: [democracy],
    document: visual(3, { represents: [typeRef(democracy, 'democracy')] }),
  },
  {
    title: 'a text about democracy does not depict it',
    relation: 'workRepresentsConcept',
    targets: [],
    document: text(5, { about: [typeRef(democracy, 'democracy')] }),
  },
  {
    title: 'an image about democracy, with a dog in it',
    relation: 'workAboutOrRepresentsConcept',
    targets: [democracy, dogs],
    document: visual(4, {
      about: [typeRef(democracy, 'democracy')],
      represents_instance_of_type: [typeRef(dogs, 'dogs')],
    }),
  },
  {
    title: 'a note on a text, about democracy, is not what the text is about',
    relation: 'workAboutOrRepresentsConcept',
    targets: [],
    document: text(6, {
      referred_to_by: [{ type: 'LinguisticObject', content: 'A note.', about: [typeRef(democracy, 'democracy')] }],
    }),
  },
];

describe('Relations given a concept', () => {
  runCases(CASES);
});
