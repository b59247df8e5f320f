/**
 * The change feed for a browser (`{base}activity-stream` and its pages): one page of the feed's activities, newest
 * first, paged by the feed's own sequence (page n here is page n of the JSON feed), the newest page first.
 */
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';
import { ChangesTable, type RecentChange } from './ChangesTable.js';
import { Paging } from './Paging.js';

export interface FeedPageProps {
  readonly frame: PageFrame;
  readonly page: number;
  readonly last: number;
  /** All activities in the feed. */
  readonly length: number;
  readonly changes: readonly RecentChange[];
  readonly pageHref: (n: number) => string;
}

export function feedPageHtml(props: FeedPageProps): string {
  return htmlDocument(<FeedPage {...props} />);
}

function FeedPage({ frame, page, last, length, changes, pageHref }: FeedPageProps) {
  return (
    <Page
      frame={frame}
      title={page === last ? 'Latest changes' : `Changes, page ${page}`}
      description={`Changes to the records of ${frame.siteTitle}, newest first (page ${page} of ${last}): what was created, updated and removed, and when.`}
    >
      <h1>{page === last ? 'Latest changes' : `Changes, page ${page} of ${last}`}</h1>
      <p>
        {length === 1 ? 'One change' : `${length.toLocaleString('en')} changes`} recorded, newest first; page {last} is
        the newest. Machines read the same pages at these addresses as JSON (IIIF Change Discovery).
      </p>
      {changes.length === 0 ? <p>No changes recorded yet.</p> : <ChangesTable changes={changes} />}
      <Paging page={page} last={last} hrefOf={pageHref} />
    </Page>
  );
}
