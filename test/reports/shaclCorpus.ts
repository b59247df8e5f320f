/**
 * The shapes over the corpus, reviewed: every corpus document the shapes flag, with the rule and
 * the reviewed verdict (each Violation is a real breach of the spec), and the official
 * validator's invalid documents, flagged or not, by which shape, and why not where not.
 * test/unit/validate/corpus-report.test.ts checks the flags against these reviews;
 * `npm run report:shacl-corpus` (test/reports/shacl-corpus.ts) writes them out as
 * test-output/shacl-corpus.md.
 */
import type { Quad, Term } from '@rdfjs/types';
import { linkedArtContextDocument } from '../../src/context/linkedArtContext.js';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { ShaclValidator, SHAPE_PREFIX, type ShapeResult } from '../../src/validate/ShaclValidator.js';
import { CORPUS_DIR, LAV_TESTS_DIR, readDocuments } from '../support/corpus.js';

const DATE =
  'given as a bare date (YYYY-MM-DD) or a placeholder, not the ISO 8601 date-time the TimeSpan table requires ("ISO 8601 date-time")';

/** Reviewed: each (document, shape) Violation in the corpus and why it is a real breach of the spec. */
export const REVIEWED: Record<string, Record<string, string>> = {
  'activity.1.json': { TimeSpanBeginOfTheBegin: DATE, TimeSpanEndOfTheEnd: DATE },
  'digital.0.json': {
    DigitallyAvailableViaEntry:
      'the Digital Service in digitally_available_via has no id; the Digital Service structure makes `id` Required ("HTTP(S) URI at which the description can be dereferenced")',
  },
  'event.3.json': {
    TimeSpanBeginOfTheBegin:
      'begin_of_the_begin is the placeholder "earliest-start-datetime", not an ISO 8601 date-time',
    TimeSpanEndOfTheEnd: 'end_of_the_end is the placeholder "latest-end-datetime", not an ISO 8601 date-time',
  },
  'event.5.json': { TimeSpanBeginOfTheBegin: DATE, TimeSpanEndOfTheEnd: DATE },
  'event.8.json': {
    MonetaryAmountPlacement:
      'a MonetaryAmount (a bid) sits in the refers_to of a PropositionalObject created by a bid inside an auction Activity; the spec: "Monetary amounts are used only in the Provenance Activity structure, and in a Set\'s dimension"',
  },
  'object.17.json': { TimeSpanBeginOfTheBegin: DATE, TimeSpanEndOfTheEnd: DATE },
  'object.29.json': {
    ReferredToByEntry:
      'referred_to_by holds a DigitalObject (a web page); referred_to_by holds Statements, whose `type` "MUST be `LinguisticObject`" (or references to Textual Works, also LinguisticObject)',
  },
  'object.30.json': {
    DigitallyAvailableViaEntry:
      'the Digital Service in digitally_available_via (of the DigitalObject showing the visual item) has no id; the Digital Service structure makes `id` Required',
  },
  'object.61.json': { TimeSpanBeginOfTheBegin: DATE, TimeSpanEndOfTheEnd: DATE },
  'person.8.json': { TimeSpanBeginOfTheBegin: DATE, TimeSpanEndOfTheEnd: DATE },
  'person.9.json': { TimeSpanBeginOfTheBegin: DATE, TimeSpanEndOfTheEnd: DATE },
  'provenance.0.json': {
    ProvenancePart: 'a Provenance Activity (classified aat:300055863) with no part; `part` is Required',
  },
  'provenance.10.json': {
    AcquisitionTransferredTitleOf:
      'the second Acquisition ("of Painting from Buyer") has no transferred_title_of, which is Required',
  },
  'provenance.4.json': {
    AcquisitionTransferredTitleOf: 'the Acquisition has only a _label; transferred_title_of is Required',
  },
  'provenance.5.json': {
    AcquisitionTransferredTitleOf: 'both Acquisitions have only a _label; transferred_title_of is Required',
  },
  'set.3.json': { TimeSpanBeginOfTheBegin: DATE, TimeSpanEndOfTheEnd: DATE },
};

/**
 * The official validator's invalid documents (their `note` lists the official rule ids, whose
 * texts are not in the corpus): what is wrong by the spec, and why the shapes do not flag what
 * they do not flag.
 */
export const LAV_INVALID: Record<string, string> = {
  'artwork_material_type.json':
    'Only recommendations expected (w-ids). No Violation, correctly. Its classification ids (aat:400435443, aat:400033618) are not real AAT concepts, which no spec rule covers.',
  'bad_destruction.json':
    'Flagged: carried_out_by, part and diminished on a Destruction (only Production/PartRemoval may have them), end_of_the_end not a date-time. Not flagged: the part entry being a Person and diminished being a Type (both properties are already disallowed there; their classes are no rule of the issue); `technique` written as one object instead of an array (invisible in RDF).',
  'bad_location.json':
    'Flagged: current_location is a Person, not a Place. The reference has no id, which the spec permits ("Embedded structures without id are permitted").',
  'bad_partremoval.json':
    'Flagged: end_of_the_end not a date-time. Not flagged: `diminished` is a Type where the spec says "reference to the Physical Object removed from", and the nested `part` is a Destruction: the classes of diminished and of nested event parts are not among the issue\'s rules. PartRemoval may have carried_out_by, part and diminished.',
  'bad_production.json':
    'Flagged: diminished on a Production, end_of_the_end not a date-time. Not flagged: caused_by holding a Person ("References to Events"), technique being an Event ("Types"), part being a Type ("nested events"): classes of caused_by, technique and nested parts are not among the issue\'s rules.',
  'basic_reference_too_many_properties.json':
    "Flagged: the member_of reference has no type. Not flagged: a reference (with id) that carries member_of, i.e. more than type/id/_label; the spec permits embedded structures and the issue has no rule limiting a reference's properties.",
  'current_owner.json':
    'Not flagged. current_owner holds a Material ("References to Persons or Groups": the class of current_owner entries is not among the issue\'s rules) and a Group whose id "htatp://louvre.fr/" is a well-formed URI of an unknown scheme (the spec asks HTTP(S) of the document\'s own id and of Digital Services, not of every reference).',
  'destruction_wrong_type.json': 'Flagged: destroyed_by is a Person, not a Destruction.',
  'dimension_wrong_class.json':
    'Flagged: the second dimension (a bare Dimension) has no value and no unit. Not flagged: the first dimension entry is a Person ("Dimensions"): the class of dimension entries is not among the issue\'s rules (the Dimension shapes apply to nodes typed Dimension).',
  'equivalent_object_wrong_type.json':
    'Not flagged: equivalent holds a Person (without id) for a HumanMadeObject; the spec says "References to external identities ... of the same entity" but gives no class rule, and the issue has none.',
  'id_not_resolvable.json':
    'Not flagged: the id is a well-formed HTTP URI; whether it can be dereferenced needs the network, which validation does not use. Warnings: no _label, identified_by, classified_as.',
  'id_not_resolvable_basic_ref.json':
    'Not flagged: the representation reference\'s id "htps://example.com/123" is a well-formed URI of an unknown scheme; the spec asks an HTTP(S) URI of the document\'s own id, not of references. Warnings: no _label, identified_by, classified_as.',
  'improper_attribute_assignment.json':
    'Flagged: attributed_by holds a Person (not an AttributeAssignment) that has no assigned, and assigned_by holds a Person. Not flagged: member_of holding an AttributeAssignment whose carried_out_by is a Set ("References to Sets", "Persons or Groups": classes not among the issue\'s rules).',
  'improper_timespan.json': 'Flagged: the timespan is a LinguisticObject, not a TimeSpan.',
  'linguistic_object_badly_formed.json':
    'Only recommendations expected (w-ids). No Violation, correctly: the Statement has content (empty, but present); its missing classified_as/language/identified_by are Recommended for Statements, and the issue lists recommendations only for top-level entities.',
  'made_of_concept.json':
    "Flagged: made_of holds a Person. The Person has no id, which the spec permits. Not flagged: the two Materials referred to in made_of have made_of entries of their own (Types): made_of is a row of the Physical Object table, which describes the Physical Object document, and a reference's structure is not constrained beyond `type`, `id`, `_label`.",
  'multiple_types_for_entity.json':
    'Not flagged: a Person whose id path says /object/; the spec does not tie an id\'s path to the kind ("the path shape of each endpoint: not shown"). Warnings: no _label, identified_by, classified_as.',
  'part_of_object.json':
    'Not flagged: a HumanMadeObject part_of a Person ("References to Physical Objects this one is part of"): the class of part_of entries is a rule of the issue only for Places.',
  'part_removal_wrong_type.json': 'Flagged: removed_by is a VisualItem, not a PartRemoval.',
  'parts_of_object.json':
    'Not flagged: a HumanMadeObject with `part` (a Person); the Physical Object table lists no `part` and the issue has no rule on it.',
  'production_wrong_type.json': 'Flagged: produced_by is a VisualItem, not a Production.',
  'recommended_timespans_for_production.json':
    'Only recommendations expected (w-ids). No Violation, correctly: begin_of_the_begin/end_of_the_end are Recommended in a TimeSpan, and the issue lists recommendations only for top-level entities.',
  'refer_to_nonlinguistic.json': 'Flagged: referred_to_by holds a Group, not a LinguisticObject.',
  'representation_wrong_type.json':
    'Not flagged: representation holds a Set ("References to Visual Works"): the class of representation entries is not among the issue\'s rules.',
  'subject_of_wrong_type.json':
    'Not flagged: subject_of holds a VisualItem ("References to Textual Works"): the class of subject_of entries is not among the issue\'s rules.',
  'value_numerical.json': "Flagged: the Dimension's value is a string, not a number, and it has no unit.",
};

const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
export const short = (shape: string): string => shape.replace(SHAPE_PREFIX, '');

/** Predicate IRI → the term the v1 context gives it (the first one met). */
function termNames(): Map<string, string> {
  const ctx = linkedArtContextDocument()['@context'] as Record<string, unknown>;
  const prefixes = new Map<string, string>();
  for (const [k, v] of Object.entries(ctx)) if (typeof v === 'string' && /[/#]$/.test(v)) prefixes.set(k, v);
  const expand = (v: string): string => {
    const i = v.indexOf(':');
    const base = i > 0 ? prefixes.get(v.slice(0, i)) : undefined;
    return base ? base + v.slice(i + 1) : v;
  };
  const names = new Map<string, string>();
  const walk = (c: Record<string, unknown>): void => {
    for (const [k, v] of Object.entries(c)) {
      if (v && typeof v === 'object') {
        const def = v as Record<string, unknown>;
        if (typeof def['@id'] === 'string' && !names.has(expand(def['@id']))) names.set(expand(def['@id']), k);
        if (def['@context'] && typeof def['@context'] === 'object') walk(def['@context'] as Record<string, unknown>);
      } else if (typeof v === 'string' && !k.startsWith('@') && !prefixes.has(k) && !names.has(expand(v))) {
        names.set(expand(v), k);
      }
    }
  };
  walk(ctx);
  names.set('http://www.w3.org/1999/02/22-rdf-syntax-ns#type', 'type');
  return names;
}

/** Where a node sits: the root's IRI, a named node's IRI, or the chain of terms from the root. */
function locate(node: Term, rootId: string, quads: readonly Quad[], names: Map<string, string>): string {
  if (node.termType !== 'BlankNode') return node.value === rootId ? '(root)' : `<${node.value}>`;
  const incoming = new Map<string, Quad>();
  for (const q of quads)
    if (q.object.termType === 'BlankNode' && !incoming.has(q.object.value)) incoming.set(q.object.value, q);
  const steps: string[] = [];
  let current: Term = node;
  for (let i = 0; i < 20 && current.termType === 'BlankNode'; i++) {
    const q = incoming.get(current.value);
    if (!q) break;
    steps.unshift(names.get(q.predicate.value) ?? q.predicate.value);
    current = q.subject;
  }
  const start = current.value === rootId ? '(root)' : `<${current.value}>`;
  const label = quads.find((q) => q.subject.equals(node) && q.predicate.value === RDFS_LABEL)?.object.value;
  return [start, ...steps].join(' › ') + (label ? ` [${label}]` : '');
}

function cell(s: string | undefined): string {
  return (s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A document of a corpus folder, ingested and validated (results undefined: refused by ingest). */
export interface Validated {
  file: string;
  id: string;
  quads: readonly Quad[];
  results: ShapeResult[] | undefined;
}

/** Every document of `dir` through ingest and the shapes. */
export function validateFolder(validator: ShaclValidator, dir: string): Validated[] {
  return readDocuments(dir).map(({ file, json }) => {
    try {
      const doc = ingestDocument(json, file);
      return { file, id: doc.id, quads: doc.quads, results: validator.validate(doc.id, doc.quads) };
    } catch {
      return { file, id: '', quads: [], results: undefined };
    }
  });
}

/** The corpus, and the official validator's invalid documents, validated. */
export function validateCorpora(validator = ShaclValidator.load()): { corpus: Validated[]; lav: Validated[] } {
  return { corpus: validateFolder(validator, CORPUS_DIR), lav: validateFolder(validator, `${LAV_TESTS_DIR}invalid/`) };
}

/** The report, as Markdown: the reviewed Violations, the Warnings, and the invalid documents. */
export function shaclCorpusReport({ corpus, lav }: { corpus: Validated[]; lav: Validated[] }): string {
  const names = termNames();
  const describeResult = (r: ShapeResult, doc: { id: string; quads: readonly Quad[] }): string => {
    const where = locate(r.focusNode, doc.id, doc.quads, names);
    const path = r.path ? (names.get(r.path) ?? r.path) : '';
    const value = r.value
      ? r.value.termType === 'Literal'
        ? JSON.stringify(r.value.value)
        : locate(r.value, doc.id, doc.quads, names)
      : '';
    return `${where}${path ? ` · ${path}` : ''}${value ? ` = ${value}` : ''}`;
  };
  const lines: string[] = [];
  const accepted = corpus.filter((d) => d.results);
  const flagged = accepted.filter((d) => d.results!.some((r) => r.severity === 'Violation'));
  const warned = accepted.filter((d) => d.results!.some((r) => r.severity === 'Warning'));
  lines.push('# SHACL validation of the corpus', '');
  lines.push(
    `${accepted.length} corpus documents validated (${corpus.length - accepted.length} refused by ingest: ${corpus
      .filter((d) => !d.results)
      .map((d) => d.file)
      .join(', ')}).`,
  );
  lines.push(
    `${flagged.length} have at least one Violation, ${warned.length} at least one Warning. Shapes: shapes/*.ttl; focus nodes are shown as the chain of terms from the root.`,
    '',
  );
  lines.push(
    '## Violations, reviewed',
    '',
    'Every Violation below was checked against the spec: each is a real breach.',
    '',
  );
  lines.push('| document | shape | focus · path = value | why it breaches the spec |', '|---|---|---|---|');
  for (const d of flagged) {
    for (const r of d.results!.filter((x) => x.severity === 'Violation')) {
      lines.push(
        `| ${d.file} | ${short(r.shape)} | ${cell(describeResult(r, d))} | ${cell(REVIEWED[d.file]?.[short(r.shape)] ?? 'NOT REVIEWED')} |`,
      );
    }
  }
  lines.push('', '## Warnings (Recommended properties missing at the top level)', '');
  const byShape = new Map<string, string[]>();
  for (const d of accepted)
    for (const r of d.results!.filter((x) => x.severity === 'Warning')) {
      const list = byShape.get(short(r.shape)) ?? [];
      if (!list.includes(d.file)) list.push(d.file);
      byShape.set(short(r.shape), list);
    }
  lines.push('| shape | documents | which |', '|---|---|---|');
  for (const [shape, files] of [...byShape].sort()) lines.push(`| ${shape} | ${files.length} | ${files.join(', ')} |`);

  lines.push('', "## The official validator's invalid documents (lav-tests/invalid)", '');
  lines.push(
    'The `note` holds the official rule ids (v = violation, w = warning); the official rule texts are not in the corpus, so the last column says what is wrong by the spec.',
    '',
  );
  lines.push(
    '| document | note | flagged | Violations (shape: focus · path = value) | what the shapes flag, and why not where not |',
    '|---|---|---|---|---|',
  );
  for (const d of lav) {
    const given = readDocuments(`${LAV_TESTS_DIR}invalid/`).find((x) => x.file === d.file)?.json['note'];
    const note = given === undefined || given === null ? '' : typeof given === 'string' ? given : JSON.stringify(given);
    const violations = (d.results ?? []).filter((r) => r.severity === 'Violation');
    const flaggedText = !d.results ? 'refused by ingest' : violations.length > 0 ? 'yes' : 'no';
    const list = violations.map((r) => `${short(r.shape)}: ${describeResult(r, d)}`).join('<br>');
    lines.push(
      `| ${d.file} | ${note} | ${flaggedText} | ${cell(list)} | ${cell(LAV_INVALID[d.file] ?? 'NOT REVIEWED')} |`,
    );
  }
  return lines.join('\n') + '\n';
}
