/**
 * "Referenced by": for each Linked Art API relation with hits for this entity (the reverse
 * links), what it finds in words, how many, and a link to the full list; then the first few of each by name, each
 * entity once with every relation that found it.
 */
import { relationNamed } from '../../discovery/relations/index.js';
import type { Hit } from '../../discovery/ReverseLinks.js';
import { useContext } from 'preact/hooks';
import { BaseUrl, IdLink } from './links.js';
import { kindOf, rawKindOf } from './terms.js';

/** One relation's hits for the entity: the count and the first few. */
export interface ReferencedByRelation {
  readonly relation: string;
  readonly total: number;
  readonly first: ReadonlyArray<Hit & { readonly name?: string | undefined }>;
  /** The first page of its search results. */
  readonly href: string;
}

/**
 * A relation in words, about the entity whose page it is on: "Return the works that are about or have a subject of
 * the object." → "Works that are about or have a subject of this object" (`thisKind`: the entity's kind in words).
 */
export function relationWords(name: string, thisKind = ''): string {
  const description = relationNamed(name)?.description;
  if (!description) return name;
  let words = description.replace(/^Return (the )?/, '').replace(/\.$/, '');
  if (thisKind !== '') words = words.replace(/\bthe [a-z ,]+$/, `this ${thisKind.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One entity among the first hits, once, with every relation it was found by. */
interface HitEntry {
  readonly hit: ReferencedByRelation['first'][number];
  readonly relations: string[];
}

export function ReferencedBy({
  relations,
  thisKind,
}: {
  relations: readonly ReferencedByRelation[];
  thisKind: string;
}) {
  const base = useContext(BaseUrl);
  if (relations.length === 0) return null;
  const entries = new Map<string, HitEntry>();
  for (const r of relations)
    for (const hit of r.first) {
      const entry = entries.get(hit.id) ?? { hit, relations: [] };
      entry.relations.push(relationWords(r.relation, thisKind));
      entries.set(hit.id, entry);
    }
  return (
    <section aria-labelledby="referenced-by">
      <h2 id="referenced-by">Referenced by</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">How many</th>
          </tr>
        </thead>
        <tbody>
          {relations.map((r) => (
            <tr>
              <th scope="row">
                <IdLink id={r.href}>{relationWords(r.relation, thisKind)}</IdLink>
              </th>
              <td>{r.total > r.first.length ? <IdLink id={r.href}>all {r.total}</IdLink> : r.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Among them</h3>
      <ul class="hits">
        {[...entries.values()].map(({ hit, relations: found }) => (
          <li key={hit.id}>
            <IdLink id={hit.id}>{hit.name ?? shortId(base, hit.id)}</IdLink>{' '}
            <span class="type" title={rawKindOf({ type: hit.type })}>
              ({kindOf({ type: hit.type })})
            </span>
            : {found.join('; ')}
          </li>
        ))}
      </ul>
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
