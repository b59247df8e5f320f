/**
 * A document's quads as one text that is the same for every order of the quads and every
 * labelling of their blank nodes, and different for any other set of quads (duplicates
 * counted): what the digest hashes (digest.ts).
 *
 * Linked Art's embedded structures are trees: each blank node is the object of one statement.
 * Then each blank node is written in place, inside the statement that holds it, as the list of
 * its own statements sorted (by predicate, then object); the statements of each named subject
 * are sorted so under it, the subjects by IRI. No blank node needs a name, so none needs a
 * hash: the one hash is the digest's, over the whole text. A graph that is not a forest of blank nodes (one held twice,
 * a cycle) is written the general way instead, each blank node named by a hash of what hangs
 * below it (`namedForm`); whether a graph is a forest does not depend on order or labels, so
 * the same graph always takes the same way, and the two ways start with different marks.
 *
 * Every part is delimited by its length or by a character no other part can start with, so
 * the text can be read back into the quads (up to blank node labels): two texts are equal
 * only for the same quads.
 *
 *   text     := 'T' group* '|' ('[' stmt* ']')*        (subjects, then blank nodes no statement holds)
 *   group    := iri '{' stmt* '}'
 *   stmt     := iri object
 *   object   := iri | literal | '[' stmt* ']'
 *   iri      := '<' length ':' characters
 *   literal  := '"' length ':' characters ('.' | '@' length ':' characters | '^' iri)
 *
 * (The general form starts with 'N': one line per quad, see namedForm.)
 */
import * as crypto from 'node:crypto';
import type { Quad, Term } from '../rdf/terms.js';
import { XSD_STRING } from '../rdf/terms.js';

export function canonicalQuads(quads: readonly Quad[]): string {
  return forestForm(quads) ?? namedForm(quads);
}

/** The text of an IRI; a predicate's is kept (they are few and stand in every statement). */
function iriText(iri: string): string {
  return '<' + iri.length + ':' + iri;
}

const predicateTexts = new Map<string, string>();

function predicateText(iri: string): string {
  let text = predicateTexts.get(iri);
  if (text === undefined) {
    text = iriText(iri);
    if (predicateTexts.size < 10_000) predicateTexts.set(iri, text);
  }
  return text;
}

/** The text of a term other than a blank node (undefined for a term no quad of a document holds). */
function termText(t: Term): string | undefined {
  switch (t.termType) {
    case 'NamedNode':
      return iriText(t.value);
    case 'Literal': {
      const head = '"' + t.value.length + ':' + t.value;
      if (t.language) return head + '@' + t.language.length + ':' + t.language;
      return t.datatype.value === XSD_STRING ? head + '.' : head + '^' + predicateText(t.datatype.value);
    }
    default:
      return undefined;
  }
}

/** The forest form, or undefined when the blank nodes are not a forest (or a term is of another kind). */
function forestForm(quads: readonly Quad[]): string | undefined {
  const below = new Map<string, Quad[]>();
  const bySubject = new Map<string, Quad[]>();
  const held = new Set<string>();
  for (const q of quads) {
    if (q.predicate.termType !== 'NamedNode') return undefined;
    const s = q.subject;
    const map = s.termType === 'BlankNode' ? below : s.termType === 'NamedNode' ? bySubject : undefined;
    if (map === undefined) return undefined;
    const list = map.get(s.value);
    if (list) list.push(q);
    else map.set(s.value, [q]);
    if (q.object.termType === 'BlankNode') {
      if (held.has(q.object.value)) return undefined;
      held.add(q.object.value);
    }
  }
  let written = 0;
  let failed = false;
  const statements = (list: readonly Quad[] | undefined): string => {
    if (list === undefined) return '';
    const items = new Array<Statement>(list.length);
    for (let i = 0; i < list.length; i++) {
      const q = list[i];
      const o = q.object;
      let object: string | undefined;
      if (o.termType === 'BlankNode') {
        const inner = below.get(o.value);
        if (inner !== undefined) written++;
        object = '[' + statements(inner) + ']';
      } else {
        object = termText(o);
        if (object === undefined) {
          failed = true;
          object = '';
        }
      }
      items[i] = { predicate: q.predicate.value, object };
    }
    // Sorted by predicate, then by the object's text: statements that compare equal are the same text.
    if (items.length > 1) items.sort(byPredicateThenObject);
    let out = '';
    for (const { predicate, object } of items) out += predicateText(predicate) + object;
    return out;
  };
  const groups: Array<[string, string]> = [];
  for (const [subject, list] of bySubject) groups.push([subject, statements(list)]);
  groups.sort(bySubjectIri);
  let out = 'T';
  for (const [subject, text] of groups) out += iriText(subject) + '{' + text + '}';
  const roots: string[] = [];
  for (const [label, list] of below) {
    if (held.has(label)) continue;
    written++;
    roots.push('[' + statements(list) + ']');
  }
  // A blank node with statements that no root reaches is on a cycle: not a forest.
  if (failed || written !== below.size) return undefined;
  return out + '|' + roots.sort().join('');
}

interface Statement {
  readonly predicate: string;
  readonly object: string;
}

function byPredicateThenObject(a: Statement, b: Statement): number {
  if (a.predicate !== b.predicate) return a.predicate < b.predicate ? -1 : 1;
  return a.object < b.object ? -1 : a.object > b.object ? 1 : 0;
}

function bySubjectIri(a: [string, string], b: [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/**
 * The general form: one line per quad, sorted, each blank node named by a hash of its own
 * statements with its blank objects named the same way (bottom up). On a cycle of blank nodes
 * a node is named by its first appearance instead: the text then depends on order, which can
 * only make a document look changed when it is not, never the reverse.
 */
function namedForm(quads: readonly Quad[]): string {
  const statements = new Map<string, Quad[]>();
  const order = new Map<string, number>();
  for (const q of quads) {
    if (q.subject.termType === 'BlankNode') {
      const label = q.subject.value;
      if (!order.has(label)) order.set(label, order.size);
      let list = statements.get(label);
      if (!list) statements.set(label, (list = []));
      list.push(q);
    }
    if (q.object.termType === 'BlankNode' && !order.has(q.object.value)) order.set(q.object.value, order.size);
  }
  const names = new Map<string, string>();
  const naming = new Set<string>();
  const name = (label: string): string => {
    const known = names.get(label);
    if (known !== undefined) return known;
    if (naming.has(label)) return `#${order.get(label)}`;
    naming.add(label);
    const lines = (statements.get(label) ?? []).map((q) => key(q.predicate) + key(q.object)).sort();
    const named = '_' + crypto.createHash('sha256').update(lines.join('')).digest('base64url');
    naming.delete(label);
    names.set(label, named);
    return named;
  };
  const key = (t: Term): string => {
    if (t.termType === 'BlankNode') return name(t.value);
    const text = termText(t);
    if (text !== undefined) return text;
    const value = `${t.termType} ${t.value}`;
    return '!' + value.length + ':' + value;
  };
  return (
    'N' +
    quads
      .map((q) => key(q.subject) + key(q.predicate) + key(q.object))
      .sort()
      .join('')
  );
}
