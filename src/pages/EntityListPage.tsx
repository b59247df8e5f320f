/** The list of every entity of one kind (`{base}_entities/{Class}` for a browser), page by page, each by its name. */
import { kindOf } from '../render/html/linkedArt.js';
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';
import { Paging } from './Paging.js';

export interface EntityListProps {
  readonly frame: PageFrame;
  readonly className: string;
  readonly total: number;
  readonly page: number;
  readonly last: number;
  readonly startIndex: number;
  readonly entries: ReadonlyArray<{ readonly href: string; readonly name: string }>;
  readonly pageHref: (n: number) => string;
}

export function entityListHtml(props: EntityListProps): string {
  return htmlDocument(<EntityList {...props} />);
}

function EntityList({ frame, className, total, page, last, startIndex, entries, pageHref }: EntityListProps) {
  const kind = kindOf({ type: className });
  return (
    <Page frame={frame} title={`${kind}: all`}>
      <h1>
        {kind}: all {total}
      </h1>
      <ol class="entities" start={startIndex + 1}>
        {entries.map((e) => (
          <li key={e.href}>
            <a href={e.href}>{e.name}</a>
          </li>
        ))}
      </ol>
      <Paging page={page} last={last} hrefOf={pageHref} />
    </Page>
  );
}
