/**
 * One stored document as the bytes of one format, with its validators: the work itself, the same
 * on the request thread (Representations) and in a document worker (offThread/documentJobs.ts),
 * in a file of its own so that neither imports the other.
 */
import { createHash } from 'node:crypto';
import type { Format } from '../render/formats.js';
import { serializeGraph } from '../rdf/syntax/serialize.js';
import type { RenderedDocument } from '../rebuild/renderDocument.js';
import { render, versionOf, type StoredDocument } from './storedDocument.js';
import { halLinks } from '../render/halLinks.js';
import { violationCountOf } from '../validate/violationsGraph.js';
import { entityPageHtml, type PastVersion } from '../render/html/EntityPage.js';
import type { PageFrame } from '../render/html/Page.js';
import type { ReferencedByRelation } from '../render/html/ReferencedBy.js';

export interface Representation {
  readonly format: Format;
  readonly body: Buffer;
  /** Strong validator, quoted: a hash of the body, so two formats never share one. */
  readonly etag: string;
  /** HTTP-date of the document's last change, when the store knows it. */
  readonly lastModified: string | undefined;
  /** What the render had to say (e.g. triples not reachable from the root). */
  readonly warnings: readonly string[];
  /** The stored version it was rendered from (DocumentService.version). */
  readonly version: string | undefined;
  /** How many of the shapes' Violations the document was stored with (`report` policy; 0: none). */
  readonly violations: number;
}

/** What a JSON-LD representation's `_links` are made of besides the document. */
export interface HalInput {
  readonly baseUrl: string;
  readonly counts: ReadonlyMap<string, number>;
}

/** What a page for people is made of besides the document. */
export interface PageInput {
  readonly frame: PageFrame;
  /** Hit counts of the relations (part of the page's version: other documents' writes change them). */
  readonly counts: ReadonlyMap<string, number>;
  readonly referencedBy: readonly ReferencedByRelation[];
  /** The names the store holds for entities the document refers to (from the name index, in one pass). */
  readonly names?: ReadonlyMap<string, string>;
  /** A past version's page: what its banner says (src/history). */
  readonly memento?: PastVersion;
  /** The live page's link to its history. */
  readonly history?: { readonly count: number; readonly href: string };
}

/**
 * A stored document as the bytes of one format, with its validators (no cache); `_links` in
 * the JSON-LD when `hal` is given; the HTML needs `page`. `rendered`: its JSON-LD as rendered
 * already from the same quads and hints (the gate's render of a PUT), not rendered again.
 */
export function represent(
  stored: StoredDocument,
  format: Format,
  hal?: HalInput,
  page?: PageInput,
  rendered?: RenderedDocument,
): Representation {
  let text: string;
  let warnings: readonly string[] = [];
  let version = versionOf(stored.hints);
  if (format.name === 'jsonld') {
    rendered ??= render(stored);
    const document = hal
      ? { ...rendered.document, _links: halLinks(hal.baseUrl, stored.id, typesOf(rendered.document), hal.counts) }
      : rendered.document;
    text = JSON.stringify(document);
    warnings = rendered.warnings;
    if (hal && version !== undefined) version = linkedVersionText(version, hal.counts);
  } else if (format.name === 'html') {
    if (!page) throw new Error(`the page of ${stored.id} needs its frame and reverse links (PageInput)`);
    rendered ??= render(stored);
    text = entityPageHtml({
      frame: page.frame,
      document: rendered.document,
      referencedBy: page.referencedBy,
      names: page.names,
      violations: violationCountOf(stored.hints),
      memento: page.memento,
      history: page.history,
    });
    warnings = rendered.warnings;
    if (version !== undefined) version = linkedVersionText(version, page.counts);
  } else {
    text = serializeGraph(format.name, stored.id, stored.quads);
  }
  const body = Buffer.from(text);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return {
    format,
    body,
    etag,
    lastModified: stored.lastModified?.toUTCString(),
    warnings,
    version,
    violations: violationCountOf(stored.hints),
  };
}

/** The `type` of a rendered document as a list. */
function typesOf(document: Record<string, unknown>): string[] {
  const type = document.type;
  return Array.isArray(type)
    ? type.filter((t): t is string => typeof t === 'string')
    : typeof type === 'string'
      ? [type]
      : [];
}

/** A document's version with the hit counts its `_links` show. */
export function linkedVersionText(version: string, counts: ReadonlyMap<string, number>): string {
  return `${version} links:${[...counts]
    .map(([r, n]) => `${r}=${n}`)
    .sort()
    .join(',')}`;
}
