/**
 * Relations given a person or group (hal_links.tsv, category "agent"). All sixteen come with
 * a sketch; the queries below are those sketches, laid out, except where `sketchDiffers` says.
 */
import { AGENT, CONCEPT, EVENT_OR_ACTIVITY, OBJECT, SET, WORK, type Relation } from './Relation.js';
import { any, out, star } from './paths.js';

export const AGENT_RELATIONS: readonly Relation[] = [
  {
    name: 'objectProducedByAgent',
    given: AGENT,
    returns: OBJECT,
    description: 'Return the objects that were produced, in whole or in part, by the person or group.',
    path: [out('crm:P108i_was_produced_by'), star('crm:P9_consists_of'), out('crm:P14_carried_out_by')],
    sparql: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?who)
  ?object a crm:E22_Human-Made_Object ; crm:P108i_was_produced_by ?prod .
  ?prod crm:P9_consists_of*/crm:P14_carried_out_by ?who .
}`,
  },
  {
    name: 'objectEncounteredByAgent',
    given: AGENT,
    returns: OBJECT,
    description: 'Return the objects that were discovered or encountered by the person or group.',
    path: [out('sci:O19i_was_object_encountered_at'), star('crm:P9_consists_of'), out('crm:P14_carried_out_by')],
    sparql: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?who)
  ?object a crm:E22_Human-Made_Object ; sci:O19i_was_object_encountered_at ?enc .
  ?enc crm:P9_consists_of*/crm:P14_carried_out_by ?who .
}`,
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
    sparql: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?who)
  {
    ?object a crm:E22_Human-Made_Object ; la:member_of ?coll .
    ?coll crm:P16i_was_used_for ?curating .
    ?curating crm:P14_carried_out_by ?who .
  } UNION {
    ?object crm:P50_has_current_keeper ?who .
  }
}`,
  },
  {
    // Not a Linked Art relation: the first step of objectCuratedByAgent, kept in the index only.
    name: 'setCuratingByAgent',
    given: AGENT,
    returns: SET,
    internal: true,
    description: 'The sets used for an activity (their curating) carried out by the person or group.',
    path: [out('crm:P16i_was_used_for'), out('crm:P14_carried_out_by')],
    sparql: `SELECT DISTINCT ?coll WHERE {
  ?coll a la:Set ; crm:P16i_was_used_for ?curating .
  ?curating crm:P14_carried_out_by <%current%> .
}`,
  },
  {
    name: 'objectOwnedByAgent',
    given: AGENT,
    returns: OBJECT,
    description: 'Return the objects that are owned by the person or group.',
    path: [out('crm:P52_has_current_owner')],
    sparql: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?who)
  ?object a crm:E22_Human-Made_Object ; crm:P52_has_current_owner ?who .
}`,
  },
  {
    name: 'workCreatedByAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the works that were created, in whole or in part, by the person or group.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('crm:P14_carried_out_by')],
    sparql: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%> as ?who)
  ?work crm:P94i_was_created_by ?cre .
  ?cre crm:P9_consists_of*/crm:P14_carried_out_by ?who .
}`,
  },
  {
    name: 'workAboutAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the works that are about or have a subject of the person or group.',
    path: [out('crm:P129_is_about')],
    sparql: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%> AS ?who)
  ?work crm:P129_is_about ?who .
}`,
  },
  {
    name: 'workPublishedByAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the works that are published by the person or group.',
    path: [out('crm:P16i_was_used_for'), out('crm:P14_carried_out_by')],
    sparql: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%> AS ?who)
  ?work crm:P16i_was_used_for ?pub .
  ?pub crm:P14_carried_out_by ?who .
}`,
  },
  {
    name: 'workRepresentsAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the visual works that represent or depict the person or group.',
    path: [out('crm:P138_represents')],
    sparql: `SELECT DISTINCT ?work WHERE {
  BIND (<%current%> AS ?who)
  ?work crm:P138_represents ?who .
}`,
  },
  {
    name: 'groupFoundedByAgent',
    given: AGENT,
    returns: ['Group'],
    description: 'Return the groups that were founded by the person or group.',
    path: [out('crm:P95i_was_formed_by'), out('crm:P14_carried_out_by')],
    sparql: `SELECT DISTINCT ?group WHERE {
  BIND (<%current%>AS ?who).
  ?group crm:P95i_was_formed_by ?formation .
  ?formation crm:P14_carried_out_by ?who .
}`,
  },
  {
    name: 'agentMemberOfGroup',
    given: ['Group'],
    returns: AGENT,
    description: 'Return the people or groups that are members of the group.',
    path: [out('crm:P107i_is_current_or_former_member_of')],
    sparql: `SELECT DISTINCT ?member WHERE {
  BIND (<%current%> AS ?group).
  ?member crm:P107i_is_current_or_former_member_of ?group .
}`,
  },
  {
    name: 'conceptInfluencedByAgent',
    given: AGENT,
    returns: CONCEPT,
    description: 'Return the concepts that were influenced by the person or group.',
    path: [out('crm:P94i_was_created_by'), out('crm:P15_was_influenced_by')],
    sparql: `SELECT DISTINCT ?concept WHERE {
  ?concept crm:P94i_was_created_by ?creation .
  ?creation crm:P15_was_influenced_by <%current%>.
}`,
  },
  {
    name: 'setCreatedByAgent',
    given: AGENT,
    returns: SET,
    description: 'Return the sets or collections that were created, in whole or in part, by the person or group.',
    path: [out('crm:P94i_was_created_by'), star('crm:P9_consists_of'), out('crm:P14_carried_out_by')],
    sketchDiffers:
      "the sketch follows crm:P15_was_influenced_by (a copy of conceptInfluencedByAgent's), which finds the sets whose creation was influenced by the agent, not created by it; this follows carried_out_by through the creation's parts, as workCreatedByAgent does",
    sparql: `SELECT DISTINCT ?set WHERE {
  ?set a la:Set ; crm:P94i_was_created_by ?creation .
  ?creation crm:P9_consists_of*/crm:P14_carried_out_by <%current%> .
}`,
  },
  {
    name: 'activityParticipantAgent',
    given: AGENT,
    returns: EVENT_OR_ACTIVITY,
    description: 'Return the activities in which the person or group participated but did not carry out directly.',
    path: [out('crm:P11_had_participant')],
    sparql: `SELECT DISTINCT ?activity WHERE {
  ?activity crm:P11_had_participant <%current%>.
}`,
  },
  {
    name: 'activityCarriedOutByAgent',
    given: AGENT,
    returns: ['Activity'],
    description: 'Return the activities that were carried out by the person or group.',
    path: [out('crm:P14_carried_out_by')],
    sparql: `SELECT DISTINCT ?activity WHERE {
  BIND (<%current%>AS ?group).
  ?activity crm:P14_carried_out_by ?group .
}`,
  },
  {
    name: 'objectProductionInfluencedByAgent',
    given: AGENT,
    returns: OBJECT,
    description: 'Return the objects whose production was influenced by the person or group.',
    path: [out('crm:P108i_was_produced_by'), out('crm:P15_was_influenced_by')],
    sparql: `SELECT DISTINCT ?objects WHERE {
  ?objects crm:P108i_was_produced_by ?production .
  ?production crm:P15_was_influenced_by <%current%>.
}`,
  },
  {
    name: 'workAboutOrRepresentsAgent',
    given: AGENT,
    returns: WORK,
    description: 'Return the works that are either about or depict the person or group.',
    path: [any([out('crm:P138_represents')], [out('crm:P129_is_about')])],
    sparql: `SELECT DISTINCT ?work WHERE {
  {
    ?work crm:P138_represents <%current%>.
  }
  UNION
  {
    ?work crm:P129_is_about <%current%>.
  }
}`,
  },
];
