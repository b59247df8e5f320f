/**
 * The compiled report (ShapeReporter, CompiledReport) against the library on tiny graphs: for
 * every case, the report the validator writes from the compiled report must be the one it
 * writes from rdf-validate-shacl's full run, result for result and in the same order, and the
 * one it writes from the library run on the failing pairs. The cases go after what the
 * library's results depend on: the order of shapes, of focus nodes, of constraints and of
 * value nodes; paths, values and their absence; severities; sh:closed's results per triple;
 * sh:node's details; sh:or bodies; shapes without a message (the report then names the
 * constraint component). Shapes the compiled report does not reproduce leave the report to
 * the library.
 */
import { expect } from 'chai';
import { ShaclValidator, type ShapeResult } from '../../../../src/validate/ShaclValidator.js';
import { termKey } from '../../../../src/validate/compiled/termKey.js';
import { ROOT, turtle, onRoot, onRootNode } from './support.js';

interface Case {
  name: string;
  /** Shapes in Turtle (prefixes sh, rdf, rdfs, xsd, ex, svc). */
  shapes: string;
  /** The document in Turtle; ex:root is its root. */
  data: string;
  /** Set when the compiled report must refuse the shapes (the library reports the failing pairs). */
  refused?: true;
}

const CASES: Case[] = [
  // Order of shapes: the library's (by constraint component), not the shapes graph's.
  {
    name: "shapes in the library's order",
    shapes: `ex:A sh:targetClass svc:Document ; sh:path ex:p ; sh:pattern "^z" .
      ex:B sh:targetClass svc:Document ; sh:path ex:p ; sh:class ex:C .
      ex:D sh:targetClass svc:Document ; sh:path ex:q ; sh:minCount 1 .
      ex:E sh:targetClass svc:Document ; sh:path ex:p ; sh:in ( "z" ) .`,
    data: 'ex:root ex:p "a" .',
  },
  // Order of focus nodes: per declaration kind, declaration, then the data's triples.
  {
    name: 'focus nodes: subjects in the order of the triples, not of the nodes',
    shapes: 'ex:S sh:targetSubjectsOf ex:p ; sh:nodeKind sh:BlankNode .',
    data: 'ex:b ex:q ex:a . ex:a ex:p 1 . ex:b ex:p 2 . ex:root ex:p 3 .',
  },
  {
    name: 'focus nodes: objects in the order of the triples',
    shapes: 'ex:S sh:targetObjectsOf ex:p ; sh:nodeKind sh:Literal .',
    data: 'ex:z ex:q ex:c . ex:root ex:p ex:b, ex:c ; ex:r ex:a . ex:x ex:p ex:a, ex:b .',
  },
  {
    name: 'focus nodes: classes, nodes, subjects of, objects of, each node at its first place',
    shapes: `ex:S sh:targetObjectsOf ex:p ; sh:targetSubjectsOf ex:q ; sh:targetNode ex:n, ex:w ; sh:targetClass ex:C, ex:D ;
      sh:nodeKind sh:Literal .`,
    data: 'ex:x ex:p ex:y . ex:z ex:q 1 . ex:v a ex:D . ex:w a ex:C . ex:y a ex:C . ex:root ex:p ex:w .',
  },
  {
    name: 'focus nodes: a target node absent from the data',
    shapes: 'ex:S sh:targetNode ex:absent, ex:root ; sh:property [ sh:path ex:p ; sh:minCount 1 ] .',
    data: 'ex:root ex:q 1 .',
  },
  // Order of constraints: by the first parameter of each component in the shape, then by value.
  {
    name: "constraints in the shape's order (sh:flags before sh:pattern places the pattern), no messages",
    shapes: onRoot(
      'sh:path ex:p ; sh:flags "i" ; sh:maxCount 1 ; sh:pattern "^z" ; sh:class ex:C, ex:D ; sh:minCount 5 ; sh:nodeKind sh:IRI',
    ),
    data: 'ex:root ex:p "a", "b", ex:x . ex:x a ex:D .',
  },
  {
    name: 'several flags for one pattern',
    shapes: onRoot('sh:path ex:p ; sh:pattern "^a" ; sh:flags "i", "m"'),
    data: 'ex:root ex:p "b", "A" .',
  },
  // Values: per value node, or none.
  {
    name: 'literal values, told apart as the library tells them',
    shapes: onRoot('sh:path ex:p ; sh:in ( 1 "a" ) ; sh:message "in"'),
    data: 'ex:root ex:p 1, 1.0, "a"@en, "a"^^xsd:string, "a" .',
  },
  {
    name: 'numeric ranges',
    shapes: onRoot('sh:path ex:p ; sh:minInclusive 0 ; sh:maxExclusive 10'),
    data: 'ex:root ex:p -1, 5, 10, "x", ex:x .',
  },
  {
    name: 'sh:hasValue on a node shape: no value',
    shapes: 'ex:S sh:targetObjectsOf ex:p ; sh:hasValue ex:a .',
    data: 'ex:root ex:p ex:a, ex:b, 1 .',
  },
  {
    name: 'sh:hasValue, sh:minCount and sh:maxCount on a property shape: no value',
    shapes: onRoot('sh:path ex:p ; sh:hasValue ex:z ; sh:maxCount 1 ; sh:minCount 3'),
    data: 'ex:root ex:p ex:a, ex:b .',
  },
  // Severities.
  {
    name: 'severities: none, Info, Warning, and two (the library takes neither)',
    shapes: `${onRoot('sh:path ex:p ; sh:minCount 1')}
      ex:I sh:targetClass svc:Document ; sh:path ex:q ; sh:minCount 1 ; sh:severity sh:Info .
      ex:W sh:targetClass svc:Document ; sh:path ex:r ; sh:minCount 1 ; sh:severity sh:Warning .
      ex:T sh:targetClass svc:Document ; sh:path ex:s ; sh:minCount 1 ; sh:severity sh:Warning, sh:Info .`,
    data: 'ex:root ex:z 1 .',
  },
  // Paths.
  {
    name: "a sequence path: values in the library's order, reported by the first predicate",
    shapes: onRoot('sh:path ( ex:p ex:q ) ; sh:class ex:C ; rdfs:comment "seq"'),
    data: 'ex:b ex:q ex:y . ex:root ex:p ex:b, ex:a . ex:a ex:q ex:x, ex:y .',
  },
  {
    name: 'an inverse path: subjects in the order of the triples',
    shapes: onRoot('sh:path [ sh:inversePath ex:p ] ; sh:class ex:C'),
    data: 'ex:b ex:q 1 . ex:c ex:p ex:root . ex:b ex:p ex:root . ex:a ex:p ex:root . ex:c ex:p ex:root .',
  },
  {
    name: 'an alternative path of a predicate and an inverse',
    shapes: onRoot(
      'sh:path [ sh:alternativePath ( ex:p [ sh:inversePath ex:r ] ) ] ; sh:nodeKind sh:Literal ; sh:maxCount 1',
    ),
    data: 'ex:x ex:r ex:root . ex:root ex:p ex:y, ex:x .',
  },
  {
    name: 'an alternative of inverses only (no first predicate to report)',
    shapes: onRoot(
      'sh:path [ sh:alternativePath ( [ sh:inversePath ex:p ] [ sh:inversePath ex:q ] ) ] ; sh:minCount 1',
    ),
    data: 'ex:root ex:p ex:x .',
  },
  // sh:closed: one result per triple not allowed, in the data's order, duplicates and marker included.
  {
    name: "sh:closed on the root: every triple not allowed, the marker's rdf:type too",
    shapes: onRootNode(
      'sh:closed true ; sh:ignoredProperties ( ex:ok ) ; sh:property [ sh:path ex:p ; sh:maxCount 5 ]',
    ),
    data: 'ex:root ex:z 1 ; ex:p 2 ; ex:y 3 ; ex:z 4 ; ex:ok 5 . ex:other ex:z 6 . ex:root ex:y 3 ; ex:z 1 .',
  },
  {
    name: 'sh:closed on the values of a property shape',
    shapes: `${onRoot('sh:path ex:p ; sh:node ex:N')} ex:N sh:closed true ; sh:ignoredProperties ( rdf:type ) .`,
    data: 'ex:root ex:p ex:a, ex:b, "c" . ex:a a ex:C ; ex:q 1 . ex:b ex:r ex:a ; ex:q 2 .',
  },
  {
    name: 'sh:closed false closes nothing',
    shapes: onRootNode('sh:closed false ; sh:nodeKind sh:BlankNode'),
    data: 'ex:root ex:z 1 .',
  },
  // Nesting: sh:property, sh:node (reported by its details), sh:or (by its body), sh:not.
  {
    name: 'sh:node: details of each value, nested two deep, with their own severities',
    shapes: `${onRootNode('sh:property ex:SP')} ex:SP sh:path ex:p ; sh:node ex:N .
      ex:N sh:property [ sh:path ex:q ; sh:minCount 1 ; sh:severity sh:Warning ] ; sh:node ex:M .
      ex:M sh:class ex:C ; sh:message "M" .`,
    data: 'ex:root ex:p ex:a, ex:b, ex:c . ex:b ex:q 1 . ex:c ex:q 2 ; a ex:C .',
  },
  {
    name: 'sh:property of a property shape, and deactivated ones',
    shapes: `${onRoot('sh:path ex:p ; sh:property ex:Q, ex:R, ex:Off')} ex:Q sh:path ex:q ; sh:minCount 1 .
      ex:R sh:path ex:r ; sh:maxCount 0 . ex:Off sh:path ex:q ; sh:minCount 1 ; sh:deactivated true .`,
    data: 'ex:root ex:p ex:a, ex:b . ex:a ex:q 1 ; ex:r 2 .',
  },
  {
    name: 'sh:or on the root, reported by its body',
    shapes: `${onRootNode('sh:or ( ex:Escape ex:Body )')} ex:Escape sh:path ex:flag ; sh:minCount 1 .
      ex:Body sh:property ex:B1, ex:B2 . ex:B1 sh:path ex:p ; sh:minCount 2 . ex:B2 sh:path ex:q ; sh:class ex:C ; sh:message "B2" .`,
    data: 'ex:root ex:p 1 ; ex:q ex:x, ex:y . ex:y a ex:C .',
  },
  {
    name: 'sh:or on the values of a property shape, its body a conditional rule itself',
    shapes: `${onRoot('sh:path ex:p ; sh:or ( ex:A ex:Body )')} ex:A sh:nodeKind sh:Literal .
      ex:Body sh:or ( ex:B ex:Inner ) . ex:B sh:class ex:D . ex:Inner sh:path ex:q ; sh:minCount 1 ; sh:message "inner" .`,
    data: 'ex:root ex:p 1, ex:a, ex:b, ex:c . ex:b a ex:D . ex:c ex:q 2 .',
  },
  {
    name: 'sh:not',
    shapes: `${onRoot('sh:path ex:p ; sh:not ex:N')} ex:N sh:class ex:C .`,
    data: 'ex:root ex:p ex:a, ex:b . ex:a a ex:C .',
  },
  {
    name: 'blank node shapes, no messages',
    shapes: onRootNode(
      'sh:property [ sh:path ex:p ; sh:minCount 1 ], [ sh:path ex:q ; sh:node [ sh:property [ sh:path ex:r ; sh:minCount 1 ] ] ]',
    ),
    data: 'ex:root ex:q ex:a .',
  },

  // What the compiled report does not reproduce.
  {
    name: 'refused: two parameters of one component with several values (the library orders their combinations)',
    shapes: onRoot('sh:path ex:p ; sh:pattern "^a", "^b" ; sh:flags "i", "m"'),
    data: 'ex:root ex:p "c" .',
    refused: true,
  },
  {
    name: 'refused: a triple given twice in the shapes (the library repeats its constraint)',
    shapes: `${onRoot('sh:path ex:p ; sh:class ex:C')} ex:S sh:class ex:C .`,
    data: 'ex:root ex:p ex:a .',
    refused: true,
  },
  {
    name: 'refused: an sh:node reached from an sh:or member (the library leaks its results, see below)',
    shapes: `${onRootNode('sh:or ( ex:A ex:B )')} ex:A sh:node ex:N . ex:N sh:class ex:C . ex:B sh:class ex:D .`,
    data: 'ex:root ex:p ex:a .',
    refused: true,
  },
];

/** One result as a line: everything a Problem is made of. */
function resultText(r: ShapeResult): string {
  return [r.severity, r.shape, termKey(r.focusNode), r.path ?? '', r.value ? termKey(r.value) : '', r.message].join(
    ' | ',
  );
}

interface Validators {
  /** The library alone, on the whole document. */
  library: ShaclValidator;
  /** The library on the pairs the precheck finds failing. */
  pairs: ShaclValidator;
  /** The compiled report. */
  compiled: ShaclValidator;
}

function validators(shapes: string): Validators {
  const quads = turtle(shapes);
  return {
    library: new ShaclValidator(quads, { precheck: false }),
    pairs: new ShaclValidator(quads, { compiledReport: false }),
    compiled: new ShaclValidator(quads),
  };
}

describe("SHACL compiled report: the library's results, without the library", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { library, pairs, compiled } = validators(c.shapes);
      const quads = turtle(c.data);
      const expected = library.validate(ROOT, quads).map(resultText);
      expect(expected, 'the case breaks some rule').to.not.deep.equal([]);
      expect(pairs.validate(ROOT, quads).map(resultText), 'the library on the failing pairs').to.deep.equal(expected);
      expect(compiled.validate(ROOT, quads).map(resultText), 'the compiled report').to.deep.equal(expected);
      expect(compiled.precheck?.unsupported, 'the precheck compiles the shapes').to.equal(undefined);
      expect(compiled.counts, 'how the report was written').to.deep.equal(
        c.refused
          ? { conforming: 0, compiled: 0, libraryPairs: 1, libraryAll: 0 }
          : { conforming: 0, compiled: 1, libraryPairs: 0, libraryAll: 0 },
      );
    });
  }

  it('a conforming document is answered by the precheck alone', () => {
    const { compiled } = validators(onRoot('sh:path ex:p ; sh:minCount 1'));
    expect(compiled.validate(ROOT, turtle('ex:root ex:p 1 .'))).to.deep.equal([]);
    expect(compiled.counts).to.deep.equal({ conforming: 1, compiled: 0, libraryPairs: 0, libraryAll: 0 });
  });

  it('data the precheck does not judge goes to the library whole', () => {
    const { library, compiled } = validators(onRoot('sh:path ex:p ; sh:class ex:C'));
    const quads = turtle('ex:root ex:p ex:a . ex:a a ex:D . ex:E rdfs:subClassOf ex:C .');
    expect(compiled.validate(ROOT, quads).map(resultText)).to.deep.equal(library.validate(ROOT, quads).map(resultText));
    expect(compiled.counts).to.deep.equal({ conforming: 0, compiled: 0, libraryPairs: 0, libraryAll: 1 });
  });

  // Why an sh:node under an sh:or or sh:not is refused: the library validates that sh:node with
  // its main engine from inside the throwaway engine of sh:or, and the results recorded there
  // are attached to the next sh:node result, here in the next document. Should a later version
  // of the library stop doing so, this fails, and the refusal may go.
  it('the library, with an sh:node under an sh:or, reports results of an earlier document', () => {
    const shapes = `${onRootNode('sh:or ( ex:A ex:B )')} ex:A sh:node ex:N . ex:N sh:path ex:q ; sh:minCount 1 ; sh:message "no q" .
      ex:B sh:path ex:r ; sh:minCount 1 .
      ex:T sh:targetClass svc:Document ; sh:path ex:p ; sh:node ex:M . ex:M sh:path ex:s ; sh:minCount 1 ; sh:message "no s" .`;
    const document = turtle('ex:root ex:r 1 ; ex:p ex:a .');
    const fresh = validators(shapes)
      .library.validate(ROOT, document)
      .map((r) => r.message);
    expect(fresh).to.deep.equal(['no s']);
    const { library } = validators(shapes);
    expect(library.validate(ROOT, turtle('ex:root ex:r 1 .'))).to.deep.equal([]);
    expect(library.validate(ROOT, document).map((r) => r.message)).to.deep.equal(['no q', 'no s']);
  });
});
