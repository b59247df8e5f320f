import { expect } from 'chai';
import { Parser } from 'n3';
import { ingestDocument, type IngestedDocument } from '../../../src/ingest/ingestDocument.js';
import { splitTriples, type SplitResult } from '../../../src/load/splitTriples.js';
import { df, type Quad, type Term } from '../../../src/rdf/terms.js';
import { DEMO_DIR, readDocuments } from '../../support/corpus.js';
import { canonical, toNTriples } from '../../support/rdf.js';
import { seededRandom } from '../../support/random.js';

const BASE = 'http://localhost:8080/';
const PREFIXES = `
@prefix crm: <http://www.cidoc-crm.org/cidoc-crm/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix aat: <http://vocab.getty.edu/aat/> .
@prefix ex: <http://localhost:8080/> .
@prefix other: <https://other.example.org/> .
@prefix la: <https://linked.art/ns/terms/> .
`;

function parse(turtle: string): Quad[] {
  return new Parser({ blankNodePrefix: '' }).parse(PREFIXES + turtle);
}

/** The triples as sorted N-Triples lines (for ground comparisons and readable failures). */
function lines(quads: readonly Quad[]): string[] {
  return toNTriples(quads)
    .split('\n')
    .filter((l) => l !== '')
    .sort();
}

function doc(result: SplitResult, id: string): string[] {
  const found = result.documents.find((d) => d.id === BASE + id || d.id === id);
  expect(found, `document ${id}`).to.not.equal(undefined);
  return lines(found!.quads);
}

/** Deterministic shuffle (mulberry32), so a failure reproduces. */
function shuffle<T>(items: T[], seed: number): T[] {
  const random = seededRandom(seed);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** The quads with every blank node prefixed and IRIs under the base moved (for copies of the demo). */
function renamed(quads: readonly Quad[], blankPrefix: string, base = BASE): Quad[] {
  const term = <T extends Term>(t: T): T => {
    if (t.termType === 'BlankNode') return df.blankNode(blankPrefix + t.value) as unknown as T;
    if (base !== BASE && t.termType === 'NamedNode' && t.value.startsWith(BASE))
      return df.namedNode(base + t.value.slice(BASE.length)) as unknown as T;
    return t;
  };
  return quads.map((q) => df.quad(term(q.subject), q.predicate, term(q.object)));
}

describe('load: splitting graph-less triples into documents', () => {
  describe('the 29 demo documents, merged into one graph-less set and shuffled', () => {
    let demo: IngestedDocument[];
    let merged: Quad[];
    let result: SplitResult;
    before(() => {
      demo = readDocuments(DEMO_DIR).map(({ json, file }) => ingestDocument(json, file));
      const all = demo.flatMap((d, n) => renamed(d.quads, `doc${n}_`));
      const seen = new Set<string>();
      merged = all.filter((q) => {
        const key = toNTriples([q]);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      // A few duplicates on top (a dump may repeat a triple): they count once.
      result = splitTriples(shuffle([...merged, ...merged.slice(0, 50)], 20250101), { baseUrl: BASE });
    });

    it('finds exactly the 29 demo ids, and nothing is left over', () => {
      expect(demo).to.have.length(29);
      expect(result.documents.map((d) => d.id)).to.deep.equal(demo.map((d) => d.id).sort());
      expect(toNTriples(result.leftovers)).to.equal('');
    });

    it('notes the two access points typed DigitalObject under the base as references, not documents', () => {
      const stubs = result.notes
        .filter((n) => n.includes('carries only its type and label'))
        .map((n) => /<([^>]+)>/.exec(n)![1])
        .sort();
      expect(stubs).to.deep.equal([
        'http://localhost:8080/media/harbour-at-dusk-entry.html',
        'http://localhost:8080/media/harbour.png',
      ]);
      expect(result.notes).to.have.length(2);
    });

    /**
     * Where the merged set says more about a referenced entity than a document wrote, the
     * split document has it too. In the demo one such triple: object/harbour-at-dusk gives
     * aat:300033618 (paintings) its own classified_as (aat:300435443), and concept/marine-painting
     * references aat:300033618 too, so it gets that classified_as. (All labels agree across
     * documents, so no other differences.)
     */
    const EXTRA: Readonly<Record<string, readonly string[]>> = {
      'http://localhost:8080/concept/marine-painting': [
        '<http://vocab.getty.edu/aat/300033618> <http://www.cidoc-crm.org/cidoc-crm/P2_has_type> <http://vocab.getty.edu/aat/300435443> .',
      ],
    };

    /**
     * What a document says of another document's entity beyond its type and label goes, in a
     * graph-less set, to that entity's document only (the split's rule for references): the
     * painting and its visual item each give the digital image its format and access point (so
     * that their pages show the picture), which the digital image's own document says too.
     */
    const DIGITAL_IMAGE = [
      '<http://localhost:8080/digital/harbour-at-dusk-image> <http://purl.org/dc/elements/1.1/format> "image/png" .',
      '<http://localhost:8080/digital/harbour-at-dusk-image> <https://linked.art/ns/terms/access_point> <http://localhost:8080/media/harbour.png> .',
      '<http://localhost:8080/media/harbour.png> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.ics.forth.gr/isl/CRMdig/D1_Digital_Object> .',
    ];
    const MISSING: Readonly<Record<string, readonly string[]>> = {
      'http://localhost:8080/object/harbour-at-dusk': [
        ...DIGITAL_IMAGE,
        '<http://localhost:8080/digital/harbour-at-dusk-image> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.ics.forth.gr/isl/CRMdig/D1_Digital_Object> .',
        '<http://localhost:8080/digital/harbour-at-dusk-image> <http://www.w3.org/2000/01/rdf-schema#label> "Digital image of Harbour at Dusk" .',
        '<http://localhost:8080/visual/harbour-at-dusk> <https://linked.art/ns/terms/digitally_shown_by> <http://localhost:8080/digital/harbour-at-dusk-image> .',
      ],
      'http://localhost:8080/visual/harbour-at-dusk': DIGITAL_IMAGE,
    };

    it('gives each document its own triples: isomorphic, except the known extras and missing', async () => {
      const differences: string[] = [];
      for (const [n, own] of demo.entries()) {
        const split = result.documents.find((d) => d.id === own.id)!;
        const extra = EXTRA[own.id] ?? [];
        const missing = MISSING[own.id] ?? [];
        const ownText = toNTriples(renamed(own.quads, `doc${n}_`))
          .split('\n')
          .filter((l) => l !== '' && !missing.includes(l))
          .map((l) => l + '\n')
          .join('');
        const splitText = toNTriples(split.quads)
          .split('\n')
          .filter((l) => l !== '' && !extra.includes(l))
          .map((l) => l + '\n')
          .join('');
        expect(split.quads.length, own.id).to.equal(own.quads.length + extra.length - missing.length);
        if ((await canonical(splitText)) !== (await canonical(ownText))) differences.push(own.id);
      }
      expect(differences).to.deep.equal([]);
    });

    it('keeps exactly the expected extras and missing (the merged set differs from a document only there)', () => {
      for (const [n, own] of demo.entries()) {
        const split = new Set(lines(result.documents.find((d) => d.id === own.id)!.quads));
        // Ground triples only: blank node labels are compared by the canonical test above.
        const ownGround = lines(renamed(own.quads, `doc${n}_`)).filter((l) => !l.includes('_:'));
        expect(ownGround.filter((l) => !split.has(l)).sort(), `missing from ${own.id}`).to.deep.equal(
          [...(MISSING[own.id] ?? [])].sort(),
        );
        const splitGround = [...split].filter((l) => !l.includes('_:'));
        const ownSet = new Set(ownGround);
        expect(
          splitGround.filter((l) => !ownSet.has(l)),
          `extra in ${own.id}`,
        ).to.deep.equal([...(EXTRA[own.id] ?? [])]);
      }
    });

    it("puts every quad in the default graph and the root's own triples first", () => {
      for (const d of result.documents) {
        expect(d.quads.every((q) => q.graph.termType === 'DefaultGraph')).to.equal(true);
        const firstOther = d.quads.findIndex((q) => q.subject.value !== d.id);
        const lastRoot = d.quads.map((q) => q.subject.value).lastIndexOf(d.id);
        expect(lastRoot, d.id).to.be.lessThan(firstOther === -1 ? Infinity : firstOther);
      }
    });

    it('gives the same documents whatever the input order', () => {
      const again = splitTriples(shuffle([...merged], 7), { baseUrl: BASE });
      expect(again.documents.map((d) => [d.id, lines(d.quads)])).to.deep.equal(
        result.documents.map((d) => [d.id, lines(d.quads)]),
      );
    });

    // (Its speed is the load benchmark's to measure, not a timed test's: npm run bench:load.)
    it('splits 100 renamed copies of the demo (100k+ triples) into 2,900 documents, nothing left over', () => {
      const copies: Quad[] = [];
      for (let c = 0; c < 100; c++) {
        copies.push(...renamed(merged, `c${c}_`, `${BASE}c${c}/`));
      }
      expect(copies.length).to.be.greaterThan(100_000);
      const big = splitTriples(copies, { baseUrl: BASE });
      expect(big.documents).to.have.length(2_900);
      expect(big.leftovers).to.have.length(0);
    });
  });

  describe('the rules, one case each', () => {
    it('embeds a Production with a # IRI and its blank time-span in the object', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; rdfs:label "Jug" ; crm:P108i_was_produced_by <http://localhost:8080/object/1#production> .
        <http://localhost:8080/object/1#production> a crm:E12_Production ; crm:P4_has_time-span _:ts .
        _:ts a crm:E52_Time-Span ; crm:P82a_begin_of_the_begin "1850-01-01T00:00:00Z" .
      `),
        { baseUrl: BASE },
      );
      expect(r.documents.map((d) => d.id)).to.deep.equal([BASE + 'object/1']);
      expect(doc(r, 'object/1')).to.have.length(7);
      expect(r.leftovers).to.deep.equal([]);
    });

    it('gives a reference to another root only its type and label', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; crm:P108i_was_produced_by _:p .
        _:p a crm:E12_Production ; crm:P14_carried_out_by ex:person\\/1 .
        ex:person\\/1 a crm:E21_Person ; rdfs:label "Edith" ; crm:P1_is_identified_by _:name .
        _:name a crm:E33_E41_Linguistic_Appellation ; crm:P190_has_symbolic_content "Edith Marrow" .
      `),
        { baseUrl: BASE },
      );
      expect(r.documents.map((d) => d.id)).to.deep.equal([BASE + 'object/1', BASE + 'person/1']);
      const object = doc(r, 'object/1');
      expect(object.filter((l) => l.startsWith('<http://localhost:8080/person/1>'))).to.deep.equal([
        '<http://localhost:8080/person/1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.cidoc-crm.org/cidoc-crm/E21_Person> .',
        '<http://localhost:8080/person/1> <http://www.w3.org/2000/01/rdf-schema#label> "Edith" .',
      ]);
      expect(object.some((l) => l.includes('Edith Marrow'))).to.equal(false);
      expect(doc(r, 'person/1')).to.have.length(5);
      expect(r.leftovers).to.deep.equal([]);
    });

    it('makes a top-level-typed IRI outside the base a reference, and leaves its other triples over', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; crm:P2_has_type aat:300033618 .
        aat:300033618 a crm:E55_Type ; rdfs:label "paintings" ; crm:P127_has_broader_term aat:300033000 .
        other:person\\/9 a crm:E21_Person ; rdfs:label "Nobody refers to me" .
      `),
        { baseUrl: BASE },
      );
      expect(r.documents.map((d) => d.id)).to.deep.equal([BASE + 'object/1']);
      expect(doc(r, 'object/1')).to.have.length(4);
      expect(lines(r.leftovers)).to.deep.equal([
        '<http://vocab.getty.edu/aat/300033618> <http://www.cidoc-crm.org/cidoc-crm/P127_has_broader_term> <http://vocab.getty.edu/aat/300033000> .',
        '<https://other.example.org/person/9> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.cidoc-crm.org/cidoc-crm/E21_Person> .',
        '<https://other.example.org/person/9> <http://www.w3.org/2000/01/rdf-schema#label> "Nobody refers to me" .',
      ]);
    });

    it('carries the classified_as of an external Type (the meta-type), but not of a root concept', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; crm:P67i_is_referred_to_by _:s ; crm:P2_has_type ex:concept\\/coble .
        _:s a crm:E33_Linguistic_Object ; crm:P2_has_type aat:300411780 .
        aat:300411780 a crm:E55_Type ; rdfs:label "Description" ; crm:P2_has_type aat:300418049 .
        aat:300418049 a crm:E55_Type ; rdfs:label "Brief Text" .
        ex:concept\\/coble a crm:E55_Type ; rdfs:label "coble" ; crm:P2_has_type aat:300418049 ; crm:P1_is_identified_by _:n .
        _:n a crm:E33_E41_Linguistic_Appellation ; crm:P190_has_symbolic_content "Coble" .
      `),
        { baseUrl: BASE },
      );
      const object = doc(r, 'object/1');
      expect(object).to.include(
        '<http://vocab.getty.edu/aat/300411780> <http://www.cidoc-crm.org/cidoc-crm/P2_has_type> <http://vocab.getty.edu/aat/300418049> .',
      );
      expect(object).to.include(
        '<http://vocab.getty.edu/aat/300418049> <http://www.w3.org/2000/01/rdf-schema#label> "Brief Text" .',
      );
      expect(object).to.not.include(
        '<http://localhost:8080/concept/coble> <http://www.cidoc-crm.org/cidoc-crm/P2_has_type> <http://vocab.getty.edu/aat/300418049> .',
      );
      expect(object).to.have.length(12);
      expect(r.leftovers).to.deep.equal([]);
    });

    it('leaves over an untyped subject nobody reaches', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; rdfs:label "Jug" .
        ex:orphan rdfs:label "orphan" ; crm:P2_has_type aat:1 .
        _:lost crm:P190_has_symbolic_content "lost" .
      `),
        { baseUrl: BASE },
      );
      expect(r.documents.map((d) => d.id)).to.deep.equal([BASE + 'object/1']);
      expect(r.leftovers).to.have.length(3);
    });

    it('stops on a cycle between blank nodes (and back to the root)', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; crm:P46_is_composed_of _:a .
        _:a crm:P46_is_composed_of _:b .
        _:b crm:P46_is_composed_of _:a ; crm:P46i_forms_part_of ex:object\\/1 .
      `),
        { baseUrl: BASE },
      );
      expect(doc(r, 'object/1')).to.have.length(5);
      expect(r.leftovers).to.deep.equal([]);
    });

    it('without a base URL, makes every top-level-typed IRI subject a document', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; crm:P2_has_type aat:300033618 .
        aat:300033618 a crm:E55_Type ; rdfs:label "paintings" ; crm:P127_has_broader_term aat:300033000 .
        other:person\\/9 a crm:E21_Person .
        other:place\\/9 a crm:E53_Place ; rdfs:label "Whitby" .
        _:blank a crm:E21_Person .
      `),
        {},
      );
      expect(r.documents.map((d) => d.id)).to.deep.equal([
        BASE + 'object/1',
        'http://vocab.getty.edu/aat/300033618',
        'https://other.example.org/person/9',
        'https://other.example.org/place/9',
      ]);
      expect(doc(r, 'object/1')).to.have.length(4);
      expect(doc(r, 'http://vocab.getty.edu/aat/300033618')).to.have.length(3);
      expect(lines(r.leftovers)).to.deep.equal([
        '_:blank <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.cidoc-crm.org/cidoc-crm/E21_Person> .',
      ]);
    });

    it('copies a blank node two roots reach into both, and notes it', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; crm:P1_is_identified_by _:shared .
        ex:object\\/2 a crm:E22_Human-Made_Object ; crm:P1_is_identified_by _:shared .
        _:shared a crm:E42_Identifier ; crm:P190_has_symbolic_content "WHM-1" .
      `),
        { baseUrl: BASE },
      );
      expect(doc(r, 'object/1')).to.include(
        '_:shared <http://www.cidoc-crm.org/cidoc-crm/P190_has_symbolic_content> "WHM-1" .',
      );
      expect(doc(r, 'object/2')).to.include(
        '_:shared <http://www.cidoc-crm.org/cidoc-crm/P190_has_symbolic_content> "WHM-1" .',
      );
      expect(r.notes).to.deep.equal([
        'the blank node _:shared is reachable from 2 documents (<http://localhost:8080/object/1>, <http://localhost:8080/object/2>): copied into each',
      ]);
    });

    it('counts a repeated triple once, and puts every quad in the default graph', () => {
      const [q] = parse('ex:object\\/1 a crm:E22_Human-Made_Object .');
      const inGraph = df.quad(q.subject, q.predicate, q.object, df.namedNode('urn:g'));
      const r = splitTriples([q, inGraph, q], { baseUrl: BASE });
      expect(r.documents).to.have.length(1);
      expect(r.documents[0].quads).to.have.length(1);
      expect(r.documents[0].quads[0].graph.termType).to.equal('DefaultGraph');
    });

    it('keeps a referenced type-and-label-only IRI under the base as a reference; unreferenced, it is a document', () => {
      const r = splitTriples(
        parse(`
        ex:digital\\/1 a <http://www.ics.forth.gr/isl/CRMdig/D1_Digital_Object> ; la:access_point ex:media\\/1.jpg .
        ex:media\\/1.jpg a <http://www.ics.forth.gr/isl/CRMdig/D1_Digital_Object> .
        ex:concept\\/alone a crm:E55_Type ; rdfs:label "alone" .
      `),
        { baseUrl: BASE },
      );
      expect(r.documents.map((d) => d.id)).to.deep.equal([BASE + 'concept/alone', BASE + 'digital/1']);
      expect(doc(r, 'digital/1')).to.have.length(3);
      expect(r.notes).to.have.length(1);
      expect(r.notes[0]).to.match(/^<http:\/\/localhost:8080\/media\/1\.jpg> .*kept as a reference, not a document$/);
    });

    it('embeds a top-level-typed # IRI in the document before the #, and references it elsewhere', () => {
      const r = splitTriples(
        parse(`
        ex:provenance\\/1 a crm:E7_Activity ; crm:P9_consists_of <http://localhost:8080/provenance/1#part> .
        <http://localhost:8080/provenance/1#part> a crm:E7_Activity ; rdfs:label "part" ; crm:P14_carried_out_by ex:group\\/1 .
        ex:group\\/1 a crm:E74_Group ; crm:P14i_performed <http://localhost:8080/provenance/1#part> .
      `),
        { baseUrl: BASE },
      );
      expect(r.documents.map((d) => d.id)).to.deep.equal([BASE + 'group/1', BASE + 'provenance/1']);
      expect(doc(r, 'provenance/1')).to.have.length(6);
      expect(doc(r, 'group/1')).to.have.length(4);
      expect(r.notes).to.deep.equal([
        '<http://localhost:8080/provenance/1#part> is part of the document <http://localhost:8080/provenance/1> (a # IRI), not a document of its own',
      ]);
    });

    it('leaves an IRI object with no triples as it is (a bare reference)', () => {
      const r = splitTriples(
        parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; crm:P2_has_type aat:300033618 .
      `),
        { baseUrl: BASE },
      );
      expect(doc(r, 'object/1')).to.have.length(2);
      expect(r.leftovers).to.deep.equal([]);
    });
  });
});
