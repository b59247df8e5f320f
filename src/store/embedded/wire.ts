/**
 * The store worker's half of the wire format (src/rdf/wireGraphs.ts): a replaceGraphs batch
 * as N-Quads text, each distinct term escaped once. Building that text on the thread that
 * sends the batch would move all the escaping onto the thread that limits a load.
 */
import {
  TAG_BITS,
  TAG_MASK,
  IRI,
  BLANK,
  LITERAL,
  LANG_LITERAL,
  TYPED_LITERAL,
  type WireGraphs,
} from '../../rdf/wireGraphs.js';
import { checkGraphIri, checkLanguage, iriRef, literalString, misplacedTerm } from '../../rdf/syntax/plainNQuads.js';
import { isPlainDatatype, isPlainIri, isPlainLanguageTag } from './plainTerms.js';

/**
 * The batch as N-Quads, one string per graph (empty for a graph without quads), validating
 * graph names and terms as graphsToNQuads does and giving its blank nodes the same treatment:
 * labels are scoped per graph and renamed to `_:b<n>`, unique within the batch, so the graphs'
 * texts joined load with one `load()` call and replay from the log with the same meaning.
 */
export function wireToNQuads(wire: WireGraphs): string[] {
  return wireToCheckedNQuads(wire).texts;
}

/**
 * As wireToNQuads; `plain`: whether every IRI (graph names and datatypes too) and language
 * tag in it is of a plain form (plainTerms.ts), which Oxigraph may load without its checks.
 * Each distinct term is judged once, when it is first written.
 */
export function wireToCheckedNQuads(wire: WireGraphs): { texts: string[]; plain: boolean } {
  const writer = checkedNQuadsWriter(wire);
  const texts = new Array<string>(wire.names.length);
  for (let g = 0; g < texts.length; g++) texts[g] = writer.text(g);
  return { texts, plain: writer.plain() };
}

/**
 * wireToCheckedNQuads one graph at a time: `text(g)` for g = 0, 1, ... in turn, then `plain()`. The
 * store worker of the service writes a large batch so, answering waiting reads between steps
 * (replaceInPieces.ts). Plain functions, not a generator: a load's every quad goes through here.
 */
export function checkedNQuadsWriter(wire: WireGraphs): { text: (g: number) => string; plain: () => boolean } {
  const { names, counts, strings, codes } = wire;
  let plain = true;
  // Each distinct term is written once: IRIs (also datatypes) and lexical forms by string index.
  const iris: Array<string | undefined> = new Array<string | undefined>(strings.length);
  const lexicals: Array<string | undefined> = new Array<string | undefined>(strings.length);
  const languages: Array<string | undefined> = new Array<string | undefined>(strings.length);
  // Blank node renaming: the graph a label was last renamed in, and its new label there.
  const blankGraph = new Int32Array(strings.length).fill(-1);
  const blankLabel: string[] = new Array<string>(strings.length);
  let blanks = 0;
  const datatypeSeen = new Uint8Array(strings.length);
  const iri = (i: number): string => {
    let text = iris[i];
    if (text === undefined) {
      text = iris[i] = iriRef(strings[i]);
      if (plain && !isPlainIri(strings[i])) plain = false;
    }
    return text;
  };
  const language = (i: number): string => {
    let tag = languages[i];
    if (tag === undefined) {
      tag = languages[i] = checkLanguage(strings[i]);
      if (plain && !isPlainLanguageTag(tag)) plain = false;
    }
    return tag;
  };
  const lexical = (i: number): string => (lexicals[i] ??= literalString(strings[i]));

  let k = 0;
  const text = (g: number): string => {
    const name = names[g];
    const suffix = ' <' + checkGraphIri(name) + '> .\n';
    if (plain && !isPlainIri(name)) plain = false;
    const lines: string[] = [];
    const term = (pos: 'subject' | 'predicate' | 'object'): string => {
      const code = codes[k++];
      const i = code >>> TAG_BITS;
      switch (code & TAG_MASK) {
        case IRI:
          return iri(i);
        case BLANK:
          if (pos === 'predicate') throw misplacedTerm('blank node', pos, name);
          if (blankGraph[i] !== g) {
            blankGraph[i] = g;
            blankLabel[i] = '_:b' + (blanks++).toString(36);
          }
          return blankLabel[i];
        case LITERAL:
          if (pos !== 'object') throw misplacedTerm('literal', pos, name);
          return lexical(i);
        case LANG_LITERAL: {
          if (pos !== 'object') throw misplacedTerm('literal', pos, name);
          const tag = codes[k++];
          return lexical(i) + '@' + language(tag);
        }
        case TYPED_LITERAL: {
          if (pos !== 'object') throw misplacedTerm('literal', pos, name);
          const datatype = codes[k++];
          if (plain && !datatypeSeen[datatype]) {
            datatypeSeen[datatype] = 1;
            if (!isPlainDatatype(strings[datatype])) plain = false;
          }
          return lexical(i) + '^^' + iri(datatype);
        }
        default:
          throw misplacedTerm('default graph', pos, name);
      }
    };
    for (let q = counts[g]; q > 0; q--) {
      lines.push(term('subject') + ' ' + term('predicate') + ' ' + term('object') + suffix);
    }
    return lines.join('');
  };
  return { text, plain: () => plain };
}
