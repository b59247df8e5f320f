/**
 * The header every page for people shares: the collection's name (home), the name search box
 * and, where the service answers SPARQL, the query page. One component, so the SPARQL query page
 * (built apart from the other pages: http/queryPage.ts) carries the same header as the rest.
 */

export interface SiteHeaderProps {
  /** The collection's name (`--title`). */
  readonly siteTitle: string;
  /** Where the home link, the search form and the SPARQL link point (absolute paths, or relative ones). */
  readonly homeHref: string;
  readonly searchHref: string;
  /** The query page's link; absent where the service does not answer SPARQL. */
  readonly sparqlHref?: string;
  /** The search box's current text. */
  readonly query?: string;
  /** Which of the header's links is the page itself (`aria-current`). */
  readonly current?: 'sparql';
}

export function SiteHeader({ siteTitle, homeHref, searchHref, sparqlHref, query, current }: SiteHeaderProps) {
  return (
    <header class="site">
      <a class="home" href={homeHref}>
        {siteTitle}
      </a>
      <form class="search" role="search" method="get" action={searchHref}>
        <label for="q">Search names</label>
        <input id="q" name="q" type="search" value={query ?? ''} autocomplete="off" />
        <button type="submit">Search</button>
      </form>
      {sparqlHref === undefined ? null : (
        <a class="sparql" href={sparqlHref} aria-current={current === 'sparql' ? 'page' : undefined}>
          SPARQL
        </a>
      )}
    </header>
  );
}
