/**
 * The numbers the store gave a request's placed activities (placedActivities.ts), read from the
 * store's own answer to that request, so that no query after it has to ask (placesQuery: one
 * store request a write fewer).
 *
 * Virtuoso answers an update with one line per graph an operation inserted into, the graph named
 * as stored ("Insert into <…activity:51>, 1 (or less) quads -- done"), also where the graph was
 * computed in the request (`GRAPH ?placed`). The answer comes after the request's transaction
 * committed, and says what that transaction, and no other, inserted: its activity graphs are the
 * numbers its claim took, read in the same atomic step as the write. A guarded request inserts
 * into no activity graph but those it places (writeRequests.ts leaves them out of its data), so
 * the answer names exactly `count` activity numbers one after another, the first its claim's.
 * Anything else (another store's answer, a format not known) is no answer: the numbers are then
 * read back by the claim's token, as before.
 */
import type { SolutionsResult } from '../../sparql/results/readJson.js';
import { ACTIVITY_GRAPH_PREFIX } from '../internalGraphs.js';
import { placesFrom, placesQuery } from './placedActivities.js';
import { WRITTEN_BY, type WriteGuard } from './writeTurn.js';

/** "Insert into <graph>, …": a line of Virtuoso's answer to an update. */
const INSERTED_INTO = /^Insert into <([^>\s]+)>,/;

/** The number of the first of `count` activities the request answered by `answer` placed; undefined when the answer does not say. */
export function placedInAnswer(answer: string, count: number): number | undefined {
  const numbers = new Set<number>();
  for (const line of answerLines(answer)) {
    const graph = INSERTED_INTO.exec(line.trim())?.[1];
    if (graph === undefined || !graph.startsWith(ACTIVITY_GRAPH_PREFIX)) continue;
    const text = graph.slice(ACTIVITY_GRAPH_PREFIX.length);
    if (!/^[1-9]\d*$/.test(text)) return undefined;
    numbers.add(Number(text));
  }
  if (numbers.size !== count || count === 0) return undefined;
  const first = Math.min(...numbers);
  for (let n = first; n < first + count; n++) if (!numbers.has(n)) return undefined;
  return first;
}

/** The lines of an update's answer: its solutions' values when it is SPARQL JSON results, else its text. */
function answerLines(answer: string): string[] {
  let values: string[] = [answer];
  try {
    const parsed = JSON.parse(answer) as { results?: { bindings?: Array<Record<string, { value?: unknown }>> } };
    const bindings = parsed.results?.bindings;
    if (Array.isArray(bindings))
      values = bindings.flatMap((row) =>
        Object.values(row).flatMap((term) => (typeof term?.value === 'string' ? [term.value] : [])),
      );
  } catch {
    // Not JSON (text/plain, or XML): its lines are read as they are.
  }
  return values.flatMap((value) => value.split('\n'));
}

/** A guarded request as sent, with the store's answer to it. */
export type AnsweredGuard = WriteGuard & { readonly answer?: string };

/**
 * Each placed activity's number as given → as stored, for the requests `guards` (replaceGraphsPlacing):
 * from each request's answer, and for those whose answer does not say, read back by their claims'
 * tokens with `select` (one query for them all).
 */
export async function storedPlaces(
  guards: readonly AnsweredGuard[],
  select: (query: string) => Promise<SolutionsResult>,
): Promise<Map<number, number>> {
  const placed = guards.filter((guard) => guard.placed);
  if (placed.length === 0) return new Map();
  const known = new Map<string, number>();
  for (const guard of placed) {
    const first = placedInAnswer(guard.answer ?? '', guard.placed!.count);
    if (first !== undefined) known.set(guard.token, first);
  }
  const unknown = placed.filter((guard) => !known.has(guard.token));
  const read: SolutionsResult =
    unknown.length === 0
      ? { kind: 'bindings', variables: [], rows: [] }
      : await select(
          placesQuery(
            WRITTEN_BY,
            unknown.map((guard) => guard.token),
          ),
        );
  return placesFrom(read, placed, known);
}
