/**
 * The facets beside search results: how many hits are of each kind, classification and century,
 * each a link that narrows the search to it; what the search is narrowed to already is said, with
 * a link that widens it again.
 */
import { kindOf } from '../render/html/terms.js';
import type { SearchFacets, SearchNarrowing } from '../search/searchFacets.js';

export interface FacetsProps {
  readonly facets: SearchFacets;
  readonly narrowing: SearchNarrowing;
  /** The (path-relative) URL of this search narrowed otherwise. */
  readonly narrowedHref: (narrowing: SearchNarrowing) => string;
}

/** A range of years in words: "1800–1899", "from 1800", "until 1899". */
export function yearsText(from: number | undefined, to: number | undefined): string {
  if (from !== undefined && to !== undefined) return `${from}–${to}`;
  return from !== undefined ? `from ${from}` : `until ${to}`;
}

export function Facets({ facets, narrowing, narrowedHref }: FacetsProps) {
  const { kind, classification, from, to } = narrowing;
  const without = (key: keyof SearchNarrowing) => {
    const rest: Record<string, unknown> = { ...narrowing };
    delete rest[key];
    if (key === 'from') delete rest.to;
    return narrowedHref(rest);
  };
  return (
    <aside class="facets" aria-labelledby="narrow">
      <h2 id="narrow">Narrow the search</h2>
      {kind !== undefined || classification !== undefined || from !== undefined || to !== undefined ? (
        <ul class="narrowed">
          {kind !== undefined ? <Narrowed text={`Kind: ${kindOf({ type: kind })}`} href={without('kind')} /> : null}
          {classification !== undefined ? (
            <Narrowed text={`Classification: ${classification}`} href={without('classification')} />
          ) : null}
          {from !== undefined || to !== undefined ? (
            <Narrowed text={`Date: ${yearsText(from, to)}`} href={without('from')} />
          ) : null}
        </ul>
      ) : null}
      <Facet
        heading="Kind"
        values={facets.kind.map((f) => ({ ...f, text: kindOf({ type: f.value }) }))}
        href={(v) => narrowedHref({ ...narrowing, kind: v })}
      />
      <Facet
        heading="Classification"
        values={facets.classification.map((f) => ({ ...f, text: f.value }))}
        href={(v) => narrowedHref({ ...narrowing, classification: v })}
      />
      <Facet
        heading="Date"
        values={facets.date.map((f) => ({ value: String(f.from), text: yearsText(f.from, f.to), count: f.count }))}
        href={(v) => narrowedHref({ ...narrowing, from: Number(v), to: Number(v) + 99 })}
      />
    </aside>
  );
}

function Narrowed({ text, href }: { text: string; href: string }) {
  return (
    <li>
      {text} <a href={href}>(remove)</a>
    </li>
  );
}

interface FacetValue {
  readonly value: string;
  readonly text: string;
  readonly count: number;
}

function Facet({
  heading,
  values,
  href,
}: {
  heading: string;
  values: readonly FacetValue[];
  href: (value: string) => string;
}) {
  if (values.length === 0) return null;
  return (
    <section class="facet">
      <h3>{heading}</h3>
      <ul>
        {values.map((v) => (
          <li key={v.value}>
            <a href={href(v.value)}>{v.text}</a> <span class="count">{v.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
