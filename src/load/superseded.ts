/**
 * The copies of an id a load leaves out because a later copy of the same id comes after them
 * (lastCopies.ts): each reported once that later copy is read, naming both places, so the one
 * line says which copy counts. Not a refusal: the load does what the input says (the last
 * copy is the document), so it does not make the exit code say failure; the line is there so
 * that the copy nobody meant to keep gets removed.
 */
import { formatProblem, type Problem } from '../linkedart/Problem.js';
import type { ReportedItem } from './LoadReport.js';

export const SUPERSEDED_HINT = 'give each document its own id, or leave out the copy you do not mean to load';

interface Place {
  readonly source: string;
  readonly location: string;
}

export class SupersededCopies {
  /** Superseded copies read whose last copy is not read yet, by id (only ids given more than once). */
  private readonly waiting = new Map<string, Place[]>();

  /** A copy of `id` that a later one supersedes: left out, reported when the later one is read. */
  copy(id: string, place: Place): void {
    const list = this.waiting.get(id);
    if (list) list.push(place);
    else this.waiting.set(id, [place]);
  }

  /** The last copy of `id`, read at `place`: the report items of the copies it supersedes (none for an id given once). */
  last(id: string, place: Place): ReportedItem[] {
    const copies = this.waiting.get(id);
    if (!copies) return [];
    this.waiting.delete(id);
    return copies.map((c) => item(id, c, `${place.source} ${place.location}`));
  }

  /** Copies whose later copy the load never reached (it stopped first). */
  rest(): ReportedItem[] {
    const items = [...this.waiting].flatMap(([id, copies]) => copies.map((c) => item(id, c, undefined)));
    this.waiting.clear();
    return items;
  }
}

/** What is said of a superseded copy, as a Warning of the rule duplicate-id. */
export function supersededProblem(id: string, later: string | undefined): Problem {
  const message =
    later === undefined
      ? 'this id comes again later in the input, and the last copy is the one loaded: this copy is left out (the load stopped before the later copy)'
      : `this id comes again at ${later}, and the last copy is the one loaded: this copy is left out`;
  return { document: id, path: '', rule: 'duplicate-id', message, hint: SUPERSEDED_HINT, severity: 'Warning' };
}

function item(id: string, copy: Place, later: string | undefined): ReportedItem {
  const problem = supersededProblem(id, later);
  return { source: copy.source, location: copy.location, id, messages: [formatProblem(problem)], problems: [problem] };
}
