/**
 * The SPARQL query page: a browser asking `/sparql` for HTML gets a SPARQL editor (Yasgui),
 * served entirely from this origin (no CDN, nothing fetched elsewhere), pointed at the
 * endpoint beside it, with the Linked Art prefixes preset and example queries for this
 * data. The page names its assets by relative URLs, so it works under any path prefix.
 *
 * Assets: Yasgui's JS and CSS (from node_modules) and our page script and style (from
 * data/query-page/), read once on first use and kept in memory, gzipped once too. Only the
 * files listed in ASSETS are served: no path from a request ever reaches the file system.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { render } from 'preact-render-to-string';
import { linkedArtContextDocument } from '../context/linkedArtContext.js';
import { prefixesNamed } from '../rdf/syntax/prefixes.js';
import type { PageFrame } from '../render/html/Page.js';
import { SiteHeader } from '../render/html/SiteHeader.js';
import { SITE_FRAME_STYLESHEET } from '../render/html/stylesheet.js';
import { setCorsHeaders } from './cors.js';
import { EXAMPLE_QUERIES, type ExampleQuery } from './queryExamples.js';
import { MethodNotAllowed, NotFound } from './HttpError.js';

export const QUERY_PAGE_ASSETS_PATH = '/sparql-ui/';

/** The project root: this file is at dist/src/http/ once compiled, src/http/ in source. */
const PROJECT_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../' : '../../', import.meta.url),
);
const PAGE_DIR = `${PROJECT_ROOT}data/query-page/`;

/**
 * What the page may load: scripts and styles from this origin only, requests to this origin
 * only. Yasgui (CodeMirror, DataTables) writes `style` attributes in the markup it builds,
 * hence 'unsafe-inline' for styles (never for scripts).
 */
export const QUERY_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Prefixes Linked Art data uses that its context does not declare (the Getty vocabularies). */
const EXTRA_PREFIXES = prefixesNamed('aat', 'tgn', 'ulan');

/** The order the prefixes are shown in; the context's others follow. */
const PREFIX_ORDER = ['crm', 'la', 'aat', 'rdfs', 'rdf', 'skos', 'xsd', 'dc', 'dcterms', 'sci', 'dig', 'tgn', 'ulan'];

/** The preset prefixes: every prefix the Linked Art v1 context declares, with the Getty ones. */
export function queryPagePrefixes(): Record<string, string> {
  const context = linkedArtContextDocument()['@context'] as Record<string, unknown>;
  const found: Record<string, string> = { ...EXTRA_PREFIXES };
  for (const [name, value] of Object.entries(context)) {
    if (typeof value === 'string' && /^[A-Za-z][\w-]*$/.test(name) && /^https?:\/\/.*[/#]$/.test(value))
      found[name] = value;
  }
  const ordered: Record<string, string> = {};
  for (const name of PREFIX_ORDER) if (found[name]) ordered[name] = found[name];
  for (const name of Object.keys(found).sort()) ordered[name] ??= found[name];
  return ordered;
}

/** The PREFIX lines of the given prefixes. */
function prefixLines(prefixes: Readonly<Record<string, string>>, names: Iterable<string>): string {
  return [...names].map((name) => `PREFIX ${name}: <${prefixes[name]}>\n`).join('');
}

/** An example's full text: the PREFIX lines of the prefixes its body uses, then the body. */
export function exampleQueryText(
  example: ExampleQuery,
  prefixes: Readonly<Record<string, string>> = queryPagePrefixes(),
): string {
  const used = Object.keys(prefixes).filter((name) => new RegExp(`(^|[\\s/^(|{])${name}:`).test(example.body));
  return `${prefixLines(prefixes, used)}\n${example.body}\n`;
}

/** A new tab's query: every preset prefix, then a query that lists some triples. */
export function defaultQueryText(prefixes: Readonly<Record<string, string>> = queryPagePrefixes()): string {
  return `${prefixLines(prefixes, Object.keys(prefixes))}\nSELECT ?subject ?predicate ?object WHERE {\n  ?subject ?predicate ?object .\n}\nLIMIT 25\n`;
}

/**
 * The Linked Art vocabulary for completion in the editor (instead of Yasqe's default, which
 * asks the Linked Open Vocabularies service): the full IRIs of the classes and properties the
 * context names.
 */
function vocabulary(prefixes: Readonly<Record<string, string>>): { classes: string[]; properties: string[] } {
  const classes = new Set<string>();
  const properties = new Set<string>();
  const expand = (curie: string): string | undefined => {
    const colon = curie.indexOf(':');
    if (colon < 0 || curie.startsWith('@')) return undefined;
    const ns = prefixes[curie.slice(0, colon)];
    if (ns) return ns + curie.slice(colon + 1);
    return /^https?:\/\//.test(curie) ? curie : undefined;
  };
  const walk = (context: Record<string, unknown>, top: boolean): void => {
    for (const [term, value] of Object.entries(context)) {
      if (term.startsWith('@')) continue;
      const id =
        typeof value === 'string'
          ? value
          : value && typeof value === 'object'
            ? (value as Record<string, unknown>)['@id']
            : undefined;
      const iri = typeof id === 'string' ? expand(id) : undefined;
      if (iri && !Object.values(prefixes).includes(iri)) (top && /^[A-Z]/.test(term) ? classes : properties).add(iri);
      const scoped = value && typeof value === 'object' ? (value as Record<string, unknown>)['@context'] : undefined;
      if (scoped && typeof scoped === 'object' && !Array.isArray(scoped))
        walk(scoped as Record<string, unknown>, false);
    }
  };
  walk(linkedArtContextDocument()['@context'], true);
  properties.add(prefixes.rdf + 'type');
  return { classes: [...classes].sort(), properties: [...properties].sort() };
}

interface Asset {
  readonly type: string;
  readonly body: Buffer;
  readonly gzip: Buffer;
  /** A short hash of the content, to version the asset's URL in the page. */
  readonly version: string;
}

/** The only files served under QUERY_PAGE_ASSETS_PATH: name → its text (or where it is) and its media type. */
function assetSources(): ReadonlyMap<string, { path?: string; text?: string; type: string }> {
  const yasgui = `${dirname(createRequire(import.meta.url).resolve('@zazuko/yasgui/package.json'))}/build/`;
  return new Map([
    ['yasgui.min.js', { path: `${yasgui}yasgui.min.js`, type: 'text/javascript; charset=utf-8' }],
    ['yasgui.min.css', { path: `${yasgui}yasgui.min.css`, type: 'text/css; charset=utf-8' }],
    // The site's header and colours, as every other page has them (stylesheet.ts).
    ['site-frame.css', { text: SITE_FRAME_STYLESHEET, type: 'text/css; charset=utf-8' }],
    ['query-page.js', { path: `${PAGE_DIR}query-page.js`, type: 'text/javascript; charset=utf-8' }],
    ['query-page.css', { path: `${PAGE_DIR}query-page.css`, type: 'text/css; charset=utf-8' }],
  ]);
}

let assets: ReadonlyMap<string, Asset> | undefined;

function loadAssets(): ReadonlyMap<string, Asset> {
  assets ??= new Map(
    [...assetSources()].map(([name, { path, text: given, type }]) => {
      // Yasgui's bundle ends by naming its source map, which is not served: drop the comment.
      const text = (given ?? readFileSync(path!, 'utf8')).replace(/\n\/[/*]# sourceMappingURL=\S+(\s*\*\/)?\s*$/, '\n');
      const body = Buffer.from(text);
      return [
        name,
        {
          type,
          body,
          gzip: gzipSync(body, { level: 9 }),
          version: createHash('sha256').update(body).digest('hex').slice(0, 12),
        },
      ];
    }),
  );
  return assets;
}

const pages = new Map<string, Buffer>();

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page's HTML: built once for the site's title. Everything the script needs is in a JSON
 * data block (not run). Its header is the site's (SiteHeader), with relative links: the page is
 * at `{base}sparql`, so `./` is the collection and `search` the name search.
 */
function pageHtml(siteTitle: string): Buffer {
  const built = pages.get(siteTitle);
  if (built) return built;
  const files = loadAssets();
  const url = (name: string): string => `${QUERY_PAGE_ASSETS_PATH.slice(1)}${name}?v=${files.get(name)!.version}`;
  const prefixes = queryPagePrefixes();
  const config = {
    prefixes,
    defaultQuery: defaultQueryText(prefixes),
    examples: EXAMPLE_QUERIES.map((example) => ({
      name: example.name,
      description: example.description,
      query: exampleQueryText(example, prefixes),
    })),
    vocabulary: vocabulary(prefixes),
  };
  // In a <script> data block, only "</script" or "<!--" could end it early: no "<" at all.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const examples = config.examples
    .map(
      (example, i) =>
        `<li><button type="button" class="example" data-example="${i}" title="${escapeHtml(example.description)}">${escapeHtml(example.name)}</button></li>`,
    )
    .join('\n        ');
  const prefixRows = Object.entries(prefixes)
    .map(([name, ns]) => `<tr><th scope="row">${escapeHtml(name)}:</th><td><code>${escapeHtml(ns)}</code></td></tr>`)
    .join('\n          ');
  const header = render(
    SiteHeader({ siteTitle, homeHref: './', searchHref: 'search', sparqlHref: 'sparql', current: 'sparql' }),
  );
  const page = Buffer.from(`<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>SPARQL query · ${escapeHtml(siteTitle)}</title>
  <meta name="description" content="Query the collection's Linked Art descriptions with SPARQL 1.1: an editor with example queries and the Linked Art prefixes.">
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${url('yasgui.min.css')}">
  <link rel="stylesheet" href="${url('site-frame.css')}">
  <link rel="stylesheet" href="${url('query-page.css')}">
  <script type="application/json" id="query-page-config">${json}</script>
  <script src="${url('yasgui.min.js')}" defer></script>
  <script src="${url('query-page.js')}" defer></script>
</head>
<body>
  ${header}
  <main>
    <section class="intro">
      <h1>SPARQL query</h1>
      <p>Query the collection's Linked Art descriptions (CIDOC CRM) with SPARQL 1.1. The default graph is the union of
        all the documents. Endpoint: <code id="endpoint">sparql</code> — tools can query it directly
        (GET or POST, SPARQL 1.1 Protocol).</p>
    </section>
    <div class="workspace">
      <nav id="examples" aria-label="Example queries">
        <h2>Examples</h2>
        <ul>
          ${examples}
        </ul>
        <details id="prefixes">
          <summary>Preset prefixes</summary>
          <p>Typing a prefix below in a query adds its declaration.</p>
          <table>
            ${prefixRows}
          </table>
        </details>
      </nav>
      <div id="yasgui"><noscript>The query editor needs JavaScript; the endpoint itself does not: <code>GET sparql?query=…</code>.</noscript></div>
    </div>
  </main>
</body>
</html>
`);
  pages.set(siteTitle, page);
  return page;
}

/** The HTML page (GET /sparql asked for text/html), with the site's header. */
export function queryPage(frame: Pick<PageFrame, 'siteTitle'>): (req: Request, res: Response) => void {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new MethodNotAllowed(req.method, ['GET', 'HEAD', 'POST', 'OPTIONS']);
    const body = pageHtml(frame.siteTitle);
    res.statusCode = 200;
    setCorsHeaders(res);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.setHeader('Content-Security-Policy', QUERY_PAGE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    // The same URL answers results to other Accept headers.
    res.setHeader('Vary', 'Accept');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** Yasgui's JS/CSS and our page script and style, under QUERY_PAGE_ASSETS_PATH; 404 problem for anything else. */
export function queryPageAsset(): (req: Request, res: Response) => void {
  return (req, res) => {
    const url = req.originalUrl;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    // Under the server's root, or under the base URL's path (the page links its files relatively).
    const at = path.indexOf(QUERY_PAGE_ASSETS_PATH);
    const name = at >= 0 ? path.slice(at + QUERY_PAGE_ASSETS_PATH.length) : '';
    const asset = loadAssets().get(name);
    if (!asset) throw new NotFound(`There is no file ${JSON.stringify(path.slice(0, 200))} for the query page.`);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new MethodNotAllowed(req.method, ['GET', 'HEAD', 'OPTIONS']);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? asset.gzip : asset.body;
    res.statusCode = 200;
    setCorsHeaders(res);
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Content-Length', body.length);
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The page names each asset with its content's hash (?v=), so a cached copy is never stale.
    const versioned = q >= 0 && new URLSearchParams(url.slice(q + 1)).get('v') === asset.version;
    res.setHeader('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
