/**
 * Linked Art's classes and properties in words, one table for every page: a visitor reads "Assignment",
 * "Transfer of custody" and "former or current owner", never AttributeAssignment or former_or_current_owner
 * (the pages keep the raw term in a `title`, and the data view has it as written). The words are those the
 * Linked Art model's documentation uses for each class and property.
 */
import { typesOf, type LaNode } from './linkedArt.js';

/** Each class in words (a class not here is shown as its name split into words). */
const CLASS_WORDS: Readonly<Record<string, string>> = {
  HumanMadeObject: 'Object',
  DigitalObject: 'Digital object',
  LinguisticObject: 'Text',
  VisualItem: 'Visual work',
  PropositionalObject: 'Idea',
  Person: 'Person',
  Group: 'Group',
  Place: 'Place',
  Set: 'Set',
  Type: 'Concept',
  Material: 'Material',
  Language: 'Language',
  Currency: 'Currency',
  MeasurementUnit: 'Unit of measurement',
  Period: 'Period',
  Event: 'Event',
  Activity: 'Activity',
  AttributeAssignment: 'Assignment',
  TransferOfCustody: 'Transfer of custody',
  Acquisition: 'Acquisition',
  RightAcquisition: 'Acquisition of rights',
  Payment: 'Payment',
  MonetaryAmount: 'Amount',
  Dimension: 'Dimension',
  Name: 'Name',
  Identifier: 'Identifier',
  TimeSpan: 'Time span',
  Production: 'Production',
  Creation: 'Creation',
  Birth: 'Birth',
  Death: 'Death',
  Formation: 'Formation',
  Dissolution: 'Dissolution',
  Destruction: 'Destruction',
  Modification: 'Modification',
  Encounter: 'Encounter',
  PartRemoval: 'Removal of a part',
  PartAddition: 'Addition of a part',
  Transformation: 'Transformation',
  Move: 'Move',
  Right: 'Right',
  DigitalService: 'Digital service',
  BeginningOfExistence: 'Beginning of existence',
  EndOfExistence: 'End of existence',
};

/** Properties whose words are not simply the name with spaces (the rest: `carried_out_by` → "carried out by"). */
const PROPERTY_WORDS: Readonly<Record<string, string>> = {
  _label: 'label',
  content: 'text',
  timespan: 'time span',
  equivalent: 'same as',
  digitally_shown_by: 'shown digitally by',
  digitally_carried_by: 'carried digitally by',
  digitally_available_via: 'available digitally via',
  transferred_custody_of: 'custody transferred of',
  transferred_custody_from: 'custody transferred from',
  transferred_custody_to: 'custody transferred to',
  transferred_title_of: 'ownership transferred of',
  transferred_title_from: 'ownership transferred from',
  transferred_title_to: 'ownership transferred to',
  paid_amount: 'amount paid',
  paid_from: 'paid by',
  used_specific_object: 'object used',
};

/** A class in words: its entry in the table, else its name split at capitals (`SomeClass` → "Some class"). */
export function classWords(type: string): string {
  const known = CLASS_WORDS[type];
  if (known !== undefined) return known;
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A property in words, lower case as it reads inside a sentence: `former_or_current_owner` → "former or current owner". */
export function propertyWords(key: string): string {
  return PROPERTY_WORDS[key] ?? key.replace(/^_+/, '').replace(/_/g, ' ');
}

/** The kind of an entity, in words (its classes, joined). */
export function kindOf(node: LaNode): string {
  return typesOf(node).map(classWords).join(', ');
}

/** The raw classes of a node, for a `title` beside the words. */
export function rawKindOf(node: LaNode): string {
  return typesOf(node).join(', ');
}

/** A JSON key in words, as a heading or a term: `carried_out_by` → "Carried out by". */
export function keyWords(key: string): string {
  const words = propertyWords(key);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
