/**
 * Relations given a set (hal_links.tsv, category "set"). None comes with a sketch: the queries
 * are ours, written from the descriptions. Membership is `member_of` on the member's document
 * (la:member_of; crm:P107i for people and groups is membership of a group, not of a set).
 */
import { ENTITY, OBJECT, SET, type Relation } from './Relation.js';
import { out } from './paths.js';

export const SET_RELATIONS: readonly Relation[] = [
  {
    name: 'entityMemberOfSet', given: SET, returns: ENTITY,
    description: 'Return entities which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?entity WHERE {
  ?entity la:member_of <%current%> .
}`,
  },
  {
    name: 'objectMemberOfSet', given: SET, returns: OBJECT,
    description: 'Return objects which are members of the set.',
    path: [out('la:member_of')],
    sparql: `SELECT DISTINCT ?object WHERE {
  ?object a crm:E22_Human-Made_Object ; la:member_of <%current%> .
}`,
  },
];
