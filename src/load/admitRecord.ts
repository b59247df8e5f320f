/**
 * One record of a dump through the same gate as every write (admitDocument: the JSON-side
 * rules, then the SHACL shapes). A graph read from RDF is first rendered as the Linked Art
 * document it stands for, with its hints when they came along: what cannot be rendered
 * (a triple no key of the context can say, one not reachable from the root) would be lost
 * from the document, so it refuses the graph, naming the triples.
 */
import { documentDigest } from '../hints/digest.js';
import { SHAPE_PREDICATE } from '../hints/Skeleton.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { DocumentRejected, type Problem } from '../linkedart/Problem.js';
import { renderDocument } from '../render/renderDocument.js';
import { ingestDocument } from '../ingest/ingestDocument.js';
import { INGEST_HINTS } from '../ingest/ruleHints.js';
import { checkShapes } from '../validate/admitDocument.js';
import { checkGraphRoot } from './graphDocument.js';
import type { LoadRecord } from './records.js';

export function admitRecord(record: Extract<LoadRecord, { kind: 'json' | 'graph' }>, source: string): IngestedDocument {
  return checkShapes(ingestRecord(record, source), `${source} ${record.location}`);
}

/**
 * The first half of the gate (the JSON-side rules), so the loader can leave out the shapes for
 * a document stored unchanged under the same shapes (its digest says so).
 */
export function ingestRecord(record: Extract<LoadRecord, { kind: 'json' | 'graph' }>, source: string): IngestedDocument {
  const where = `${source} ${record.location}`;
  if (record.kind === 'json') return ingestDocument(record.json, where);
  const rootProblem = checkGraphRoot(record.id, record.quads);
  if (rootProblem) throw new DocumentRejected(record.id, [problem(record.id, 'graph-root', rootProblem)], where);
  const rendered = renderDocument(record.id, [...record.quads, ...record.hints]);
  if (!rendered) throw new DocumentRejected(record.id, [problem(record.id, 'graph-root', 'the graph is empty')], where);
  if (rendered.warnings.length > 0) {
    throw new DocumentRejected(record.id, rendered.warnings.map((w) => problem(record.id, 'not-renderable', w)), where);
  }
  return ingestDocument(rendered.document, where);
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
export function recordDigest(record: Extract<LoadRecord, { kind: 'graph' }>, gateVersion: string): string {
  return documentDigest(record.quads, record.hints.filter((q) => q.predicate.value === SHAPE_PREDICATE), gateVersion);
}
