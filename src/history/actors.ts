/**
 * Who wrote a version, when the write names no one (curators' tokens have no names yet): the
 * curator's token, or the command that wrote it.
 */
export const CURATOR = 'curator';
export const LOAD_ACTOR = 'linkedart load';
export const BULK_ACTOR = 'bulk';

export function harvestActor(feedUrl: string): string {
  return `harvest ${feedUrl}`;
}
