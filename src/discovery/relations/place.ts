/**
 * Relations given a place (hal_links.tsv, category "place"). Eleven come with a sketch: their
 * queries are those sketches (sketches.ts), except where `sketchDiffers` says; the paths of the
 * other twelve are ours, written from the descriptions. A place is reached by `took_place_at` (crm:P7) on the
 * event that made, found, published or ended the hit, through the event's parts where the
 * description says "in whole or in part" (as the sketches do).
 */
import { AGENT, CONCEPT, EVENT_OR_ACTIVITY, OBJECT, PLACE, SET, WORK, type RelationDefinition } from './Relation.js';
import { any, having, out, star, type Path } from './paths.js';

// Active dates: the activities the agent carried out (crm:P14i_performed) that are classified as
// professional activities (aat:300393177), where they took place (/model/actor/#active-dates).
const ACTIVE_AT: Path = [
  out('crm:P14i_performed'),
  having('crm:P2_has_type', 'aat:300393177'),
  out('crm:P7_took_place_at'),
];

// ---- The objects ----

const OBJECTS: RelationDefinition[] = [
  {
    name: 'objectProducedAtPlace',
    given: PLACE,
    returns: OBJECT,
    description: 'Return the objects that were produced, in whole or in part, at the place.',
    path: [out('crm:P108i_was_produced_by'), star('crm:P9_consists_of'), out('crm:P7_took_place_at')],
  },
  {
    name: 'objectEncounteredAtPlace',
    given: PLACE,
    returns: OBJECT,
    description: 'Return the objects that were encountered at the place.',
    path: [out('sci:O19i_was_object_encountered_at'), star('crm:P9_consists_of'), out('crm:P7_took_place_at')],
    sketchDiffers:
      'the sketch follows sci:O19i_was_object_found_by, which the v1 context does not map (nothing in a document says it): ' +
      'encountered_by is sci:O19i_was_object_encountered_at, as objectEncounteredByAgent follows',
  },
  {
    name: 'objectCurrentPlace',
    given: PLACE,
    returns: OBJECT,
    description: 'Return the objects that are, as far as the system knows, currently at the place.',
    path: [out('crm:P55_has_current_location')],
  },
  {
    // As objectProductionInfluencedByAgent: the production's own influences, not its parts'.
    name: 'objectProductionInfluencedByPlace',
    given: PLACE,
    returns: OBJECT,
    description: 'Return the objects whose production was influenced by the place.',
    path: [out('crm:P108i_was_produced_by'), out('crm:P15_was_influenced_by')],
  },
];

// ---- The works ----

const WORKS: RelationDefinition[] = [
  {
    name: 'workCreatedAtPlace',
    given: PLACE,
    returns: WORK,
    description: 'Return the works that were created, in whole or in part, at the place.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('crm:P7_took_place_at')],
  },
  {
    // Publishing is an activity the work was used for (crm:P16i), classified as publishing (aat:300054686).
    name: 'workPublishedAtPlace',
    given: PLACE,
    returns: WORK,
    description: 'Return the works that were published at the place.',
    path: [
      out('crm:P16i_was_used_for'),
      having('crm:P2_has_type', 'aat:300054686'),
      star('crm:P9_consists_of'),
      out('crm:P7_took_place_at'),
    ],
  },
  {
    name: 'workAboutPlace',
    given: PLACE,
    returns: WORK,
    description: 'Return the works that are about or have a subject of the place.',
    path: [out('crm:P129_is_about')],
  },
  {
    // The sketch declares crm: itself (sketches.ts); kept as written.
    name: 'workRepresentsPlace',
    given: PLACE,
    returns: WORK,
    description: 'Return the visual works that represent or depict the place.',
    path: [out('crm:P138_represents')],
  },
  {
    name: 'workAboutOrRepresentsPlace',
    given: PLACE,
    returns: WORK,
    description: 'Return works that are about or depict the place.',
    path: [any([out('crm:P129_is_about')], [out('crm:P138_represents')])],
  },
];

// ---- People and groups: birth, formation, death, dissolution, activity, residence ----

const AGENTS: RelationDefinition[] = [
  {
    name: 'personBornAtPlace',
    given: PLACE,
    returns: ['Person'],
    description: 'Return the people who were born at the place.',
    path: [out('crm:P98i_was_born'), out('crm:P7_took_place_at')],
  },
  {
    name: 'groupFormedAtPlace',
    given: PLACE,
    returns: ['Group'],
    description: 'Return the groups that were formed at the place.',
    path: [out('crm:P95i_was_formed_by'), out('crm:P7_took_place_at')],
  },
  {
    name: 'personDiedAtPlace',
    given: PLACE,
    returns: ['Person'],
    description: 'Return the people who died at the place.',
    path: [out('crm:P100i_died_in'), out('crm:P7_took_place_at')],
  },
  {
    name: 'groupDissolvedAtPlace',
    given: PLACE,
    returns: ['Group'],
    description: 'Return the groups that were dissolved at the place.',
    path: [out('crm:P99i_was_dissolved_by'), out('crm:P7_took_place_at')],
  },
  {
    name: 'agentBornOrFormedAtPlace',
    given: PLACE,
    returns: AGENT,
    description: 'Return the people or groups who were born or formed at the place.',
    path: [any([out('crm:P98i_was_born')], [out('crm:P95i_was_formed_by')]), out('crm:P7_took_place_at')],
  },
  {
    name: 'agentDiedOrDissolvedAtPlace',
    given: PLACE,
    returns: AGENT,
    description: 'Return the people or groups who died or were dissolved at the place.',
    path: [any([out('crm:P100i_died_in')], [out('crm:P99i_was_dissolved_by')]), out('crm:P7_took_place_at')],
  },
  {
    name: 'personActiveAtPlace',
    given: PLACE,
    returns: ['Person'],
    description: 'Return the people who were active at the place.',
    path: ACTIVE_AT,
  },
  {
    name: 'groupActiveAtPlace',
    given: PLACE,
    returns: ['Group'],
    description: 'Return the groups who were active at the place.',
    path: ACTIVE_AT,
  },
  {
    name: 'agentActiveAtPlace',
    given: PLACE,
    returns: AGENT,
    description: 'Return the people or groups who were active at the place.',
    path: ACTIVE_AT,
  },
  {
    name: 'agentResidentAtPlace',
    given: PLACE,
    returns: AGENT,
    description: 'Return the people or groups who are or were resident at the place.',
    path: [out('crm:P74_has_current_or_former_residence')],
  },
];

// ---- Places, sets, concepts and activities ----

const OTHERS: RelationDefinition[] = [
  {
    // A place's part_of is crm:P89_falls_within (the context's Place scope). The place that
    // directly contains it only: a containing place's own part_of, where a document embeds
    // one, is that place's statement, not this one's.
    name: 'placePartOfPlace',
    given: PLACE,
    returns: PLACE,
    description: 'Return the places which are part of the place.',
    path: [out('crm:P89_falls_within')],
  },
  {
    name: 'setCreatedAtPlace',
    given: PLACE,
    returns: SET,
    description: 'Return the sets which were created at the place.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('crm:P7_took_place_at')],
  },
  {
    // As conceptInfluencedByAgent: the creation's own influences.
    name: 'conceptInfluencedByPlace',
    given: PLACE,
    returns: CONCEPT,
    description: 'Return the concepts whose creation was influenced by the place.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
  },
  {
    // An activity with parts (an exhibition at several venues, each a part) took place, in
    // part, at each part's place: followed through P9_consists_of, as productions are.
    name: 'activityTookPlaceAtPlace',
    given: PLACE,
    returns: EVENT_OR_ACTIVITY,
    description: 'Return the activities that took place at the place.',
    path: [star('crm:P9_consists_of'), out('crm:P7_took_place_at')],
  },
];

export const PLACE_RELATIONS: readonly RelationDefinition[] = [...OBJECTS, ...WORKS, ...AGENTS, ...OTHERS];
