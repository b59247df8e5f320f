/**
 * Relations given a concept: a type, material, language, currency or unit (hal_links.tsv,
 * category "concept"). None comes with a sketch: the paths are ours, written from the
 * descriptions. "Classified as" is the hit's own classified_as (crm:P2_has_type), not its
 * parts' or its events'; a technique is on the production or creation and its parts.
 */
import { AGENT, CONCEPT, OBJECT, PLACE, SET, TEMPORAL, WORK, type RelationDefinition } from './Relation.js';
import { any, out, star } from './paths.js';

// ---- What things are made of, written in, made with ----

const MATERIALS_AND_TECHNIQUES: RelationDefinition[] = [
  {
    name: 'objectMadeOfMaterial',
    given: ['Material'],
    returns: OBJECT,
    description: 'Return the objects which are made of the material.',
    path: [out('crm:P45_consists_of')],
  },
  {
    name: 'workLanguageLanguage',
    given: ['Language'],
    returns: ['LinguisticObject'],
    description: 'Return the works that are written or in the language.',
    path: [out('crm:P72_has_language')],
  },
  {
    name: 'objectProductionTechniqueConcept',
    given: CONCEPT,
    returns: OBJECT,
    description: 'Return the objects whose production has a technique of the concept.',
    path: [out('crm:P108i_was_produced_by'), star('crm:P9_consists_of'), out('crm:P32_used_general_technique')],
  },
  {
    name: 'workCreationTechniqueConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the works whose creation has a technique of the concept.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('crm:P32_used_general_technique')],
  },
];

// ---- Classified as ----

const CLASSIFICATIONS: RelationDefinition[] = [
  {
    name: 'objectClassifiedAsConcept',
    given: CONCEPT,
    returns: OBJECT,
    description: 'Return the objects that are classified as the concept.',
    path: [out('crm:P2_has_type')],
  },
  {
    name: 'workClassifiedAsConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the works that are classified as the concept.',
    path: [out('crm:P2_has_type')],
  },
  {
    name: 'agentClassifiedAsConcept',
    given: CONCEPT,
    returns: AGENT,
    description: 'Return the people or groups that are classified as the concept.',
    path: [out('crm:P2_has_type')],
  },
  {
    name: 'placeClassifiedAsConcept',
    given: CONCEPT,
    returns: PLACE,
    description: 'Return the places that are classified as the concept.',
    path: [out('crm:P2_has_type')],
  },
  {
    // Returns "Temporal": periods, events and activities.
    name: 'activityClassifiedAsConcept',
    given: CONCEPT,
    returns: TEMPORAL,
    description: 'Return the activities that are classified as the concept.',
    path: [out('crm:P2_has_type')],
  },
  {
    name: 'conceptClassifiedAsConcept',
    given: CONCEPT,
    returns: CONCEPT,
    description: 'Return the concepts that are classified as the concept.',
    path: [out('crm:P2_has_type')],
  },
  {
    name: 'setClassifiedAsConcept',
    given: CONCEPT,
    returns: SET,
    description: 'Return the sets that are classified as the concept.',
    path: [out('crm:P2_has_type')],
  },
];

// ---- Between concepts ----

const BETWEEN_CONCEPTS: RelationDefinition[] = [
  {
    // A concept's `broader`, and its `part_of` (the context maps a concept's part_of to skos:broader too).
    name: 'conceptBroaderConcept',
    given: CONCEPT,
    returns: CONCEPT,
    description: 'Return the concepts that have a broader relationship to the concept (e.g. are narrower concepts)',
    path: [out('skos:broader')],
  },
  {
    // As conceptInfluencedByAgent: the creation's own influences.
    name: 'conceptInfluencedByConcept',
    given: CONCEPT,
    returns: CONCEPT,
    description: 'Return the concepts that are influenced by the concept.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
  },
];

// ---- About and depicting ----

const ABOUTNESS: RelationDefinition[] = [
  {
    name: 'workAboutConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the works that are about the concept.',
    path: [out('crm:P129_is_about')],
  },
  {
    // "Or an instance of the concept": represents_instance_of_type (crm:P199), an unidentified dog.
    name: 'workRepresentsConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the visual works that represent or depict the concept, or an instance of the concept',
    path: [any([out('crm:P138_represents')], [out('crm:P199_represents_instance_of_type')])],
  },
  {
    // hal_links.tsv's Returns column says Concept; its description (and its example, the Night
    // Watch's image) says works: followed here. Depicting covers an instance of the concept, as
    // workRepresentsConcept says.
    name: 'workAboutOrRepresentsConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the works that are about or depict the concept.',
    path: [
      any([out('crm:P129_is_about')], [out('crm:P138_represents')], [out('crm:P199_represents_instance_of_type')]),
    ],
  },
];

export const CONCEPT_RELATIONS: readonly RelationDefinition[] = [
  ...MATERIALS_AND_TECHNIQUES,
  ...CLASSIFICATIONS,
  ...BETWEEN_CONCEPTS,
  ...ABOUTNESS,
];
