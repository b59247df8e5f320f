/**
 * Relations given a set (hal_links.tsv, category "set"). None comes with a sketch: the queries
 * are ours, written from the descriptions. Membership is `member_of` on the member's document
 * (la:member_of; crm:P107i for people and groups is membership of a group, not of a set).
 * "Used" is `used_specific_object` on the activity or one of its parts, as an exhibition
 * uses the set of objects it shows.
 */
import { ENTITY_CLASSES } from '../../linkedart/kinds.js';
import { CONCEPT, OBJECT, PLACE, SET, TEMPORAL, WORK, type Relation } from './Relation.js';
import { any, out, star } from './paths.js';

export const SET_RELATIONS: readonly Relation[] = [
  // --- Members of the set, of each kind --------------------------------------------------
  {
    name: 'entityMemberOfSet',
    given: SET,
    returns: ENTITY_CLASSES,
    description: 'Return entities which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?entity WHERE {
  ?entity la:member_of <%current%> .
}`,
  },
  {
    name: 'objectMemberOfSet',
    given: SET,
    returns: OBJECT,
    description: 'Return objects which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?object WHERE {
  ?object a crm:E22_Human-Made_Object ; la:member_of <%current%> .
}`,
  },
  {
    name: 'workMemberOfSet',
    given: SET,
    returns: WORK,
    description: 'Return works which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class ; la:member_of <%current%> .
}`,
  },
  {
    name: 'placeMemberOfSet',
    given: SET,
    returns: PLACE,
    description: 'Return places which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?place WHERE {
  ?place a crm:E53_Place ; la:member_of <%current%> .
}`,
  },
  {
    name: 'conceptMemberOfSet',
    given: SET,
    returns: CONCEPT,
    description: 'Return concepts which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?concept WHERE {
  VALUES ?class { crm:E55_Type crm:E57_Material crm:E56_Language crm:E98_Currency crm:E58_Measurement_Unit }
  ?concept a ?class ; la:member_of <%current%> .
}`,
  },
  {
    name: 'temporalMemberOfSet',
    given: SET,
    returns: TEMPORAL,
    description: 'Return periods, events and activities which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?temporal WHERE {
  VALUES ?class { crm:E4_Period crm:E5_Event crm:E7_Activity }
  ?temporal a ?class ; la:member_of <%current%> .
}`,
  },
  {
    name: 'setMemberOfSet',
    given: SET,
    returns: SET,
    description: 'Return the sets which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?set WHERE {
  ?set a la:Set ; la:member_of <%current%> .
}`,
  },

  // --- Works about or depicting the set ---------------------------------------------------
  {
    name: 'workAboutSet',
    given: SET,
    returns: WORK,
    description: 'Return works which are about the set.',
    path: [out('crm:P129_is_about')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class ; crm:P129_is_about <%current%> .
}`,
  },
  {
    name: 'workRepresentsSet',
    given: SET,
    returns: WORK,
    description: 'Return visual works which represent or depict the set.',
    path: [out('crm:P138_represents')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class ; crm:P138_represents <%current%> .
}`,
  },
  {
    name: 'workAboutOrRepresentsSet',
    given: SET,
    returns: WORK,
    description: 'Return the works which are about or represent the set.',
    path: [any([out('crm:P129_is_about')], [out('crm:P138_represents')])],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class .
  { ?work crm:P129_is_about <%current%> . }
  UNION
  { ?work crm:P138_represents <%current%> . }
}`,
  },

  // --- Activities and concepts ------------------------------------------------------------
  {
    name: 'activityUsedSet',
    given: SET,
    returns: ['Activity'],
    description: 'Return activities which used the set.',
    path: [star('crm:P9_consists_of'), out('crm:P16_used_specific_object')],
    sparql: `SELECT DISTINCT ?activity WHERE {
  ?activity a crm:E7_Activity ;
    crm:P9_consists_of*/crm:P16_used_specific_object <%current%> .
}`,
  },
  {
    // As conceptInfluencedByAgent's sketch: the influence is on the concept's creation.
    name: 'conceptInfluencedBySet',
    given: SET,
    returns: CONCEPT,
    description: 'Return concepts which were influenced by the set.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
    sparql: `SELECT DISTINCT ?concept WHERE {
  VALUES ?class { crm:E55_Type crm:E57_Material crm:E56_Language crm:E98_Currency crm:E58_Measurement_Unit }
  ?concept a ?class ; crm:P94i_was_created_by ?creation .
  ?creation crm:P15_was_influenced_by <%current%> .
}`,
  },
];
