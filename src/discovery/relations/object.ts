/**
 * Relations given a human-made object (hal_links.tsv, category "object"). None comes with a
 * sketch: the queries are ours, written from the descriptions. An object's parts say `part_of`,
 * which the context maps to crm:P46i_forms_part_of for objects. "Used" is
 * `used_specific_object` on the activity or one of its parts; "influenced" is `influenced_by`
 * on the hit's production or creation, as the agent sketches have it.
 */
import { CONCEPT, OBJECT, WORK, type Relation } from './Relation.js';
import { any, out, star } from './paths.js';

export const OBJECT_RELATIONS: readonly Relation[] = [
  {
    // Direct parts, as the description's example (the frame of the Night Watch).
    name: 'objectPartOfObject',
    given: OBJECT,
    returns: OBJECT,
    description: 'Return the objects that are part of the object.',
    path: [out('crm:P46i_forms_part_of')],
    sparql: `SELECT DISTINCT ?part WHERE {
  ?part a crm:E22_Human-Made_Object ; crm:P46i_forms_part_of <%current%> .
}`,
  },
  {
    name: 'objectProductionInfluencedByObject',
    given: OBJECT,
    returns: OBJECT,
    description: 'Return the objects whose production was influenced by the object.',
    path: [out('crm:P108i_was_produced_by'), out('crm:P15_was_influenced_by')],
    sparql: `SELECT DISTINCT ?object WHERE {
  ?object a crm:E22_Human-Made_Object ; crm:P108i_was_produced_by ?production .
  ?production crm:P15_was_influenced_by <%current%> .
}`,
  },
  {
    name: 'conceptInfluencedByObject',
    given: OBJECT,
    returns: CONCEPT,
    description: 'Return the concepts that were influenced by the object.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
    sparql: `SELECT DISTINCT ?concept WHERE {
  VALUES ?class { crm:E55_Type crm:E57_Material crm:E56_Language crm:E98_Currency crm:E58_Measurement_Unit }
  ?concept a ?class ; crm:P94i_was_created_by ?creation .
  ?creation crm:P15_was_influenced_by <%current%> .
}`,
  },
  {
    name: 'activityUsedObject',
    given: OBJECT,
    returns: ['Activity'],
    description: 'Return the activities that used the object.',
    path: [star('crm:P9_consists_of'), out('crm:P16_used_specific_object')],
    sparql: `SELECT DISTINCT ?activity WHERE {
  ?activity a crm:E7_Activity ;
    crm:P9_consists_of*/crm:P16_used_specific_object <%current%> .
}`,
  },

  // --- Works about or depicting the object ---------------------------------------------------
  {
    name: 'workAboutObject',
    given: OBJECT,
    returns: WORK,
    description: 'Return the works that are about or have a subject of the object.',
    path: [out('crm:P129_is_about')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class ; crm:P129_is_about <%current%> .
}`,
  },
  {
    name: 'workRepresentsObject',
    given: OBJECT,
    returns: WORK,
    description: 'Return the visual works that represent or depict the object.',
    path: [out('crm:P138_represents')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class ; crm:P138_represents <%current%> .
}`,
  },
  {
    name: 'workAboutOrRepresentsObject',
    given: OBJECT,
    returns: WORK,
    description: 'Return the works that are about or represent the object.',
    path: [any([out('crm:P129_is_about')], [out('crm:P138_represents')])],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class .
  { ?work crm:P129_is_about <%current%> . }
  UNION
  { ?work crm:P138_represents <%current%> . }
}`,
  },
];
