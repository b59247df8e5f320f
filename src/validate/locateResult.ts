/**
 * Where in the JSON a shape's result is: the JSON path of the entry at fault, the Linked Art
 * term, the value found there, the rule and its usual fix. A result names a focus node, a
 * predicate and sometimes a value; the JSON path is found from where ingest saw them:
 *
 * - a value: where that statement's value was written (a type too: at the node that says it);
 * - a sequence path (`identified_by` then `type`): the entry of the first step whose type is
 *   the one at fault (`attributed_by[0].identified_by[0]`, not the assignment that holds it);
 * - too many values and none named (`sh:maxCount`): the one written elsewhere than the node
 *   itself (a document's id given a second type in its `timespan`: at `timespan`);
 * - otherwise the focus node: where it first stood as an object, or, for a reference written
 *   as a bare IRI string, where that string is.
 */
import type { Term } from '@rdfjs/types';
import type { ActiveContext } from '../context/ActiveContext.js';
import { linkedArtContext } from '../context/linkedArtContext.js';
import { locationKey, type IngestedDocument } from '../ingest/ingestDocument.js';
import type { Problem } from '../linkedart/Problem.js';
import { shortValueAt } from '../linkedart/problemValue.js';
import { RDF_TYPE } from '../rdf/terms.js';
import { SHAPE_PREFIX, type ShapeResult } from './shapeIndex.js';

const MAX_COUNT = 'http://www.w3.org/ns/shacl#MaxCountConstraintComponent';

export function locateResult(doc: IngestedDocument, result: ShapeResult): Problem {
  const focus = locationKey(result.focusNode);
  const node = doc.locations.nodes.get(focus);
  let path = node?.path ?? objectPath(doc, focus) ?? '';
  let term: string | undefined;
  if (result.path !== undefined) {
    term = result.path === RDF_TYPE ? 'type' : termFor(node?.ctx ?? linkedArtContext(), result.path);
    const found =
      result.steps !== undefined
        ? sequencePath(doc, focus, result.steps, result.value)
        : result.value !== undefined
          ? doc.locations.values.get(`${focus}\u0000${result.path}\u0000${locationKey(result.value)}`)
          : result.component === MAX_COUNT
            ? extraValuePath(doc, focus, result.path, path)
            : undefined;
    if (found !== undefined) path = found;
  }
  const rule = result.shape.startsWith(SHAPE_PREFIX) ? result.shape.slice(SHAPE_PREFIX.length) : result.shape;
  const problem: Problem = { document: doc.id, path, term, rule, message: result.message, severity: result.severity };
  const value = path === '' ? undefined : shortValueAt(doc.given, path);
  if (value !== undefined) problem.value = value;
  if (result.hint !== undefined) problem.hint = result.hint;
  return problem;
}

/** The Linked Art term for a predicate where the node stands (scoped terms included). */
function termFor(ctx: ActiveContext, iri: string): string {
  return ctx.termsFor(iri)[0]?.term ?? ctx.compactIri(iri);
}

/** Where a node stands as the object of a statement (a reference given as an IRI string), if anywhere. */
function objectPath(doc: IngestedDocument, object: string): string | undefined {
  const suffix = `\u0000${object}`;
  for (const [key, path] of doc.locations.values) if (key.endsWith(suffix)) return path;
  return undefined;
}

/**
 * Follows `steps` from the focus through the document's quads; the path of the node reached
 * before the last step whose last step gives `value` (any, without a value).
 */
function sequencePath(
  doc: IngestedDocument,
  focus: string,
  steps: readonly string[],
  value: Term | undefined,
): string | undefined {
  const objects = (subject: string, predicate: string): string[] => {
    const out: string[] = [];
    for (const q of doc.quads)
      if (q.predicate.value === predicate && locationKey(q.subject) === subject) out.push(locationKey(q.object));
    return out;
  };
  let frontier: Array<{ key: string; path: string | undefined }> = [{ key: focus, path: undefined }];
  for (const step of steps.slice(0, -1)) {
    frontier = frontier.flatMap(({ key }) =>
      objects(key, step).map((o) => ({ key: o, path: doc.locations.values.get(`${key}\u0000${step}\u0000${o}`) })),
    );
  }
  const last = steps[steps.length - 1];
  const wanted = value === undefined ? undefined : locationKey(value);
  const hit = frontier.find(({ key }) => wanted === undefined || objects(key, last).includes(wanted));
  return hit?.path;
}

/** Of the values of (focus, predicate), the last one written away from the focus's own path. */
function extraValuePath(
  doc: IngestedDocument,
  focus: string,
  predicate: string,
  focusPath: string,
): string | undefined {
  const prefix = `${focus}\u0000${predicate}\u0000`;
  let found: string | undefined;
  for (const [key, path] of doc.locations.values) if (key.startsWith(prefix) && path !== focusPath) found = path;
  return found;
}
