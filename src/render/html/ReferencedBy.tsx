/**
 * "Referenced by": for each Linked Art API relation with hits for this entity (the reverse
 * links), what it finds in words, how many, the first few by name, and a link to the full search page.
 */
import { relationNamed } from '../../discovery/relations/index.js';
import type { Hit } from '../../discovery/ReverseLinks.js';
import { useContext } from 'preact/hooks';
import { BaseUrl, IdLink } from './links.js';
import { kindOf } from './linkedArt.js';

/** One relation's hits for the entity: the count and the first few. */
export interface ReferencedByRelation {
  readonly relation: string;
  readonly total: number;
  readonly first: ReadonlyArray<Hit & { readonly name?: string | undefined }>;
  /** The first page of its search results. */
  readonly href: string;
}

/** "Return the objects that are part of the object." → "Objects that are part of the object". */
export function relationWords(name: string): string {
  const description = relationNamed(name)?.description;
  if (!description) return name;
  const words = description.replace(/^Return (the )?/, '').replace(/\.$/, '');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function ReferencedBy({ relations }: { relations: readonly ReferencedByRelation[] }) {
  const base = useContext(BaseUrl);
  if (relations.length === 0) return null;
  return (
    <section aria-labelledby="referenced-by">
      <h2 id="referenced-by">Referenced by</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">How many</th>
            <th scope="col">The first</th>
          </tr>
        </thead>
        <tbody>
          {relations.map((r) => (
            <tr>
              <th scope="row">
                <IdLink id={r.href}>{relationWords(r.relation)}</IdLink>
              </th>
              <td>{r.total}</td>
              <td>
                {r.first.map((hit, i) => (
                  <>
                    {i > 0 ? ', ' : ''}
                    <IdLink id={hit.id}>{hit.name ?? shortId(base, hit.id)}</IdLink>{' '}
                    <span class="type">({kindOf({ type: hit.type })})</span>
                  </>
                ))}
                {r.total > r.first.length ? (
                  <>
                    , … <IdLink id={r.href}>all {r.total}</IdLink>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A hit without a name (none in the name index) as a person can read its id: after the base URL. */
function shortId(base: string, id: string): string {
  const rest = base !== '' && id.startsWith(base) ? id.slice(base.length) : id;
  try {
    return decodeURIComponent(rest) || id;
  } catch {
    return rest || id;
  }
}
