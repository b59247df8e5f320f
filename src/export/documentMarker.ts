/**
 * Where a document starts in a dump with no graphs (Turtle, N-Triples): a comment line
 * `#@document <id>` before its triples. Other tools read it as a comment; our loader groups
 * the triples that follow into that document, so an export loaded back gives the same
 * documents exactly, where splitting by types alone must guess who says what of a shared
 * reference.
 */
import { isAbsoluteIri } from '../ingest/iris.js';

export const DOCUMENT_MARKER_PREFIX = '#@document ';

export function documentMarkerLine(id: string): string {
  return `${DOCUMENT_MARKER_PREFIX}<${id}>\n`;
}

/** The id a marker line names, or undefined when the line is no marker. */
export function parseDocumentMarker(line: string): string | undefined {
  if (!line.startsWith(DOCUMENT_MARKER_PREFIX)) return undefined;
  const m = /^<([^<>\s]+)>\s*$/.exec(line.slice(DOCUMENT_MARKER_PREFIX.length));
  return m && isAbsoluteIri(m[1]) ? m[1] : undefined;
}
