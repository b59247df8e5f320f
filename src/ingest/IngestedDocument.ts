/**
 * What ingest makes of one document: its quads and shape hints, with what the gate needs to
 * check it and to report on it.
 */
import type { SkeletonNode } from '../hints/Skeleton.js';
import type { Kind } from '../linkedart/kinds.js';
import type { Problem } from '../linkedart/Problem.js';
import type { Quad, Term } from '../rdf/terms.js';
import type { SubjectIndex } from '../rebuild/subjectIndex.js';
import type { DocumentLocations } from './documentLocations.js';
import type { UnreadPart } from './unreadParts.js';

export interface IngestedDocument {
  /** The document's `id`: also the name of its graph. */
  readonly id: string;
  readonly kind: Kind;
  /** The entity's quads, in the graph named by `id`. */
  readonly quads: Quad[];
  /** The shape hints, in the hint graph of `id`. */
  readonly hintQuads: Quad[];
  readonly skeleton: SkeletonNode;
  /** Accepted, but worth telling the cataloguer (e.g. an assignment that should say `_complete`). */
  readonly warnings: Problem[];
  /** Where the quads came from in the JSON, to report problems found on the quads. */
  readonly locations: DocumentLocations;
  /** The document as given, for the values problems found on the quads are about. */
  readonly given: unknown;
  /** The shapes' Violations it was admitted with under the `report` conformance policy (validate/conformance.ts). */
  violations?: Problem[];
  /** Ingest problems (ruleHints.ts rules) of a document read as far as it could be (ingestReadable): the gate refuses it. */
  readonly refusals: readonly Problem[];
  /** What those problems kept from being read (JSON paths: nothing there is in the quads). */
  readonly unread: readonly UnreadPart[];
  /** The signatures of the blank nodes of `quads`, as ingest computed them (absent where they may not be the render's). */
  readonly signedBlanks?: SignedBlanks;
  /** The key (literalKey) of each literal of `quads`, as ingest computed it: a term's key never changes, so the render looks it up. */
  readonly literalKeys?: ReadonlyMap<Term, string>;
  /**
   * The skeleton, when no id in it (an IRI, or a blank node's `_:` name) stands on two of its
   * nodes (most documents): the render need not gather the places of each node.
   */
  readonly idsOnce?: SkeletonNode;
  /** The statements of `quads` by subject, as ingest made them (the render's index: not built again). */
  readonly subjects?: IndexedQuads;
}

/** An index of the statements of `quads` (one that has had quads added since cannot use it: its length says so). */
export interface IndexedQuads {
  readonly quads: readonly Quad[];
  readonly index: SubjectIndex;
}

/**
 * The skeleton node of each blank node ingest made without a name, by label, for the quads it
 * made (`quads`: a document with other quads cannot use them): its `s` and `d` are what the
 * render computes from those quads (render/blankSignatures.ts). `s`: every statement of an
 * unnamed blank node is made in the one place it stands, and each is hashed as it is made
 * (once: `emit` skips a statement made already). `d`: its blank children are all unnamed too,
 * because they are given only where the document names no blank node: a named one's `d` is
 * made after the walk (its statements may be spread), so its parents' `d` would not hold it.
 */
export interface SignedBlanks {
  readonly quads: readonly Quad[];
  readonly nodes: ReadonlyMap<string, SkeletonNode>;
}
