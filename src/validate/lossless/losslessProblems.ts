/**
 * The lossless check of the gate: a document admitted must come back whole. The document is
 * rendered from its own quads and hints, as it would be served, and compared with what was given
 * (after repairs); every value that would not come back is a Violation at its JSON path. Where one
 * id stands for nodes of different kinds, RDF made them one node: the problems say so, first.
 */
import type { IngestedDocument } from '../../ingest/ingestDocument.js';
import type { Problem } from '../../linkedart/Problem.js';
import { shortJson } from '../../linkedart/problemValue.js';
import { renderWithSkeleton, type JsonObject } from '../../rebuild/renderDocument.js';
import { LOSSLESS_HINTS, LOSSLESS_RULE, SHARED_ID_RULE } from './losslessHints.js';
import { lostValues, type GivenWalk, type LostValue } from './lostValues.js';
import { describeSharedId, type SharedId } from './sharedIds.js';

/** Whether `path` is `at` or inside it (`a.b[0]` is inside `a.b` and `a`; everything is inside ``). */
export function within(path: string, at: string): boolean {
  return at === '' || path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
}

/** Documents whose quads were proven to hold everything given some other way (a graph record: its own triples). */
const provenWhole = new WeakSet<IngestedDocument>();

/** Marks a document whose quads are known to hold all it was given, so the render need not be compared. */
export function markProvenWhole(doc: IngestedDocument): void {
  provenWhole.add(doc);
}

/**
 * The values of `doc.given` its render would not give back, as `lossless` Violations, outermost
 * first. `skip`: paths a problem already names (ingest reported them), not reported again.
 * `rendered`: its render already made (a PUT's, as served, for its ETag), compared instead of a new one.
 */
export function losslessProblems(
  doc: IngestedDocument,
  shared: readonly SharedId[],
  skip: readonly string[] = [],
  rendered?: JsonObject,
): Problem[] {
  return lostProblems(doc.id, lostOnRender(doc, undefined, rendered), shared, skip);
}

/**
 * The values of `doc.given` its render would not give back (its `@context` aside: the render
 * compared has none), outermost first; `walk` is told of every part of `doc.given`. `rendered`: the
 * render already made of these quads (a PUT renders once), else rendered here.
 */
export function lostOnRender(doc: IngestedDocument, walk?: GivenWalk, rendered?: JsonObject): LostValue[] {
  if (provenWhole.has(doc)) {
    walk?.whole(doc.given, undefined);
    return [];
  }
  // The skeleton is what the hint graph holds (skeletonQuads writes it as JSON): no need to read it back.
  // The blank nodes' signatures as ingest computed them, if for these very quads; the keys in any
  // order: lostValues looks each up.
  const signedBlanks = doc.signedBlanks?.quads === doc.quads ? doc.signedBlanks.nodes : undefined;
  // Ingest's index of the quads, if of these very quads, all in the document's graph, none added since.
  const indexed = doc.subjects;
  const subjects = indexed?.quads === doc.quads && indexed.index.size === doc.quads.length ? indexed.index : undefined;
  const document =
    rendered ??
    renderWithSkeleton(doc.id, doc.quads, doc.skeleton, {
      signedBlanks,
      keyOrder: false,
      literalKeys: doc.literalKeys,
      documentOnly: true,
      subjects,
      idsOnce: doc.idsOnce === doc.skeleton,
    })?.document;
  return lostValues(doc.given, document, walk).filter((l) => l.path !== '@context');
}

/** The `lost` values as `lossless` Violations; `skip`: paths a problem already names (ingest reported them), not reported again. */
export function lostProblems(
  document: string,
  lost: readonly LostValue[],
  shared: readonly SharedId[],
  skip: readonly string[] = [],
): Problem[] {
  return lost.filter((l) => !skip.some((s) => within(l.path, s))).map((l) => lostProblem(document, l, shared));
}

function lostProblem(document: string, lost: LostValue, shared: readonly SharedId[]): Problem {
  const cause =
    shared.find((s) => s.uses.some((u) => u.path !== '' && within(lost.path, u.path))) ??
    shared.find((s) => s.uses.some((u) => within(lost.path, u.path)));
  const term = /([^.[\]]+)(\[\d+\])?$/.exec(lost.path)?.[1];
  const problem: Problem = {
    document,
    path: lost.path,
    rule: LOSSLESS_RULE,
    severity: 'Violation',
    message: '',
    hint: LOSSLESS_HINTS.other,
  };
  if (term !== undefined) problem.term = term;
  const value = shortJson(lost.value);
  if (value !== undefined) problem.value = value;
  if (cause) {
    problem.message = `this value would not come back: ${describeSharedId(cause)}`;
    problem.hint = LOSSLESS_HINTS.sharedId;
  } else if (term === '_label' && /\[\d+\]$/.test(lost.path)) {
    problem.message =
      'a "_label" is one string (the spec and its JSON Schema say so): only the first of these labels would come back';
    problem.hint = LOSSLESS_HINTS.label;
  } else {
    problem.message = 'this value would not come back: the document rendered from its stored quads does not hold it';
  }
  return problem;
}

/** A Violation naming a shared id as the cause of other problems (the shapes' consequences), at its inner place. */
export function sharedIdProblem(document: string, shared: SharedId): Problem {
  return sharedIdReport(
    document,
    shared,
    LOSSLESS_RULE,
    'Violation',
    `${describeSharedId(shared)}, and the rules of each kind judge both (the problems marked as its consequence)`,
  );
}

/** A Warning for a shared id whose document still comes back whole: in RDF (Turtle, SPARQL) the nodes are one. */
export function sharedIdWarning(document: string, shared: SharedId): Problem {
  return sharedIdReport(
    document,
    shared,
    SHARED_ID_RULE,
    'Warning',
    `${describeSharedId(shared)}: the document comes back as written, but in RDF (Turtle, SPARQL) they are one node of both kinds`,
  );
}

/** A shared id reported at its inner place (its last use). */
function sharedIdReport(
  document: string,
  shared: SharedId,
  rule: string,
  severity: Problem['severity'],
  message: string,
): Problem {
  const inner = shared.uses[shared.uses.length - 1];
  return {
    document,
    path: inner.path,
    term: 'id',
    value: JSON.stringify(shared.id),
    rule,
    severity,
    message,
    hint: LOSSLESS_HINTS.sharedId,
  };
}
