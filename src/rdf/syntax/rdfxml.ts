/**
 * RDF/XML, written by hand: the same layout as our Turtle (root first, single-use blank nodes
 * nested inside their property element, the first type as a typed node element) with the
 * table's prefixes, which Oxigraph's writer would not give us, and without copying every term
 * into WASM for each request.
 *
 * RDF/XML cannot say everything: a predicate must be written as an element name, i.e. a
 * namespace plus an XML name (NCName), so a predicate IRI with no NCName suffix (one ending in
 * `/`, `#`, a digit run after `/`, ...) cannot be written; nor can the RDF syntax names
 * (rdf:about, rdf:li, ...) as predicates, nor text with characters XML 1.0 forbids (most C0
 * controls). Those raise a SerializationError naming the term, never a silently changed graph.
 */
import type { Literal, NamedNode } from '@rdfjs/types';
import { RDF_TYPE, XSD_STRING, type Quad } from '../terms.js';
import {
  BlankLabels,
  checkWellFormed,
  layoutGraph,
  SerializationError,
  type GraphLayout,
  type ObjectTerm,
  type SubjectGroup,
  type SubjectTerm,
} from './graphLayout.js';
import { checkIri } from './ntriples.js';
import { PREFIXES, PREFIX_OF_NAMESPACE } from './prefixes.js';

const RDF_NS = PREFIXES.rdf;
const INDENT = '  ';

// XML 1.0 (5th ed.) NameStartChar and NameChar, without ':' (a namespace local part is an NCName).
const NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D' +
  '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = NAME_START + '\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040';
/** The longest suffix of an IRI that is an NCName (the regex's leftmost match reaching the end). */
const LOCAL_NAME = new RegExp(`[${NAME_START}][${NAME_CHAR}]*$`, 'u');

/** rdf: names that mean syntax, not a property or class, as element names (RDF/XML §7.2.2-7.2.5). */
const RDF_SYNTAX_NAMES = new Set([
  'RDF',
  'ID',
  'about',
  'parseType',
  'resource',
  'nodeID',
  'datatype',
  'Description',
  'li',
  'aboutEach',
  'aboutEachPrefix',
  'bagID',
]);

/** Characters XML 1.0 cannot carry at all, not even as character references. */
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

interface QName {
  readonly ns: string;
  readonly local: string;
}

/** QName splits of predicate/class IRIs; the set of predicates in use is small, so this stays small. */
const splitCache = new Map<string, QName | null>();

function splitIri(iri: string): QName | null {
  let split = splitCache.get(iri);
  if (split === undefined) {
    const m = LOCAL_NAME.exec(iri);
    split = m && m.index > 0 ? { ns: iri.slice(0, m.index), local: m[0] } : null;
    if (split && split.ns === RDF_NS && RDF_SYNTAX_NAMES.has(split.local)) split = null;
    if (splitCache.size >= 10_000) splitCache.clear();
    splitCache.set(iri, split);
  }
  return split;
}

function checkXmlText(text: string, what: () => string): void {
  checkWellFormed(text, what);
  const bad = NOT_XML_CHAR.exec(text);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw new SerializationError(
      `${what()} contains U+${code}, which XML 1.0 cannot carry, so it cannot be written in RDF/XML`,
    );
  }
}

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
/** `>` too, so that `]]>` never appears; `\r` as a reference, or the parser's line-end handling eats it. */
const TEXT_SPECIAL = /[&<>\r]/g;
const ATTRIBUTE_SPECIAL = /[&<"\t\n\r]/g;

function text(value: string): string {
  return value.replace(TEXT_SPECIAL, (c) => TEXT_ESCAPES[c]);
}

function attribute(value: string): string {
  return '"' + value.replace(ATTRIBUTE_SPECIAL, (c) => ATTRIBUTE_ESCAPES[c]) + '"';
}

class RdfXmlWriter {
  /** Namespace → prefix, for the namespaces used so far (rdf always). */
  private readonly namespaces = new Map<string, string>([[RDF_NS, 'rdf']]);
  private readonly blanks = new BlankLabels();
  private generatedPrefixes = 0;

  constructor(private readonly layout: GraphLayout) {}

  document(): string {
    const body = this.layout.topLevel.map((g) => this.nodeElement(g.term, g, INDENT)).join('');
    let declarations = '';
    for (const [ns, prefix] of this.namespaces) declarations += `\n${INDENT}${INDENT}xmlns:${prefix}=${attribute(ns)}`;
    return `<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF${declarations}>\n${body}</rdf:RDF>\n`;
  }

  /** The element name of a predicate or class, declaring its namespace; null if it has none. */
  private qname(iri: string): string | null {
    const split = splitIri(iri);
    if (!split) return null;
    let prefix = this.namespaces.get(split.ns);
    if (prefix === undefined) {
      prefix = PREFIX_OF_NAMESPACE.get(split.ns) ?? 'ns' + (++this.generatedPrefixes).toString();
      this.namespaces.set(split.ns, prefix);
    }
    return prefix + ':' + split.local;
  }

  private nodeElement(term: SubjectTerm, g: SubjectGroup | undefined, indent: string): string {
    let attributes = '';
    if (term.termType === 'NamedNode') attributes = ' rdf:about=' + attribute(checkIri(term.value));
    else if (!this.layout.isNested(term)) attributes = ' rdf:nodeID="' + this.blanks.label(term) + '"';

    // The first type, when it has an element name, names the node element (`<crm:E22_Human-Made_Object ...>`).
    let name = 'rdf:Description';
    let typedBy: NamedNode | undefined;
    const first = g?.predicates[0];
    const type = first?.iri === RDF_TYPE ? first.objects[0] : undefined;
    if (type?.termType === 'NamedNode') {
      checkIri(type.value);
      const typeName = this.qname(type.value);
      if (typeName !== null) {
        name = typeName;
        typedBy = type;
      }
    }

    let content = '';
    const inner = indent + INDENT;
    for (const p of g?.predicates ?? []) {
      for (const o of p.objects) {
        if (o === typedBy) continue;
        content += this.propertyElement(p.iri, o, inner);
      }
    }
    return content
      ? `${indent}<${name}${attributes}>\n${content}${indent}</${name}>\n`
      : `${indent}<${name}${attributes}/>\n`;
  }

  private propertyElement(predicate: string, o: ObjectTerm, indent: string): string {
    const name = this.qname(checkIri(predicate));
    if (name === null) {
      throw new SerializationError(
        `predicate <${predicate}> cannot be written in RDF/XML: it does not end in an XML name` +
          ' (NCName), or is an RDF/XML syntax name, so it cannot be an element name',
      );
    }
    switch (o.termType) {
      case 'NamedNode':
        return `${indent}<${name} rdf:resource=${attribute(checkIri(o.value))}/>\n`;
      case 'BlankNode':
        return this.layout.isNested(o)
          ? `${indent}<${name}>\n${this.nodeElement(o, this.layout.blankGroup(o), indent + INDENT)}${indent}</${name}>\n`
          : `${indent}<${name} rdf:nodeID="${this.blanks.label(o)}"/>\n`;
      case 'Literal':
        return `${indent}<${name}${this.literalAttributes(o)}>${this.literalText(o)}</${name}>\n`;
    }
  }

  private literalAttributes(l: Literal): string {
    if (l.direction) {
      throw new SerializationError(
        `literal ${JSON.stringify(l.value)} has a base direction (${l.direction}), which RDF/XML cannot carry`,
      );
    }
    if (l.language) {
      checkXmlText(l.language, () => `language tag ${JSON.stringify(l.language)}`);
      return ' xml:lang=' + attribute(l.language);
    }
    const dt = l.datatype.value;
    return dt === XSD_STRING ? '' : ' rdf:datatype=' + attribute(checkIri(dt));
  }

  private literalText(l: Literal): string {
    checkXmlText(l.value, () => `literal ${JSON.stringify(l.value)}`);
    return text(l.value);
  }
}

export function writeRdfXml(root: string, quads: readonly Quad[]): string {
  return new RdfXmlWriter(layoutGraph(root, quads)).document();
}
