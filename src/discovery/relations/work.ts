/**
 * Relations given a work, textual or visual (hal_links.tsv, category "work"). None comes with a
 * sketch: the paths are ours, written from the descriptions. An object carries a text
 * (`carries`, crm:P128_carries) and shows an image (`shows`, crm:P65_shows_visual_item); a
 * work's parts say `part_of`, which the context maps to crm:P106i_forms_part_of for texts and
 * images alike. "Used" and "influenced" read as in object.ts.
 */
import { CONCEPT, OBJECT, WORK, type RelationDefinition } from './Relation.js';
import { any, out, star } from './paths.js';

export const WORK_RELATIONS: readonly RelationDefinition[] = [
  // --- Objects that carry or show the work ----------------------------------------------------
  {
    name: 'objectCarriesWork',
    given: ['LinguisticObject'],
    returns: OBJECT,
    description: 'Return the objects that carry the linguistic work.',
    path: [out('crm:P128_carries')],
  },
  {
    name: 'objectShowsWork',
    given: ['VisualItem'],
    returns: OBJECT,
    description: 'Return the objects that show the visual work.',
    path: [out('crm:P65_shows_visual_item')],
  },

  // --- Parts, and what the work influenced or was used for ----------------------------------------
  {
    // Direct parts, as the description's example (The Fellowship of the Ring, of The Lord of the Rings).
    name: 'workPartOfWork',
    given: WORK,
    returns: WORK,
    description: 'Return the works that are part of the work.',
    path: [out('crm:P106i_forms_part_of')],
  },
  {
    name: 'conceptInfluencedByWork',
    given: WORK,
    returns: CONCEPT,
    description: 'Return the concepts that were influenced by the work.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
  },
  {
    name: 'objectProductionInfluencedByWork',
    given: WORK,
    returns: OBJECT,
    description: 'Return the objects whose production was influenced by the work.',
    path: [out('crm:P108i_was_produced_by'), out('crm:P15_was_influenced_by')],
  },
  {
    name: 'activityUsedWork',
    given: WORK,
    returns: ['Activity'],
    description: 'Return the activities that used the work.',
    path: [star('crm:P9_consists_of'), out('crm:P16_used_specific_object')],
  },

  // --- Works about or depicting the work ---------------------------------------------------------
  {
    name: 'workAboutWork',
    given: WORK,
    returns: WORK,
    description: 'Return the works that are about or have a subject of the work.',
    path: [out('crm:P129_is_about')],
  },
  {
    name: 'workRepresentsWork',
    given: WORK,
    returns: WORK,
    description: 'Return the works that represent or depict the work.',
    path: [out('crm:P138_represents')],
  },
  {
    name: 'workAboutOrRepresentsWork',
    given: WORK,
    returns: WORK,
    description: 'Return the works that are either about or represent the work.',
    path: [any([out('crm:P129_is_about')], [out('crm:P138_represents')])],
  },
];
