/**
 * Relations given a set (hal_links.tsv, category "set"). None comes with a sketch: the paths
 * are ours, written from the descriptions. Membership is `member_of` on the member's document
 * (la:member_of; crm:P107i for people and groups is membership of a group, not of a set).
 * "Used" is `used_specific_object` on the activity or one of its parts, as an exhibition
 * uses the set of objects it shows.
 */
import { ENTITY_CLASSES } from '../../linkedart/kinds.js';
import { CONCEPT, OBJECT, PLACE, SET, TEMPORAL, WORK, type RelationDefinition } from './Relation.js';
import { any, out, star } from './paths.js';

export const SET_RELATIONS: readonly RelationDefinition[] = [
  // --- Members of the set, of each kind --------------------------------------------------
  {
    name: 'entityMemberOfSet',
    given: SET,
    returns: ENTITY_CLASSES,
    description: 'Return entities which are members of the set.',
    path: [out('la:member_of')],
  },
  {
    name: 'objectMemberOfSet',
    given: SET,
    returns: OBJECT,
    description: 'Return objects which are members of the set.',
    path: [out('la:member_of')],
  },
  {
    name: 'workMemberOfSet',
    given: SET,
    returns: WORK,
    description: 'Return works which are members of the set.',
    path: [out('la:member_of')],
  },
  {
    name: 'placeMemberOfSet',
    given: SET,
    returns: PLACE,
    description: 'Return places which are members of the set.',
    path: [out('la:member_of')],
  },
  {
    name: 'conceptMemberOfSet',
    given: SET,
    returns: CONCEPT,
    description: 'Return concepts which are members of the set.',
    path: [out('la:member_of')],
  },
  {
    name: 'temporalMemberOfSet',
    given: SET,
    returns: TEMPORAL,
    description: 'Return periods, events and activities which are members of the set.',
    path: [out('la:member_of')],
  },
  {
    name: 'setMemberOfSet',
    given: SET,
    returns: SET,
    description: 'Return the sets which are members of the set.',
    path: [out('la:member_of')],
  },

  // --- Works about or depicting the set ---------------------------------------------------
  {
    name: 'workAboutSet',
    given: SET,
    returns: WORK,
    description: 'Return works which are about the set.',
    path: [out('crm:P129_is_about')],
  },
  {
    name: 'workRepresentsSet',
    given: SET,
    returns: WORK,
    description: 'Return visual works which represent or depict the set.',
    path: [out('crm:P138_represents')],
  },
  {
    name: 'workAboutOrRepresentsSet',
    given: SET,
    returns: WORK,
    description: 'Return the works which are about or represent the set.',
    path: [any([out('crm:P129_is_about')], [out('crm:P138_represents')])],
  },

  // --- Activities and concepts ------------------------------------------------------------
  {
    name: 'activityUsedSet',
    given: SET,
    returns: ['Activity'],
    description: 'Return activities which used the set.',
    path: [star('crm:P9_consists_of'), out('crm:P16_used_specific_object')],
  },
  {
    // As conceptInfluencedByAgent's sketch: the influence is on the concept's creation.
    name: 'conceptInfluencedBySet',
    given: SET,
    returns: CONCEPT,
    description: 'Return concepts which were influenced by the set.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
  },
];
