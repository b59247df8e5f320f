/**
 * Key order of rendered documents: `@context`, `id`, `type`, `_label`, then the order of
 * the spec's table for the structure at hand, then any other key in the order of all the
 * tables together, then the rest alphabetically. Which table applies depends on the node:
 * the kind of a top-level entity, or the type and the key an embedded structure hangs from.
 */
import { KINDS } from '../linkedart/kinds.js';

const HEAD = ['@context', 'id', 'type', '_label'];
const CORE = ['classified_as', 'identified_by', 'referred_to_by', 'equivalent', 'attributed_by'];
const EVENT_TAIL = [
  'representation',
  'member_of',
  'subject_of',
  'part_of',
  'timespan',
  'took_place_at',
  'caused_by',
  'influenced_by',
  'carried_out_by',
  'used_specific_object',
];
/** A person's and a group's keys after the core, up to how they began and ended. */
const AGENT_MIDDLE = ['representation', 'member_of', 'subject_of', 'carried_out', 'contact_point', 'residence'];

/** The spec's tables, each after the core where the spec says the core applies. */
const TABLES: Record<string, readonly string[]> = {
  place: [...CORE, 'representation', 'member_of', 'subject_of', 'part_of', 'defined_by'],
  digital: [
    ...CORE,
    'member_of',
    'dimension',
    'part_of',
    'format',
    'conforms_to',
    'digitally_carries',
    'digitally_shows',
    'digitally_available_via',
    'access_point',
    'created_by',
    'used_for',
  ],
  service: ['classified_as', 'identified_by', 'referred_to_by', 'access_point', 'conforms_to'],
  group: [...CORE, ...AGENT_MIDDLE, 'formed_by', 'dissolved_by'],
  person: [...CORE, ...AGENT_MIDDLE, 'born', 'died'],
  text: [
    ...CORE,
    'representation',
    'member_of',
    'subject_of',
    'language',
    'dimension',
    'part_of',
    'content',
    'format',
    'digitally_carried_by',
    'carried_by',
    'about',
    'refers_to',
    'created_by',
    'used_for',
  ],
  visual: [
    ...CORE,
    'member_of',
    'subject_of',
    'dimension',
    'part_of',
    'digitally_shown_by',
    'shown_by',
    'about',
    'represents',
    'represents_entity_of_type',
    'represents_instance_of_type',
    'created_by',
    'used_for',
  ],
  set: [...CORE, 'representation', 'member_of', 'subject_of', 'dimension', 'created_by'],
  concept: [...CORE, 'representation', 'member_of', 'subject_of', 'broader', 'created_by'],
  object: [
    ...CORE,
    'representation',
    'member_of',
    'subject_of',
    'part_of',
    'dimension',
    'made_of',
    'current_owner',
    'current_custodian',
    'current_permanent_custodian',
    'current_location',
    'current_permanent_location',
    'carries',
    'shows',
    'used_for',
    'produced_by',
    'destroyed_by',
    'removed_by',
    'encountered_by',
  ],
  event: [...CORE, ...EVENT_TAIL],
  provenance: [...CORE, ...EVENT_TAIL, 'part'],
  provenancePart: [
    'identified_by',
    'classified_as',
    'referred_to_by',
    'timespan',
    'took_place_at',
    'influenced_by',
    'carried_out_by',
    'used_specific_object',
    'transferred_title_of',
    'transferred_title_from',
    'transferred_title_to',
    'paid_amount',
    'paid_from',
    'paid_to',
    'transferred_custody_of',
    'transferred_custody_from',
    'transferred_custody_to',
    'encountered',
    'establishes',
    'invalidates',
    'moved',
    'moved_from',
    'moved_to',
  ],
  right: ['identified_by', 'classified_as', 'referred_to_by', 'dimension', 'possessed_by', 'applies_to', 'part'],
  embeddedEvent: [
    'identified_by',
    'classified_as',
    'timespan',
    'referred_to_by',
    'took_place_at',
    'caused_by',
    'influenced_by',
    'carried_out_by',
    'used_specific_object',
    'technique',
    'part',
    'diminished',
  ],
  name: ['content', 'classified_as', 'language', 'part', 'identified_by', 'referred_to_by'],
  identifier: ['content', 'classified_as', 'referred_to_by', 'assigned_by'],
  assignment: ['classified_as', 'carried_out_by', 'timespan', 'referred_to_by', 'used_specific_object'],
  statement: ['content', 'classified_as', 'language', 'identified_by', 'referred_to_by'],
  dimension: [
    'value',
    'unit',
    'classified_as',
    'identified_by',
    'upper_value_limit',
    'lower_value_limit',
    'referred_to_by',
    'assigned_by',
  ],
  relationship: [
    '_complete',
    'identified_by',
    'classified_as',
    'referred_to_by',
    'carried_out_by',
    'timespan',
    'assigned',
    'assigned_property',
    'motivated_by',
  ],
  timespan: [
    'classified_as',
    'identified_by',
    'begin_of_the_begin',
    'end_of_the_end',
    'end_of_the_begin',
    'begin_of_the_end',
    'referred_to_by',
    'duration',
  ],
  monetary: [
    'value',
    'currency',
    'classified_as',
    'identified_by',
    'upper_value_limit',
    'lower_value_limit',
    'referred_to_by',
  ],
  core: CORE,
};

const EMBEDDED_BY_TYPE: Record<string, string> = {
  Name: 'name',
  Identifier: 'identifier',
  Dimension: 'dimension',
  MonetaryAmount: 'monetary',
  TimeSpan: 'timespan',
  DigitalService: 'service',
  Right: 'right',
  LinguisticObject: 'statement',
  Acquisition: 'provenancePart',
  Payment: 'provenancePart',
  TransferOfCustody: 'provenancePart',
  Encounter: 'provenancePart',
  RightAcquisition: 'provenancePart',
  Move: 'provenancePart',
  Birth: 'embeddedEvent',
  Death: 'embeddedEvent',
  Formation: 'embeddedEvent',
  Dissolution: 'embeddedEvent',
  Creation: 'embeddedEvent',
  Production: 'embeddedEvent',
  Destruction: 'embeddedEvent',
  PartRemoval: 'embeddedEvent',
  Activity: 'embeddedEvent',
  Event: 'embeddedEvent',
  Period: 'embeddedEvent',
};

const KIND_TABLE: Record<string, string> = {
  place: 'place',
  digital: 'digital',
  group: 'group',
  person: 'person',
  text: 'text',
  visual: 'visual',
  set: 'set',
  concept: 'concept',
  object: 'object',
  provenance: 'provenance',
  event: 'event',
};

/** Rank of every key in every table, with the global fallback folded in. */
const GLOBAL: string[] = [];
for (const table of Object.values(TABLES)) for (const key of table) if (!GLOBAL.includes(key)) GLOBAL.push(key);

const RANKS = new Map<string, Map<string, number>>();
for (const [name, table] of Object.entries(TABLES)) {
  const rank = new Map<string, number>();
  HEAD.forEach((k, i) => rank.set(k, i));
  table.forEach((k, i) => {
    if (!rank.has(k)) rank.set(k, 10 + i);
  });
  GLOBAL.forEach((k, i) => {
    if (!rank.has(k)) rank.set(k, 1000 + i);
  });
  RANKS.set(name, rank);
}

/** Which table orders a node's keys. */
export function tableFor(
  types: readonly string[],
  isRoot: boolean,
  viaKey: string | null,
  isProvenance: boolean,
): string {
  const first = types[0];
  if (first === undefined) return 'core';
  if (isRoot) {
    if ((first === 'Event' || first === 'Activity') && isProvenance) return 'provenance';
    const kind = KINDS.find((k) => k.classes.includes(first) && k.endpoint !== 'provenance');
    return kind ? KIND_TABLE[kind.endpoint] : 'core';
  }
  if (first === 'AttributeAssignment') return viaKey === 'assigned_by' ? 'assignment' : 'relationship';
  if (first === 'Activity' && viaKey === 'part') return 'provenancePart';
  const embedded = EMBEDDED_BY_TYPE[first];
  if (embedded) return embedded;
  const kind = KINDS.find((k) => k.classes.includes(first) && k.endpoint !== 'provenance');
  return kind ? KIND_TABLE[kind.endpoint] : 'core';
}

/** The keys of a node in rendering order. */
export function orderKeys(keys: string[], table: string): string[] {
  const rank = RANKS.get(table) ?? RANKS.get('core')!;
  return keys.sort((a, b) => {
    const ra = rank.get(a) ?? 100000;
    const rb = rank.get(b) ?? 100000;
    return ra - rb || (a < b ? -1 : a > b ? 1 : 0);
  });
}
