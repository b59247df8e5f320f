/**
 * The headers of every page for people. The page loads nothing from another origin and runs
 * no script (its only `<script>` is the JSON-LD data block, which is not run); images may come
 * from the IIIF services and access points the data names, wherever they are. Forms submit
 * here only; no other site may frame the page.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' https: http: data:",
  "script-src 'none'",
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
