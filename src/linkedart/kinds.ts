import { linkedArtContext } from '../context/linkedArtContext.js';

/**
 * The eleven kinds of Linked Art entity that have their own endpoint, the classes each may
 * have at the top level, and the path segment the Linked Art API prefers for it.
 */
export interface Kind {
  /** The spec's name for the kind. */
  readonly name: string;
  /** The preferred endpoint segment: `{base}/{endpoint}/{identifier}`. */
  readonly endpoint: string;
  /** The `type` values a top-level document of this kind may have. */
  readonly classes: readonly string[];
}

export const KINDS: readonly Kind[] = [
  { name: 'Place', endpoint: 'place', classes: ['Place'] },
  { name: 'Digital Object', endpoint: 'digital', classes: ['DigitalObject'] },
  { name: 'Group', endpoint: 'group', classes: ['Group'] },
  { name: 'Person', endpoint: 'person', classes: ['Person'] },
  { name: 'Textual Work', endpoint: 'text', classes: ['LinguisticObject'] },
  { name: 'Visual Work', endpoint: 'visual', classes: ['VisualItem'] },
  { name: 'Set', endpoint: 'set', classes: ['Set'] },
  { name: 'Concept', endpoint: 'concept', classes: ['Type', 'Material', 'Language', 'Currency', 'MeasurementUnit'] },
  { name: 'Physical Object', endpoint: 'object', classes: ['HumanMadeObject'] },
  { name: 'Provenance Activity', endpoint: 'provenance', classes: ['Event', 'Activity'] },
  { name: 'Event', endpoint: 'event', classes: ['Period', 'Event', 'Activity'] },
];

/** Every class that a top-level document may have. */
export const TOP_LEVEL_CLASSES: ReadonlySet<string> = new Set(KINDS.flatMap((k) => k.classes));

/** The AAT concept that makes an Event or Activity a Provenance Activity. */
export const PROVENANCE_ACTIVITY = 'http://vocab.getty.edu/aat/300055863';

/**
 * The same classes (TOP_LEVEL_CLASSES) in the order the service names them: a document stating
 * several is of the first (its `type` in result pages and the feed), and lists go in this order.
 */
export const ENTITY_CLASSES = [
  'HumanMadeObject',
  'DigitalObject',
  'LinguisticObject',
  'VisualItem',
  'Person',
  'Group',
  'Place',
  'Set',
  'Type',
  'Material',
  'Language',
  'Currency',
  'MeasurementUnit',
  'Period',
  'Event',
  'Activity',
] as const;

let classByIri: Map<string, string> | undefined;

/** Linked Art class name by class IRI, for the top-level classes. */
export function classNamesByIri(): ReadonlyMap<string, string> {
  classByIri ??= new Map(ENTITY_CLASSES.map((name) => [linkedArtContext().expandVocab(name)!, name]));
  return classByIri;
}

/** The IRIs of the top-level classes (HumanMadeObject → crm:E22_Human-Made_Object...). */
export function topLevelClassIris(): ReadonlySet<string> {
  topLevelIris ??= new Set(classNamesByIri().keys());
  return topLevelIris;
}

let topLevelIris: ReadonlySet<string> | undefined;
