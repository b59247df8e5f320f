/**
 * ORDER BY made a total order, for Oxigraph: its comparison of literals of different kinds
 * (strings, numbers, dates) is not transitive, and Rust's sort panics ("user-provided comparison
 * function does not correctly implement a total order") on some orders of the same rows, so a
 * curator's valid query fails or not depending on how the rows happen to come. SPARQL leaves the
 * order between such literals to the implementation (§15.1): each condition gets two keys before
 * it, the kind of term (unbound, blank node, IRI, number, date-time, other literal) and, for
 * other literals, their datatype and language, so that the engine only ever compares like with like.
 * The order the spec fixes (unbound < blank < IRI < literal) is kept, and reversed by DESC.
 */
import sparqljs, { type Expression, type Ordering, type SelectQuery } from 'sparqljs';

const PLACEHOLDER = '__linkedart_order_term';
const KEYS_TEMPLATE = `PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT * WHERE {} ORDER BY
  (COALESCE(IF(isBLANK(?${PLACEHOLDER}), 1, IF(isIRI(?${PLACEHOLDER}), 2, IF(isNUMERIC(?${PLACEHOLDER}), 3,
    IF(DATATYPE(?${PLACEHOLDER}) = xsd:dateTime, 4, 5)))), 0))
  (COALESCE(IF(isLITERAL(?${PLACEHOLDER}) && !isNUMERIC(?${PLACEHOLDER}),
    CONCAT(STR(DATATYPE(?${PLACEHOLDER})), "@", LANG(?${PLACEHOLDER}), IF(DATATYPE(?${PLACEHOLDER}) = xsd:dateTime && TZ(?${PLACEHOLDER}) = "", "local", "")), ""), ""))`;

let keyTemplates: Expression[] | undefined;

/** The query with every ORDER BY (subqueries' too) keyed so; undefined when it has none or cannot be read. */
export function withTotalOrder(text: string): string | undefined {
  let parsed: sparqljs.SparqlQuery;
  try {
    parsed = new sparqljs.Parser().parse(text);
  } catch {
    return undefined;
  }
  if (parsed.type !== 'query') return undefined;
  keyTemplates ??= ((new sparqljs.Parser().parse(KEYS_TEMPLATE) as SelectQuery).order ?? []).map((o) => o.expression);
  let changed = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; order?: Ordering[] };
    if (n.type === 'query' && Array.isArray(n.order) && n.order.length > 0) {
      n.order = n.order.flatMap((condition) => [
        ...keyTemplates!.map((key) => ({
          expression: substituted(key, condition.expression),
          descending: condition.descending,
        })),
        condition,
      ]);
      changed = true;
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(parsed);
  return changed ? new sparqljs.Generator().stringify(parsed) : undefined;
}

/** A copy of `template` with the placeholder variable replaced by `expression`. */
function substituted(template: Expression, expression: Expression): Expression {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (!node || typeof node !== 'object') return node;
    const n = node as { termType?: string; value?: string };
    if (n.termType === 'Variable' && n.value === PLACEHOLDER) return expression;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, copy(v)]));
  };
  return copy(template) as Expression;
}

/**
 * Whether an engine error may be Oxigraph's sort panic: it reaches JavaScript as a WebAssembly
 * trap ("unreachable"), its message printed apart. A query with an ORDER BY is then tried once more, keyed.
 */
export function isOrderPanic(error: unknown): boolean {
  return /unreachable|does not correctly implement a total order/.test(
    error instanceof Error ? error.message : String(error),
  );
}
