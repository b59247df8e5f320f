/**
 * The precheck against the library on real documents: it must answer "conforms" exactly when
 * rdf-validate-shacl reports nothing, for
 * (a) every document of the corpus (la-examples, lav-tests) and of the demo collection, and
 * (b) mutants of the conforming ones: each quad removed; a literal turned into an IRI, into
 *     another lexical form, into a number below every bound; a reference turned into a literal;
 *     each rdf:type changed; a second value added to each (subject, predicate), of any kind or
 *     like the first (a copy of the node's statements, another number); an unknown and a
 *     forbidden property added to each node; the classifications that switch conditional rules
 *     on. Many of them break a rule (the test says how many must), of every constraint kind the
 *     shapes use.
 * A "conforms" the library contradicts would let a breach through: none is allowed. A "does
 * not conform" the library contradicts only costs time: at most 1 in 100. And the report the
 * validator writes with the precheck is the library's own, result for result, in the same
 * order, both ways it may write it: built by the compiled report (ShapeReporter, which must
 * write every report the precheck is sure of), and by the library run on the failing pairs.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { Parser } from 'n3';
import type { Quad, Quad_Object } from '@rdfjs/types';
import { ingestDocument } from '../../../../src/ingest/ingestDocument.js';
import { df, RDF_TYPE, XSD } from '../../../../src/rdf/terms.js';
import { ShaclValidator, SHAPE_PREFIX, SHAPES_DIR, type ShapeResult } from '../../../../src/validate/ShaclValidator.js';
import { termKey } from '../../../../src/validate/compiled/termKey.js';
import { CORPUS_DIR, DEMO_DIR, FIXTURES, LAV_TESTS_DIR, readDocuments } from '../../../support/corpus.js';
import { readdirSync } from 'node:fs';

const SH = 'http://www.w3.org/ns/shacl#';
const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const AAT = 'http://vocab.getty.edu/aat/';
const EX = 'https://example.org/mutant/';

interface Doc {
  name: string;
  id: string;
  quads: Quad[];
}

const DIRS = [CORPUS_DIR, DEMO_DIR, ...['valid', 'invalid', 'warning'].map((d) => `${LAV_TESTS_DIR}${d}/`)];

function corpus(): { docs: Doc[]; refused: number } {
  const docs: Doc[] = [];
  let refused = 0;
  for (const dir of DIRS) {
    for (const { file, json } of readDocuments(dir)) {
      try {
        const ingested = ingestDocument(json, file);
        docs.push({ name: `${dir.replace(FIXTURES, '')}${file}`, id: ingested.id, quads: ingested.quads });
      } catch {
        refused++;
      }
    }
  }
  return { docs, refused };
}

/** The shapes' files, read for the classes they name and the constraint kinds of each shape. */
function shapesVocabulary(): { classes: string[]; kinds: Map<string, Set<string>> } {
  const quads = readdirSync(SHAPES_DIR)
    .filter((f) => f.endsWith('.ttl'))
    .flatMap((f) => new Parser().parse(readFileSync(SHAPES_DIR + f, 'utf8')));
  const classes = new Set<string>();
  const kinds = new Map<string, Set<string>>();
  for (const q of quads) {
    if ([`${SH}class`, `${SH}targetClass`].includes(q.predicate.value)) classes.add(q.object.value);
    if (q.predicate.value.startsWith(SH) && q.subject.termType === 'NamedNode') {
      const set = kinds.get(q.subject.value) ?? new Set();
      set.add(q.predicate.value.slice(SH.length));
      kinds.set(q.subject.value, set);
    }
  }
  return { classes: [...classes].sort(), kinds };
}

const FORBIDDEN = [
  'P14_carried_out_by',
  'P9_consists_of',
  'P112_diminished',
  'P15_was_influenced_by',
  'P16_used_specific_object',
  'P138i_has_representation',
  'P72_has_language',
  'P129i_is_subject_of',
].map((p) => df.namedNode(CRM + p));
const GRAFTS: Array<[string, string]> = [
  ['P108i_was_produced_by', `${CRM}E12_Production`],
  ['P13i_was_destroyed_by', `${CRM}E6_Destruction`],
  ['P16i_was_used_for', `${CRM}E7_Activity`],
  ['P14i_performed', `${CRM}E5_Event`],
];
const ROOT_KINDS = [`${CRM}E5_Event`, `${CRM}E4_Period`];
const NUMERIC = new Set(['integer', 'decimal', 'double', 'float'].map((t) => XSD + t));

/** Each mutant of a document, named by what was done. */
function* mutants(doc: Doc, classes: string[]): Generator<[string, Quad[]]> {
  const q = doc.quads;
  const replaced = (i: number, object: Quad_Object): Quad[] =>
    q.map((x, j) => (j === i ? df.quad(x.subject, x.predicate, object, x.graph) : x));
  const added = (...extra: Quad[]): Quad[] => [...q, ...extra];
  const graph = q[0].graph;
  for (let i = 0; i < q.length; i++) {
    const { predicate, object } = q[i];
    yield [`remove ${i}`, q.filter((_, j) => j !== i)];
    if (object.termType === 'Literal') {
      yield [`literal ${i} to IRI`, replaced(i, df.namedNode(`${EX}iri`))];
      yield [`literal ${i} to "x"`, replaced(i, df.literal('x', object.language || object.datatype))];
      if (NUMERIC.has(object.datatype.value))
        yield [`literal ${i} to -1e309`, replaced(i, df.literal('-1e309', df.namedNode(`${XSD}double`)))];
      if (/^\d{4}-\d\d-\d\dT/.test(object.value))
        yield [`literal ${i} to a bare date`, replaced(i, df.literal(object.value.slice(0, 10), object.datatype))];
    } else if (predicate.value === RDF_TYPE) {
      yield [`type ${i} rotated`, replaced(i, df.namedNode(classes[i % classes.length]))];
      yield [`type ${i} unknown`, replaced(i, df.namedNode(`${EX}Class`))];
    } else {
      yield [`object ${i} to literal`, replaced(i, df.literal('x'))];
      if (object.termType === 'NamedNode') yield [`object ${i} to blank node`, replaced(i, df.blankNode('mutant'))];
    }
  }
  const pairs = new Map<string, Quad>();
  for (const x of q) pairs.set(`${x.subject.termType}${x.subject.value} ${x.predicate.value}`, x);
  for (const [key, x] of pairs) {
    yield [`second value of ${key}`, added(df.quad(x.subject, x.predicate, df.namedNode(`${EX}extra`), graph))];
    // A second value like the first (a copy of its statements, or another number or string),
    // which breaks nothing but a maximum count.
    const o = x.object;
    if (o.termType === 'Literal') {
      const other = NUMERIC.has(o.datatype.value)
        ? df.literal('7', o.datatype)
        : df.literal(`${o.value} (2)`, o.language || o.datatype);
      yield [`second literal of ${key}`, added(df.quad(x.subject, x.predicate, other, graph))];
    } else {
      const twin = o.termType === 'NamedNode' ? df.namedNode(`${o.value}/twin`) : df.blankNode(`${o.value}_twin`);
      const copies = q.filter((y) => y.subject.equals(o)).map((y) => df.quad(twin, y.predicate, y.object, graph));
      yield [`second node of ${key}`, added(df.quad(x.subject, x.predicate, twin, graph), ...copies)];
    }
  }
  const subjects = [...new Map(q.map((x) => [`${x.subject.termType}${x.subject.value}`, x.subject])).values()];
  for (let i = 0; i < subjects.length; i++) {
    const s = subjects[i];
    yield [`unknown property on ${s.value}`, added(df.quad(s, df.namedNode(`${EX}property`), df.literal('x'), graph))];
    for (const forbidden of FORBIDDEN) {
      yield [`${forbidden.value} on ${s.value}`, added(df.quad(s, forbidden, df.namedNode(`${EX}thing`), graph))];
    }
    // On a physical object, an event grafted on by each link whose event shape (reached by
    // sh:node) forbids some properties, with each of those.
    if (
      q.some(
        (x) =>
          x.subject.equals(s) && x.predicate.value === RDF_TYPE && x.object.value === `${CRM}E22_Human-Made_Object`,
      )
    ) {
      for (const [link, cls] of GRAFTS) {
        for (const forbidden of FORBIDDEN.slice(0, 3)) {
          const event = df.blankNode(`graft${i}`);
          yield [
            `${link} event with ${forbidden.value} on ${s.value}`,
            added(
              df.quad(s, df.namedNode(CRM + link), event, graph),
              df.quad(event, df.namedNode(RDF_TYPE), df.namedNode(cls), graph),
              df.quad(event, forbidden, df.namedNode(`${EX}thing`), graph),
            ),
          ];
        }
      }
    }
    // The root given the class of a kind whose table forbids some properties (the kind rules
    // hold of the document only), with each of those.
    if (s.value === doc.id) {
      const kind = q.findIndex((x) => x.subject.equals(s) && x.predicate.value === RDF_TYPE);
      for (const cls of ROOT_KINDS) {
        for (const forbidden of FORBIDDEN.slice(0, 5)) {
          yield [
            `root as ${cls} with ${forbidden.value}`,
            [...replaced(kind, df.namedNode(cls)), df.quad(s, forbidden, df.namedNode(`${EX}thing`), graph)],
          ];
        }
      }
    }
    for (const aat of ['300055863', '300435599']) {
      yield [
        `classified ${aat} on ${s.value}`,
        added(df.quad(s, df.namedNode(`${CRM}P2_has_type`), df.namedNode(AAT + aat), graph)),
      ];
    }
  }
}

/** One result as a line: everything a Problem is made of. */
function resultText(r: ShapeResult): string {
  return [
    r.severity,
    r.shape.replace(SHAPE_PREFIX, ''),
    termKey(r.focusNode),
    r.path ?? '',
    r.value ? termKey(r.value) : '',
    r.message,
  ].join(' | ');
}

describe('SHACL precheck: the same verdict as rdf-validate-shacl', function () {
  this.timeout(300_000);
  const library = ShaclValidator.load(undefined, { precheck: false });
  /** With the precheck, the report built by the compiled report. */
  const compiled = ShaclValidator.load();
  /** With the precheck, the report written by the library on the failing pairs alone. */
  const pairs = ShaclValidator.load(undefined, { compiledReport: false });
  const precheck = compiled.precheck!;
  /** Where the reports of the validators with the precheck differ from the library's. */
  const reportDiffers = (name: string, id: string, quads: Quad[], expected: ShapeResult[]): string[] => {
    const theirs = JSON.stringify(expected.map(resultText));
    const differences: string[] = [];
    for (const [how, validator] of [
      ['compiled report', compiled],
      ['library on the failing pairs', pairs],
    ] as const) {
      const ours = JSON.stringify(validator.validate(id, quads).map(resultText));
      if (ours !== theirs) differences.push(`${name}: library ${theirs}, ${how} ${ours}`);
    }
    return differences;
  };
  /** Every report the precheck is sure of is the compiled report's; returns how many there were. */
  const expectAllCompiled = (): number => {
    expect(compiled.counts.libraryPairs, 'reports left to the library on the failing pairs').to.equal(0);
    expect(pairs.counts.compiled, 'compiled reports with the compiled report off').to.equal(0);
    return compiled.counts.compiled;
  };
  const { docs, refused } = corpus();

  it("compiles the project's shapes (nothing in them is left to the library alone)", () => {
    expect(precheck.unsupported).to.equal(undefined);
  });

  it('(a) on every document of the corpus and the demo', () => {
    expect(refused, 'documents ingest refuses').to.be.at.most(3);
    expect(docs.length).to.equal(155 + 29 + 28);
    const wrong: string[] = [];
    let conforming = 0;
    const reports: string[] = [];
    for (const doc of docs) {
      const results = library.validate(doc.id, doc.quads);
      const libraryConforms = results.length === 0;
      if (libraryConforms) conforming++;
      if (precheck.conforms(doc.id, doc.quads) !== libraryConforms)
        wrong.push(`${doc.name}: library ${libraryConforms}`);
      reports.push(...reportDiffers(doc.name, doc.id, doc.quads, results));
    }
    expect(wrong).to.deep.equal([]);
    expect(reports, 'reports that differ').to.deep.equal([]);
    expect(conforming).to.be.greaterThan(20);
    expect(expectAllCompiled(), 'reports the compiled report wrote').to.equal(docs.length - conforming);
  });

  it('(b) on mutants of the conforming documents, breaking every kind of constraint', () => {
    const { classes, kinds } = shapesVocabulary();
    const conforming = docs.filter((d) => library.validate(d.id, d.quads).length === 0);
    const before = { ...compiled.counts };
    const pairsBefore = pairs.counts.libraryPairs;
    let cases = 0;
    let broken = 0;
    const falseConforms: string[] = [];
    const doubts: string[] = [];
    const reports: string[] = [];
    const reported = new Set<string>();
    for (const doc of conforming) {
      for (const [what, quads] of mutants(doc, classes)) {
        cases++;
        const results = library.validate(doc.id, quads);
        const verdict = precheck.conforms(doc.id, quads);
        if (results.length > 0) broken++;
        for (const r of results) reported.add(r.shape);
        if (verdict && results.length > 0)
          falseConforms.push(
            `${doc.name}, ${what}: ${results.map((r) => r.shape.replace(SHAPE_PREFIX, '')).join(', ')}`,
          );
        if (!verdict && results.length === 0) doubts.push(`${doc.name}, ${what}`);
        reports.push(...reportDiffers(`${doc.name}, ${what}`, doc.id, quads, results));
      }
    }
    console.log(
      `      ${conforming.length} documents, ${cases} mutants, ${broken} the library flags, ${falseConforms.length} false "conforms", ${doubts.length} false "does not conform", ${reports.length} reports that differ`,
    );
    expect(falseConforms).to.deep.equal([]);
    expect(reports.slice(0, 5), `${reports.length} reports that differ`).to.deep.equal([]);
    expect(doubts.length, doubts.slice(0, 20).join('\n')).to.be.at.most(cases / 100);
    expect(broken, 'mutants the library flags').to.be.greaterThan(cases / 4);
    const written = expectAllCompiled() - before.compiled;
    console.log(
      `      reports: ${written} written by the compiled report (${pairs.counts.libraryPairs - pairsBefore} by the library on the failing pairs), ${compiled.counts.libraryAll - before.libraryAll} left whole to the library (data the precheck does not judge)`,
    );
    expect(written, 'reports the compiled report wrote').to.be.greaterThan(broken * 0.9);

    // Every kind of leaf constraint the shapes use is broken by some mutant (sh:or, sh:node and
    // sh:not are reported through the shapes they lead to, which are among these).
    const broke = new Set<string>();
    for (const shape of reported) for (const k of kinds.get(shape) ?? []) broke.add(k);
    const kindsUnbroken = [
      'class',
      'minCount',
      'maxCount',
      'pattern',
      'in',
      'nodeKind',
      'hasValue',
      'minInclusive',
      'closed',
    ].filter((k) => !broke.has(k));
    expect(kindsUnbroken, 'constraint kinds no mutant breaks').to.deep.equal([]);
    // ... including rules reached only through sh:node, sh:or and sh:not.
    const nested = [
      'ConceptCreation',
      'ObjectEventCarriedOutBy',
      'ProductionDiminished',
      'StatementContent',
      'EventCarriedOutBy',
      'ProvenancePart',
      'PromiseClassification',
    ];
    expect(
      nested.filter((shape) => !reported.has(SHAPE_PREFIX + shape)),
      'nested rules no mutant breaks',
    ).to.deep.equal([]);
  });
});
