/**
 * The SPARQL query page's example queries (http/queryPage.ts): questions curators ask of Linked
 * Art data, each returning rows on the bundled demo collection.
 */

export interface ExampleQuery {
  readonly name: string;
  readonly description: string;
  /** The query without its PREFIX lines: those it uses are added (see exampleQueryText). */
  readonly body: string;
}

/** Example queries for Linked Art data; each returns rows on the bundled demo collection. */
export const EXAMPLE_QUERIES: readonly ExampleQuery[] = [
  {
    name: 'Objects and their titles',
    description: 'Every human-made object with each of its names (and the kind of name: Primary Name…).',
    body: `SELECT DISTINCT ?object ?title ?kind WHERE {
  ?object a crm:E22_Human-Made_Object ;
          crm:P1_is_identified_by ?name .
  ?name a crm:E33_E41_Linguistic_Appellation ;
        crm:P190_has_symbolic_content ?title .
  OPTIONAL { ?name crm:P2_has_type/rdfs:label ?kind }
}
ORDER BY ?object DESC(BOUND(?kind)) ?title`,
  },
  {
    name: 'People and their birth dates',
    description: 'People with the time-span of their birth, and where they were born.',
    body: `SELECT DISTINCT ?person ?name ?bornFrom ?bornTo ?birthplace WHERE {
  ?person a crm:E21_Person ;
          rdfs:label ?name ;
          crm:P98i_was_born ?birth .
  ?birth crm:P4_has_time-span ?timespan .
  ?timespan crm:P82a_begin_of_the_begin ?bornFrom .
  OPTIONAL { ?timespan crm:P82b_end_of_the_end ?bornTo }
  OPTIONAL { ?birth crm:P7_took_place_at/rdfs:label ?birthplace }
}
ORDER BY ?bornFrom`,
  },
  {
    name: 'Objects with no dimensions',
    description: 'Catalogued objects (those with a primary name) that have no recorded dimension.',
    body: `SELECT DISTINCT ?object ?title WHERE {
  ?object a crm:E22_Human-Made_Object ;
          crm:P1_is_identified_by ?name .
  ?name crm:P2_has_type aat:300404670 ;
        crm:P190_has_symbolic_content ?title .
  FILTER NOT EXISTS { ?object crm:P43_has_dimension ?dimension }
}
ORDER BY ?title`,
  },
  {
    name: 'Dimensions of objects',
    description: 'Each dimension of each object: its kind, value and unit.',
    body: `SELECT DISTINCT ?object ?label ?kind ?value ?unit WHERE {
  ?object a crm:E22_Human-Made_Object ;
          rdfs:label ?label ;
          crm:P43_has_dimension ?dimension .
  ?dimension crm:P90_has_value ?value .
  OPTIONAL { ?dimension crm:P2_has_type/rdfs:label ?kind }
  OPTIONAL { ?dimension crm:P91_has_unit/rdfs:label ?unit }
}
ORDER BY ?object ?kind`,
  },
  {
    name: 'Works by each artist',
    description: 'Objects whose production (or a part of it) was carried out by someone, with its dates.',
    body: `SELECT DISTINCT ?artist ?artistName ?object ?title ?from ?to WHERE {
  ?object crm:P108i_was_produced_by ?production ;
          rdfs:label ?title .
  ?production crm:P9_consists_of* ?step .
  ?step crm:P14_carried_out_by ?artist .
  ?artist rdfs:label ?artistName .
  OPTIONAL {
    ?production crm:P4_has_time-span ?timespan .
    ?timespan crm:P82a_begin_of_the_begin ?from ;
              crm:P82b_end_of_the_end ?to .
  }
}
ORDER BY ?artistName ?from`,
  },
  {
    name: 'Acquisitions before 1950',
    description: 'Transfers of title: what was acquired, from whom, by whom, and when.',
    body: `SELECT DISTINCT ?object ?what ?from ?to ?date WHERE {
  ?acquisition a crm:E8_Acquisition ;
               crm:P24_transferred_title_of ?object ;
               crm:P4_has_time-span/crm:P82a_begin_of_the_begin ?date .
  OPTIONAL { ?object rdfs:label ?what }
  OPTIONAL { ?acquisition crm:P23_transferred_title_from/rdfs:label ?from }
  OPTIONAL { ?acquisition crm:P22_transferred_title_to/rdfs:label ?to }
  FILTER(?date < "1950-01-01T00:00:00Z"^^xsd:dateTime)
}
ORDER BY ?date`,
  },
  {
    name: 'Count of entities by class',
    description: 'How many entities (with an IRI) there are of each class.',
    body: `SELECT ?class (COUNT(DISTINCT ?entity) AS ?entities) WHERE {
  ?entity a ?class .
  FILTER(isIRI(?entity))
}
GROUP BY ?class
ORDER BY DESC(?entities) ?class`,
  },
];
