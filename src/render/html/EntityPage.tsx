/**
 * The page for people of one entity, from its rendered JSON-LD document: the primary name as
 * the title and the kind; pictures; names and identifiers; statements; classifications;
 * events; dimensions; materials; membership; an activity's own when/where and its parts in
 * order; every other key in a generic table (nothing hidden); "Referenced by" from the
 * reverse links; the other formats; and the JSON-LD itself for search engines, with a
 * description and Open Graph tags for a shared link's preview.
 */
import type { Format } from '../formats.js';
import { FORMATS } from '../formats.js';
import { formatUrl } from '../halLinks.js';
import { ActivityDetails, EVENT_KEYS, Events } from './Events.js';
import { Dimensions } from './Dimensions.js';
import { KeyValues } from './Generic.js';
import { IiifManifests } from './IiifManifests.js';
import { Images } from './Images.js';
import { descriptionOf, SharingMeta } from './SharingMeta.js';
import { BaseUrl, IdLink, KnownNames } from './links.js';
import { nodesOf, scalarText, titleOf, typesOf, type LaNode } from './linkedArt.js';
import { kindOf, rawKindOf } from './terms.js';
import { Names } from './Names.js';
import { htmlDocument, Page, type PageFrame } from './Page.js';
import { ReferencedBy, type ReferencedByRelation } from './ReferencedBy.js';
import { RefList } from './RefList.js';
import { Statements } from './Statements.js';
import { validationUrl } from '../validationUrl.js';

export interface EntityPageProps {
  readonly frame: PageFrame;
  /** The rendered document (without `_links`). */
  readonly document: LaNode;
  readonly referencedBy: readonly ReferencedByRelation[];
  /** How many of the shapes' Violations it was stored with (`--conformance report`): a banner links to its report. */
  readonly violations?: number;
  /** The names the store holds for entities the document refers to (shown for references without `_label`). */
  readonly names?: ReadonlyMap<string, string>;
  /** A past version (src/history): a banner says so, with a link to the live document. */
  readonly memento?: PastVersion;
  /** The document's history: how many versions, and where they are listed (its TimeMap). */
  readonly history?: { readonly count: number; readonly href: string };
}

/** What a past version's page says of it. */
export interface PastVersion {
  readonly n: number;
  /** When it was written (an ISO date-time, to the second). */
  readonly time: string;
  readonly actor: string | null;
}

/**
 * The `type` of the describedby link: the Linked Art profile, double-quoted as a media-type parameter is (RFC 9110;
 * the API's discovery page writes single quotes, which strict checkers such as the W3C Nu HTML Checker refuse).
 */
export const DESCRIBED_BY_TYPE = 'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"';

/** Keys the sections show (besides those of the entity's own activity, which only some kinds have). */
const SECTION_KEYS = new Set([
  '@context',
  'id',
  'type',
  '_label',
  'identified_by',
  'referred_to_by',
  'classified_as',
  'dimension',
  'made_of',
  'member_of',
  ...EVENT_KEYS.map(([k]) => k),
]);
const ACTIVITY_KEYS = ['timespan', 'took_place_at', 'carried_out_by', 'technique', 'part'];

export function EntityPage({
  frame,
  document,
  referencedBy,
  violations = 0,
  names = new Map(),
  memento,
  history,
}: EntityPageProps) {
  const id = typeof document.id === 'string' ? document.id : '';
  const title = titleOf(document);
  const description = descriptionOf(document, title);
  const rest = Object.keys(document).filter((k) => !SECTION_KEYS.has(k) && !ACTIVITY_KEYS.includes(k));
  const head = (
    <>
      <SharingMeta document={document} title={title} siteTitle={frame.siteTitle} description={description} />
      <link rel="describedby" href={id} type={DESCRIBED_BY_TYPE} />
      {FORMATS.filter((f) => f.name !== 'html').map((f) => (
        <link rel="alternate" href={formatUrl(id, f.extension)} type={f.contentType} />
      ))}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(document) }} />
    </>
  );
  return (
    <Page frame={frame} title={title} description={description} head={head}>
      <BaseUrl.Provider value={frame.baseUrl}>
        <KnownNames.Provider value={names}>
          <article>
            {memento ? <PastVersionBanner version={memento} id={id} /> : null}
            {violations > 0 ? (
              <ViolationsBanner count={violations} href={pathOf(validationUrl(frame.baseUrl, id))} />
            ) : null}
            <h1>{title}</h1>
            <p class="kind" title={rawKindOf(document)}>
              {kindOf(document)}
              {nodesOf(document, 'classified_as').length > 0 ? ' · ' : ''}
              {nodesOf(document, 'classified_as')
                .map((c) => scalarText(c._label, ''))
                .filter(Boolean)
                .join(', ')}
            </p>
            <p class="id">
              Identifier: <IdLink id={id}>{id}</IdLink>
            </p>
            <Images entity={document} name={title} basePath={new URL(frame.baseUrl).pathname} />
            <IiifManifests entity={document} />
            <Names entity={document} />
            <Statements entity={document} />
            <RefList entity={document} keyName="classified_as" heading="Classified as" id="classified-as" />
            <ActivityDetails entity={document} />
            <Events entity={document} />
            <Dimensions entity={document} />
            <RefList entity={document} keyName="made_of" heading="Materials" id="materials" />
            <RefList entity={document} keyName="member_of" heading="Member of" id="member-of" />
            {rest.length > 0 ? (
              <section aria-labelledby="more">
                <h2 id="more">More about this {kindOf(document).toLowerCase() || 'entity'}</h2>
                <KeyValues node={document} keys={rest} />
              </section>
            ) : null}
            <ReferencedBy relations={referencedBy} thisKind={kindOf({ type: typesOf(document)[0] })} />
            <OtherFormats id={id} />
            {history ? (
              <p class="history">
                <IdLink id={history.href}>
                  History ({history.count} version{history.count === 1 ? '' : 's'})
                </IdLink>
              </p>
            ) : null}
          </article>
        </KnownNames.Provider>
      </BaseUrl.Provider>
    </Page>
  );
}

/** A document published while its record is fixed (`--conformance report`) says so, first, linking to what is wrong. */
function ViolationsBanner({ count, href }: { count: number; href: string }) {
  return (
    <p class="banner violations" role="note">
      This record breaks {count === 1 ? 'one rule' : `${count} rules`} of the Linked Art shapes and is published as
      written while it is fixed: <a href={href}>see the validation report</a>.
    </p>
  );
}

/** A past version's page says so first, with a link to the document as it is now. */
function PastVersionBanner({ version, id }: { version: PastVersion; id: string }) {
  return (
    <p class="banner past-version" role="note">
      This is a past version (version {version.n}, written {version.time.replace('T', ' ').replace('Z', ' UTC')}
      {version.actor ? ` by ${version.actor}` : ''}) of this record: <IdLink id={id}>see it as it is now</IdLink>.
    </p>
  );
}

/** A URL of this service's as a path (the pages link within the site so). */
function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

function OtherFormats({ id }: { id: string }) {
  const base = (f: Format) =>
    f.name === 'jsonld'
      ? 'JSON-LD (Linked Art)'
      : f.name === 'rdfxml'
        ? 'RDF/XML'
        : f.name === 'ntriples'
          ? 'N-Triples'
          : f.name === 'nquads'
            ? 'N-Quads'
            : f.name === 'trig'
              ? 'TriG'
              : 'Turtle';
  return (
    <section aria-labelledby="formats">
      <h2 id="formats">This description in other formats</h2>
      <ul class="formats">
        {FORMATS.filter((f) => f.name !== 'html').map((f) => (
          <li>
            <IdLink id={formatUrl(id, f.extension)}>{base(f)}</IdLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * JSON for inside a `<script>`: `<`, `>` and `&` as JSON escapes, so no `</script`, `<!--`
 * or markup can end or change the element (they can only stand in strings, where the escape
 * means the same character); U+2028/2029 escaped as well.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The whole page as text. */
export function entityPageHtml(props: EntityPageProps): string {
  return htmlDocument(<EntityPage {...props} />);
}
