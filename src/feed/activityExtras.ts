/**
 * What an activity may carry beyond kind, object, class and time: who made the change (its
 * Activity Streams `actor`) and, for a Move, where the document went (`target`). Stored as a
 * fifth part of the activity's literal (and a sixth of a sealed page's row), only when there is
 * something to say: an activity without them is stored, and served, as before.
 */
import type { Actor } from '../linkedart/Actor.js';

/** The optional parts, as stored: `{"target": "https://…", "actor": ["Person", "alice"]}`. */
export interface ActivityExtras {
  readonly target?: string;
  readonly actor?: Actor;
}

export type StoredExtras = { target?: string; actor?: [Actor['type'], string] };

/** The stored form of an activity's extras; undefined when it has none. */
export function storedExtras({ target, actor }: ActivityExtras): StoredExtras | undefined {
  if (target === undefined && actor === undefined) return undefined;
  return {
    ...(target !== undefined ? { target } : {}),
    ...(actor !== undefined ? { actor: [actor.type, actor.name] } : {}),
  };
}

/** The extras read back from their stored form; undefined when it is not one (the activity is then incomplete, and said so). */
export function readExtras(value: unknown): ActivityExtras | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { target, actor } = value as { target?: unknown; actor?: unknown };
  if (target !== undefined && typeof target !== 'string') return undefined;
  let stated: Actor | undefined;
  if (actor !== undefined) {
    if (!Array.isArray(actor) || actor.length !== 2) return undefined;
    const [type, name] = actor as unknown[];
    if ((type !== 'Person' && type !== 'Application') || typeof name !== 'string') return undefined;
    stated = { type, name };
  }
  return { ...(target !== undefined ? { target } : {}), ...(stated ? { actor: stated } : {}) };
}
