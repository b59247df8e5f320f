/**
 * `scheme-colon`: an `id`, or an IRI given as the value of a key the context maps to references,
 * written `http//…` or `https//…` takes the colon its scheme is followed by (RFC 3986 §3):
 * `http//vocab.getty.edu/aat/300404126` → `http://vocab.getty.edu/aat/300404126` (three
 * museums' records write their AAT ids so). Without the colon the string is a relative
 * reference whose first segment is `http`: refused without a base, and with one it would name a
 * path under that base (`https://museum.example/http//vocab.getty.edu/…`), which no writer
 * means. So it runs before `relative-id`, and a loader reading ids before the gate does the same.
 *
 * Only the exact lower-case prefixes: anything else (`HTTP//`, `http:/`) is not guessed at.
 * A string under a key that takes text (a Name's `content`) is text, and stays.
 */
import { linkedArtContextDocument } from '../../context/linkedArtContext.js';
import { join, KeyScan, typesOf, withValue } from './Repair.js';
import type { Json, JsonObject, Note, NodeVisit, Repair } from './Repair.js';

/** The IRI with its scheme's colon; undefined unless it starts exactly `http//` or `https//`. */
export function withSchemeColon(value: string): string | undefined {
  if (value.startsWith('http//')) return `http:${value.slice(4)}`;
  if (value.startsWith('https//')) return `https:${value.slice(5)}`;
  return undefined;
}

/** Whether the value is a string written `http//…` or `https//…`. */
export function missesColon(v: Json | undefined): v is string {
  return typeof v === 'string' && v.charCodeAt(0) === 104 /* h */ && withSchemeColon(v) !== undefined;
}

/** Every key the v1 context maps to references (`@type: @id` or `@vocab`), at any depth. */
function referenceKeys(context: unknown, into: Set<string>): Set<string> {
  if (context === null || typeof context !== 'object') return into;
  for (const [key, def] of Object.entries(context as Record<string, unknown>)) {
    if (def === null || typeof def !== 'object') continue;
    const { '@type': type, '@context': scoped } = def as Record<string, unknown>;
    if (type === '@id' || type === '@vocab') into.add(key);
    referenceKeys(scoped, into);
  }
  return into;
}

const REFERENCE_KEYS = referenceKeys(linkedArtContextDocument()['@context'], new Set());

function colonAdded(v: Json, where: string, note: Note): Json {
  if (!missesColon(v)) return v;
  const iri = withSchemeColon(v)!;
  note(where, `"${v}" → "${iri}"`);
  return iri;
}

export const schemeColon: Repair = {
  name: 'scheme-colon',
  cites:
    'RFC 3986 §3 and RFC 3987 §2.2 (an absolute IRI is a scheme, ":", then the rest: "http//…" is a relative reference, not the http IRI it was meant to be)',
  summary:
    'an id or IRI value written http//… or https//… (the colon after the scheme missing) → http://… or https://…',
  keys: ['id', '@id', ...REFERENCE_KEYS],
  // It changes nothing unless a value misses the colon (missesColon, as the key scan reads it).
  needs: KeyScan.schemeWithoutColon,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    let out: JsonObject | undefined;
    for (const key of ['id', '@id']) {
      const id = node[key];
      if (!missesColon(id)) continue;
      const fixed = withSchemeColon(id)!;
      note(join(at.path, key), `"${id}" → "${fixed}"`);
      out = withValue(out ?? node, key, fixed);
    }
    let ctx: NodeVisit['ctx'] | undefined;
    for (const key in node) {
      const value = node[key];
      const strings = Array.isArray(value) ? value.some(missesColon) : missesColon(value);
      if (!strings || key === 'id' || key === '@id') continue;
      // Only where the key takes references: text that looks like a URL stays text.
      ctx ??= at.ctx.withTypes(typesOf(node));
      const coerce = ctx.terms.get(key)?.coerce;
      if (coerce !== '@id' && coerce !== '@vocab') continue;
      const path = join(at.path, key);
      out = withValue(
        out ?? node,
        key,
        Array.isArray(value)
          ? value.map((v, i) => colonAdded(v, `${path}[${i}]`, note))
          : colonAdded(value, path, note),
      );
    }
    return out;
  },
};
