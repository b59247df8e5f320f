/**
 * Relations given a period, event or activity (hal_links.tsv, category "activity"). None comes
 * with a sketch, and from workCreationCausedByActivity on the Relationship column is empty: the
 * paths are ours, written from the descriptions. "Caused by" is `caused_by`
 * (sci:O13i_is_triggered_by) on the beginning or end of the hit's existence — its production,
 * creation, death or destruction — or on the hit itself for an activity; a production or
 * creation may be caused in part, through its parts (crm:P9_consists_of*), as the sketches
 * follow "in whole or in part" elsewhere. Parts of a temporal entity are `part_of`, which the
 * context maps to crm:P9i_forms_part_of for periods, events and activities alike.
 */
import { CONCEPT, EVENT_OR_ACTIVITY, OBJECT, SET, TEMPORAL, WORK, type RelationDefinition } from './Relation.js';
import { any, out, star } from './paths.js';

export const ACTIVITY_RELATIONS: readonly RelationDefinition[] = [
  // --- What the event or activity caused ---------------------------------------------------
  {
    name: 'objectProductionCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: OBJECT,
    description: 'Return the objects whose production was caused by the event or activity.',
    path: [out('crm:P108i_was_produced_by'), star('crm:P9_consists_of'), out('sci:O13i_is_triggered_by')],
  },
  {
    name: 'workCreationCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: WORK,
    description: 'Return the works whose creation was caused by the event or activity.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('sci:O13i_is_triggered_by')],
  },
  {
    name: 'setCreationCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: SET,
    description: 'Return the sets whose creation was caused by the event or activity.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('sci:O13i_is_triggered_by')],
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
  },
  {
    // `died` is crm:P100i_died_in, to the person's Death.
    name: 'personDeathCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: ['Person'],
    description: 'Return the people whose death was caused by the event or activity.',
    path: [out('crm:P100i_died_in'), out('sci:O13i_is_triggered_by')],
  },
  {
    name: 'objectDestructionCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: OBJECT,
    description: 'Return the objects whose destruction was caused by the event or activity.',
    path: [out('crm:P13i_was_destroyed_by'), out('sci:O13i_is_triggered_by')],
  },
  {
    name: 'activityCausedByActivity',
    given: EVENT_OR_ACTIVITY,
    returns: EVENT_OR_ACTIVITY,
    description: 'Return the activities that were caused by the event or activity.',
    path: [out('sci:O13i_is_triggered_by')],
  },

  // --- Parts ---------------------------------------------------------------------------------
  {
    // Direct parts, as the description's example (the Middle Bronze Age, part of the Bronze Age).
    name: 'activityPartOfActivity',
    given: TEMPORAL,
    returns: TEMPORAL,
    description: 'Return the periods, events or activities that were part of the period, event or activity.',
    path: [out('crm:P9i_forms_part_of')],
  },

  // --- Works about or depicting it, and concepts it influenced --------------------------------
  {
    name: 'workAboutActivity',
    given: TEMPORAL,
    returns: WORK,
    description: 'Return the works that are about or have a subject of the period, event or activity.',
    path: [out('crm:P129_is_about')],
  },
  {
    name: 'workRepresentsActivity',
    given: TEMPORAL,
    returns: WORK,
    description: 'Return the works that are represent or depict the period, event or activity.',
    path: [out('crm:P138_represents')],
  },
  {
    name: 'workAboutOrRepresentsActivity',
    given: TEMPORAL,
    returns: WORK,
    description: 'Return the works that are about or represent the period, event or activity.',
    path: [any([out('crm:P129_is_about')], [out('crm:P138_represents')])],
  },
  {
    // As conceptInfluencedByAgent's sketch: the influence is on the concept's creation.
    name: 'conceptInfluencedByActivity',
    given: TEMPORAL,
    returns: CONCEPT,
    description: 'Return the concepts that were influenced by the period, event or activity.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
  },
];
