/**
 * Names and identifiers (`identified_by`): each with what kind it is (Name, Identifier), its
 * classifications and languages, and anything else it carries (who assigned it, when).
 */
import { KeyValues } from './Generic.js';
import { Refs } from './links.js';
import { nodesOf, type LaNode } from './linkedArt.js';
import { kindOf, rawKindOf } from './terms.js';

const SHOWN = new Set(['type', 'content', 'classified_as', 'language', '_label']);

export function Names({ entity }: { entity: LaNode }) {
  const names = nodesOf(entity, 'identified_by');
  if (names.length === 0) return null;
  return (
    <section aria-labelledby="names">
      <h2 id="names">Names and identifiers</h2>
      <ul class="names">
        {names.map((n) => {
          const rest = Object.keys(n).filter((k) => !SHOWN.has(k));
          const kinds = nodesOf(n, 'classified_as');
          const languages = nodesOf(n, 'language');
          return (
            <li>
              <span class="content">{typeof n.content === 'string' ? n.content : ''}</span>{' '}
              <span class="type" title={rawKindOf(n)}>
                {kindOf(n)}
              </span>
              {kinds.length > 0 ? (
                <>
                  {' '}
                  · <Refs nodes={kinds} />
                </>
              ) : null}
              {languages.length > 0 ? (
                <>
                  {' '}
                  · <Refs nodes={languages} />
                </>
              ) : null}
              {typeof n._label === 'string' && n._label !== n.content ? <div class="note">{n._label}</div> : null}
              {rest.length > 0 ? <KeyValues node={n} keys={rest} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
