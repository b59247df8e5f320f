/**
 * Who made a change: the curator whose token authorised it, or the command that wrote it. The
 * change feed's activities carry it as their Activity Streams `actor` ({type, name}), and each
 * kept version records it. A small value passed with the write, never read from the request
 * again below the HTTP layer.
 */

export interface Actor {
  /** A person holding a curator token, or a program (a CLI command, a harvest). */
  readonly type: 'Person' | 'Application';
  /** The token's name in --tokens ("curator" for --token), or the command ("linkedart load"). */
  readonly name: string;
  /**
   * The ids this actor may write: those starting with this prefix only (a `--tokens` scope).
   * Not part of what the feed says of the actor.
   */
  readonly under?: string;
}

/** The one unnamed curator of `--token`. */
export const UNNAMED_CURATOR: Actor = { type: 'Person', name: 'curator' };

/** A program writing: `linkedart load`, `linkedart merge`, a harvest of a feed. */
export function application(name: string): Actor {
  return { type: 'Application', name };
}

/** The actor as the feed states it: its type and name, nothing else. */
export function statedActor(actor: Actor): Actor {
  return { type: actor.type, name: actor.name };
}

/** Whether `actor` may write the document `id` (its scope, if it has one, holds the id). */
export function mayWrite(actor: Actor | undefined, id: string): boolean {
  return actor?.under === undefined || id.startsWith(actor.under);
}

/**
 * A write names ids outside its actor's scope: refused whole, nothing written. The HTTP layer
 * answers it 403, naming the prefix.
 */
export class OutsideScope extends Error {
  override name = 'OutsideScope';
  constructor(
    readonly actor: Actor,
    readonly ids: readonly string[],
  ) {
    super(
      `${actor.name} may write only ids under ${actor.under ?? ''}; ${ids[0]}${ids.length > 1 ? ` (and ${ids.length - 1} more)` : ''} is not under it`,
    );
  }
}
