/**
 * Every problem of a document in one pass: the ingest problems of a document read as far as it
 * could be, and what the shapes find in what was read. So that a data team who fixes the one
 * problem listed finds the document loads (the report's "refused for this rule alone" means
 * what it says), each ingest problem says what it kept from being read, and a shape finding
 * that only follows from a part not read (a Name whose misspelt `contnet` was skipped "has no
 * content") is not listed as a problem of its own: it is named in the ingest problem it follows
 * from, as what the shapes find until that is fixed.
 */
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import type { UnreadPart } from '../ingest/unreadParts.js';
import { join } from '../ingest/jsonKeys.js';
import type { Problem } from '../linkedart/Problem.js';
import { valueAt } from '../linkedart/problemValue.js';

/** The ingest problems, each saying what it kept from being read, and the shapes' own findings. */
export function everyProblem(ingested: IngestedDocument, shapes: readonly Problem[]): Problem[] {
  if (ingested.refusals.length === 0) return [...shapes];
  const untyped = untypedNodes(ingested);
  const followers = ingested.refusals.map((): Problem[] => []);
  const own: Problem[] = [];
  for (const p of shapes) {
    const cause = ingested.unread.find((part) => followsFrom(p, part, untyped));
    if (cause) followers[cause.problem].push(p);
    else own.push(p);
  }
  const refusals = ingested.refusals.map((problem, i) => {
    const parts = ingested.unread.filter((part) => part.problem === i);
    const notes = [...unreadNote(ingested, problem, parts), ...followers[i].map(followerNote)];
    return notes.length === 0 ? problem : { ...problem, message: [problem.message, ...notes].join('; ') };
  });
  return [...refusals, ...own];
}

/**
 * Whether a shape finding follows from a part not read: the shapes miss the values of a key the
 * part would have given (at the node: "must have content"; or a rule on the node as a whole),
 * or any rule at a node none of whose types could be read ("has no type", "must be a Name").
 */
function followsFrom(p: Problem, part: UnreadPart, untyped: ReadonlySet<string>): boolean {
  const given = part.wouldHaveGiven;
  if (given === undefined) return false;
  if ('typeOf' in given) return untyped.has(given.typeOf) && p.path === given.typeOf;
  if (p.term !== undefined) return join(p.path, p.term) === given.key;
  return p.path === nodeOf(given.key);
}

/** The JSON path of the node a key stands on (`part[0].content` → `part[0]`). */
function nodeOf(keyPath: string): string {
  const dot = keyPath.lastIndexOf('.');
  return dot < 0 ? '' : keyPath.slice(0, dot);
}

/** Nodes whose every type went unread: they are in the quads without a class. */
function untypedNodes(ingested: IngestedDocument): Set<string> {
  const unreadTypes = new Map<string, number>();
  for (const part of ingested.unread) {
    const given = part.wouldHaveGiven;
    if (given !== undefined && 'typeOf' in given)
      unreadTypes.set(given.typeOf, (unreadTypes.get(given.typeOf) ?? 0) + 1);
  }
  const untyped = new Set<string>();
  for (const [path, count] of unreadTypes) {
    const node = valueAt(ingested.given, path) as Record<string, unknown> | undefined;
    const type = node?.['type'] ?? node?.['@type'];
    if (count >= (Array.isArray(type) ? type.length : 1)) untyped.add(path);
  }
  return untyped;
}

/** What the problem kept from being read, when that is more than the value it names. */
function unreadNote(ingested: IngestedDocument, problem: Problem, parts: readonly UnreadPart[]): string[] {
  const types = parts.filter((p) => p.wouldHaveGiven !== undefined && 'typeOf' in p.wouldHaveGiven);
  const notes: string[] = [];
  if (types.length > 0) {
    const node = (types[0].wouldHaveGiven as { typeOf: string }).typeOf;
    notes.push(`${node === '' ? 'the document' : `the node at ${node}`} was checked without this type`);
  }
  const structures = parts.filter((p) => !types.includes(p) && holdsStructure(valueAt(ingested.given, p.path)));
  if (structures.length > 0) {
    const one = structures.length === 1;
    const what =
      one && structures[0].path === problem.path
        ? 'its value'
        : `the ${one ? 'value' : 'values'} at ${structures.map((p) => p.path).join(', ')}`;
    notes.push(
      `${what} ${one ? 'was' : 'were'} not read because of this; problems inside ${one ? 'it are' : 'them are'} not checked`,
    );
  }
  return notes;
}

function holdsStructure(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsStructure);
  return value !== null && typeof value === 'object';
}

function followerNote(p: Problem): string {
  return `until it is fixed the shapes also find ${p.path === '' ? 'of the document' : `at ${p.path}`}: "${p.message}" (${p.rule}), which follows from it`;
}
