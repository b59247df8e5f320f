/**
 * Relations given a period, event or activity (hal_links.tsv, category "activity"). None comes
 * with a sketch, and from workCreationCausedByActivity on the Relationship column is empty: the
 * queries are ours, written from the descriptions. "Caused by" is `caused_by`
 * (sci:O13i_is_triggered_by) on the beginning or end of the hit's existence — its production,
 * creation, death or destruction — or on the hit itself for an activity; a production or
 * creation may be caused in part, through its parts (crm:P9_consists_of*), as the sketches
 * follow "in whole or in part" elsewhere. Parts of a temporal entity are `part_of`, which the
 * context maps to crm:P9i_forms_part_of for periods, events and activities alike.
 */
import { CONCEPT, EVENT_OR_ACTIVITY, OBJECT, SET, TEMPORAL, WORK, type Relation } from './Relation.js';
import { any, out, star } from './paths.js';

export const ACTIVITY_RELATIONS: readonly Relation[] = [
  // --- What the event or activity caused ---------------------------------------------------
  {
    name: 'objectProductionCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: OBJECT,
    description: 'Return the objects whose production was caused by the event or activity.',
    path: [out('crm:P108i_was_produced_by'), star('crm:P9_consists_of'), out('sci:O13i_is_triggered_by')],
    sparql: `SELECT DISTINCT ?object WHERE {
  ?object a crm:E22_Human-Made_Object ; crm:P108i_was_produced_by ?production .
  ?production crm:P9_consists_of*/sci:O13i_is_triggered_by <%current%> .
}`,
  },
  {
    name: 'workCreationCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: WORK,
    description: 'Return the works whose creation was caused by the event or activity.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('sci:O13i_is_triggered_by')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class ; crm:P94i_was_created_by ?creation .
  ?creation crm:P9_consists_of*/sci:O13i_is_triggered_by <%current%> .
}`,
  },
  {
    name: 'setCreationCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: SET,
    description: 'Return the sets whose creation was caused by the event or activity.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('sci:O13i_is_triggered_by')],
    sparql: `SELECT DISTINCT ?set WHERE {
  ?set a la:Set ; crm:P94i_was_created_by ?creation .
  ?creation crm:P9_consists_of*/sci:O13i_is_triggered_by <%current%> .
}`,
  },
  {
    // The write gate refuses caused_by on a Concept's Creation (interface.md, Embedded events:
    // "only id, type, _label, ..., influenced_by"), so no stored document links by this relation
    // today; kept as hal_links.tsv defines it, for data the model may allow later.
    name: 'conceptCreationCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: CONCEPT,
    description: 'Return the concepts whose creation was caused by the event or activity.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('sci:O13i_is_triggered_by')],
    sparql: `SELECT DISTINCT ?concept WHERE {
  VALUES ?class { crm:E55_Type crm:E57_Material crm:E56_Language crm:E98_Currency crm:E58_Measurement_Unit }
  ?concept a ?class ; crm:P94i_was_created_by ?creation .
  ?creation crm:P9_consists_of*/sci:O13i_is_triggered_by <%current%> .
}`,
  },
  {
    // `died` is crm:P100i_died_in, to the person's Death.
    name: 'personDeathCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: ['Person'],
    description: 'Return the people whose death was caused by the event or activity.',
    path: [out('crm:P100i_died_in'), out('sci:O13i_is_triggered_by')],
    sparql: `SELECT DISTINCT ?person WHERE {
  ?person a crm:E21_Person ; crm:P100i_died_in ?death .
  ?death sci:O13i_is_triggered_by <%current%> .
}`,
  },
  {
    name: 'objectDestructionCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: OBJECT,
    description: 'Return the objects whose destruction was caused by the event or activity.',
    path: [out('crm:P13i_was_destroyed_by'), out('sci:O13i_is_triggered_by')],
    sparql: `SELECT DISTINCT ?object WHERE {
  ?object a crm:E22_Human-Made_Object ; crm:P13i_was_destroyed_by ?destruction .
  ?destruction sci:O13i_is_triggered_by <%current%> .
}`,
  },
  {
    name: 'activityCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: EVENT_OR_ACTIVITY,
    description: 'Return the activities that were caused by the event or activity.',
    path: [out('sci:O13i_is_triggered_by')],
    sparql: `SELECT DISTINCT ?activity WHERE {
  VALUES ?class { crm:E5_Event crm:E7_Activity }
  ?activity a ?class ; sci:O13i_is_triggered_by <%current%> .
}`,
  },

  // --- Parts ---------------------------------------------------------------------------------
  {
    // Direct parts, as the description's example (the Middle Bronze Age, part of the Bronze Age).
    name: 'activityPartOfActivity',
    given: TEMPORAL,
    returns: TEMPORAL,
    description: 'Return the periods, events or activities that were part of the period, event or activity.',
    path: [out('crm:P9i_forms_part_of')],
    sparql: `SELECT DISTINCT ?part WHERE {
  VALUES ?class { crm:E4_Period crm:E5_Event crm:E7_Activity }
  ?part a ?class ; crm:P9i_forms_part_of <%current%> .
}`,
  },

  // --- Works about or depicting it, and concepts it influenced --------------------------------
  {
    name: 'workAboutActivity',
    given: TEMPORAL,
    returns: WORK,
    description: 'Return the works that are about or have a subject of the period, event or activity.',
    path: [out('crm:P129_is_about')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class ; crm:P129_is_about <%current%> .
}`,
  },
  {
    name: 'workRepresentsActivity',
    given: TEMPORAL,
    returns: WORK,
    description: 'Return the works that are represent or depict the period, event or activity.',
    path: [out('crm:P138_represents')],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class ; crm:P138_represents <%current%> .
}`,
  },
  {
    name: 'workAboutOrRepresentsActivity',
    given: TEMPORAL,
    returns: WORK,
    description: 'Return the works that are about or represent the period, event or activity.',
    path: [any([out('crm:P129_is_about')], [out('crm:P138_represents')])],
    sparql: `SELECT DISTINCT ?work WHERE {
  VALUES ?class { crm:E33_Linguistic_Object crm:E36_Visual_Item }
  ?work a ?class .
  { ?work crm:P129_is_about <%current%> . }
  UNION
  { ?work crm:P138_represents <%current%> . }
}`,
  },
  {
    // As conceptInfluencedByAgent's sketch: the influence is on the concept's creation.
    name: 'conceptInfluencedByActivity',
    given: TEMPORAL,
    returns: CONCEPT,
    description: 'Return the concepts that were influenced by the period, event or activity.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
    sparql: `SELECT DISTINCT ?concept WHERE {
  VALUES ?class { crm:E55_Type crm:E57_Material crm:E56_Language crm:E98_Currency crm:E58_Measurement_Unit }
  ?concept a ?class ; crm:P94i_was_created_by ?creation .
  ?creation crm:P15_was_influenced_by <%current%> .
}`,
  },
];
