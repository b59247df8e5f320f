/**
 * What a browser gets instead of a problem+json (404, 410, 400, 406): the same title and detail in the site's
 * layout, with the search box, so a visitor who followed a stale link can look for what they wanted. A 410 says
 * when the entity was deleted and links to the change feed, where its Delete activity stands.
 */
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';

export interface ProblemPageProps {
  readonly frame: PageFrame;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  /** For a 410: when the entity was deleted (ISO 8601), and the change feed's page for people. */
  readonly deleted?: string | undefined;
  readonly feedHref?: string | undefined;
}

/** What each status means to a visitor, before the service's own detail. */
const HEADINGS: Readonly<Record<number, string>> = {
  400: 'This request cannot be answered as asked',
  404: 'Nothing here',
  406: 'Not available in the format asked for',
  410: 'This record was deleted',
};

export function problemPageHtml(props: ProblemPageProps): string {
  return htmlDocument(<ProblemPage {...props} />);
}

function ProblemPage({ frame, status, title, detail, deleted, feedHref }: ProblemPageProps) {
  const home = new URL(frame.baseUrl).pathname;
  return (
    <Page frame={frame} title={HEADINGS[status] ?? title} description={`${status} ${title}: ${detail}`}>
      <h1>{HEADINGS[status] ?? title}</h1>
      <p class="problem">
        <span class="status">
          {status} {title}
        </span>
        : {detail}
      </p>
      {deleted !== undefined ? (
        <p>
          Deleted <time datetime={deleted}>{deleted.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}</time>
          {feedHref !== undefined ? (
            <>
              ; see <a href={feedHref}>the latest changes</a>
            </>
          ) : null}
          .
        </p>
      ) : null}
      <p>
        Search the names above, or start again from <a href={home}>the collection</a>.
      </p>
    </Page>
  );
}
