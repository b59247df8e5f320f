/**
 * The headers of every page for people. Scripts come from this origin only (the deep-zoom viewer
 * and our script that starts it; never inline: the JSON-LD data block is not run); images may
 * come from the IIIF services and access points the data names, wherever they are, and the
 * viewer may read those services' info.json. Forms submit here only; no other site may frame the page.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' https: http: data:",
  "connect-src 'self' https: http:",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Name/value pairs, as `res.writeHead` takes them. */
export const PAGE_HEADERS: readonly string[] = [
  'Content-Security-Policy',
  PAGE_CSP,
  'X-Content-Type-Options',
  'nosniff',
  'Referrer-Policy',
  'strict-origin-when-cross-origin',
];
