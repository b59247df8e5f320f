/**
 * A document as it is stored: its graphs (entity, hints with the modification stamp and the
 * digest, links), its digest and version, and its JSON-LD rendered back from them. Functions of
 * their input alone: a load's check workers and the document workers make stored graphs without a
 * service (load/gate, offThread/).
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { DIGEST_PREDICATE, digestQuad, documentDigest } from '../hints/digest.js';
import { MODIFIED_PREDICATE, modifiedStamp } from '../hints/lastModified.js';
import { keptWarningsQuad } from '../hints/keptWarnings.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { shaclValidator } from '../validate/ShaclValidator.js';
import { renderDocument, type RenderedDocument } from '../rebuild/renderDocument.js';
import type { Quad } from '../rdf/terms.js';
import { linksGraphOf, linksQuads } from '../discovery/linksGraph.js';
import { WITHOUT_LINKS_FOR_BENCH } from '../config/benchSwitches.js';
import { reverseLinksOf, type DocumentLinks } from '../discovery/reverseLinksOf.js';
import { validationQuads } from '../validate/violationsGraph.js';

/** One document as stored: its entity graph, its hint graph, and when it last changed. */
export interface StoredDocument {
  readonly id: string;
  /** The quads of the entity's graph. */
  readonly quads: Quad[];
  /** The quads of its hint graph (shape hints and the modification stamp). */
  readonly hints: Quad[];
  readonly lastModified: Date | undefined;
}

/**
 * The graphs a document is stored as: its entity graph, its hint graph with the shape
 * hints, the modification stamp, the digest and the Warnings (keptWarnings.ts) (and the
 * violations it was admitted with under the report policy: violationsGraph.ts), and its links
 * graph (its reverse-link rows: `links` when the caller has them, reverseLinksOf(doc.id, doc.quads)).
 */
export function storedGraphs(
  doc: IngestedDocument,
  digest: string,
  now: Date,
  links?: DocumentLinks,
): Array<[string, Quad[]]> {
  // Only part of it was read: storing it would lose the rest (the gate refuses it; this never happens).
  if (doc.refusals.length > 0) throw new Error(`${doc.id}: a document with ingest problems reached the store`);
  const hints = [
    ...doc.hintQuads,
    modifiedStamp(doc.id, now),
    digestQuad(doc.id, digest),
    keptWarningsQuad(doc.id, doc.warnings),
  ];
  if (doc.violations) hints.push(...validationQuads(doc.id, doc.violations));
  const graphs: Array<[string, Quad[]]> = [
    [doc.id, doc.quads],
    [hintGraphOf(doc.id), hints],
  ];
  if (!WITHOUT_LINKS_FOR_BENCH)
    graphs.push([linksGraphOf(doc.id), linksQuads(doc.id, links ?? reverseLinksOf(doc.id, doc.quads))]);
  return graphs;
}

/** The digest a document is stored with (its quads, hints, and the version of the shapes that checked it). */
export function digestOf(doc: IngestedDocument): string {
  return documentDigest(doc.quads, doc.hintQuads, shaclValidator().version, doc.skeleton);
}

/** The digest a document's hint quads say it was stored with. */
export function storedDigestOf(hints: readonly Quad[]): string | undefined {
  return hints.find((q) => q.predicate.value === DIGEST_PREDICATE)?.object.value;
}

/** The version (see DocumentService.version) of a document as its hint quads give it. */
export function versionOf(hints: readonly Quad[]): string | undefined {
  const pairs = hints
    .filter((q) => q.predicate.value === DIGEST_PREDICATE || q.predicate.value === MODIFIED_PREDICATE)
    .map((q): [string, string] => [q.predicate.value, q.object.value]);
  return pairs.length === 0 ? undefined : versionText(pairs);
}

export function versionText(pairs: Array<[string, string]>): string {
  // The modification stamp is compared as an instant: stores may spell it differently (Z, +00:00, fractions).
  return pairs
    .map(([p, v]) => (p === MODIFIED_PREDICATE ? `m${Date.parse(v)}` : `d${v}`))
    .sort()
    .join(' ');
}

/** Linked Art JSON-LD of a stored document. */
export function render(stored: StoredDocument): RenderedDocument {
  return renderDocument(stored.id, [...stored.quads, ...stored.hints])!;
}
