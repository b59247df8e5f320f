/**
 * A graph record (of an RDF dump, or a graph a SPARQL Update leaves) read as the Linked Art
 * document it stands for, the gate's first step for it (admit.ts): rendered, with its hints when
 * they came along, then repaired when asked and ingested. What cannot be rendered (a triple no
 * key of the context can say, one not reachable from the root) would be lost from the document,
 * so it refuses the graph, naming the triples.
 */
import { documentDigest } from '../../hints/digest.js';
import { SHAPE_PREDICATE } from '../../hints/Skeleton.js';
import type { IngestedDocument } from '../../ingest/ingestDocument.js';
import { DocumentRejected, type Problem } from '../../linkedart/Problem.js';
import { RDF_TYPE, type Quad } from '../../rdf/terms.js';
import { renderDocument } from '../../rebuild/renderDocument.js';
import { ingestReadable } from '../../ingest/ingestDocument.js';
import { INGEST_HINTS } from '../../ingest/ruleHints.js';
import { checkGraphRoot, compactClass, unreachable } from './graphDocument.js';
import { topLevelClassIris } from '../../linkedart/kinds.js';
import { graphKeptWhole } from './graphKeptWhole.js';
import type { GraphRecord } from './documentRecord.js';
import { repaired, type RecordRepairs } from './recordRepairs.js';

/**
 * The document a graph record stands for, read as far as it can be (the JSON-side rules): its
 * ingest problems (`refusals`) refuse it in the gate's second half (checkShapes). `where`: the
 * record's place, as problems name it.
 */
export function ingestGraph(record: GraphRecord, where: string, repairs?: RecordRepairs): IngestedDocument {
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
