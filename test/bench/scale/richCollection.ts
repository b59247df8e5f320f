/**
 * The richer collection issue 35 measured at (about 58 quads a document, against the bench
 * corpus's 30): each of generatedNames' documents (its kind, names, identifier, statement,
 * classifications and year, so name search's figures hold: "harbour" in ~58%) written out as a
 * whole Linked Art document — names with their classifications and language, an accession number,
 * a statement, classifications, and per kind the rest: an object's production, dimensions,
 * materials, owner, set and the image it shows; a person's birth and death; a text's or image's
 * creation and subject; a group's formation; a place's broader place. The references between
 * entities point at other documents of the same collection (a few people made many objects:
 * Zipf), so the reverse-link index and `_links` counts have a real museum's shape. The same seed
 * gives the same collection.
 */
import type { SearchableNames } from '../../../src/search/searchableNames.js';
import { generatedNames } from '../../support/generatedNames.js';
import { writeDocumentDumps, type DumpInfo } from '../load/dump.js';
import { seededRandom } from '../../support/random.js';

const CONTEXT = 'https://linked.art/ns/v1/linked-art.json';
const AAT = 'http://vocab.getty.edu/aat/';
type Json = Record<string, unknown>;

const aat = (n: number, label: string, type = 'Type'): Json => ({ id: `${AAT}${n}`, type, _label: label });
const ENGLISH = aat(300388277, 'English', 'Language');
const PRIMARY_NAME = aat(300404670, 'Primary Name');
const BRIEF_TEXT = aat(300418049, 'Brief Text');
const CENTIMETRES = aat(300379098, 'centimeters', 'MeasurementUnit');
const MATERIALS = [
  aat(300015050, 'oil', 'Material'),
  aat(300014078, 'canvas', 'Material'),
  aat(300010900, 'metal', 'Material'),
  aat(300011914, 'wood', 'Material'),
];
/** The statement each kind carries (classified as itself and as Brief Text). */
const STATEMENT_KIND: Record<string, Json> = {
  HumanMadeObject: aat(300411780, 'Description'),
  Person: aat(300435422, 'Biography Statement'),
  Group: aat(300435422, 'Biography Statement'),
};
const DESCRIPTION = aat(300411780, 'Description');

/** One collection: every document's search-side facts, and which documents are of each kind. */
export interface RichCollection {
  readonly size: number;
  /** Document `i` as JSON-LD text (one line). */
  documentAt(i: number): string;
  /** Document `i`'s id. */
  idOf(i: number): string;
}

const concept = (label: string): Json => ({
  id: `https://example.org/concept/${label.toLowerCase().replace(/[^a-z]+/g, '-')}`,
  type: 'Type',
  _label: label,
});

function timespan(year: number, years = 1): Json {
  return {
    type: 'TimeSpan',
    begin_of_the_begin: `${year}-01-01T00:00:00Z`,
    end_of_the_end: `${year + years - 1}-12-31T23:59:59Z`,
  };
}

function dimension(label: string, n: number, value: number): Json {
  return { type: 'Dimension', classified_as: [aat(n, label)], value, unit: CENTIMETRES };
}

export function richCollection(size: number, seed = 1): RichCollection {
  const facts = generatedNames(size, seed);
  const byKind = new Map<string, number[]>();
  facts.forEach((f, i) => {
    const kind = f.type ?? 'HumanMadeObject';
    const ids = byKind.get(kind) ?? [];
    ids.push(i);
    byKind.set(kind, ids);
  });
  const ref = (i: number): Json => ({ id: facts[i].id, type: facts[i].type, _label: facts[i].names[0] });
  /** A document of `kind` other than `self`, the first ones of each kind chosen far more often (Zipf). */
  const pick = (kind: string, next: () => number, self: number): Json[] => {
    const ids = byKind.get(kind) ?? [];
    const i = ids[Math.floor(ids.length * next() ** 3)];
    return i === undefined || i === self ? [] : [ref(i)];
  };

  function common(f: SearchableNames, i: number): Json {
    const [primary, ...others] = f.names;
    const statement = f.statements?.[0];
    return {
      '@context': CONTEXT,
      id: f.id,
      type: f.type,
      _label: primary,
      classified_as: f.classifications?.map(concept) ?? [],
      identified_by: [
        { type: 'Name', content: primary, classified_as: [PRIMARY_NAME], language: [ENGLISH] },
        ...others.map((content) => ({ type: 'Name', content })),
        ...f.identifiers.map((content) => ({
          type: 'Identifier',
          content,
          classified_as: [aat(300312355, 'Accession Number')],
        })),
      ],
      referred_to_by:
        statement === undefined
          ? []
          : [
              {
                type: 'LinguisticObject',
                classified_as: [{ ...(STATEMENT_KIND[f.type ?? ''] ?? DESCRIPTION), classified_as: [BRIEF_TEXT] }],
                content: statement,
                language: [ENGLISH],
              },
            ],
      equivalent: [{ id: `https://collections.example.org/${i}`, type: f.type, _label: primary }],
    };
  }

  function kindSpecific(f: SearchableNames, i: number, next: () => number): Json {
    const year = f.year ?? 1850;
    switch (f.type) {
      case 'HumanMadeObject':
        return {
          dimension: [
            dimension('Height', 300055644, 10 + Math.floor(next() * 200)),
            dimension('Width', 300055647, 10 + Math.floor(next() * 200)),
          ],
          made_of: [MATERIALS[Math.floor(next() * MATERIALS.length)]],
          produced_by: {
            type: 'Production',
            carried_out_by: pick('Person', next, i),
            timespan: timespan(year),
            took_place_at: pick('Place', next, i),
          },
          current_owner: pick('Group', next, i),
          member_of: pick('Set', next, i),
          shows: pick('VisualItem', next, i),
        };
      case 'Person':
        return {
          born: { type: 'Birth', timespan: timespan(year), took_place_at: pick('Place', next, i) },
          died: { type: 'Death', timespan: timespan(year + 30 + Math.floor(next() * 50)) },
          member_of: pick('Group', next, i),
        };
      case 'VisualItem':
      case 'LinguisticObject':
        return {
          created_by: { type: 'Creation', carried_out_by: pick('Person', next, i), timespan: timespan(year) },
          about: pick('HumanMadeObject', next, i),
          language: f.type === 'LinguisticObject' ? [ENGLISH] : undefined,
        };
      case 'Group':
        return {
          formed_by: { type: 'Formation', timespan: timespan(year), took_place_at: pick('Place', next, i) },
          residence: pick('Place', next, i),
        };
      case 'Place':
        return { part_of: pick('Place', next, i) };
      default:
        return { created_by: { type: 'Creation', carried_out_by: pick('Group', next, i), timespan: timespan(year) } };
    }
  }

  /** Drops empty arrays and undefined values, as a curator's document would not carry them. */
  const pruned = (doc: Json): Json =>
    Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));

  return {
    size,
    idOf: (i) => facts[i].id,
    documentAt(i) {
      // Each document from its own stream, so document i is the same whichever others are written.
      const next = seededRandom(seed * 1_000_003 + i);
      const f = facts[i];
      const doc = pruned({ ...common(f, i), ...kindSpecific(f, i, next) });
      for (const key of ['produced_by', 'born', 'formed_by', 'created_by']) {
        if (doc[key] !== undefined) doc[key] = pruned(doc[key] as Json);
      }
      return JSON.stringify(doc);
    },
  };
}

/** Writes the first `docs` documents of the collection of that size as N-Quads and NDJSON dumps. */
export async function writeRichDumps(
  docs: number,
  nquadsPath: string,
  ndjsonPath: string,
  seed = 1,
): Promise<DumpInfo> {
  const collection = richCollection(docs, seed);
  return writeDocumentDumps(
    docs,
    (i) => ({ text: collection.documentAt(i), source: collection.idOf(i) }),
    nquadsPath,
    ndjsonPath,
  );
}
