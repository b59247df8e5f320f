/**
 * The gate every curator's SPARQL passes before the engine sees it, the same for the HTTP
 * endpoint and the CLI: not too long, valid SPARQL 1.1, of the kind asked for (a query where a
 * query is expected, an update where an update is), never reaching outside this store (SERVICE,
 * LOAD), and — for queries whose answer is a list of rows or triples — asking for at most one
 * row more than allowed, so that an oversize answer is noticed without being built whole.
 *
 * Parsing is sparqljs's, with its validation on (ungrouped variables, unknown prefixes, ...).
 */
import { Generator, Parser, type IriTerm, type Query, type SparqlQuery, type Update } from 'sparqljs';
import { SparqlRefused, SparqlSyntaxError, SparqlTooLarge } from './errors.js';
import { refuseStoreFunctions } from './storeFunctions.js';
import { nestedDeeperThan } from './nestingDepth.js';
import { visitSyntaxTree } from './syntaxTree.js';

/** The deepest nesting of brackets a query or update may have (see nestingDepth.ts). */
export const MAX_SPARQL_NESTING = 64;

export type QueryForm = 'select' | 'ask' | 'construct' | 'describe';

export interface ParsedQuery {
  readonly form: QueryForm;
  /** The text to run: the given text, or regenerated with LIMIT maxRows+1 when it had no LIMIT or a larger one (so an oversize answer is detected without materializing it). */
  readonly text: string;
}

export interface ParsedUpdate {
  /** How many operations (separated by `;`) the update holds. */
  readonly operations: number;
  /** The text to run: the given text, or, with a protocol dataset, regenerated with it as each DELETE/INSERT's USING. */
  readonly text: string;
}

/**
 * The dataset of an update's WHERE clauses, from the protocol's using-graph-uri /
 * using-named-graph-uri (SPARQL 1.1 Protocol §2.2.3): as if each DELETE/INSERT operation said
 * USING / USING NAMED with these graphs.
 */
export interface UpdateDataset {
  readonly usingGraphs?: readonly string[];
  readonly usingNamedGraphs?: readonly string[];
}

/**
 * Checks a query and answers its form and the text to run. Throws SparqlTooLarge,
 * SparqlSyntaxError (with line and column when the parser knows them) or SparqlRefused.
 */
export function parseQuery(
  text: string,
  limits: { readonly maxRows: number; readonly maxQueryBytes: number },
): ParsedQuery {
  const parsed = parse(text, limits.maxQueryBytes, 'query');
  if (parsed.type === 'update') {
    throw new SparqlRefused(
      'This is a SPARQL Update; send it as update= or application/sparql-update, with the curator token.',
    );
  }
  refuseService(parsed);
  refuseStoreFunctions(parsed);

  const form = parsed.queryType.toLowerCase() as QueryForm;
  // ASK answers one boolean: nothing to bound. A LIMIT already within bounds is left alone,
  // and so is the text, byte for byte.
  const limit = limitOf(parsed);
  if (form === 'ask' || (limit !== undefined && limit <= limits.maxRows)) return { form, text };
  return { form, text: withLimit(parsed, limits.maxRows + 1) };
}

/**
 * Checks an update and answers how many operations it holds and the text to run, with the
 * protocol's dataset (if any) written into it. Throws as parseQuery does, and SparqlRefused for
 * a protocol dataset given to an update that names its own with USING, USING NAMED or WITH
 * (the protocol says it is an error).
 */
export function parseUpdate(
  text: string,
  limits: { readonly maxQueryBytes: number },
  dataset: UpdateDataset = {},
): ParsedUpdate {
  const parsed = parse(text, limits.maxQueryBytes, 'update');
  if (parsed.type === 'query') {
    throw new SparqlRefused(
      'This is a SPARQL query, not an update; send it as query= (GET or POST) or as application/sparql-query.',
    );
  }
  for (const operation of parsed.updates) {
    if ('type' in operation && operation.type === 'load') {
      throw new SparqlRefused(
        `LOAD <${operation.source.value}> is not allowed: this endpoint does not fetch data from the web; load dumps with linkedart load.`,
      );
    }
    refuseService(operation);
    refuseStoreFunctions(operation);
  }
  const using = { default: dataset.usingGraphs ?? [], named: dataset.usingNamedGraphs ?? [] };
  if (using.default.length + using.named.length === 0) return { operations: parsed.updates.length, text };
  return { operations: parsed.updates.length, text: withUsing(parsed, using) };
}

/**
 * The update regenerated with the protocol's dataset as the USING / USING NAMED of each
 * DELETE/INSERT operation (the only kind with a WHERE clause; INSERT DATA, DELETE DATA,
 * DELETE WHERE and graph management have none to give it to).
 */
function withUsing(update: Update, using: { default: readonly string[]; named: readonly string[] }): string {
  const iri = (value: string): IriTerm => ({ termType: 'NamedNode', value }) as IriTerm;
  const updates = update.updates.map((operation, i) => {
    if (!('updateType' in operation) || operation.updateType !== 'insertdelete') return operation;
    const own =
      operation.using && operation.using.default.length + operation.using.named.length > 0
        ? 'USING'
        : operation.graph
          ? 'WITH'
          : undefined;
    if (own) {
      throw new SparqlRefused(
        `using-graph-uri / using-named-graph-uri cannot be given to an update that names its own dataset: operation ${i + 1} ` +
          `has ${own} (SPARQL 1.1 Protocol §2.2.3). Leave out either the parameters or the ${own} clause.`,
      );
    }
    return { ...operation, using: { default: using.default.map(iri), named: using.named.map(iri) } };
  });
  return new Generator({ allPrefixes: true }).stringify({ ...update, updates });
}

/**
 * The query or update parsed, size checked first (an oversize text is not even parsed).
 * A text that holds nothing but a prologue (or nothing at all) is refused as empty: sparqljs
 * accepts it as an update of no operations.
 */
function parse(text: string, maxBytes: number, what: 'query' | 'update'): SparqlQuery {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) throw new SparqlTooLarge(bytes, maxBytes);
  const deep = nestedDeeperThan(text, MAX_SPARQL_NESTING);
  if (deep) {
    throw new SparqlRefused(
      `The ${what} nests its brackets ({ ( [) more than ${MAX_SPARQL_NESTING} deep (at line ${deep.line}, column ${deep.column}); ` +
        `no query needs so many: write the nested blank nodes with names (_:b1), or split the ${what}.`,
    );
  }

  let parsed: SparqlQuery | { type?: undefined };
  try {
    parsed = new Parser({ sparqlStar: false }).parse(text);
  } catch (error) {
    throw syntaxError(error);
  }
  if (parsed.type === undefined || (parsed.type === 'update' && parsed.updates.length === 0)) {
    throw new SparqlSyntaxError(`The ${what} is empty`);
  }
  return parsed;
}

/** What a jison parse error from sparqljs carries besides its message. */
interface JisonError extends Error {
  hash?: { loc?: { first_line: number; first_column: number } };
}

/**
 * The parser's complaint as a SparqlSyntaxError. sparqljs's messages start
 * `Parse error on line N:`, then an excerpt of the text with a caret under the unexpected
 * token, then what it expected; we put the 1-based line and column in front instead and keep
 * the rest. The position is that of the last token read before the error, as jison reports it;
 * the caret in the excerpt marks the token it could not accept. Errors found after parsing
 * (an ungrouped variable, an unknown prefix) have no position.
 */
function syntaxError(error: unknown): SparqlSyntaxError {
  if (!(error instanceof Error)) return new SparqlSyntaxError(`Syntax error: ${String(error)}`);
  const loc = (error as JisonError).hash?.loc;
  if (!loc) return new SparqlSyntaxError(`Syntax error: ${error.message}`);
  const line = loc.first_line;
  const column = loc.first_column + 1;
  const detail = error.message.replace(/^(?:Parse|Lexical) error on line \d+[:.]\s*/, '');
  return new SparqlSyntaxError(`Syntax error at line ${line}, column ${column}:\n${detail}`, line, column);
}

/** A SERVICE clause found anywhere in a parsed query or update operation. */
interface ServiceClause {
  type: 'service';
  name: { termType: string; value: string };
}

function isServiceClause(node: object): node is ServiceClause {
  return (node as { type?: unknown }).type === 'service' && 'name' in node;
}

/**
 * Throws SparqlRefused for the first SERVICE clause in the tree. The whole syntax tree is walked
 * (every object and array, patterns and expressions alike) rather than a list of pattern kinds,
 * so a kind forgotten here — a SERVICE in a subquery, in OPTIONAL, in FILTER NOT EXISTS, in a
 * projected EXISTS, in an update's WHERE — cannot slip through (syntaxTree.ts).
 */
function refuseService(root: object): void {
  visitSyntaxTree(root, (node) => {
    if ('termType' in node) return false; // an RDF term: holds no patterns
    if (isServiceClause(node)) {
      const name = node.name.termType === 'Variable' ? `?${node.name.value}` : `<${node.name.value}>`;
      throw new SparqlRefused(`SERVICE ${name} is not allowed: this endpoint does not query other endpoints.`);
    }
    return true;
  });
}

/**
 * The top-level LIMIT. sparqljs sets `limit` on every query form; its type declarations have it
 * on SELECT only.
 */
function limitOf(query: Query): number | undefined {
  return (query as { limit?: number }).limit;
}

/**
 * The query text regenerated with the given LIMIT, prologue (BASE, every PREFIX) kept. The
 * regenerated text is parsed again as a safety net: should sparqljs's generator ever write
 * something its parser refuses, the curator is told how to avoid the rewrite rather than the
 * engine being given a broken query.
 */
function withLimit(query: Query, limit: number): string {
  const text = new Generator({ allPrefixes: true }).stringify({ ...query, limit } as Query);
  try {
    new Parser({ sparqlStar: false }).parse(text);
  } catch (error) {
    throw new SparqlRefused(
      `This query could not be rewritten with LIMIT ${limit} (${(error as Error).message}); ` +
        `add LIMIT ${limit - 1} or less to it and send it again.`,
    );
  }
  return text;
}
