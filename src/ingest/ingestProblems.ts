/**
 * The problems of one document's ingest as it finds them: Violations, each with the part it
 * kept from being read, and Warnings. DocumentIngest is one of these.
 */
import type { Problem } from '../linkedart/Problem.js';
import { shortValueAt } from '../linkedart/problemValue.js';
import { INGEST_HINTS, type IngestRule } from './ruleHints.js';
import type { UnreadPart, WouldHaveGiven } from './unreadParts.js';

export abstract class IngestProblems {
  protected readonly problems: Problem[] = [];
  protected readonly warnings: Problem[] = [];
  protected readonly unread: UnreadPart[] = [];
  protected documentId: string | undefined;
  /** The document as given, for the value a problem names. */
  protected input: unknown;

  /** `source` (a file name, a record number) only decorates the error message. */
  constructor(protected readonly source: string | undefined) {}

  /** An ingest problem that keeps the part at `path` from being read (and what reading it would have given). */
  protected skip(problem: Problem, path: string, wouldHaveGiven?: WouldHaveGiven): void {
    this.unread.push(
      wouldHaveGiven
        ? { path, problem: this.problems.length, wouldHaveGiven }
        : { path, problem: this.problems.length },
    );
    this.problems.push(problem);
  }

  /** A Violation at `path`, with the value found there and the rule's usual fix. */
  protected problem(
    path: string,
    rule: IngestRule,
    message: string,
    term?: string,
    hint: string = INGEST_HINTS[rule],
  ): Problem {
    const problem: Problem = { document: this.documentId, path, term, rule, message, hint, severity: 'Violation' };
    const value = path === '' ? undefined : shortValueAt(this.input, path);
    if (value !== undefined) problem.value = value;
    return problem;
  }
}
