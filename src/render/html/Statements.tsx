/**
 * Statements about the entity (`referred_to_by`): each text under its type (Description,
 * Material Statement, …), in its language; a statement that is a reference to a text
 * elsewhere is a link to it.
 */
import { KeyValues } from './Generic.js';
import { IdLink, Ref, Refs } from './links.js';
import { idOf, labelOf, nodesOf, type LaNode } from './linkedArt.js';

const SHOWN = new Set(['type', 'content', 'classified_as', 'language', '_label', 'id']);

export function Statements({ entity }: { entity: LaNode }) {
  const statements = nodesOf(entity, 'referred_to_by');
  if (statements.length === 0) return null;
  return (
    <section aria-labelledby="statements">
      <h2 id="statements">Statements</h2>
      {statements.map((s) => {
        const types = nodesOf(s, 'classified_as');
        const rest = Object.keys(s).filter((k) => !SHOWN.has(k));
        const languages = nodesOf(s, 'language');
        return (
          <div class="statement">
            <h3>{types.length > 0 ? types.map(labelOf).join(', ') : 'Statement'}</h3>
            {typeof s.content === 'string' ? (
              <p lang={languageTag(languages)}>{s.content}</p>
            ) : idOf(s) ? (
              <p>
                <Ref node={s} />
              </p>
            ) : null}
            {typeof s.content === 'string' && idOf(s) ? (
              <p class="note">
                Also at <IdLink id={idOf(s)!} />
              </p>
            ) : null}
            {typeof s._label === 'string' && s._label !== s.content && typeof s.content === 'string' ? (
              <p class="note">{s._label}</p>
            ) : null}
            {languages.length > 0 ? (
              <p class="note">
                Language: <Refs nodes={languages} />
              </p>
            ) : null}
            {rest.length > 0 ? <KeyValues node={s} keys={rest} /> : null}
          </div>
        );
      })}
    </section>
  );
}

/** The BCP 47 tag of a statement's language when the data names a well-known one (English: en…), for screen readers. */
const LANGUAGE_TAGS: Readonly<Record<string, string>> = {
  'http://vocab.getty.edu/aat/300388277': 'en',
  'http://vocab.getty.edu/aat/300388306': 'fr',
  'http://vocab.getty.edu/aat/300388344': 'de',
  'http://vocab.getty.edu/aat/300388256': 'nl',
  'http://vocab.getty.edu/aat/300389311': 'es',
  'http://vocab.getty.edu/aat/300388474': 'it',
};

function languageTag(languages: readonly LaNode[]): string | undefined {
  if (languages.length !== 1) return undefined;
  return LANGUAGE_TAGS[idOf(languages[0]) ?? ''];
}
