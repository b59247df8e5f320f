/**
 * The name search page: the query kept in the search box (the frame's), the number of hits,
 * each hit's thumbnail (when it has a picture) and name linked to its page with its kind, classification, date and the identifier
 * that matched, the facets that narrow the search (SearchFacets.tsx), and links to the other
 * pages of hits. Without a query, or with one that cannot be searched, it says what
 * to type instead.
 */
import type { NameHit } from '../search/NameIndex.js';
import { kindOf } from '../render/html/terms.js';
import { hrefOf } from '../render/html/links.js';
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';
import { Paging } from './Paging.js';
import type { SearchFacets, SearchNarrowing } from '../search/searchFacets.js';
import { Facets } from './SearchFacets.js';
import { Thumbnail } from './Thumbnail.js';

export interface SearchResultsView {
  readonly total: number;
  readonly hits: readonly NameHit[];
  readonly page: number;
  readonly last: number;
  readonly startIndex: number;
  /** The (path-relative) URL of page n of these results. */
  readonly pageHref: (n: number) => string;
  readonly facets: SearchFacets;
  readonly narrowing: SearchNarrowing;
  /** The (path-relative) URL of the first page of this search narrowed otherwise. */
  readonly narrowedHref: (narrowing: SearchNarrowing) => string;
  /** A hit's thumbnail, when it has a picture. */
  readonly thumbnailOf?: (id: string) => string | undefined;
}

export interface SearchPageProps {
  readonly frame: PageFrame;
  readonly query: string;
  readonly results?: SearchResultsView;
  /** Why the query was not searched (empty, too long), in words. */
  readonly problem?: string;
}

export function searchPageHtml(props: SearchPageProps): string {
  return htmlDocument(<SearchPage {...props} />);
}

function SearchPage({ frame, query, results, problem }: SearchPageProps) {
  const title = results ? `Search: ${query}` : 'Search names';
  return (
    <Page
      frame={frame}
      title={title}
      description={
        results
          ? `Names matching “${query}” in ${frame.siteTitle}: ${results.total === 1 ? '1 match' : `${results.total} matches`}.`
          : `Search ${frame.siteTitle} by name or identifier: people, places, objects' titles, accession numbers.`
      }
      query={query}
    >
      <h1>{results ? <>Names matching “{query}”</> : 'Search names'}</h1>
      {problem !== undefined ? (
        <p class="problem" role="alert">
          {problem}
        </p>
      ) : null}
      {results ? (
        <Results frame={frame} results={results} query={query} />
      ) : (
        <p>
          Type a name, part of a name or an identifier in the search box: a person, a place, an object's title or its
          accession number. Words may come in any order; the last may be unfinished; accents and capitals do not matter.
        </p>
      )}
    </Page>
  );
}

function Results({ frame, results, query }: { frame: PageFrame; results: SearchResultsView; query: string }) {
  if (results.total === 0) {
    return (
      <>
        <p class="no-results">No names match “{query}”. Try fewer words, or the start of a word.</p>
        {Object.keys(results.narrowing).length > 0 ? (
          <Facets facets={results.facets} narrowing={results.narrowing} narrowedHref={results.narrowedHref} />
        ) : null}
      </>
    );
  }
  return (
    <div class="results">
      <div class="hit-list">
        <p class="count">{results.total === 1 ? '1 match' : `${results.total} matches`}</p>
        <ol class="hits" start={results.startIndex + 1}>
          {results.hits.map((hit) => {
            const thumbnail = results.thumbnailOf?.(hit.id);
            return (
              <li key={hit.id} class={thumbnail !== undefined ? 'pictured' : undefined}>
                <Thumbnail url={thumbnail} />
                <a href={hrefOf(frame.baseUrl, hit.id)?.href ?? hit.id}>{hit.name}</a>
                {hit.type ? <span class="kind"> · {kindOf({ type: hit.type })}</span> : null}
                {hit.classification ? <span class="classification"> · {hit.classification.join(', ')}</span> : null}
                {hit.year !== undefined ? <span class="date"> · {hit.year}</span> : null}
                {hit.identifier !== undefined ? <span class="identifier"> · identifier {hit.identifier}</span> : null}
              </li>
            );
          })}
        </ol>
        <Paging page={results.page} last={results.last} hrefOf={results.pageHref} />
      </div>
      <Facets facets={results.facets} narrowing={results.narrowing} narrowedHref={results.narrowedHref} />
    </div>
  );
}
