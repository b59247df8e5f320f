/**
 * A curator's SPARQL may call the SPARQL 1.1 built-ins and the XSD casts (`xsd:integer(?x)`),
 * the functions both stores have, and nothing else. A remote Virtuoso also answers function
 * IRIs of its own: `bif:` (its SQL built-ins: `bif:file_to_string` reads server files, where
 * queries run as dba) and `sql:` (stored procedures: `sql:TTLP` writes triples past the write
 * gate). Those names, as functions or anywhere else (`bif:contains` as a predicate), are refused
 * before the text reaches a store; the embedded store refuses any other function IRI itself.
 */
import { SparqlRefused } from './errors.js';
import { visitSyntaxTree } from './syntaxTree.js';

const XSD = 'http://www.w3.org/2001/XMLSchema#';
/** The schemes Virtuoso reads as its own SQL functions and procedures (case-insensitively). */
const STORE_SCHEMES = /^(?:bif|sql):/i;

interface FunctionCall {
  type: 'functionCall';
  function: { termType: string; value: string };
}
interface Term {
  termType: string;
  value: string;
}

/**
 * Throws SparqlRefused for the first function call by an IRI other than an XSD cast, and for the
 * first IRI in a store's own function schemes. Walks the whole syntax tree (syntaxTree.ts): no
 * kind of pattern or expression can hide one.
 */
export function refuseStoreFunctions(root: object): void {
  visitSyntaxTree(root, (node) => {
    if ('termType' in node) {
      const term = node as Term;
      if (term.termType === 'NamedNode' && STORE_SCHEMES.test(term.value)) {
        throw new SparqlRefused(
          `<${term.value}> is not allowed: it names one of the SPARQL store's own SQL functions, which this endpoint does not run.`,
        );
      }
      return false;
    }
    const call = node as Partial<FunctionCall>;
    if (
      call.type === 'functionCall' &&
      call.function?.termType === 'NamedNode' &&
      !call.function.value.startsWith(XSD)
    ) {
      throw new SparqlRefused(
        `The function <${call.function.value}> is not supported: SPARQL here has the SPARQL 1.1 built-ins and the XSD casts (xsd:integer(...), ...) only.`,
      );
    }
    return true;
  });
}
