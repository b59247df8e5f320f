/**
 * The same id twice in one load: every copy is checked and written in order, so the last one
 * that passes is the one stored. Once the later copy's verdict is in, the warning says which
 * copy was kept: the later replacing the earlier, or the earlier kept because the later was
 * refused (never "replaces" for a copy that was not stored).
 */
import { formatProblem, type Problem } from '../linkedart/Problem.js';

export const DUPLICATE_ID_HINT = 'give each document its own id, or load only the copy you mean to keep';

/**
 * The warning on a later copy of `id`: `earlier` says where the copy before it was and whether it
 * is stored (it passed, or was stored unchanged), `kept` whether this copy passed.
 */
export function duplicateIdWarning(id: string, earlier: { where: string; stored: boolean }, kept: boolean): Problem {
  const message = kept
    ? earlier.stored
      ? `this id was also at ${earlier.where}; this later copy replaces it`
      : `this id was also at ${earlier.where}, which was refused; this later copy is the one kept`
    : earlier.stored
      ? `this id was also at ${earlier.where}; that copy is kept, as this later one was refused`
      : `this id was also at ${earlier.where}; both copies were refused`;
  return { document: id, path: '', rule: 'duplicate-id', message, hint: DUPLICATE_ID_HINT, severity: 'Warning' };
}

/** The warning as a report line. */
export function duplicateIdLine(id: string, earlier: { where: string; stored: boolean }, kept: boolean): string {
  return formatProblem(duplicateIdWarning(id, earlier, kept));
}
