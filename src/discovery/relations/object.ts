/**
 * Relations given a human-made object (hal_links.tsv, category "object"). None comes with a
 * sketch: the paths are ours, written from the descriptions. An object's parts say `part_of`,
 * which the context maps to crm:P46i_forms_part_of for objects. "Used" is
 * `used_specific_object` on the activity or one of its parts; "influenced" is `influenced_by`
 * on the hit's production or creation, as the agent sketches have it.
 */
import { CONCEPT, OBJECT, WORK, type RelationDefinition } from './Relation.js';
import { any, out, star } from './paths.js';

export const OBJECT_RELATIONS: readonly RelationDefinition[] = [
  {
    // Direct parts, as the description's example (the frame of the Night Watch).
    name: 'objectPartOfObject',
    given: OBJECT,
    returns: OBJECT,
    description: 'Return the objects that are part of the object.',
    path: [out('crm:P46i_forms_part_of')],
  },
  {
    name: 'objectProductionInfluencedByObject',
    given: OBJECT,
    returns: OBJECT,
    description: 'Return the objects whose production was influenced by the object.',
    path: [out('crm:P108i_was_produced_by'), out('crm:P15_was_influenced_by')],
  },
  {
    name: 'conceptInfluencedByObject',
    given: OBJECT,
    returns: CONCEPT,
    description: 'Return the concepts that were influenced by the object.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
  },
  {
    name: 'activityUsedObject',
    given: OBJECT,
    returns: ['Activity'],
    description: 'Return the activities that used the object.',
    path: [star('crm:P9_consists_of'), out('crm:P16_used_specific_object')],
  },

  // --- Works about or depicting the object ---------------------------------------------------
  {
    name: 'workAboutObject',
    given: OBJECT,
    returns: WORK,
    description: 'Return the works that are about or have a subject of the object.',
    path: [out('crm:P129_is_about')],
  },
  {
    name: 'workRepresentsObject',
    given: OBJECT,
    returns: WORK,
    description: 'Return the visual works that represent or depict the object.',
    path: [out('crm:P138_represents')],
  },
  {
    name: 'workAboutOrRepresentsObject',
    given: OBJECT,
    returns: WORK,
    description: 'Return the works that are about or represent the object.',
    path: [any([out('crm:P129_is_about')], [out('crm:P138_represents')])],
  },
];
