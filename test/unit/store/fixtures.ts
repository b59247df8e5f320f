/** Shared by the store tests and the crash-writer child process. */
import { createRequire } from 'node:module';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writer } from 'n3';
import type { Quad_Object, Quad_Subject } from '@rdfjs/types';
import { df, XSD, type Quad } from '../../../src/rdf/terms.js';

const require = createRequire(import.meta.url);
const rdfCanonize = require('rdf-canonize') as {
  canonize(input: string, options: { algorithm: string; inputFormat: string; format: string }): Promise<string>;
};

export const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
export const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
export const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';

export function docGraph(i: number): string {
  return `https://example.org/object/${i}`;
}
export function hintGraph(i: number): string {
  return `https://example.org/hint/${i}`;
}

const n = (v: string) => df.namedNode(v);

/**
 * A small Linked Art-like document (graph `docGraph(i)`, ~20 quads, 3 blank nodes whose labels
 * repeat in every document, as jsonld produces them) and its shape hint graph (one long literal).
 * `version` changes the content so replacements can be told apart. Lexical forms are canonical
 * (Oxigraph normalizes typed literals and language tags, see the normalization test).
 */
export function documentGraphs(i: number, version = 1, hintChars = 600): Map<string, Quad[]> {
  const s = n(docGraph(i));
  const b0 = df.blankNode('b0');
  const b1 = df.blankNode('b1');
  const b2 = df.blankNode('b2');
  const t = (sub: Quad_Subject, p: string, o: Quad_Object) => df.quad(sub, n(p), o);
  const doc = [
    t(s, RDF_TYPE, n(CRM + 'E22_Human-Made_Object')),
    t(s, RDFS_LABEL, df.literal(`Object ${i} v${version}`)),
    t(s, CRM + 'P2_has_type', n('http://vocab.getty.edu/aat/300033618')),
    t(s, CRM + 'P1_is_identified_by', b0),
    t(b0, RDF_TYPE, n(CRM + 'E33_E41_Linguistic_Appellation')),
    t(b0, CRM + 'P190_has_symbolic_content', df.literal(`Gemälde „${i}“ "quoted" \\ back\nslash\ttab 😀`, 'de')),
    t(b0, CRM + 'P2_has_type', n('http://vocab.getty.edu/aat/300404670')),
    t(s, CRM + 'P1_is_identified_by', b1),
    t(b1, RDF_TYPE, n(CRM + 'E42_Identifier')),
    t(b1, CRM + 'P190_has_symbolic_content', df.literal(`ACC-${i}-${version}`)),
    t(s, CRM + 'P108i_was_produced_by', b2),
    t(b2, RDF_TYPE, n(CRM + 'E12_Production')),
    t(b2, CRM + 'P82a_begin_of_the_begin', df.literal('1650-01-01T00:00:00Z', n(XSD + 'dateTime'))),
    t(b2, CRM + 'P82b_end_of_the_end', df.literal('1660-12-31T23:59:59Z', n(XSD + 'dateTime'))),
    t(b2, CRM + 'P14_carried_out_by', n(`https://example.org/person/${i % 97}`)),
    t(s, CRM + 'P43_has_dimension', df.literal(String(i * 3 + version), n(XSD + 'integer'))),
    t(s, CRM + 'P3_has_note', df.literal(`note for ${i}`, 'en')),
    t(s, CRM + 'P52_has_current_owner', n(`https://example.org/group/${i % 13}`)),
    t(s, CRM + 'P45_consists_of', n('https://example.org/matière/ölfarbe')),
    t(s, 'https://example.org/ns#rank', df.literal('2.5', n(XSD + 'decimal'))),
  ];
  const hint = [t(s, 'https://example.org/ns#shapeHint', df.literal(`hint ${i} v${version} ` + 'x'.repeat(hintChars)))];
  return new Map([
    [docGraph(i), doc],
    [hintGraph(i), hint],
  ]);
}

/** Places quads in a graph (the store ignores the graph term of written quads). */
export function inGraph(name: string, quads: readonly Quad[]): Quad[] {
  const g = n(name);
  return quads.map((q) => df.quad(q.subject, q.predicate, q.object, g));
}

/** All graphs of a map as quads carrying their graph, blank nodes kept apart per graph. */
export function flatten(graphs: ReadonlyMap<string, readonly Quad[]>): Quad[] {
  const out: Quad[] = [];
  let k = 0;
  for (const [name, quads] of graphs) {
    const g = n(name);
    const prefix = `g${k++}_`;
    const bn = (t: Quad['subject'] | Quad['object']) =>
      t.termType === 'BlankNode' ? df.blankNode(prefix + t.value) : t;
    for (const q of quads) out.push(df.quad(bn(q.subject) as Quad_Subject, q.predicate, bn(q.object), g));
  }
  return out;
}

/** RDFC-1.0 canonical N-Quads of a dataset: equal strings = isomorphic datasets. */
export async function canonical(quads: readonly Quad[]): Promise<string> {
  const text = new Writer({ format: 'N-Quads' }).quadsToString([...quads]);
  return rdfCanonize.canonize(text, {
    algorithm: 'RDFC-1.0',
    inputFormat: 'application/n-quads',
    format: 'application/n-quads',
  });
}

export async function tempDir(prefix = 'embedded-store-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}
