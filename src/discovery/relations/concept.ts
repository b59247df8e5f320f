/**
 * Relations given a concept: a type, material, language, currency or unit (hal_links.tsv,
 * category "concept"). None comes with a sketch: the queries are ours, written from the
 * descriptions. "Classified as" is the hit's own classified_as (crm:P2_has_type), not its
 * parts' or its events'; a technique is on the production or creation and its parts.
 */
import { AGENT, CONCEPT, OBJECT, PLACE, SET, TEMPORAL, WORK, type Relation } from './Relation.js';
import { any, out, star } from './paths.js';

/** A query for the hits of these classes (their IRIs, prefixed) with a classified_as of the concept. */
const classifiedAs = (hit: string, classes: string): string => `SELECT DISTINCT ?${hit} WHERE {
  VALUES ?class { ${classes} }
  ?${hit} a ?class ;
    crm:P2_has_type <%current%> .
}`;

const WORK_CLASSES = 'crm:E33_Linguistic_Object crm:E36_Visual_Item';
const CONCEPT_CLASSES = 'crm:E55_Type crm:E57_Material crm:E56_Language crm:E98_Currency crm:E58_Measurement_Unit';

// ---- What things are made of, written in, made with ----

const MATERIALS_AND_TECHNIQUES: Relation[] = [
  {
    name: 'objectMadeOfMaterial',
    given: ['Material'],
    returns: OBJECT,
    description: 'Return the objects which are made of the material.',
    path: [out('crm:P45_consists_of')],
    sparql: `SELECT DISTINCT ?object WHERE {
  ?object a crm:E22_Human-Made_Object ;
    crm:P45_consists_of <%current%> .
}`,
  },
  {
    name: 'workLanguageLanguage',
    given: ['Language'],
    returns: ['LinguisticObject'],
    description: 'Return the works that are written or in the language.',
    path: [out('crm:P72_has_language')],
    sparql: `SELECT DISTINCT ?work WHERE {
  ?work a crm:E33_Linguistic_Object ;
    crm:P72_has_language <%current%> .
}`,
  },
  {
    name: 'objectProductionTechniqueConcept',
    given: CONCEPT,
    returns: OBJECT,
    description: 'Return the objects whose production has a technique of the concept.',
    path: [out('crm:P108i_was_produced_by'), star('crm:P9_consists_of'), out('crm:P32_used_general_technique')],
    sparql: `SELECT DISTINCT ?object WHERE {
  ?object a crm:E22_Human-Made_Object ;
    crm:P108i_was_produced_by ?production .
  ?production crm:P9_consists_of*/crm:P32_used_general_technique <%current%> .
}`,
  },
  {
    name: 'workCreationTechniqueConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the works whose creation has a technique of the concept.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('crm:P32_used_general_technique')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { ${WORK_CLASSES} }
  ?work a ?class ;
    crm:P94i_was_created_by ?creation .
  ?creation crm:P9_consists_of*/crm:P32_used_general_technique <%current%> .
}`,
  },
];

// ---- Classified as ----

const CLASSIFICATIONS: Relation[] = [
  {
    name: 'objectClassifiedAsConcept',
    given: CONCEPT,
    returns: OBJECT,
    description: 'Return the objects that are classified as the concept.',
    path: [out('crm:P2_has_type')],
    sparql: classifiedAs('object', 'crm:E22_Human-Made_Object'),
  },
  {
    name: 'workClassifiedAsConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the works that are classified as the concept.',
    path: [out('crm:P2_has_type')],
    sparql: classifiedAs('work', WORK_CLASSES),
  },
  {
    name: 'agentClassifiedAsConcept',
    given: CONCEPT,
    returns: AGENT,
    description: 'Return the people or groups that are classified as the concept.',
    path: [out('crm:P2_has_type')],
    sparql: classifiedAs('agent', 'crm:E21_Person crm:E74_Group'),
  },
  {
    name: 'placeClassifiedAsConcept',
    given: CONCEPT,
    returns: PLACE,
    description: 'Return the places that are classified as the concept.',
    path: [out('crm:P2_has_type')],
    sparql: classifiedAs('place', 'crm:E53_Place'),
  },
  {
    // Returns "Temporal": periods, events and activities.
    name: 'activityClassifiedAsConcept',
    given: CONCEPT,
    returns: TEMPORAL,
    description: 'Return the activities that are classified as the concept.',
    path: [out('crm:P2_has_type')],
    sparql: classifiedAs('activity', 'crm:E4_Period crm:E5_Event crm:E7_Activity'),
  },
  {
    name: 'conceptClassifiedAsConcept',
    given: CONCEPT,
    returns: CONCEPT,
    description: 'Return the concepts that are classified as the concept.',
    path: [out('crm:P2_has_type')],
    sparql: classifiedAs('concept', CONCEPT_CLASSES),
  },
  {
    name: 'setClassifiedAsConcept',
    given: CONCEPT,
    returns: SET,
    description: 'Return the sets that are classified as the concept.',
    path: [out('crm:P2_has_type')],
    sparql: classifiedAs('set', 'la:Set'),
  },
];

// ---- Between concepts ----

const BETWEEN_CONCEPTS: Relation[] = [
  {
    // A concept's `broader`, and its `part_of` (the context maps a concept's part_of to skos:broader too).
    name: 'conceptBroaderConcept',
    given: CONCEPT,
    returns: CONCEPT,
    description: 'Return the concepts that have a broader relationship to the concept (e.g. are narrower concepts)',
    path: [out('skos:broader')],
    sparql: `SELECT DISTINCT ?concept WHERE {
  VALUES ?class { ${CONCEPT_CLASSES} }
  ?concept a ?class ;
    skos:broader <%current%> .
}`,
  },
  {
    // As conceptInfluencedByAgent: the creation's own influences.
    name: 'conceptInfluencedByConcept',
    given: CONCEPT,
    returns: CONCEPT,
    description: 'Return the concepts that are influenced by the concept.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
    sparql: `SELECT DISTINCT ?concept WHERE {
  VALUES ?class { ${CONCEPT_CLASSES} }
  ?concept a ?class ;
    crm:P94i_was_created_by ?creation .
  ?creation crm:P15_was_influenced_by <%current%> .
}`,
  },
];

// ---- About and depicting ----

const ABOUTNESS: Relation[] = [
  {
    name: 'workAboutConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the works that are about the concept.',
    path: [out('crm:P129_is_about')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { ${WORK_CLASSES} }
  ?work a ?class ;
    crm:P129_is_about <%current%> .
}`,
  },
  {
    // "Or an instance of the concept": represents_instance_of_type (crm:P199), an unidentified dog.
    name: 'workRepresentsConcept',
    given: CONCEPT,
    returns: WORK,
    description: 'Return the visual works that represent or depict the concept, or an instance of the concept',
    path: [any([out('crm:P138_represents')], [out('crm:P199_represents_instance_of_type')])],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { ${WORK_CLASSES} }
  ?work a ?class .
  { ?work crm:P138_represents <%current%> . }
  UNION
  { ?work crm:P199_represents_instance_of_type <%current%> . }
}`,
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
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { ${WORK_CLASSES} }
  ?work a ?class .
  { ?work crm:P129_is_about <%current%> . }
  UNION
  { ?work crm:P138_represents <%current%> . }
  UNION
  { ?work crm:P199_represents_instance_of_type <%current%> . }
}`,
  },
];

export const CONCEPT_RELATIONS: readonly Relation[] = [
  ...MATERIALS_AND_TECHNIQUES,
  ...CLASSIFICATIONS,
  ...BETWEEN_CONCEPTS,
  ...ABOUTNESS,
];
