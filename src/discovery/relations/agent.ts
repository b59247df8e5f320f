/**
 * Relations given a person or group (hal_links.tsv, category "agent"). All sixteen come with
 * a sketch; the query of each is that sketch (sketches.ts), except where `sketchDiffers` says.
 */
import { AGENT, CONCEPT, EVENT_OR_ACTIVITY, OBJECT, SET, WORK, type RelationDefinition } from './Relation.js';
import { any, out, star } from './paths.js';

export const AGENT_RELATIONS: readonly RelationDefinition[] = [
  {
    name: 'objectProducedByAgent',
    given: AGENT,
    returns: OBJECT,
    description: 'Return the objects that were produced, in whole or in part, by the person or group.',
    path: [out('crm:P108i_was_produced_by'), star('crm:P9_consists_of'), out('crm:P14_carried_out_by')],
  },
  {
    name: 'objectEncounteredByAgent',
    given: AGENT,
    returns: OBJECT,
    description: 'Return the objects that were discovered or encountered by the person or group.',
    path: [out('sci:O19i_was_object_encountered_at'), star('crm:P9_consists_of'), out('crm:P14_carried_out_by')],
  },
  {
    // The first branch leaves the object's document: the curating is in the set's.
    name: 'objectCuratedByAgent',
    given: AGENT,
    returns: OBJECT,
    description:
      'Return the objects that are curated, looked after, or otherwise are in the custody of the person or group.',
    path: [out('crm:P50_has_current_keeper')],
    via: { step: 'setCuratingByAgent', through: 'objectMemberOfSet' },
  },
  {
    // Not a Linked Art relation: the first step of objectCuratedByAgent, kept in the index only.
    name: 'setCuratingByAgent',
    given: AGENT,
    returns: SET,
    internal: true,
    description: 'The sets used for an activity (their curating) carried out by the person or group.',
    path: [out('crm:P16i_was_used_for'), out('crm:P14_carried_out_by')],
  },
  {
    name: 'objectOwnedByAgent',
    given: AGENT,
    returns: OBJECT,
    description: 'Return the objects that are owned by the person or group.',
    path: [out('crm:P52_has_current_owner')],
  },
  {
    name: 'workCreatedByAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the works that were created, in whole or in part, by the person or group.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('crm:P14_carried_out_by')],
  },
  {
    name: 'workAboutAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the works that are about or have a subject of the person or group.',
    path: [out('crm:P129_is_about')],
  },
  {
    name: 'workPublishedByAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the works that are published by the person or group.',
    path: [out('crm:P16i_was_used_for'), out('crm:P14_carried_out_by')],
  },
  {
    name: 'workRepresentsAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the visual works that represent or depict the person or group.',
    path: [out('crm:P138_represents')],
  },
  {
    name: 'groupFoundedByAgent',
    given: AGENT,
    returns: ['Group'],
    description: 'Return the groups that were founded by the person or group.',
    path: [out('crm:P95i_was_formed_by'), out('crm:P14_carried_out_by')],
  },
  {
    name: 'agentMemberOfGroup',
    given: ['Group'],
    returns: AGENT,
    description: 'Return the people or groups that are members of the group.',
    path: [out('crm:P107i_is_current_or_former_member_of')],
  },
  {
    name: 'conceptInfluencedByAgent',
    given: AGENT,
    returns: CONCEPT,
    description: 'Return the concepts that were influenced by the person or group.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
  },
  {
    name: 'setCreatedByAgent',
    given: AGENT,
    returns: SET,
    description: 'Return the sets or collections that were created, in whole or in part, by the person or group.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('crm:P14_carried_out_by')],
    sketchDiffers:
      "the sketch follows crm:P15_was_influenced_by (a copy of conceptInfluencedByAgent's), which finds the sets whose creation was influenced by the agent, not created by it; this follows carried_out_by through the creation's parts, as workCreatedByAgent does",
  },
  {
    name: 'activityParticipantAgent',
    given: AGENT,
    returns: EVENT_OR_ACTIVITY,
    description: 'Return the activities in which the person or group participated but did not carry out directly.',
    path: [out('crm:P11_had_participant')],
  },
  {
    name: 'activityCarriedOutByAgent',
    given: AGENT,
    returns: ['Activity'],
    description: 'Return the activities that were carried out by the person or group.',
    path: [out('crm:P14_carried_out_by')],
  },
  {
    name: 'objectProductionInfluencedByAgent',
    given: AGENT,
    returns: OBJECT,
    description: 'Return the objects whose production was influenced by the person or group.',
    path: [out('crm:P108i_was_produced_by'), out('crm:P15_was_influenced_by')],
  },
  {
    name: 'workAboutOrRepresentsAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the works that are either about or depict the person or group.',
    path: [any([out('crm:P138_represents')], [out('crm:P129_is_about')])],
  },
];
