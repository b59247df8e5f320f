/**
 * The landing page (`/` for a browser): the collection's name, a name search box, a box to find a
 * record by its accession number (`/resolve`), what the collection holds (a count per kind, each
 * linking to the list of that kind), the latest changes from the change feed (newest first, each
 * entity linked by its name while it exists), and the doors for machines (SPARQL, the change
 * feed, the export).
 */
import { kindOf } from '../render/html/terms.js';
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';
import { ChangesTable, type RecentChange } from './ChangesTable.js';

export type { RecentChange } from './ChangesTable.js';

export interface KindCount {
  readonly className: string;
  readonly count: number;
  /** The (path-relative) URL of the list of this kind. */
  readonly href: string;
}

export interface LandingPageProps {
  readonly frame: PageFrame;
  readonly counts: readonly KindCount[];
  readonly changes: readonly RecentChange[];
  /** Path-relative URLs of the service's doors for machines. */
  readonly feedHref: string;
  readonly exportHref: string;
  /** Documents published with violations of the shapes (`--conformance report`); each one's page links to its report. */
  readonly violated?: number;
}

export function landingPageHtml(props: LandingPageProps): string {
  return htmlDocument(<LandingPage {...props} />);
}

function LandingPage({ frame, counts, changes, feedHref, exportHref, violated = 0 }: LandingPageProps) {
  const total = counts.reduce((n, c) => n + c.count, 0);
  const root = new URL(frame.baseUrl).pathname;
  return (
    <Page
      frame={frame}
      title="Home"
      description={`${frame.siteTitle}: ${total === 1 ? '1 entity' : `${total} entities`} described in Linked Art. Search them by name, browse them by kind, follow the latest changes, export them or query them with SPARQL.`}
    >
      <h1>{frame.siteTitle}</h1>
      <p>
        {total === 1 ? '1 entity' : `${total} entities`}, described in{' '}
        <a href="https://linked.art/" rel="external noopener">
          Linked Art
        </a>
        . Every page here is also data: ask its address for JSON-LD.
      </p>
      <LandingForm
        action={`${root}search`}
        name="q"
        purpose="Search the collection by name"
        label="Find a name or an identifier"
        button="Search"
      />
      <LandingForm
        action={`${root}resolve`}
        name="identifier"
        purpose="Find a record by its accession number"
        label="Find by accession number"
        button="Go"
      />
      <section aria-labelledby="holds">
        <h2 id="holds">What the collection holds</h2>
        {counts.length === 0 ? (
          <p>Nothing yet.</p>
        ) : (
          <ul class="kinds">
            {counts.map((c) => (
              <li key={c.className}>
                <a href={c.href}>{kindOf({ type: c.className })}</a> <span class="count">({c.count})</span>
              </li>
            ))}
          </ul>
        )}
        {violated > 0 ? (
          <p class="banner violations" role="note">
            <span class="violated">{violated === 1 ? '1 record is' : `${violated} records are`}</span> published as
            written while they are fixed: they break rules of the Linked Art shapes, and each one's page links to its
            validation report.
          </p>
        ) : null}
      </section>
      <section aria-labelledby="changes">
        <h2 id="changes">Latest changes</h2>
        {changes.length === 0 ? <p>No changes recorded yet.</p> : <ChangesTable changes={changes} />}
        <p>
          <a href={feedHref}>Every change, page by page</a> (the IIIF Change Discovery feed: its address gives machines
          JSON).
        </p>
      </section>
      <section aria-labelledby="machines">
        <h2 id="machines">For machines and curators</h2>
        <ul>
          {frame.sparql ? (
            <li>
              <a href={`${root}sparql`}>SPARQL</a>: query the whole collection, with example queries.
            </li>
          ) : null}
          <li>
            <a href={exportHref}>Export</a>: every document as one dump.
          </li>
        </ul>
      </section>
    </Page>
  );
}

interface LandingFormProps {
  readonly action: string;
  /** The query parameter the box fills (and, after `landing-`, the input's id). */
  readonly name: string;
  /** What the form is for (its `aria-label`). */
  readonly purpose: string;
  readonly label: string;
  readonly button: string;
}

/** One of the landing page's one-box forms: name search, the lookup by accession number. */
function LandingForm({ action, name, purpose, label, button }: LandingFormProps) {
  const id = `landing-${name}`;
  return (
    <form class="search landing" role="search" aria-label={purpose} method="get" action={action}>
      <label for={id}>{label}</label>
      <input id={id} name={name} type="search" autocomplete="off" />
      <button type="submit">{button}</button>
    </form>
  );
}
