/**
 * Readable Turtle and TriG, written by hand rather than with n3's Writer: we want the root
 * subject first, `a` first, single-use blank nodes nested as `[ ... ]` with their predicates
 * grouped, numbers and booleans bare, and `@prefix` lines only for the prefixes used, none of
 * which the streaming Writer decides for us; and it is faster to build the text in one pass.
 */
import type { BlankNode, Literal } from '@rdfjs/types';
import { RDF_TYPE, XSD, XSD_STRING, type Quad } from '../terms.js';
import {
  BlankLabels,
  layoutGraph,
  type GraphLayout,
  type ObjectTerm,
  type SubjectGroup,
  type SubjectTerm,
} from './graphLayout.js';
import { checkIri, languageSuffix, quoted } from './ntriples.js';
import { PREFIXES, PREFIX_OF_NAMESPACE } from './prefixes.js';

const INDENT = '    ';

/**
 * A local name we write after a prefix: a conservative subset of Turtle's PN_LOCAL (no escapes,
 * no `:` or `%`, no trailing `.`), so any IRI whose rest is not this plain is written in full.
 */
const PLAIN_LOCAL = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?)?$/;

/** Lexical forms Turtle can write bare and reads back with the same datatype and the same lexical form. */
const BARE: ReadonlyMap<string, RegExp> = new Map([
  [XSD + 'integer', /^[+-]?[0-9]+$/],
  [XSD + 'decimal', /^[+-]?[0-9]*\.[0-9]+$/],
  [XSD + 'double', /^[+-]?(?:[0-9]+\.[0-9]*[eE][+-]?[0-9]+|\.?[0-9]+[eE][+-]?[0-9]+)$/],
  [XSD + 'boolean', /^(?:true|false)$/],
]);

class TurtleWriter {
  private readonly names = new Map<string, string>();
  private readonly usedPrefixes = new Set<string>();
  private readonly blanks = new BlankLabels();

  constructor(private readonly layout: GraphLayout) {}

  /** Subject blocks, each indented by `indent`, separated by empty lines. */
  body(indent: string): string {
    return this.layout.topLevel
      .map((g) => indent + this.node(g.term) + ' ' + this.predicateList(g, indent + INDENT) + ' .\n')
      .join('\n');
  }

  /** `@prefix` lines for the prefixes the body used, in the table's order; call after body(). */
  prefixLines(): string {
    let out = '';
    for (const [prefix, ns] of Object.entries(PREFIXES))
      if (this.usedPrefixes.has(prefix)) out += `@prefix ${prefix}: <${ns}> .\n`;
    return out;
  }

  private iri(value: string): string {
    let name = this.names.get(value);
    if (name === undefined) {
      name = '<' + checkIri(value) + '>';
      const cut = Math.max(value.lastIndexOf('/'), value.lastIndexOf('#')) + 1;
      const prefix = cut > 0 ? PREFIX_OF_NAMESPACE.get(value.slice(0, cut)) : undefined;
      if (prefix !== undefined && PLAIN_LOCAL.test(value.slice(cut))) {
        name = prefix + ':' + value.slice(cut);
        this.usedPrefixes.add(prefix);
      }
      this.names.set(value, name);
    }
    return name;
  }

  private node(term: SubjectTerm): string {
    return term.termType === 'NamedNode' ? this.iri(term.value) : '_:' + this.blanks.label(term);
  }

  private predicateList(g: SubjectGroup, indent: string): string {
    let out = '';
    for (const p of g.predicates) {
      if (out) out += ' ;\n' + indent;
      out += p.iri === RDF_TYPE ? 'a' : this.iri(p.iri);
      let first = true;
      for (const o of p.objects) {
        out += (first ? ' ' : ', ') + this.object(o, indent);
        first = false;
      }
    }
    return out;
  }

  private object(o: ObjectTerm, indent: string): string {
    switch (o.termType) {
      case 'NamedNode':
        return this.iri(o.value);
      case 'BlankNode':
        return this.layout.isNested(o) ? this.nested(o, indent) : '_:' + this.blanks.label(o);
      case 'Literal':
        return this.literal(o);
    }
  }

  private nested(b: BlankNode, indent: string): string {
    const g = this.layout.blankGroup(b);
    if (!g) return '[]';
    return '[\n' + indent + INDENT + this.predicateList(g, indent + INDENT) + '\n' + indent + ']';
  }

  private literal(l: Literal): string {
    const lang = languageSuffix(l);
    if (lang) return quoted(l.value, true) + lang;
    const dt = l.datatype.value;
    if (dt === XSD_STRING) return quoted(l.value, true);
    if (BARE.get(dt)?.test(l.value)) return l.value;
    return quoted(l.value, true) + '^^' + this.iri(dt);
  }
}

export function writeTurtle(root: string, quads: readonly Quad[]): string {
  const writer = new TurtleWriter(layoutGraph(root, quads));
  const body = writer.body('');
  const prefixes = writer.prefixLines();
  return prefixes && body ? prefixes + '\n' + body : prefixes + body;
}

/** TriG: the same as Turtle, the triples inside `<graph> { ... }`. */
export function writeTrig(graph: string, quads: readonly Quad[]): string {
  const writer = new TurtleWriter(layoutGraph(graph, quads));
  const body = writer.body(INDENT);
  const prefixes = writer.prefixLines();
  return (prefixes ? prefixes + '\n' : '') + '<' + checkIri(graph) + '> {\n' + body + '}\n';
}
