/**
 * The one stylesheet of the pages for people, served by the service itself (the pages load
 * nothing from another origin). Readable on a phone (one column, fluid), printable (no header,
 * links spelled out), contrast at least 4.5:1 (WCAG AA) for text and links.
 */
export const STYLESHEET_PATH = '/_assets/style.css';

/**
 * The frame every page shares (colours, type, links, the site's header: SiteHeader.tsx), apart so
 * that the SPARQL query page, which has its own stylesheet for its editor, can load it too.
 */
export const SITE_FRAME_STYLESHEET = `
:root { --text: #1b1b1b; --muted: #4a4a4a; --link: #0b4f8a; --rule: #d0d0d0; --band: #f3f3f1; }
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; line-height: 1.5; color: var(--text); background: #fff; }
body { margin: 0; }
a { color: var(--link); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #e0a100; outline-offset: 2px; }
header.site { display: flex; flex-wrap: wrap; gap: .75rem 1.5rem; align-items: center; padding: .75rem 1rem; background: var(--band); border-bottom: 1px solid var(--rule); }
header.site .home { font-weight: 700; text-decoration: none; color: var(--text); }
header.site form.search { display: flex; gap: .5rem; align-items: center; flex: 1 1 16rem; }
header.site form.search input { flex: 1; min-width: 0; padding: .35rem .5rem; font: inherit; border: 1px solid #767676; border-radius: 4px; }
header.site form.search button { padding: .35rem .75rem; font: inherit; border: 1px solid #767676; border-radius: 4px; background: #fff; color: var(--text); }
/* Small screens: nothing wider than the screen; the header's search button stays in view */
header.site form.search { min-width: 0; }
header.site form.search label { white-space: nowrap; }
@media (max-width: 30rem) { header.site form.search { flex-basis: 100%; } header.site form.search label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); } }
`;

export const STYLESHEET = `${SITE_FRAME_STYLESHEET}
/* A long word or URL (a statement's own id, "Also at https://…") breaks rather than widening the page on a phone */
main { max-width: 60rem; margin: 0 auto; padding: 1rem; overflow-wrap: break-word; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: .5rem 0; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 .5rem; border-bottom: 1px solid var(--rule); }
.kind { color: var(--muted); text-transform: none; margin: 0 0 1rem; }
dl { display: grid; grid-template-columns: minmax(8rem, 14rem) 1fr; gap: .25rem 1rem; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
ul, ol { padding-left: 1.25rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .25rem .5rem; border-bottom: 1px solid var(--rule); overflow-wrap: anywhere; }
table.export th { overflow-wrap: normal; white-space: nowrap; }
img { max-width: 100%; height: auto; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* Entity pages */
.id { color: var(--muted); font-size: .9rem; overflow-wrap: anywhere; }
/* A record published with violations (--conformance report), and its validation report */
.banner.violations { padding: .5rem .75rem; border: 1px solid #b35900; border-left-width: 4px; background: #fff4e5; color: var(--text); }
.conforms { padding: .5rem .75rem; border-left: 4px solid #2e7d32; }
.type, .note, .count { color: var(--muted); font-size: .9rem; }
.when { font-variant-numeric: oldstyle-nums; }
dd dl, td dl, li dl { grid-template-columns: minmax(6rem, 10rem) 1fr; padding-left: .75rem; border-left: 2px solid var(--rule); margin: .25rem 0; }
.node-head { display: block; }
ul.names, ul.refs, ul.formats { list-style: none; padding: 0; }
ul.names > li { padding: .35rem 0; border-bottom: 1px solid var(--rule); }
ul.names .content { font-weight: 600; }
ul.formats li { display: inline-block; margin-right: 1rem; }
.statement h3, .event h3, .event h4, .event h5 { font-size: 1rem; margin: 1rem 0 .25rem; }
.statement p { margin: .25rem 0; }
ol.parts { padding-left: 1.5rem; }
/* Pictures in a strip of a fixed height (scrolling sideways when they are many): the page below does not move as they load (a picture's size is unknown until then) */
figure.images { margin: 0 0 1rem; display: flex; align-items: flex-start; gap: .5rem; height: min(400px, 70vh, 75vw); overflow-x: auto; }
figure.images img { flex: none; max-height: 100%; max-width: 100%; width: auto; height: auto; background: var(--band); }
figure.images .deep-zoom { flex: none; height: 100%; aspect-ratio: 4 / 3; max-width: 100%; background: var(--band); }
ul.iiif-manifests { list-style: none; padding: 0; margin: 0 0 1rem; }
.iiif-logo { font-weight: 800; letter-spacing: .02em; text-decoration: none; color: #2873ab; }
@media (max-width: 40rem) { dl, dd dl, td dl, li dl { grid-template-columns: 1fr; } dt { margin-top: .5rem; } }
@media print { header.site { display: none; } a[href^="http"]::after { content: " <" attr(href) ">"; font-size: .8em; color: var(--muted); } main { max-width: none; } }
nav.paging { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin: 1rem 0; }
form.search.landing { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 1rem 0; }
form.search.landing input { flex: 1 1 14rem; padding: .4rem .5rem; font: inherit; border: 1px solid #767676; border-radius: 4px; }
form.search.landing button { padding: .4rem .75rem; font: inherit; border: 1px solid #767676; border-radius: 4px; background: #fff; color: var(--text); }
.hits .kind, .hits .identifier, .kinds .count { color: var(--muted); }
.problem { border-left: 4px solid #a4262c; padding: .25rem .75rem; }
/* Search: the hits, and the facets beside them (below them on a phone) */
.results { display: grid; grid-template-columns: minmax(0, 1fr) 14rem; gap: 0 2rem; align-items: start; }
.hits .classification, .hits .date, .facets .count { color: var(--muted); }
.hits li { margin: .35rem 0; overflow-wrap: anywhere; }
/* A list row's thumbnail (search, "Referenced by" and entity lists): a fixed box at the row's start */
img.thumb { float: left; width: 3rem; height: 3rem; object-fit: cover; margin: 0 .75rem .25rem 0; background: var(--band); }
li.pictured::after { content: ""; display: block; clear: both; }
.facets h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
.facets ul { list-style: none; padding: 0; margin: 0; }
.facets li { margin: .15rem 0; overflow-wrap: anywhere; }
@media (max-width: 40rem) { .results { grid-template-columns: minmax(0, 1fr); } }
pre, code { overflow-wrap: anywhere; white-space: pre-wrap; }
`;
