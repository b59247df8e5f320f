import { expect } from 'chai';
import { Parser } from 'n3';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { checkGraphRoot, compactClass, unreachable } from '../../../src/service/gate/graphDocument.js';
import type { Quad } from '../../../src/rdf/terms.js';
import { DEMO_DIR, readDocuments } from '../../support/corpus.js';
import { toNTriples } from '../../support/rdf.js';

const G = 'https://example.org/object/1';
const PREFIXES = `
@prefix crm: <http://www.cidoc-crm.org/cidoc-crm/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix aat: <http://vocab.getty.edu/aat/> .
@prefix ex: <https://example.org/> .
`;

function parse(turtle: string): Quad[] {
  return new Parser({ blankNodePrefix: '' }).parse(PREFIXES + turtle);
}

describe('load: the document of a named graph', () => {
  describe('checkGraphRoot', () => {
    const cases: Array<{ name: string; turtle: string; graph?: string; says: RegExp | undefined }> = [
      {
        name: 'a root typed HumanMadeObject',
        turtle: 'ex:object\\/1 a crm:E22_Human-Made_Object ; rdfs:label "Jug" .',
        says: undefined,
      },
      {
        name: 'a root with a top-level type among others',
        turtle: 'ex:object\\/1 a crm:E12_Production, crm:E22_Human-Made_Object .',
        says: undefined,
      },
      {
        name: 'no triple with the graph as subject (and the graph holds another entity)',
        turtle: 'ex:object\\/2 a crm:E22_Human-Made_Object ; crm:P46i_forms_part_of ex:object\\/1 .',
        says: /^no triple of the graph <https:\/\/example\.org\/object\/1> has <https:\/\/example\.org\/object\/1> as its subject; its top-level-typed subject is <https:\/\/example\.org\/object\/2>$/,
      },
      {
        name: 'an empty graph',
        turtle: '',
        says: /^no triple of the graph <https:\/\/example\.org\/object\/1> has <https:\/\/example\.org\/object\/1> as its subject$/,
      },
      {
        name: 'a root with no type',
        turtle: 'ex:object\\/1 rdfs:label "Jug" .',
        says: /^<https:\/\/example\.org\/object\/1> has no type in its graph/,
      },
      {
        name: 'a root typed Production',
        turtle: 'ex:object\\/1 a crm:E12_Production .',
        says: /^<https:\/\/example\.org\/object\/1> is typed crm:E12_Production \(Production\), which is not a top-level class$/,
      },
      {
        name: 'a root with two types, neither top-level',
        turtle: 'ex:object\\/1 a crm:E12_Production, <https://example.org/class/Thing> .',
        says: /is typed crm:E12_Production \(Production\), <https:\/\/example\.org\/class\/Thing>, none of which is a top-level class$/,
      },
      {
        name: 'a blank node typed like the root does not count',
        turtle: '_:object a crm:E22_Human-Made_Object .',
        says: /^no triple of the graph <[^>]+> has <[^>]+> as its subject$/,
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const message = checkGraphRoot(c.graph ?? G, parse(c.turtle));
        if (c.says === undefined) expect(message).to.equal(undefined);
        else expect(message).to.match(c.says);
      });
    }

    it('accepts the root of every demo document', () => {
      for (const { json, file } of readDocuments(DEMO_DIR)) {
        const doc = ingestDocument(json, file);
        expect(checkGraphRoot(doc.id, doc.quads), file).to.equal(undefined);
      }
    });

    it('names classes compactly', () => {
      expect(compactClass('http://www.cidoc-crm.org/cidoc-crm/E12_Production')).to.equal(
        'crm:E12_Production (Production)',
      );
      expect(compactClass('https://example.org/class/Thing')).to.equal('<https://example.org/class/Thing>');
    });
  });

  describe('unreachable', () => {
    it('finds nothing unreachable in any demo document', () => {
      for (const { json, file } of readDocuments(DEMO_DIR)) {
        const doc = ingestDocument(json, file);
        expect(toNTriples(unreachable(doc.id, doc.quads)), file).to.equal('');
      }
    });

    it('returns, in order, the triples of subjects the root does not reach (class IRIs are not followed)', () => {
      const quads = parse(`
        ex:object\\/1 a crm:E22_Human-Made_Object ; crm:P108i_was_produced_by _:p ; crm:P2_has_type aat:300033618 .
        _:p a crm:E12_Production ; crm:P4_has_time-span _:ts .
        _:ts crm:P82a_begin_of_the_begin "1850" ; crm:P86_falls_within _:p .
        aat:300033618 a crm:E55_Type ; rdfs:label "paintings" .
        _:orphan crm:P190_has_symbolic_content "lost" ; crm:P2_has_type aat:300033618 .
        crm:E22_Human-Made_Object rdfs:label "a class" .
        ex:elsewhere rdfs:label "elsewhere" .
      `);
      expect(toNTriples(unreachable(G, quads))).to.equal(toNTriples(quads.slice(-4)));
    });

    it('returns every triple when the root is not there', () => {
      const quads = parse('ex:object\\/2 a crm:E22_Human-Made_Object .');
      expect(unreachable(G, quads)).to.deep.equal(quads);
    });
  });
});
