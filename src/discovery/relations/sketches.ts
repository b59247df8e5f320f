/**
 * hal_links.tsv's SPARQL sketches, as written (laid out), for the relations whose query is the
 * sketch: the Linked Art API's own words, quoted, that the differential test holds the paths
 * against. A relation whose sketch is wrong says so (`sketchDiffers`), and its query is written
 * from its path instead, as are those of the relations hal_links.tsv gives no sketch.
 */

/** Relation name → its sketch. */
export const SKETCHES: Readonly<Partial<Record<string, string>>> = {
  objectProducedByAgent: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?who)
  ?object a crm:E22_Human-Made_Object ; crm:P108i_was_produced_by ?prod .
  ?prod crm:P9_consists_of*/crm:P14_carried_out_by ?who .
}`,
  objectEncounteredByAgent: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?who)
  ?object a crm:E22_Human-Made_Object ; sci:O19i_was_object_encountered_at ?enc .
  ?enc crm:P9_consists_of*/crm:P14_carried_out_by ?who .
}`,
  objectCuratedByAgent: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?who)
  {
    ?object a crm:E22_Human-Made_Object ; la:member_of ?coll .
    ?coll crm:P16i_was_used_for ?curating .
    ?curating crm:P14_carried_out_by ?who .
  } UNION {
    ?object crm:P50_has_current_keeper ?who .
  }
}`,
  objectOwnedByAgent: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?who)
  ?object a crm:E22_Human-Made_Object ; crm:P52_has_current_owner ?who .
}`,
  workCreatedByAgent: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%> as ?who)
  ?work crm:P94i_was_created_by ?cre .
  ?cre crm:P9_consists_of*/crm:P14_carried_out_by ?who .
}`,
  workAboutAgent: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%> AS ?who)
  ?work crm:P129_is_about ?who .
}`,
  workPublishedByAgent: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%> AS ?who)
  ?work crm:P16i_was_used_for ?pub .
  ?pub crm:P14_carried_out_by ?who .
}`,
  workRepresentsAgent: `SELECT DISTINCT ?work WHERE {
  BIND (<%current%> AS ?who)
  ?work crm:P138_represents ?who .
}`,
  groupFoundedByAgent: `SELECT DISTINCT ?group WHERE {
  BIND (<%current%>AS ?who).
  ?group crm:P95i_was_formed_by ?formation .
  ?formation crm:P14_carried_out_by ?who .
}`,
  agentMemberOfGroup: `SELECT DISTINCT ?member WHERE {
  BIND (<%current%> AS ?group).
  ?member crm:P107i_is_current_or_former_member_of ?group .
}`,
  conceptInfluencedByAgent: `SELECT DISTINCT ?concept WHERE {
  ?concept crm:P94i_was_created_by ?creation .
  ?creation crm:P15_was_influenced_by <%current%>.
}`,
  activityParticipantAgent: `SELECT DISTINCT ?activity WHERE {
  ?activity crm:P11_had_participant <%current%>.
}`,
  activityCarriedOutByAgent: `SELECT DISTINCT ?activity WHERE {
  BIND (<%current%>AS ?group).
  ?activity crm:P14_carried_out_by ?group .
}`,
  objectProductionInfluencedByAgent: `SELECT DISTINCT ?objects WHERE {
  ?objects crm:P108i_was_produced_by ?production .
  ?production crm:P15_was_influenced_by <%current%>.
}`,
  workAboutOrRepresentsAgent: `SELECT DISTINCT ?work WHERE {
  {
    ?work crm:P138_represents <%current%>.
  }
  UNION
  {
    ?work crm:P129_is_about <%current%>.
  }
}`,
  objectProducedAtPlace: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?where)
  ?object a crm:E22_Human-Made_Object ;
    crm:P108i_was_produced_by/crm:P9_consists_of*/crm:P7_took_place_at ?where .
}`,
  objectCurrentPlace: `SELECT DISTINCT ?object WHERE {
  BIND(<%current%> as ?where)
  ?object a crm:E22_Human-Made_Object ;
    crm:P55_has_current_location ?where
}`,
  workCreatedAtPlace: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%> as ?where)
  ?work crm:P94i_was_created_by/crm:P9_consists_of*/crm:P7_took_place_at ?where .
}`,
  workPublishedAtPlace: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%> as ?where)
  ?activity ^crm:P16i_was_used_for ?work ;
    crm:P2_has_type <http://vocab.getty.edu/aat/300054686> ;
    crm:P9_consists_of*/crm:P7_took_place_at ?where .
}`,
  workAboutPlace: `SELECT DISTINCT ?work WHERE {
  BIND(<%current%>as ?where)
  ?work crm:P129_is_about ?where .
}`,
  workRepresentsPlace: `PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>
SELECT DISTINCT ?work WHERE {
  BIND(<%current%>as ?where)
  ?work crm:P138_represents ?where .
}`,
  personBornAtPlace: `SELECT DISTINCT ?agent WHERE {
  BIND(<%current%>as ?where)
  ?agent crm:P98i_was_born ?birth .
  ?birth crm:P7_took_place_at ?where .
}`,
  groupFormedAtPlace: `SELECT DISTINCT ?group WHERE {
  BIND(<%current%>as ?where)
  ?group crm:P95i_was_formed_by ?formation .
  ?formation crm:P7_took_place_at ?where .
}`,
  personDiedAtPlace: `SELECT DISTINCT ?person WHERE {
  BIND(<%current%>as ?where)
  ?person crm:P100i_died_in ?death .
  ?death crm:P7_took_place_at ?where .
}`,
  groupDissolvedAtPlace: `SELECT DISTINCT ?group WHERE {
  BIND(<%current%>as ?where)
  ?group crm:P99i_was_dissolved_by ?dissolution .
  ?dissolution crm:P7_took_place_at ?where .
}`,
};
