/**
 * A problem found in a document, in the one format every check uses (ingest now, SHACL
 * validation, loading and HTTP writes later): which document, where in it (a JSON path
 * such as `produced_by.part[0].carried_out_by[1]`), the value found there, which Linked Art
 * term, which rule, how bad, and the usual fix.
 */
export type Severity = 'Violation' | 'Warning';

export interface Problem {
  /** The document's `id`, when it has a usable one. */
  document?: string;
  /** JSON path of the offending value or key; `` (empty) for the document itself. */
  path: string;
  /** The value at `path` in the document as given, as short JSON (problemValue.ts), when there is one. */
  value?: string;
  /** The Linked Art term concerned (a key or a type), when there is one. */
  term?: string;
  /** A short stable rule id, e.g. `unmapped-key`. */
  rule: string;
  /** The rule in plain words, applied to this case. */
  message: string;
  /** The usual fix, in a few words (every rule has one: the shapes' svc:hint, ingest's ruleHints.ts). */
  hint?: string;
  severity: Severity;
}

/**
 * One line: `Violation at dimension[0].unit: MESSAGE (value: {...}) [DimensionUnit] Fix: HINT`.
 * The rule stays in brackets after the message, so a reader (or a regex) finds it.
 */
export function formatProblem(p: Problem): string {
  const where = p.path === '' ? '(document)' : p.path;
  return `${p.severity} at ${where}: ${p.message}${p.value !== undefined ? ` (value: ${p.value})` : ''} [${p.rule}]${p.hint ? ` Fix: ${p.hint}` : ''}`;
}

/** The rule of a line formatProblem wrote (what LoadReport groups by when it has only lines). */
export function ruleOfLine(line: string): string | undefined {
  return / \[([\w:-]+)\](?: Fix: .*)?$/.exec(line)?.[1];
}

/** Whether a value read back (a kept JSON literal) has the fields every Problem has. */
export function isProblem(p: unknown): p is Problem {
  if (p === null || typeof p !== 'object') return false;
  const { rule, message, path, severity } = p as Record<string, unknown>;
  return (
    typeof rule === 'string' && typeof message === 'string' && typeof path === 'string' && typeof severity === 'string'
  );
}

/** A document refused: carries every problem found, not just the first. */
export class DocumentRejected extends Error {
  readonly document: string | undefined;
  readonly problems: readonly Problem[];

  constructor(document: string | undefined, problems: readonly Problem[], source?: string) {
    const head = `${source ? source + ': ' : ''}document ${document ?? '(without a usable id)'} rejected`;
    super([head, ...problems.map((p) => '  ' + formatProblem(p))].join('\n'));
    this.name = 'DocumentRejected';
    this.document = document;
    this.problems = problems;
  }
}
