/**
 * One activity of a change feed (IIIF Change Discovery 1.0 over Activity Streams 2.0), as the
 * harvester reads it: what happened (`type`), to which document (`object.id`, with its Linked
 * Art class), when (`endTime`), and where it sits in the feed (its page and index there), which
 * is what the harvest state remembers to resume after it.
 */

/** What applying an activity does to the harvested copy. */
export type Effect = 'store' | 'remove';

export interface FeedActivity {
  /** The activity's `type` as given: Create, Update, Delete, ... */
  readonly type: string;
  /** The document the activity is about (`object.id`). */
  readonly object: string;
  /** Its Linked Art class (`object.type`), when given. */
  readonly objectType?: string;
  /** Where a Move put the document (`target.id`). */
  readonly target?: string;
  /** `endTime` as given (publishers spell it differently: `Z`, `+0000`, `+00:00`). */
  readonly endTime?: string;
  /** `endTime` in milliseconds since 1970; NaN when absent or unreadable. */
  readonly time: number;
  /** The activity's own `id`, when it has one. */
  readonly id?: string;
  /** The page the activity was read on, and its index in that page's `orderedItems`. */
  readonly page: string;
  readonly index: number;
}

/** One change to make to the harvested copy: a document to fetch and store, or to remove. */
export interface Change {
  readonly document: string;
  readonly effect: Effect;
  /** The activity that asks for it (the newest about this document). */
  readonly activity: FeedActivity;
}

/**
 * The changes an activity asks for, by its type:
 * - Create, Update: the document is fetched and stored;
 * - Add (the document joined the published set) and Refresh (the LOD Gateway's: the publisher
 *   refreshed its copy): fetched and stored as an Update; a document that did not change is left alone;
 * - Delete, Remove (left the published set): the document is removed;
 * - Move: removed at `object.id` and fetched at `target.id`.
 * Any other type changes nothing and is reported (undefined here).
 */
export function changesOf(activity: FeedActivity): Change[] | undefined {
  switch (activity.type) {
    case 'Create':
    case 'Update':
    case 'Add':
    case 'Refresh':
      return [{ document: activity.object, effect: 'store', activity }];
    case 'Delete':
    case 'Remove':
      return [{ document: activity.object, effect: 'remove', activity }];
    case 'Move':
      if (activity.target === undefined) return undefined;
      return [
        { document: activity.object, effect: 'remove', activity },
        { document: activity.target, effect: 'store', activity },
      ];
    default:
      return undefined;
  }
}

/** The `id` of a reference that may be given as an object (`{"id": ...}`) or as a plain string. */
export function idOf(reference: unknown): string | undefined {
  if (typeof reference === 'string') return reference;
  if (reference !== null && typeof reference === 'object') {
    const id = (reference as Record<string, unknown>)['id'] ?? (reference as Record<string, unknown>)['@id'];
    if (typeof id === 'string') return id;
  }
  return undefined;
}

/**
 * An item of a page's `orderedItems` read as an activity, or the reason it cannot be (it is then
 * reported, never skipped silently).
 */
export function readActivity(item: unknown, page: string, index: number): FeedActivity | string {
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    return `orderedItems[${index}] is not an object`;
  const fields = item as Record<string, unknown>;
  const type = fields['type'] ?? fields['@type'];
  if (typeof type !== 'string') return `orderedItems[${index}] has no "type" (Create, Update, Delete...)`;
  const object = idOf(fields['object']);
  if (object === undefined) return `orderedItems[${index}] (${type}) has no "object" with an "id"`;
  const objectType = (fields['object'] as Record<string, unknown> | undefined)?.['type'];
  const endTime = typeof fields['endTime'] === 'string' ? fields['endTime'] : undefined;
  const id = typeof fields['id'] === 'string' ? fields['id'] : undefined;
  return {
    type,
    object,
    page,
    index,
    endTime,
    time: endTime === undefined ? NaN : Date.parse(endTime),
    ...(typeof objectType === 'string' ? { objectType } : {}),
    ...(idOf(fields['target']) !== undefined ? { target: idOf(fields['target']) } : {}),
    ...(id !== undefined ? { id } : {}),
  };
}
