/**
 * A document's Warnings, kept in its hint graph beside its digest. They are derived data (the
 * shapes give them again from the quads and the digest names the shapes' version), kept so
 * that a load finding the document unchanged, which leaves out the shapes, reports the same
 * warnings as the load that stored it: the same input, the same report, whatever the store
 * holds. Every write path stores them (storedGraphs); bookkeeping, never shown nor exported.
 * Kept as the lines the load reports (formatProblem): all a report says of them, half the bytes of
 * the problems as JSON, the same text for every document with the same Warnings (the store keeps
 * one copy), and a line has no document id in it.
 */
import { formatProblem, isProblem, type Problem } from '../linkedart/Problem.js';
import { df, type Quad } from '../rdf/terms.js';
import { hintGraphOf } from './Skeleton.js';

export const WARNINGS_PREDICATE = 'urn:linkedart-service:warnings';

/** The quad keeping the Warnings of document `graph`, as report lines (an empty list too: "none", not "not kept"). */
export function keptWarningsQuad(graph: string, warnings: readonly Problem[]): Quad {
  return df.quad(
    df.namedNode(graph),
    df.namedNode(WARNINGS_PREDICATE),
    df.literal(JSON.stringify(warnings.map(formatProblem))),
    df.namedNode(hintGraphOf(graph)),
  );
}

/**
 * The Warnings' report lines read back from the kept text (kept as problems, as stores written
 * before kept them: formatted); undefined when it is neither (then they are not known).
 */
export function keptWarningsFrom(text: string): string[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  if (parsed.every((line): line is string => typeof line === 'string')) return parsed;
  return parsed.every(isProblem) ? parsed.map(formatProblem) : undefined;
}
