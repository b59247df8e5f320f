/**
 * Changes from the change feed as a table, newest first: when, what kind of change, the entity's kind in words, and
 * the entity by its name, linked while it exists (the landing page's latest changes, and the feed's pages).
 */
import { kindOf } from '../render/html/terms.js';

export interface RecentChange {
  readonly time: string;
  readonly kind: string;
  readonly className: string | undefined;
  readonly id: string;
  /** Its name while it exists; undefined once deleted. */
  readonly name: string | undefined;
  /** Its page while it exists. */
  readonly href: string | undefined;
}

/** The feed's activity types in words. */
const CHANGE_WORDS: Readonly<Record<string, string>> = {
  Create: 'Added',
  Update: 'Changed',
  Delete: 'Removed',
  Move: 'Merged',
};

export function ChangesTable({ changes }: { changes: readonly RecentChange[] }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">When (UTC)</th>
          <th scope="col">Change</th>
          <th scope="col">Kind</th>
          <th scope="col">Entity</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c, i) => (
          <tr key={i}>
            <td>
              <time datetime={c.time}>{c.time.replace('T', ' ').replace(/(\.\d+)?(Z|[+-]00:00)$/, '')}</time>
            </td>
            <td>{CHANGE_WORDS[c.kind] ?? c.kind}</td>
            <td title={c.className}>{c.className ? kindOf({ type: c.className }) : ''}</td>
            <td>{c.href ? <a href={c.href}>{c.name ?? c.id}</a> : <span class="gone">{c.id}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
