/**
 * Where a document's validation report is (`/_validation?id=…`, validationRoute.ts), and the
 * `Link` header that points a client to it from the document and from the PUT that stored it.
 *
 * The relation is `describedby` (RFC 8288's registry, from POWDER: "a resource providing
 * information about the link's context"): the report is information about this document (which
 * rules it breaks), not another form of it (`alternate`). Generic clients and crawlers know the
 * relation and may ignore it; its `type` and `title` tell it from the describedby a page for people
 * already has (to its data, in JSON-LD).
 */
import { validationUrl } from '../render/validationUrl.js';

export { VALIDATION_PATH } from '../render/validationUrl.js';

export interface ValidationLink {
  readonly href: string;
  /** The `Link` header value. */
  readonly header: string;
}

export function validationLink(baseUrl: string, id: string, count?: number): ValidationLink {
  const href = validationUrl(baseUrl, id);
  const title =
    count === undefined
      ? 'validation report'
      : `validation report: ${count} violation${count === 1 ? '' : 's'} of the Linked Art shapes`;
  return { href, header: `<${href}>; rel="describedby"; type="application/json"; title="${title}"` };
}
