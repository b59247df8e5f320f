/**
 * One record (of a dump, a harvest, or a graph a SPARQL Update leaves) through the same gate as
 * every write: repaired when asked, then the JSON-side rules, then the SHACL shapes. A graph read from RDF is first rendered as the Linked Art
 * document it stands for, with its hints when they came along: what cannot be rendered
 * (a triple no key of the context can say, one not reachable from the root) would be lost
 * from the document, so it refuses the graph, naming the triples.
 */
import { documentDigest } from '../../hints/digest.js';
import { SHAPE_PREDICATE } from '../../hints/Skeleton.js';
import type { IngestedDocument } from '../../ingest/ingestDocument.js';
import { DocumentRejected, type Problem } from '../../linkedart/Problem.js';
import { RDF_TYPE, type Quad } from '../../rdf/terms.js';
import { renderDocument } from '../../rebuild/renderDocument.js';
import { ingestReadable } from '../../ingest/ingestDocument.js';
import { INGEST_HINTS } from '../../ingest/ruleHints.js';
import { checkShapes } from '../../validate/admitDocument.js';
import { DEFAULT_CONFORMANCE, type ConformancePolicy } from '../../validate/conformance.js';
import { repairDocument, type RepairPolicy } from '../../ingest/repairs/repairDocument.js';
import type { RepairNote } from '../../ingest/repairs/RepairNote.js';
import type { SourceConventions } from '../../ingest/repairs/SourceConventions.js';
import { checkGraphRoot, compactClass, unreachable } from './graphDocument.js';
import { topLevelClassIris } from '../../linkedart/kinds.js';
import { graphKeptWhole } from './graphKeptWhole.js';
import type { DocumentRecord, GraphRecord } from './documentRecord.js';

/** `conformance`: whether the shapes' Violations refuse it (validate/conformance.ts). */
export function admitRecord(
  record: DocumentRecord,
  source: string,
  conformance: ConformancePolicy = DEFAULT_CONFORMANCE,
): IngestedDocument {
  return checkShapes(ingestRecord(record, source), `${source} ${record.location}`, conformance);
}

/**
 * The first half of the gate (the JSON-side rules), so the loader can leave out the shapes for
 * a document stored unchanged under the same shapes (its digest says so). The document is read
 * as far as it can be: its ingest problems (`refusals`) refuse it in checkShapes, the second half.
 */
export function ingestRecord(record: DocumentRecord, source: string, repairs?: RecordRepairs): IngestedDocument {
  const where = `${source} ${record.location}`;
  if (record.kind === 'json') return ingestReadable(repaired(record.json, repairs), where);
  const rootProblem = checkGraphRoot(record.id, record.quads);
  if (rootProblem) throw new DocumentRejected(record.id, [problem(record.id, 'graph-root', rootProblem)], where);
  const rendered = renderDocument(record.id, [...record.quads, ...record.hints]);
  if (!rendered) throw new DocumentRejected(record.id, [problem(record.id, 'graph-root', 'the graph is empty')], where);
  if (rendered.warnings.length > 0) {
    // Unreachable triples about what looks like another document: the usual fix is a marker line.
    const others = otherDocumentsIn(record.id, record.quads);
    const problems = rendered.warnings.map((w) => {
      const p = problem(record.id, 'not-renderable', w);
      return others && w.includes('not reachable') ? { ...p, hint: others } : p;
    });
    throw new DocumentRejected(record.id, problems, where);
  }
  const notes = repairs?.notes.length ?? 0;
  const ingested = ingestReadable(repaired(rendered.document, repairs), where);
  return graphKeptWhole(record, rendered.document, ingested, (repairs?.notes.length ?? 0) > notes, where);
}

/** How a load repairs its records (src/ingest/repairs), and where the notes of what it repaired go. */
export interface RecordRepairs {
  readonly policy: RepairPolicy;
  /** What relative ids resolve against. */
  readonly base?: string;
  /** What the source is known to do differently (--date-order). */
  readonly conventions?: SourceConventions;
  readonly notes: RepairNote[];
}

function repaired(json: unknown, repairs: RecordRepairs | undefined): unknown {
  if (!repairs || repairs.policy === 'none') return json;
  const { document, repairs: notes } = repairDocument(json, { base: repairs.base, conventions: repairs.conventions });
  for (const n of notes) repairs.notes.push(n);
  return document;
}

/**
 * When triples the document cannot reach are about an entity typed as a document of its own,
 * they were most likely meant as that document (a block appended to an exported Turtle dump runs
 * on into the document before it): say how a dump marks where a document starts.
 */
function otherDocumentsIn(id: string, quads: readonly Quad[]): string | undefined {
  const topClasses = topLevelClassIris();
  const roots = new Map<string, string>();
  for (const q of unreachable(id, quads)) {
    if (q.subject.termType === 'NamedNode' && q.predicate.value === RDF_TYPE && topClasses.has(q.object.value))
      roots.set(q.subject.value, q.object.value);
  }
  if (roots.size === 0) return undefined;
  const [first, type] = [...roots][0];
  const more = roots.size > 1 ? ` (and ${roots.size - 1} more)` : '';
  return (
    `<${first}>${more} is typed ${compactClass(type)}, a class of a document of its own, but its triples are read as part of <${id}>: ` +
    `in Turtle or N-Triples a document runs from its \`#@document <id>\` line to the next one (as \`linkedart export\` writes them), ` +
    `so put \`#@document <${first}>\` on a line before its triples; in N-Quads or TriG put them in the graph <${first}>`
  );
}

function problem(document: string, rule: 'graph-root' | 'not-renderable', message: string): Problem {
  return { document, path: '', rule, message, hint: INGEST_HINTS[rule], severity: 'Violation' };
}

/**
 * The digest of a graph record as it stands (its quads and shape hints), before any render or
 * ingest: equal to a stored digest, the record holds exactly the stored document (the digest
 * covers quads, hints and the shapes' version), so it is unchanged and need not be read further.
 * A record that would ingest to the stored document but differs as written (a literal spelled
 * otherwise, extra hint quads) digests differently and simply takes the full path.
 */
export function recordDigest(record: GraphRecord, gateVersion: string): string {
  return documentDigest(
    record.quads,
    record.hints.filter((q) => q.predicate.value === SHAPE_PREDICATE),
    gateVersion,
  );
}
