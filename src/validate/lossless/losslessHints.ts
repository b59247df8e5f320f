/** The usual fix for the lossless check's findings, for the `hint` of a Problem (as ruleHints.ts is for ingest's rules). */
export const LOSSLESS_RULE = 'lossless';
/** One id on nodes of different kinds, in a document that still comes back whole: a Warning. */
export const SHARED_ID_RULE = 'shared-id';

export const LOSSLESS_HINTS = {
  /** One id on nodes of different kinds. */
  sharedId: 'give each its own id, or drop the inner id',
  /** `_label` given as an array. */
  label:
    'give one "_label" (a string, as the spec and its JSON Schema say); say the other names as Names in identified_by',
  /** Any other loss. */
  other:
    'write the value where the Linked Art context and the spec put it; what the stored quads cannot hold would not come back',
  /** A triple of a graph record that the document rendered from it would not hold. */
  triple:
    "give each node its own IRI (a node that is two things comes back as one), and keep every triple reachable from the document's root",
} as const;
