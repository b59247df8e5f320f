/**
 * Each shape holds where interface.md puts its rule, and nowhere else (issue 29 §3): for every
 * re-scoped rule, a document where the spec applies it is still refused, with the rule's name and
 * the JSON path of the structure at fault; and a document that has the same structure where the
 * spec does not apply the rule (a reference's structure, a Name reached through `equivalent`, an
 * Acquisition reached from `current_owner`, a Type in `classified_as`) is admitted, whole.
 */
import { expect } from 'chai';
import { renderDocument } from '../../../src/rebuild/renderDocument.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { jsonDiff, wrappedInArray } from '../../support/jsonDiff.js';
import { problemsOf } from '../../support/rejection.js';

type Json = Record<string, unknown>;

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const AAT = 'http://vocab.getty.edu/aat/';
const id = (path: string): string => `https://example.org/${path}`;

const NAME = { type: 'Name', content: 'A name' };
const TYPE = { id: `${AAT}300033618`, type: 'Type', _label: 'Painting' };
const UNIT = { id: `${AAT}300379098`, type: 'MeasurementUnit', _label: 'centimetres' };
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
const PROVENANCE = { id: `${AAT}300055863`, type: 'Type', _label: 'Provenance Activity' };

/** A top-level entity with the core properties. */
function entity(path: string, type: string, extra: Json = {}): Json {
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
const object = (extra: Json = {}): Json => entity('object/9', 'HumanMadeObject', extra);
const text = (extra: Json = {}): Json => entity('text/9', 'LinguisticObject', extra);
/** A Provenance Activity (classified aat:300055863) with these parts. */
const provenance = (parts: Json[]): Json =>
  entity('provenance/9', 'Activity', { classified_as: [PROVENANCE], part: parts });
/** An Activity that is not a Provenance Activity (an exhibition, say) with these parts. */
const exhibition = (parts: Json[]): Json => entity('activity/9', 'Activity', { part: parts });
/** A reference to an entity, carrying more than `type`, `id`, `_label`. */
const reference = (to: Json, extra: Json): Json => ({ ...to, ...extra });

interface Scope {
  /** The shape that reports the rule. */
  rule: string;
  /** Where the spec puts it. */
  spec: string;
  /** A document where the spec applies the rule, and the JSON path the refusal names. */
  applies: Json;
  path: string;
  /** Documents with the same structure where the spec does not apply the rule. */
  outside: Array<[string, Json]>;
}

const scopes: Scope[] = [
  // The Provenance Activity's part table: parts of a Provenance Activity document.
  {
    rule: 'AcquisitionTransferredTitleOf',
    spec: 'part Acquisition of a Provenance Activity',
    applies: provenance([{ type: 'Acquisition', transferred_title_to: [PERSON] }]),
    path: 'part[0]',
    outside: [
      [
        'an Acquisition reached from current_owner (acquired_title_through)',
        object({
          current_owner: [
            reference(PERSON, {
              acquired_title_through: [{ id: id('acquisition/1'), type: 'Acquisition', _label: 'Bought at auction' }],
            }),
          ],
        }),
      ],
      [
        'an Acquisition part of an Activity that is no Provenance Activity',
        exhibition([{ type: 'Acquisition', _label: 'Purchase for the show' }]),
      ],
    ],
  },
  {
    rule: 'TransferOfCustodyTransferredCustodyOf',
    spec: 'part TransferOfCustody of a Provenance Activity',
    applies: provenance([{ type: 'TransferOfCustody', transferred_custody_to: [PERSON] }]),
    path: 'part[0]',
    outside: [
      [
        'a TransferOfCustody reached from current_custodian (acquired_custody_through)',
        object({
          current_custodian: [
            reference(PERSON, { acquired_custody_through: [{ type: 'TransferOfCustody', _label: 'Loan' }] }),
          ],
        }),
      ],
    ],
  },
  {
    rule: 'EncounterEncountered',
    spec: 'part Encounter of a Provenance Activity',
    applies: provenance([{ type: 'Encounter', carried_out_by: [PERSON] }]),
    path: 'part[0]',
    outside: [
      [
        'an Encounter part of an Activity that is no Provenance Activity',
        exhibition([{ type: 'Encounter', carried_out_by: [PERSON] }]),
      ],
    ],
  },
  {
    rule: 'MoveMoved',
    spec: 'part Move of a Provenance Activity',
    applies: provenance([{ type: 'Move', moved_to: PLACE }]),
    path: 'part[0]',
    outside: [
      ['a Move part of an Activity that is no Provenance Activity', exhibition([{ type: 'Move', moved_to: PLACE }])],
    ],
  },
  {
    rule: 'RightAcquisitionEstablishes',
    spec: 'part RightAcquisition of a Provenance Activity',
    applies: provenance([{ type: 'RightAcquisition', _label: 'Licence' }]),
    path: 'part[0]',
    outside: [
      [
        'a RightAcquisition part of an Activity that is no Provenance Activity',
        exhibition([{ type: 'RightAcquisition', _label: 'Licence' }]),
      ],
    ],
  },
  {
    rule: 'EstablishesEntry',
    spec: 'part RightAcquisition of a Provenance Activity: establishes holds Rights',
    applies: provenance([{ type: 'RightAcquisition', establishes: [TYPE] }]),
    path: 'part[0].establishes[0]',
    outside: [
      [
        'a RightAcquisition part of an Activity that is no Provenance Activity',
        exhibition([{ type: 'RightAcquisition', establishes: [TYPE] }]),
      ],
    ],
  },

  // Shared structures: at the places the spec names for them.
  {
    rule: 'NameContent',
    spec: 'Name (element of identified_by)',
    applies: object({ identified_by: [{ type: 'Name', classified_as: [TYPE] }] }),
    path: 'identified_by[0]',
    outside: [
      [
        'a Name reached through equivalent',
        object({
          identified_by: [
            { ...NAME, equivalent: [{ id: id('name/1'), type: 'Name', _label: 'the same name elsewhere' }] },
          ],
        }),
      ],
      [
        'a Name reached as a part of a Name',
        object({ identified_by: [{ ...NAME, part: [{ type: 'Name', classified_as: [TYPE] }] }] }),
      ],
    ],
  },
  {
    rule: 'IdentifierContent',
    spec: 'Identifier (element of identified_by and of contact_point)',
    applies: object({ identified_by: [NAME, { type: 'Identifier', classified_as: [TYPE] }] }),
    path: 'identified_by[1]',
    outside: [
      [
        'an Identifier reached through equivalent',
        object({
          identified_by: [
            NAME,
            {
              type: 'Identifier',
              content: 'INV-1',
              equivalent: [{ id: id('identifier/1'), type: 'Identifier', _label: 'INV-1 elsewhere' }],
            },
          ],
        }),
      ],
    ],
  },
  {
    rule: 'DimensionValue',
    spec: 'Dimension (element of dimension; value of duration)',
    applies: object({ dimension: [{ type: 'Dimension', unit: UNIT }] }),
    path: 'dimension[0]',
    outside: [
      [
        'a Dimension a Relationship Assignment assigned',
        object({
          attributed_by: [
            {
              type: 'AttributeAssignment',
              assigned: [{ id: id('dimension/1'), type: 'Dimension', _label: 'height, as catalogued' }],
            },
          ],
        }),
      ],
    ],
  },

  // A kind's table: the document of that kind, not a reference to an entity of that kind.
  {
    rule: 'ObjectProducedBy',
    spec: 'Physical Object: produced_by a Production',
    applies: object({ produced_by: { type: 'Activity', timespan: TIMESPAN } }),
    path: 'produced_by',
    outside: [
      [
        'a Physical Object a Textual Work is carried_by',
        text({ carried_by: [reference(OBJECT, { produced_by: { type: 'Activity', timespan: TIMESPAN } })] }),
      ],
    ],
  },
  {
    rule: 'ObjectEventCarriedOutBy',
    spec: 'Embedded events of a Physical Object: carried_out_by only on Production and PartRemoval',
    applies: object({ destroyed_by: { type: 'Destruction', carried_out_by: [PERSON] } }),
    path: 'destroyed_by.carried_out_by[0]',
    outside: [
      [
        'a Physical Object a Textual Work is carried_by',
        text({ carried_by: [reference(OBJECT, { destroyed_by: { type: 'Destruction', carried_out_by: [PERSON] } })] }),
      ],
    ],
  },
  {
    rule: 'MadeOfEntry',
    spec: 'Physical Object: made_of Materials',
    applies: object({ made_of: [TYPE] }),
    path: 'made_of[0]',
    outside: [
      [
        'a Physical Object a Visual Work is shown_by',
        entity('visual/9', 'VisualItem', { shown_by: [reference(OBJECT, { made_of: [TYPE] })] }),
      ],
    ],
  },
  {
    rule: 'CurrentLocation',
    spec: 'Physical Object: one current_location, a Place',
    applies: object({ current_location: [PLACE, PLACE2] }),
    path: 'current_location[1]',
    outside: [
      [
        'a Physical Object a Textual Work is carried_by',
        text({ carried_by: [reference(OBJECT, { current_location: [PLACE, PLACE2] })] }),
      ],
    ],
  },
  {
    rule: 'PersonBorn',
    spec: 'Person: born a Birth',
    applies: entity('person/9', 'Person', { born: { type: 'Activity', timespan: TIMESPAN } }),
    path: 'born',
    outside: [
      [
        'a Person a Textual Work is about',
        text({ about: [reference(PERSON, { born: { type: 'Activity', timespan: TIMESPAN } })] }),
      ],
    ],
  },
  {
    rule: 'GroupFormedBy',
    spec: 'Group: formed_by a Formation',
    applies: entity('group/9', 'Group', { formed_by: { type: 'Creation', timespan: TIMESPAN } }),
    path: 'formed_by',
    outside: [
      [
        'a Group a Person is member_of',
        entity('person/9', 'Person', {
          member_of: [
            { id: id('group/1'), type: 'Group', _label: 'Guild', formed_by: { type: 'Creation', timespan: TIMESPAN } },
          ],
        }),
      ],
    ],
  },
  {
    rule: 'ContactPointEntry',
    spec: 'Person and Group: contact_point entries are Identifiers',
    applies: entity('person/9', 'Person', { contact_point: [NAME] }),
    path: 'contact_point[0]',
    outside: [['a Person a Textual Work is about', text({ about: [reference(PERSON, { contact_point: [NAME] })] })]],
  },
  {
    rule: 'DigitalObjectSubjectOf',
    spec: 'Digital Object: no subject_of',
    applies: entity('digital/9', 'DigitalObject', { subject_of: [TEXT] }),
    path: 'subject_of[0]',
    outside: [
      [
        'a Digital Object a Visual Work is digitally_shown_by',
        entity('visual/9', 'VisualItem', {
          digitally_shown_by: [{ id: id('digital/1'), type: 'DigitalObject', _label: 'Scan', subject_of: [TEXT] }],
        }),
      ],
    ],
  },
  {
    rule: 'VisualWorkRepresentation',
    spec: 'Visual Work: no representation',
    applies: entity('visual/9', 'VisualItem', { representation: [VISUAL] }),
    path: 'representation[0]',
    outside: [
      [
        'a Visual Work a Physical Object shows',
        object({ shows: [{ id: id('visual/2'), type: 'VisualItem', _label: 'Scene', representation: [VISUAL] }] }),
      ],
    ],
  },
  {
    rule: 'SetCreatedBy',
    spec: 'Set: created_by a Creation',
    applies: entity('set/9', 'Set', { created_by: { type: 'Activity', timespan: TIMESPAN } }),
    path: 'created_by',
    outside: [
      [
        'a Set a Physical Object is member_of',
        object({ member_of: [reference(SET, { created_by: { type: 'Activity', timespan: TIMESPAN } })] }),
      ],
    ],
  },
  {
    rule: 'ConceptCreation',
    spec: 'Concept: created_by with only the keys of its row ("the full record for a concept, as opposed to the embedded Type structure")',
    applies: entity('concept/9', 'Type', { created_by: { type: 'Creation', carried_out_by: [PERSON] } }),
    path: 'created_by.carried_out_by[0]',
    outside: [
      [
        "a Type in a Digital Object's classified_as",
        entity('digital/9', 'DigitalObject', {
          classified_as: [{ ...TYPE, created_by: { type: 'Creation', carried_out_by: [PERSON] } }],
        }),
      ],
    ],
  },
  {
    rule: 'PlacePartOf',
    spec: 'Place: part_of Places',
    applies: entity('place/9', 'Place', { part_of: [SET] }),
    path: 'part_of[0]',
    outside: [
      [
        'a Place an Activity took_place_at',
        entity('activity/9', 'Activity', { took_place_at: [reference(PLACE, { part_of: [SET] })] }),
      ],
    ],
  },
  {
    rule: 'PeriodCarriedOutBy',
    spec: 'Event: carried_out_by usable only when type is Activity (a Period document)',
    applies: entity('period/9', 'Period', { carried_out_by: [PERSON] }),
    path: 'carried_out_by[0]',
    outside: [
      [
        'a Period a Physical Object was produced during (a reference in part_of)',
        object({
          produced_by: {
            type: 'Production',
            part_of: [{ id: id('period/1'), type: 'Period', _label: 'Restoration', carried_out_by: [PERSON] }],
          },
        }),
      ],
    ],
  },
  {
    rule: 'EventCarriedOutBy',
    spec: 'Event: carried_out_by usable only when type is Activity (an Event document)',
    applies: entity('event/9', 'Event', { carried_out_by: [PERSON] }),
    path: 'carried_out_by[0]',
    outside: [
      [
        'an Event an Activity was caused_by',
        entity('activity/9', 'Activity', {
          caused_by: [{ id: id('event/1'), type: 'Event', _label: 'Flood', carried_out_by: [PERSON] }],
        }),
      ],
    ],
  },
];

/** What the gate admits, rendered back from its quads; differences not explained by a one-element array. */
function admittedWhole(doc: Json): string[] {
  const admitted = admitDocument(doc);
  const served = renderDocument(admitted.id, [...admitted.quads, ...admitted.hintQuads])!.document;
  const wrapped = wrappedInArray(doc, served);
  return jsonDiff(doc, served).filter((d) => !wrapped.some((w) => d.startsWith(`${w}: `)));
}

describe('shapes scoped to where interface.md puts each rule', () => {
  for (const s of scopes) {
    describe(`${s.rule} (${s.spec})`, () => {
      it(`refuses the structure where the spec puts the rule, naming ${s.rule} at ${s.path}`, () => {
        const violations = problemsOf(admitDocument, s.applies).filter((p) => p.severity === 'Violation');
        expect(violations.map((p) => [p.rule, p.path])).to.deep.include([s.rule, s.path]);
      });
      for (const [where, doc] of s.outside) {
        it(`admits ${where}, whole`, () => {
          expect(admittedWhole(doc)).to.deep.equal([]);
        });
      }
    });
  }
});
