/**
 * The frame of every page for people: the document's language, a title, a viewport for phones,
 * what a search engine shows of it (`<meta name="description">`: every page has one), an icon
 * (none: `data:,` keeps a browser from asking for /favicon.ico, a 404 that it logs as an error),
 * the one stylesheet (served by this service: CSP `default-src 'self'`), a header to find one's
 * way (the collection's name, name search, SPARQL), and the content. Rendered on the server with
 * Preact (preact-render-to-string): components are type-checked TSX, and every text and attribute
 * value is escaped by the renderer, never by hand.
 */
import type { ComponentChildren } from 'preact';
import { render } from 'preact-render-to-string';
import { SiteHeader } from './SiteHeader.js';
import { STYLESHEET_PATH } from './stylesheet.js';

export interface PageFrame {
  /** The collection's name (`--title`), shown in the header and after each page's title. */
  readonly siteTitle: string;
  /** The service's base URL: links to the landing page, search and SPARQL start there. */
  readonly baseUrl: string;
  /** Whether `/sparql` answers here (link it only then). */
  readonly sparql: boolean;
}

export interface PageProps {
  readonly frame: PageFrame;
  /** The page's own title (an entity's name; "Search"; …). */
  readonly title: string;
  /** What the page is, in a sentence or two: its `<meta name="description">` (else its title and the site's). */
  readonly description?: string;
  /** `<head>` extras: the describedby link, the embedded JSON-LD. */
  readonly head?: ComponentChildren;
  readonly children: ComponentChildren;
  /** The search box's current text. */
  readonly query?: string;
}

export function Page({ frame, title, description, head, children, query }: PageProps) {
  const home = new URL(frame.baseUrl).pathname;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · ${frame.siteTitle}`}</title>
        <meta name="description" content={description ?? `${title} · ${frame.siteTitle}`} />
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href={new URL(STYLESHEET_PATH.slice(1), frame.baseUrl).pathname} />
        {head}
      </head>
      <body>
        <SiteHeader
          siteTitle={frame.siteTitle}
          homeHref={home}
          searchHref={`${home}search`}
          sparqlHref={frame.sparql ? `${home}sparql` : undefined}
          query={query}
        />
        <main>{children}</main>
      </body>
    </html>
  );
}

/** A whole HTML document as text. */
export function htmlDocument(page: preact.VNode): string {
  return '<!doctype html>' + render(page);
}
