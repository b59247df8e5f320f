/**
 * The SHACL shapes rule by rule: for every rule, a small document that breaks only that rule
 * (a Violation, or a Warning for a Recommended rule, from the expected shape on the expected
 * path) and the same document without the break (no Violation). Then whole collections that
 * must have no Violation: the demo, and the official validator's valid and warning documents.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { Parser } from 'n3';
import type { Quad, Term } from '@rdfjs/types';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { df, RDF_TYPE } from '../../../src/rdf/terms.js';
import { ShaclValidator, SHAPE_PREFIX, SHAPES_DIR, type ShapeResult } from '../../../src/validate/ShaclValidator.js';
import { CORPUS_DIR, DEMO_DIR, LAV_TESTS_DIR, readDocuments } from '../../support/corpus.js';

type Json = Record<string, unknown>;

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const LA = 'https://linked.art/ns/terms/';
const SCI = 'http://www.ics.forth.gr/isl/CRMsci/';
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const DCTERMS = 'http://purl.org/dc/terms/';
const AAT = 'http://vocab.getty.edu/aat/';

const id = (path: string): string => `https://example.org/${path}`;

// Building blocks, each valid on its own.
const NAME = { type: 'Name', content: 'A name' };
const TYPE = { id: `${AAT}300033618`, type: 'Type', _label: 'Painting' };
const LANGUAGE = { id: `${AAT}300388277`, type: 'Language', _label: 'English' };
const MATERIAL = { id: `${AAT}300015050`, type: 'Material', _label: 'oil paint' };
const UNIT = { id: `${AAT}300379098`, type: 'MeasurementUnit', _label: 'centimetres' };
const CURRENCY = { id: `${AAT}300411994`, type: 'Currency', _label: 'US Dollars' };
const PLACE = { id: id('place/1'), type: 'Place', _label: 'Harbour' };
const PLACE2 = { id: id('place/2'), type: 'Place', _label: 'Store' };
const PERSON = { id: id('person/1'), type: 'Person', _label: 'Edith' };
const OBJECT = { id: id('object/1'), type: 'HumanMadeObject', _label: 'Painting' };
const SET = { id: id('set/1'), type: 'Set', _label: 'Collection' };
const TEXT = { id: id('text/1'), type: 'LinguisticObject', _label: 'Catalogue' };
const VISUAL = { id: id('visual/1'), type: 'VisualItem', _label: 'Image' };
const TIMESPAN = {
  type: 'TimeSpan',
  begin_of_the_begin: '1900-01-01T00:00:00Z',
  end_of_the_end: '1900-12-31T23:59:59Z',
};
const STATEMENT = { type: 'LinguisticObject', content: 'A statement.', classified_as: [TYPE] };
const IDENTIFIER = { type: 'Identifier', content: 'INV-1' };
const DIMENSION = { type: 'Dimension', value: 12.5, unit: UNIT, classified_as: [TYPE] };
const AMOUNT = { type: 'MonetaryAmount', value: 100, currency: CURRENCY };
const PROVENANCE = { id: `${AAT}300055863`, type: 'Type', _label: 'Provenance Activity' };
const PROMISE = { id: `${AAT}300435599`, type: 'Type', _label: 'Promise' };
const RIGHT = { type: 'Right', classified_as: [TYPE] };

/** A top-level entity with the core properties (no Warning from the core rules). */
function entity(path: string, type: string | string[], extra: Json = {}): Json {
  return {
    '@context': V1,
    id: id(path),
    type,
    _label: 'Label',
    identified_by: [NAME],
    classified_as: [TYPE],
    ...extra,
  };
}
const place = (extra: Json = {}): Json => entity('place/9', 'Place', extra);
const person = (extra: Json = {}): Json => entity('person/9', 'Person', extra);
const group = (extra: Json = {}): Json => entity('group/9', 'Group', extra);
const object = (extra: Json = {}): Json => entity('object/9', 'HumanMadeObject', extra);
const text = (extra: Json = {}): Json => entity('text/9', 'LinguisticObject', extra);
const visual = (extra: Json = {}): Json => entity('visual/9', 'VisualItem', extra);
const digital = (extra: Json = {}): Json => entity('digital/9', 'DigitalObject', extra);
const set = (extra: Json = {}): Json => entity('set/9', 'Set', extra);
const concept = (extra: Json = {}): Json => entity('concept/9', 'Type', extra);
const event = (type: string, extra: Json = {}): Json => entity('event/9', type, extra);
const provenance = (parts: Json[] | undefined, extra: Json = {}): Json =>
  entity('provenance/9', 'Activity', { classified_as: [PROVENANCE], ...(parts ? { part: parts } : {}), ...extra });
const acquisition = (extra: Json = {}): Json => ({ type: 'Acquisition', transferred_title_of: [OBJECT], ...extra });

/** Remove a key from a shallow copy. */
function without(doc: Json, key: string): Json {
  const copy = { ...doc };
  delete copy[key];
  return copy;
}

interface Case {
  /** The rule, as the spec (or the issue) words it. */
  rule: string;
  good: Json;
  bad: Json;
  /** The expected shape's local name and the expected path (predicate IRI). */
  shape: string;
  path: string;
  severity?: 'Violation' | 'Warning';
  /** Give the bad document's root this id instead (ingest refuses non-HTTP root ids itself). */
  badRootId?: string;
  /** More documents the rule must accept (its escapes). */
  alsoGood?: Json[];
}

const cases: Case[] = [
  // Core properties
  {
    rule: 'top-level id is an HTTP(S) IRI',
    good: place(),
    bad: place(),
    badRootId: 'urn:uuid:6f1c',
    shape: 'Document',
    path: '',
  },
  {
    rule: 'top-level type is the one class of its kind',
    good: concept(),
    bad: entity('concept/9', ['Type', 'Material']),
    shape: 'DocumentType',
    path: RDF_TYPE,
  },
  {
    rule: '_label recommended',
    good: place(),
    bad: without(place(), '_label'),
    shape: 'DocumentLabel',
    path: RDFS_LABEL,
    severity: 'Warning',
  },
  {
    rule: 'identified_by recommended',
    good: place(),
    bad: without(place(), 'identified_by'),
    shape: 'DocumentIdentifiedBy',
    path: `${CRM}P1_is_identified_by`,
    severity: 'Warning',
  },
  {
    rule: 'classified_as recommended',
    good: place(),
    bad: without(place(), 'classified_as'),
    shape: 'DocumentClassifiedAs',
    path: `${CRM}P2_has_type`,
    severity: 'Warning',
  },

  // References and Types
  {
    rule: 'every reference has a type',
    good: place({ member_of: [SET] }),
    bad: place({ member_of: [{ id: SET.id, _label: 'Collection' }] }),
    shape: 'ReferenceType',
    path: RDF_TYPE,
  },
  {
    rule: 'classified_as entries are Types',
    good: object({ classified_as: [TYPE] }),
    bad: object({ classified_as: [MATERIAL] }),
    shape: 'ClassifiedAsEntry',
    path: `${CRM}P2_has_type`,
  },
  {
    rule: 'language entries are Languages',
    good: text({ language: [LANGUAGE] }),
    bad: text({ language: [TYPE] }),
    shape: 'LanguageEntry',
    path: `${CRM}P72_has_language`,
  },
  {
    rule: 'made_of entries are Materials',
    good: object({ made_of: [MATERIAL] }),
    bad: object({ made_of: [TYPE] }),
    shape: 'MadeOfEntry',
    path: `${CRM}P45_consists_of`,
  },
  {
    rule: 'current_location is a Place',
    good: object({ current_location: PLACE }),
    bad: object({ current_location: PERSON }),
    shape: 'CurrentLocation',
    path: `${CRM}P55_has_current_location`,
  },
  {
    rule: 'at most one current_location',
    good: object({ current_location: PLACE }),
    bad: object({ current_location: [PLACE, PLACE2] }),
    shape: 'CurrentLocation',
    path: `${CRM}P55_has_current_location`,
  },
  {
    rule: 'current_permanent_location is a Place',
    good: object({ current_permanent_location: PLACE }),
    bad: object({ current_permanent_location: SET }),
    shape: 'CurrentPermanentLocation',
    path: `${CRM}P54_has_current_permanent_location`,
  },
  {
    rule: 'at most one current_permanent_location',
    good: object({ current_permanent_location: PLACE }),
    bad: object({ current_permanent_location: [PLACE, PLACE2] }),
    shape: 'CurrentPermanentLocation',
    path: `${CRM}P54_has_current_permanent_location`,
  },
  {
    rule: 'Place part_of entries are Places',
    good: place({ part_of: [PLACE] }),
    bad: place({ part_of: [SET] }),
    shape: 'PlacePartOf',
    path: `${CRM}P89_falls_within`,
  },

  // Name, Identifier, Statement
  {
    rule: 'identified_by entries are Names or Identifiers',
    good: place({ identified_by: [NAME, IDENTIFIER] }),
    bad: place({ identified_by: [NAME, { type: 'LinguisticObject', content: 'x' }] }),
    shape: 'IdentifiedByEntry',
    path: `${CRM}P1_is_identified_by`,
  },
  {
    rule: 'Name: content required',
    good: place({ identified_by: [NAME] }),
    bad: place({ identified_by: [{ type: 'Name', classified_as: [TYPE] }] }),
    shape: 'NameContent',
    path: `${CRM}P190_has_symbolic_content`,
  },
  {
    rule: 'Identifier: content required',
    good: place({ identified_by: [NAME, IDENTIFIER] }),
    bad: place({ identified_by: [NAME, { type: 'Identifier', classified_as: [TYPE] }] }),
    shape: 'IdentifierContent',
    path: `${CRM}P190_has_symbolic_content`,
  },
  {
    rule: 'Identifier: no language',
    good: place({ identified_by: [NAME, IDENTIFIER] }),
    bad: place({ identified_by: [NAME, { ...IDENTIFIER, language: [LANGUAGE] }] }),
    shape: 'IdentifierLanguage',
    path: `${CRM}P72_has_language`,
  },
  {
    rule: 'contact_point entries follow the Identifier structure',
    good: person({ contact_point: [IDENTIFIER] }),
    bad: person({ contact_point: [NAME] }),
    shape: 'ContactPointEntry',
    path: `${CRM}P76_has_contact_point`,
  },
  {
    rule: 'Statement: type LinguisticObject',
    good: object({ referred_to_by: [STATEMENT] }),
    bad: object({ referred_to_by: [{ type: 'VisualItem', _label: 'An image' }] }),
    shape: 'ReferredToByEntry',
    path: `${CRM}P67i_is_referred_to_by`,
  },
  {
    rule: 'Statement: content required',
    good: object({ referred_to_by: [STATEMENT] }),
    bad: object({ referred_to_by: [{ type: 'LinguisticObject', classified_as: [TYPE] }] }),
    shape: 'StatementContent',
    path: `${CRM}P190_has_symbolic_content`,
    // references to Textual Works: with an id, or nothing but type and _label
    alsoGood: [
      object({ referred_to_by: [{ ...TEXT, classified_as: [TYPE] }] }),
      object({ referred_to_by: [{ type: 'LinguisticObject', _label: 'An article' }] }),
    ],
  },

  // Dimension and Monetary Amount
  {
    rule: 'Dimension: value required',
    good: object({ dimension: [DIMENSION] }),
    bad: object({ dimension: [without(DIMENSION, 'value')] }),
    shape: 'DimensionValue',
    path: `${CRM}P90_has_value`,
  },
  {
    rule: 'Dimension: value is a number',
    good: object({ dimension: [{ ...DIMENSION, value: 3 }] }),
    bad: object({ dimension: [{ ...DIMENSION, value: '12.5' }] }),
    shape: 'DimensionValue',
    path: `${CRM}P90_has_value`,
  },
  {
    rule: 'Dimension: unit required',
    good: object({ dimension: [DIMENSION] }),
    bad: object({ dimension: [without(DIMENSION, 'unit')] }),
    shape: 'DimensionUnit',
    path: `${CRM}P91_has_unit`,
  },
  {
    rule: 'Dimension: unit is a MeasurementUnit',
    good: object({ dimension: [DIMENSION] }),
    bad: object({ dimension: [{ ...DIMENSION, unit: TYPE }] }),
    shape: 'DimensionUnit',
    path: `${CRM}P91_has_unit`,
  },
  {
    rule: 'MonetaryAmount: value required',
    good: set({ dimension: [AMOUNT] }),
    bad: set({ dimension: [without(AMOUNT, 'value')] }),
    shape: 'MonetaryAmountValue',
    path: `${CRM}P90_has_value`,
  },
  {
    rule: 'MonetaryAmount: value is a number',
    good: set({ dimension: [AMOUNT] }),
    bad: set({ dimension: [{ ...AMOUNT, value: 'a hundred' }] }),
    shape: 'MonetaryAmountValue',
    path: `${CRM}P90_has_value`,
  },
  {
    rule: 'MonetaryAmount: currency required',
    good: set({ dimension: [AMOUNT] }),
    bad: set({ dimension: [without(AMOUNT, 'currency')] }),
    shape: 'MonetaryAmountCurrency',
    path: `${CRM}P180_has_currency`,
  },
  {
    rule: 'MonetaryAmount: currency is a Currency',
    good: set({ dimension: [AMOUNT] }),
    bad: set({ dimension: [{ ...AMOUNT, currency: UNIT }] }),
    shape: 'MonetaryAmountCurrency',
    path: `${CRM}P180_has_currency`,
  },
  {
    rule: 'MonetaryAmount only in a Payment or a Set dimension',
    good: set({ dimension: [AMOUNT] }),
    bad: text({ about: [AMOUNT] }),
    shape: 'MonetaryAmountPlacement',
    path: '',
  },
  {
    rule: 'MonetaryAmount in a dimension only of a Set',
    good: set({ dimension: [AMOUNT] }),
    bad: object({ dimension: [AMOUNT] }),
    shape: 'MonetaryAmountDimensionOf',
    path: `${CRM}P43_has_dimension`,
  },
  {
    rule: 'MonetaryAmount as paid_amount only of a Payment',
    good: provenance([acquisition(), { type: 'Payment', paid_amount: AMOUNT }]),
    bad: provenance([acquisition({ paid_amount: AMOUNT })]),
    shape: 'MonetaryAmountPaidAmountOf',
    path: `${LA}paid_amount`,
  },

  // TimeSpan
  {
    rule: 'timespan is a TimeSpan',
    good: object({ produced_by: { type: 'Production', timespan: TIMESPAN } }),
    bad: object({ produced_by: { type: 'Production', timespan: { ...TIMESPAN, type: 'LinguisticObject' } } }),
    shape: 'TimeSpanEntry',
    path: `${CRM}P4_has_time-span`,
  },
  {
    rule: 'begin_of_the_begin is an ISO 8601 date-time',
    good: event('Activity', { timespan: { ...TIMESPAN, begin_of_the_begin: '-0500-03-01T12:30:00+01:00' } }),
    bad: event('Activity', { timespan: { ...TIMESPAN, begin_of_the_begin: '1900-01-01' } }),
    shape: 'TimeSpanBeginOfTheBegin',
    path: `${CRM}P82a_begin_of_the_begin`,
  },
  {
    rule: 'end_of_the_end is an ISO 8601 date-time',
    good: event('Activity', { timespan: TIMESPAN }),
    bad: event('Activity', { timespan: { ...TIMESPAN, end_of_the_end: 'latest-end-datetime' } }),
    shape: 'TimeSpanEndOfTheEnd',
    path: `${CRM}P82b_end_of_the_end`,
  },
  {
    rule: 'end_of_the_begin is an ISO 8601 date-time',
    good: event('Activity', { timespan: { ...TIMESPAN, end_of_the_begin: '1900-02-01T00:00:00' } }),
    bad: event('Activity', { timespan: { ...TIMESPAN, end_of_the_begin: '1900-02-01 00:00:00' } }),
    shape: 'TimeSpanEndOfTheBegin',
    path: `${CRM}P81a_end_of_the_begin`,
  },
  {
    rule: 'begin_of_the_end is an ISO 8601 date-time',
    good: event('Activity', { timespan: { ...TIMESPAN, begin_of_the_end: '1900-12-01T00:00:00.5Z' } }),
    bad: event('Activity', { timespan: { ...TIMESPAN, begin_of_the_end: '1900-13-01T00:00:00Z' } }),
    shape: 'TimeSpanBeginOfTheEnd',
    path: `${CRM}P81b_begin_of_the_end`,
  },

  // Relationship Assignment, Identifier assignment, Measurement, Right
  {
    rule: 'Relationship Assignment: type AttributeAssignment',
    good: object({ attributed_by: [{ type: 'AttributeAssignment', assigned: [PERSON] }] }),
    bad: object({ attributed_by: [{ type: 'Activity', assigned: [PERSON] }] }),
    shape: 'AttributedByEntry',
    path: `${CRM}P140i_was_attributed_by`,
  },
  {
    rule: 'Relationship Assignment: assigned required',
    good: object({ attributed_by: [{ type: 'AttributeAssignment', assigned: [PERSON] }] }),
    bad: object({ attributed_by: [{ type: 'AttributeAssignment', carried_out_by: [PERSON] }] }),
    shape: 'RelationshipAssignmentAssigned',
    path: `${CRM}P141_assigned`,
  },
  {
    rule: 'Identifier assignment: type AttributeAssignment',
    good: place({
      identified_by: [
        NAME,
        { ...IDENTIFIER, assigned_by: [{ type: 'AttributeAssignment', carried_out_by: [PERSON] }] },
      ],
    }),
    bad: place({
      identified_by: [NAME, { ...IDENTIFIER, assigned_by: [{ type: 'Activity', carried_out_by: [PERSON] }] }],
    }),
    shape: 'AssignedByEntry',
    path: `${CRM}P141i_was_assigned_by`,
  },
  {
    rule: 'Measurement: type AttributeAssignment',
    good: object({
      dimension: [{ ...DIMENSION, assigned_by: [{ type: 'AttributeAssignment', carried_out_by: [PERSON] }] }],
    }),
    bad: object({ dimension: [{ ...DIMENSION, assigned_by: [{ type: 'Creation', carried_out_by: [PERSON] }] }] }),
    shape: 'AssignedByEntry',
    path: `${CRM}P141i_was_assigned_by`,
  },
  {
    rule: 'Right: establishes entries are Rights',
    good: provenance([{ type: 'RightAcquisition', establishes: [RIGHT] }]),
    bad: provenance([{ type: 'RightAcquisition', establishes: [{ ...RIGHT, type: 'Type' }] }]),
    shape: 'EstablishesEntry',
    path: `${LA}establishes`,
  },
  {
    rule: 'Right: invalidates entries are Rights',
    good: provenance([{ type: 'RightAcquisition', establishes: [RIGHT], invalidates: [RIGHT] }]),
    bad: provenance([
      { type: 'RightAcquisition', establishes: [RIGHT], invalidates: [{ type: 'LinguisticObject', content: 'x' }] },
    ]),
    shape: 'InvalidatesEntry',
    path: `${LA}invalidates`,
  },
  {
    rule: 'Right: part entries are Rights',
    good: provenance([{ type: 'RightAcquisition', establishes: [{ ...RIGHT, part: [RIGHT] }] }]),
    bad: provenance([
      {
        type: 'RightAcquisition',
        establishes: [{ ...RIGHT, part: [{ id: id('concept/1'), type: 'Type', _label: 'x' }] }],
      },
    ]),
    shape: 'RightPart',
    path: `${CRM}P148_has_component`,
  },

  // Digital Object
  {
    rule: 'Digital Object: no representation',
    good: digital(),
    bad: digital({ representation: [VISUAL] }),
    shape: 'DigitalObjectRepresentation',
    path: `${CRM}P138i_has_representation`,
  },
  {
    rule: 'Digital Object: no subject_of',
    good: digital(),
    bad: digital({ subject_of: [TEXT] }),
    shape: 'DigitalObjectSubjectOf',
    path: `${CRM}P129i_is_subject_of`,
  },
  {
    rule: 'Digital Object: conforms_to entries are InformationObject',
    good: digital({ conforms_to: [{ id: 'https://iiif.io/api/image', type: 'InformationObject' }] }),
    bad: digital({ conforms_to: [{ id: 'https://iiif.io/api/image', type: 'Type' }] }),
    shape: 'ConformsToEntry',
    path: `${DCTERMS}conformsTo`,
  },
  {
    rule: 'Digital Object: access_point entries are DigitalObjects',
    good: digital({ access_point: [{ id: 'https://example.org/img.jpg', type: 'DigitalObject' }] }),
    bad: digital({ access_point: [{ id: 'https://example.org/img.jpg', type: 'InformationObject' }] }),
    shape: 'DigitalObjectAccessPoint',
    path: `${LA}access_point`,
  },
  {
    rule: 'Digital Object: access_point entries have an id',
    good: digital({ access_point: [{ id: 'https://example.org/img.jpg', type: 'DigitalObject' }] }),
    bad: digital({ access_point: [{ type: 'DigitalObject', _label: 'the image' }] }),
    shape: 'DigitalObjectAccessPoint',
    path: `${LA}access_point`,
  },
  {
    rule: 'Digital Object: digitally_available_via entries are DigitalServices',
    good: digital({ digitally_available_via: [{ id: 'https://example.org/iiif', type: 'DigitalService' }] }),
    bad: digital({ digitally_available_via: [{ id: 'https://example.org/iiif', type: 'DigitalObject' }] }),
    shape: 'DigitallyAvailableViaEntry',
    path: `${LA}digitally_available_via`,
  },
  {
    rule: 'Digital Object: digitally_available_via entries have an id',
    good: digital({ digitally_available_via: [{ id: 'https://example.org/iiif', type: 'DigitalService' }] }),
    bad: digital({ digitally_available_via: [{ type: 'DigitalService', _label: 'IIIF' }] }),
    shape: 'DigitallyAvailableViaEntry',
    path: `${LA}digitally_available_via`,
  },

  // Visual Work, Set
  {
    rule: 'Visual Work: no representation',
    good: visual(),
    bad: visual({ representation: [VISUAL] }),
    shape: 'VisualWorkRepresentation',
    path: `${CRM}P138i_has_representation`,
  },
  {
    rule: 'Set: created_by is a Creation',
    good: set({ created_by: { type: 'Creation', carried_out_by: [PERSON] } }),
    bad: set({ created_by: { type: 'Activity', carried_out_by: [PERSON] } }),
    shape: 'SetCreatedBy',
    path: `${CRM}P94i_was_created_by`,
  },

  // Embedded events of Person, Group, Physical Object, Concept
  {
    rule: 'Person: born is a Birth',
    good: person({ born: { type: 'Birth', timespan: TIMESPAN } }),
    bad: person({ born: { type: 'Death', timespan: TIMESPAN } }),
    shape: 'PersonBorn',
    path: `${CRM}P98i_was_born`,
  },
  {
    rule: 'Person: died is a Death',
    good: person({ died: { type: 'Death', timespan: TIMESPAN } }),
    bad: person({ died: { type: 'Birth', timespan: TIMESPAN } }),
    shape: 'PersonDied',
    path: `${CRM}P100i_died_in`,
  },
  {
    rule: 'Person: carried_out entries are Activities',
    good: person({ carried_out: [{ type: 'Activity', classified_as: [TYPE] }] }),
    bad: person({ carried_out: [{ type: 'Production', classified_as: [TYPE] }] }),
    shape: 'PersonCarriedOut',
    path: `${CRM}P14i_performed`,
  },
  {
    rule: 'Group: formed_by is a Formation',
    good: group({ formed_by: { type: 'Formation', timespan: TIMESPAN } }),
    bad: group({ formed_by: { type: 'Creation', timespan: TIMESPAN } }),
    shape: 'GroupFormedBy',
    path: `${CRM}P95i_was_formed_by`,
  },
  {
    rule: 'Group: dissolved_by is a Dissolution',
    good: group({ dissolved_by: { type: 'Dissolution', timespan: TIMESPAN } }),
    bad: group({ dissolved_by: { type: 'Destruction', timespan: TIMESPAN } }),
    shape: 'GroupDissolvedBy',
    path: `${CRM}P99i_was_dissolved_by`,
  },
  {
    rule: 'Group: carried_out entries are Activities',
    good: group({ carried_out: [{ type: 'Activity', classified_as: [TYPE] }] }),
    bad: group({ carried_out: [{ type: 'Event', classified_as: [TYPE] }] }),
    shape: 'GroupCarriedOut',
    path: `${CRM}P14i_performed`,
  },
  {
    rule: 'Physical Object: produced_by is a Production',
    good: object({ produced_by: { type: 'Production', timespan: TIMESPAN } }),
    bad: object({ produced_by: { type: 'Creation', timespan: TIMESPAN } }),
    shape: 'ObjectProducedBy',
    path: `${CRM}P108i_was_produced_by`,
  },
  {
    rule: 'Physical Object: destroyed_by is a Destruction',
    good: object({ destroyed_by: { type: 'Destruction', timespan: TIMESPAN } }),
    bad: object({ destroyed_by: { type: 'Death', timespan: TIMESPAN } }),
    shape: 'ObjectDestroyedBy',
    path: `${CRM}P13i_was_destroyed_by`,
  },
  {
    rule: 'Physical Object: removed_by is a PartRemoval',
    good: object({ removed_by: { type: 'PartRemoval', diminished: OBJECT } }),
    bad: object({ removed_by: { type: 'Destruction' } }),
    shape: 'ObjectRemovedBy',
    path: `${CRM}P113i_was_removed_by`,
  },
  {
    rule: 'carried_out_by only on Production and PartRemoval (destroyed_by)',
    good: object({
      produced_by: { type: 'Production', carried_out_by: [PERSON] },
      destroyed_by: { type: 'Destruction', timespan: TIMESPAN },
    }),
    bad: object({ destroyed_by: { type: 'Destruction', carried_out_by: [PERSON] } }),
    shape: 'ObjectEventCarriedOutBy',
    path: `${CRM}P14_carried_out_by`,
    alsoGood: [
      object({
        removed_by: {
          type: 'PartRemoval',
          carried_out_by: [PERSON],
          part: [{ type: 'PartRemoval' }],
          diminished: OBJECT,
        },
      }),
    ],
  },
  {
    rule: 'carried_out_by only on Production and PartRemoval (used_for)',
    good: object({ used_for: [{ type: 'Activity', timespan: TIMESPAN }] }),
    bad: object({ used_for: [{ type: 'Activity', carried_out_by: [PERSON] }] }),
    shape: 'ObjectEventCarriedOutBy',
    path: `${CRM}P14_carried_out_by`,
  },
  {
    rule: 'part only on Production and PartRemoval',
    good: object({ produced_by: { type: 'Production', part: [{ type: 'Production', carried_out_by: [PERSON] }] } }),
    bad: object({ destroyed_by: { type: 'Destruction', part: [{ type: 'Destruction' }] } }),
    shape: 'ObjectEventPart',
    path: `${CRM}P9_consists_of`,
  },
  {
    rule: 'part only on Production and PartRemoval (used_for)',
    good: object({ used_for: [{ type: 'Activity', timespan: TIMESPAN }] }),
    bad: object({ used_for: [{ type: 'Activity', part: [{ type: 'Activity' }] }] }),
    shape: 'ObjectEventPart',
    path: `${CRM}P9_consists_of`,
  },
  {
    rule: 'carried_out_by only on Production and PartRemoval (encountered_by)',
    good: object({ encountered_by: [{ type: 'Encounter', timespan: TIMESPAN }] }),
    bad: object({ encountered_by: [{ type: 'Encounter', carried_out_by: [PERSON] }] }),
    shape: 'ObjectEventCarriedOutBy',
    path: `${CRM}P14_carried_out_by`,
  },
  {
    rule: 'diminished only on PartRemoval (Production)',
    good: object({ removed_by: { type: 'PartRemoval', diminished: OBJECT } }),
    bad: object({ produced_by: { type: 'Production', diminished: OBJECT } }),
    shape: 'ProductionDiminished',
    path: `${CRM}P112_diminished`,
  },
  {
    rule: 'diminished only on PartRemoval (Destruction)',
    good: object({ removed_by: { type: 'PartRemoval', diminished: OBJECT } }),
    bad: object({ destroyed_by: { type: 'Destruction', diminished: OBJECT } }),
    shape: 'ObjectEventDiminished',
    path: `${CRM}P112_diminished`,
  },
  {
    rule: 'Concept: created_by is a Creation',
    good: concept({ created_by: { type: 'Creation', timespan: TIMESPAN } }),
    bad: concept({ created_by: { type: 'Activity', timespan: TIMESPAN } }),
    shape: 'ConceptCreatedBy',
    path: `${CRM}P94i_was_created_by`,
  },
  {
    rule: 'Concept: created_by has only the allowed properties',
    good: concept({
      created_by: {
        id: id('creation/1'),
        type: 'Creation',
        _label: 'x',
        identified_by: [NAME],
        classified_as: [TYPE],
        timespan: TIMESPAN,
        referred_to_by: [STATEMENT],
        influenced_by: [TEXT],
      },
    }),
    bad: concept({ created_by: { type: 'Creation', timespan: TIMESPAN, carried_out_by: [PERSON] } }),
    shape: 'ConceptCreation',
    path: `${CRM}P14_carried_out_by`,
  },

  // Event
  {
    rule: 'Period: no caused_by',
    good: event('Period', { timespan: TIMESPAN }),
    bad: event('Period', { caused_by: [{ id: id('event/1'), type: 'Event', _label: 'x' }] }),
    shape: 'PeriodCausedBy',
    path: `${SCI}O13i_is_triggered_by`,
  },
  {
    rule: 'Period: no influenced_by',
    good: event('Period', { timespan: TIMESPAN }),
    bad: event('Period', { influenced_by: [OBJECT] }),
    shape: 'PeriodInfluencedBy',
    path: `${CRM}P15_was_influenced_by`,
  },
  {
    rule: 'Period: no carried_out_by',
    good: event('Period', { timespan: TIMESPAN }),
    bad: event('Period', { carried_out_by: [PERSON] }),
    shape: 'PeriodCarriedOutBy',
    path: `${CRM}P14_carried_out_by`,
  },
  {
    rule: 'Period: no used_specific_object',
    good: event('Period', { timespan: TIMESPAN }),
    bad: event('Period', { used_specific_object: [OBJECT] }),
    shape: 'PeriodUsedSpecificObject',
    path: `${CRM}P16_used_specific_object`,
  },
  {
    rule: 'Event: caused_by allowed, influenced_by only on Activity',
    good: event('Event', { caused_by: [{ id: id('event/1'), type: 'Event', _label: 'x' }] }),
    bad: event('Event', { influenced_by: [OBJECT] }),
    shape: 'EventInfluencedBy',
    path: `${CRM}P15_was_influenced_by`,
    alsoGood: [
      event('Activity', {
        influenced_by: [OBJECT],
        carried_out_by: [PERSON],
        used_specific_object: [OBJECT],
        caused_by: [{ id: id('event/1'), type: 'Event', _label: 'x' }],
      }),
    ],
  },
  {
    rule: 'Event: carried_out_by only on Activity',
    good: event('Activity', { carried_out_by: [PERSON] }),
    bad: event('Event', { carried_out_by: [PERSON] }),
    shape: 'EventCarriedOutBy',
    path: `${CRM}P14_carried_out_by`,
    // a Provenance Activity of type Event follows the Provenance Activity table
    alsoGood: [
      entity('provenance/9', 'Event', {
        classified_as: [PROVENANCE],
        part: [acquisition()],
        carried_out_by: [PERSON],
        influenced_by: [OBJECT],
        used_specific_object: [SET],
      }),
    ],
  },
  {
    rule: 'Event: used_specific_object only on Activity',
    good: event('Activity', { used_specific_object: [SET] }),
    bad: event('Event', { used_specific_object: [SET] }),
    shape: 'EventUsedSpecificObject',
    path: `${CRM}P16_used_specific_object`,
  },

  // Provenance Activity
  {
    rule: 'Provenance Activity: part required',
    good: provenance([acquisition()]),
    bad: provenance(undefined),
    shape: 'ProvenancePart',
    path: `${CRM}P9_consists_of`,
    // an embedded activity classified as provenance, in another document, is not the kind
    alsoGood: [event('Activity', { caused: [{ type: 'Activity', _label: 'Sale', classified_as: [PROVENANCE] }] })],
  },
  {
    rule: 'Provenance Activity: part kinds',
    good: provenance([acquisition(), { type: 'Move', moved: [OBJECT], moved_to: PLACE }]),
    bad: provenance([acquisition(), { type: 'Production', carried_out_by: [PERSON] }]),
    shape: 'ProvenancePartType',
    path: `${CRM}P9_consists_of`,
  },
  {
    rule: 'Acquisition: transferred_title_of required',
    good: provenance([acquisition({ transferred_title_to: [PERSON] })]),
    bad: provenance([{ type: 'Acquisition', transferred_title_to: [PERSON] }]),
    shape: 'AcquisitionTransferredTitleOf',
    path: `${CRM}P24_transferred_title_of`,
  },
  {
    rule: 'TransferOfCustody: transferred_custody_of required',
    good: provenance([{ type: 'TransferOfCustody', transferred_custody_of: [OBJECT] }]),
    bad: provenance([{ type: 'TransferOfCustody', transferred_custody_to: [PERSON] }]),
    shape: 'TransferOfCustodyTransferredCustodyOf',
    path: `${CRM}P30_transferred_custody_of`,
  },
  {
    rule: 'Encounter: encountered required',
    good: provenance([{ type: 'Encounter', encountered: [OBJECT], carried_out_by: [PERSON] }]),
    bad: provenance([{ type: 'Encounter', carried_out_by: [PERSON] }]),
    shape: 'EncounterEncountered',
    path: `${SCI}O19_encountered_object`,
    // embedded in the encountered object's own encountered_by
    alsoGood: [object({ encountered_by: [{ type: 'Encounter', timespan: TIMESPAN }] })],
  },
  {
    rule: 'RightAcquisition: establishes required',
    good: provenance([{ type: 'RightAcquisition', establishes: [RIGHT] }]),
    bad: provenance([{ type: 'RightAcquisition', invalidates: [RIGHT] }]),
    shape: 'RightAcquisitionEstablishes',
    path: `${LA}establishes`,
  },
  {
    rule: 'Move: moved required',
    good: provenance([{ type: 'Move', moved: [OBJECT], moved_to: PLACE }]),
    bad: provenance([{ type: 'Move', moved_to: PLACE }]),
    shape: 'MoveMoved',
    path: `${CRM}P25_moved`,
  },
  {
    rule: 'Activity part (a promise) classified as aat:300435599',
    good: provenance([{ type: 'Activity', classified_as: [PROMISE], carried_out_by: [PERSON] }]),
    bad: provenance([{ type: 'Activity', classified_as: [TYPE], carried_out_by: [PERSON] }]),
    shape: 'PromiseClassification',
    path: `${CRM}P2_has_type`,
  },
];

/** Give the document's root another IRI, in the quads (for ids ingest itself would refuse). */
function renameRoot(quads: readonly Quad[], from: string, to: string): Quad[] {
  const swap = (t: Term): Term => (t.termType === 'NamedNode' && t.value === from ? df.namedNode(to) : t);
  return quads.map((q) =>
    df.quad(swap(q.subject) as Quad['subject'], q.predicate, swap(q.object) as Quad['object'], df.namedNode(to)),
  );
}

function describe_(results: readonly ShapeResult[]): string {
  return JSON.stringify(
    results.map((r) => ({
      shape: r.shape.replace(SHAPE_PREFIX, ''),
      severity: r.severity,
      focus: r.focusNode.value,
      path: r.path,
      value: r.value?.value,
    })),
    null,
    1,
  );
}

describe('SHACL shapes: every rule, broken and kept', () => {
  const validator = ShaclValidator.load();

  function validate(doc: Json, rootId?: string): ShapeResult[] {
    const ingested = ingestDocument(doc);
    if (rootId === undefined) return validator.validate(ingested.id, ingested.quads);
    return validator.validate(rootId, renameRoot(ingested.quads, ingested.id, rootId));
  }

  for (const c of cases) {
    const severity = c.severity ?? 'Violation';
    it(`${c.rule}: ${c.shape} reports the break; the document without it passes`, () => {
      const bad = validate(c.bad, c.badRootId);
      const hit = bad.find(
        (r) => r.shape === SHAPE_PREFIX + c.shape && (r.path ?? '') === c.path && r.severity === severity,
      );
      expect(hit, `expected ${severity} from ${c.shape} on ${c.path}, got ${describe_(bad)}`).to.not.equal(undefined);
      expect(hit!.message).to.be.a('string').and.not.equal('');
      if (severity === 'Violation') {
        // the document breaks only that rule
        const others = bad.filter((r) => r.severity === 'Violation' && r.shape !== SHAPE_PREFIX + c.shape);
        expect(others, describe_(others)).to.deep.equal([]);
      }
      for (const good of [c.good, ...(c.alsoGood ?? [])]) {
        const results = validate(good);
        const violations = results.filter((r) => r.severity === 'Violation');
        expect(violations, describe_(violations)).to.deep.equal([]);
        if (severity === 'Warning') expect(results.filter((r) => r.shape === SHAPE_PREFIX + c.shape)).to.deep.equal([]);
      }
    });
  }

  it('reports the focus node and the offending value', () => {
    const results = validate(object({ made_of: [MATERIAL, TYPE] }));
    expect(results).to.have.length(1);
    expect(results[0].focusNode.value).to.equal(id('object/9'));
    expect(results[0].value?.value).to.equal(TYPE.id);
    expect(results[0].message).to.equal('Every made_of entry must be a Material.');
  });

  it('reports a nested rule at the nested node (an sh:node failure by its details)', () => {
    const results = validate(
      object({ destroyed_by: { type: 'Destruction', carried_out_by: [PERSON], diminished: OBJECT } }),
    );
    expect(results.map((r) => r.shape.replace(SHAPE_PREFIX, '')).sort()).to.deep.equal([
      'ObjectEventCarriedOutBy',
      'ObjectEventDiminished',
    ]);
    for (const r of results) expect(r.focusNode.termType).to.equal('BlankNode');
  });

  it('is unaffected by the previous call (one engine reused)', () => {
    const bad = object({ made_of: [TYPE] });
    const good = object({ made_of: [MATERIAL] });
    expect(validate(bad)).to.have.length(1);
    expect(validate(good)).to.deep.equal([]);
    expect(validate(provenance(undefined))).to.have.length(1);
    expect(validate(good)).to.deep.equal([]);
  });

  it('does not store the marker triple: the quads given are left as they were', () => {
    const ingested = ingestDocument(place());
    const before = ingested.quads.length;
    validator.validate(ingested.id, ingested.quads);
    expect(ingested.quads).to.have.length(before);
  });
});

describe('SHACL shapes: collections that must have no Violation', () => {
  const validator = ShaclValidator.load();
  const collections: Array<[string, string]> = [
    ['the demo collection', DEMO_DIR],
    ["the official validator's valid documents", `${LAV_TESTS_DIR}valid/`],
    ["the official validator's warning documents", `${LAV_TESTS_DIR}warning/`],
  ];
  for (const [name, dir] of collections) {
    it(`${name}: no Violation`, () => {
      const documents = readDocuments(dir);
      expect(documents.length).to.be.greaterThan(0);
      if (dir === DEMO_DIR) expect(documents).to.have.length(29);
      for (const { file, json } of documents) {
        const doc = ingestDocument(json, file);
        const violations = validator.validate(doc.id, doc.quads).filter((r) => r.severity === 'Violation');
        expect(violations, `${file}: ${describe_(violations)}`).to.deep.equal([]);
      }
    });
  }
});

describe("SHACL validator: targets precompiled once give the library's own results", () => {
  it('the same results on the corpus, the demo and every lav-tests document', () => {
    const fast = ShaclValidator.load();
    const library = ShaclValidator.load(undefined, { precompiledTargets: false });
    const key = (r: ShapeResult): string =>
      JSON.stringify([r.shape, r.severity, r.focusNode.termType, r.focusNode.value, r.path, r.value?.value]);
    let compared = 0;
    for (const dir of [CORPUS_DIR, DEMO_DIR, ...['valid', 'invalid', 'warning'].map((d) => `${LAV_TESTS_DIR}${d}/`)]) {
      for (const { file, json } of readDocuments(dir)) {
        let doc;
        try {
          doc = ingestDocument(json, file);
        } catch {
          continue;
        }
        expect(fast.validate(doc.id, doc.quads).map(key).sort(), file).to.deep.equal(
          library.validate(doc.id, doc.quads).map(key).sort(),
        );
        compared++;
      }
    }
    expect(compared).to.equal(155 + 29 + 28);
  });
});

describe('SHACL shapes: the files', () => {
  const SH = 'http://www.w3.org/ns/shacl#';
  const files = readdirSync(SHAPES_DIR)
    .filter((f) => f.endsWith('.ttl'))
    .sort();

  it('one file per kind, plus shared.ttl', () => {
    expect(files).to.deep.equal(
      [
        'concept',
        'digital',
        'event',
        'group',
        'object',
        'person',
        'place',
        'provenance',
        'set',
        'shared',
        'text',
        'visual',
      ].map((f) => `${f}.ttl`),
    );
  });

  it('every shape is named under urn:linkedart-service:shape:, has an rdfs:comment and an explicit severity; no SPARQL', () => {
    const quads = files.flatMap((f) => new Parser().parse(readFileSync(SHAPES_DIR + f, 'utf8')));
    const shapes = new Set<string>();
    for (const q of quads) {
      if (q.predicate.value === RDF_TYPE && [`${SH}NodeShape`, `${SH}PropertyShape`].includes(q.object.value))
        shapes.add(q.subject.value);
      if ([`${SH}property`, `${SH}node`, `${SH}not`].includes(q.predicate.value)) shapes.add(q.object.value);
      if (q.predicate.value === `${SH}sparql` || q.predicate.value === `${SH}select`)
        expect.fail(`SPARQL constraint in the shapes: ${q.subject.value}`);
      if (q.predicate.value === `${SH}path` && q.subject.termType !== 'NamedNode')
        expect.fail('a property shape without a name');
    }
    expect(shapes.size).to.be.greaterThan(80);
    for (const shape of shapes) {
      expect(shape.startsWith(SHAPE_PREFIX), shape).to.equal(true);
      const about = quads.filter((q) => q.subject.value === shape);
      expect(
        about.some((q) => q.predicate.value === RDF_TYPE && q.object.value.startsWith(SH)),
        `${shape} has no type`,
      ).to.equal(true);
      expect(
        about.some((q) => q.predicate.value === 'http://www.w3.org/2000/01/rdf-schema#comment'),
        `${shape} has no rdfs:comment`,
      ).to.equal(true);
      const severity = about.filter((q) => q.predicate.value === `${SH}severity`).map((q) => q.object.value);
      expect(
        severity.length === 1 && [`${SH}Violation`, `${SH}Warning`].includes(severity[0]),
        `${shape} severity ${severity.join()}`,
      ).to.equal(true);
    }
  });
});
