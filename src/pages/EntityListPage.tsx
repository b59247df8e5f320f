/**
 * A list of entities by name, page by page: every entity of one kind (`{base}_entities/{Class}` for a browser), or
 * the full list of one "Referenced by" relation (`{base}_links/{relation}?id=…` for a browser), each entry with
 * its kind in words and its thumbnail when it has a picture.
 */
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';
import { kindOf } from '../render/html/terms.js';
import { Paging } from './Paging.js';
import { Thumbnail } from './Thumbnail.js';

export interface EntityListEntry {
  readonly href: string;
  readonly name: string;
  /** Its class, when the list holds more than one kind. */
  readonly type?: string | undefined;
  /** Its thumbnail, when it has a picture. */
  readonly thumbnail?: string | undefined;
}

export interface EntityListProps {
  readonly frame: PageFrame;
  /** The page's title, and the raw term it says in words (a class, a relation's name) for the heading's `title`. */
  readonly heading: string;
  readonly rawTerm: string;
  /** The entity a relation's list is about: its name, linked. */
  readonly about?: { readonly href: string; readonly name: string } | undefined;
  readonly total: number;
  readonly page: number;
  readonly last: number;
  readonly startIndex: number;
  readonly entries: readonly EntityListEntry[];
  readonly pageHref: (n: number) => string;
}

export function entityListHtml(props: EntityListProps): string {
  return htmlDocument(<EntityList {...props} />);
}

function EntityList(props: EntityListProps) {
  const { frame, heading, rawTerm, about, total, page, last, startIndex, entries, pageHref } = props;
  return (
    <Page
      frame={frame}
      title={about ? `${heading}: ${about.name}` : heading}
      description={`${about ? `${heading}: ${about.name}` : heading} in ${frame.siteTitle}: ${total === 1 ? '1 entry' : `${total} entries`} by name${last > 1 ? `, page ${page} of ${last}` : ''}.`}
    >
      <h1 title={rawTerm}>
        {heading} ({total})
      </h1>
      {about ? (
        <p class="about">
          Of <a href={about.href}>{about.name}</a>
        </p>
      ) : null}
      <ol class="entities" start={startIndex + 1}>
        {entries.map((e) => (
          <li key={e.href} class={e.thumbnail !== undefined ? 'pictured' : undefined}>
            <Thumbnail url={e.thumbnail} />
            <a href={e.href}>{e.name}</a>
            {e.type !== undefined ? (
              <>
                {' '}
                <span class="type" title={e.type}>
                  ({kindOf({ type: e.type })})
                </span>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <Paging page={page} last={last} hrefOf={pageHref} />
    </Page>
  );
}
