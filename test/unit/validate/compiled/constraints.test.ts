/**
 * Each constraint component, path form and target kind the precheck compiles, on tiny graphs:
 * for every case, what rdf-validate-shacl reports (conforms: no result at all) and what the
 * precheck answers. The precheck must answer exactly as the library where it judges, and
 * "does not conform" (never a guess) where it does not (`precheck: false` cases).
 */
import { expect } from 'chai';
import { df } from '../../../../src/rdf/terms.js';
import { judges, ROOT, turtle, onRoot, onRootNode } from './support.js';

interface Case {
  name: string;
  /** Shapes in Turtle (prefixes sh, rdf, rdfs, xsd, ex, svc). */
  shapes: string;
  /** The document in Turtle; ex:root is its root. */
  data: string;
  /** Whether the library finds it conforming. */
  conforms: boolean;
  /** What the precheck answers, when it is not `conforms` (only ever false: a doubt). */
  precheck?: false;
}

const CASES: Case[] = [
  // sh:class
  {
    name: 'class: value typed',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C'),
    data: 'ex:root ex:p ex:a . ex:a a ex:C .',
    conforms: true,
  },
  {
    name: 'class: value untyped',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C'),
    data: 'ex:root ex:p ex:a .',
    conforms: false,
  },
  {
    name: 'class: value of another class',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C'),
    data: 'ex:root ex:p ex:a . ex:a a ex:D .',
    conforms: false,
  },
  {
    name: 'class: literal value',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C'),
    data: 'ex:root ex:p "a" .',
    conforms: false,
  },
  {
    name: 'class: blank node value typed',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C'),
    data: 'ex:root ex:p [ a ex:C ] .',
    conforms: true,
  },
  {
    name: 'class: two classes, both needed',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C, ex:D'),
    data: 'ex:root ex:p ex:a . ex:a a ex:C .',
    conforms: false,
  },
  {
    name: 'class: two classes, both there',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C, ex:D'),
    data: 'ex:root ex:p ex:a . ex:a a ex:C, ex:D .',
    conforms: true,
  },
  {
    name: 'class: no values',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C'),
    data: 'ex:root ex:q ex:a .',
    conforms: true,
  },
  {
    name: 'class: node shape on the root',
    shapes: onRootNode('sh:class ex:C'),
    data: 'ex:root a ex:C .',
    conforms: true,
  },
  {
    name: 'class: the marker class counts',
    shapes: onRootNode('sh:class svc:Document'),
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },
  {
    name: 'class: a subclass in the data (library infers; precheck doubts)',
    shapes: onRoot('sh:path ex:p ; sh:class ex:C'),
    data: 'ex:root ex:p ex:a . ex:a a ex:D . ex:D rdfs:subClassOf ex:C .',
    conforms: true,
    precheck: false,
  },

  // sh:minCount / sh:maxCount, over distinct value nodes
  {
    name: 'minCount 1: none',
    shapes: onRoot('sh:path ex:p ; sh:minCount 1'),
    data: 'ex:root ex:q 1 .',
    conforms: false,
  },
  { name: 'minCount 1: one', shapes: onRoot('sh:path ex:p ; sh:minCount 1'), data: 'ex:root ex:p 1 .', conforms: true },
  {
    name: 'minCount 2: the same value twice is one',
    shapes: onRoot('sh:path [ sh:alternativePath ( ex:p ex:q ) ] ; sh:minCount 2'),
    data: 'ex:root ex:p ex:a ; ex:q ex:a .',
    conforms: false,
  },
  {
    name: 'minCount 2: 1 and 1.0 are two',
    shapes: onRoot('sh:path ex:p ; sh:minCount 2'),
    data: 'ex:root ex:p 1, 1.0 .',
    conforms: true,
  },
  {
    name: 'minCount 2: "a" and "a"@en are two',
    shapes: onRoot('sh:path ex:p ; sh:minCount 2'),
    data: 'ex:root ex:p "a", "a"@en .',
    conforms: true,
  },
  {
    name: 'minCount 2: "a" and "a"^^xsd:string are one',
    shapes: onRoot('sh:path ex:p ; sh:minCount 2'),
    data: 'ex:root ex:p "a", "a"^^xsd:string .',
    conforms: false,
  },
  {
    name: 'maxCount 1: two',
    shapes: onRoot('sh:path ex:p ; sh:maxCount 1'),
    data: 'ex:root ex:p 1, 2 .',
    conforms: false,
  },
  { name: 'maxCount 1: one', shapes: onRoot('sh:path ex:p ; sh:maxCount 1'), data: 'ex:root ex:p 1 .', conforms: true },
  {
    name: 'maxCount 0: one',
    shapes: onRoot('sh:path ex:p ; sh:maxCount 0'),
    data: 'ex:root ex:p 1 .',
    conforms: false,
  },
  {
    name: 'maxCount 0: none',
    shapes: onRoot('sh:path ex:p ; sh:maxCount 0'),
    data: 'ex:root ex:q 1 .',
    conforms: true,
  },

  // sh:or, sh:node, sh:not
  {
    name: 'or: the first member',
    shapes: `${onRootNode('sh:or ( ex:A ex:B )')} ex:A sh:path ex:a ; sh:minCount 1 . ex:B sh:path ex:b ; sh:minCount 1 .`,
    data: 'ex:root ex:a 1 .',
    conforms: true,
  },
  {
    name: 'or: the last member',
    shapes: `${onRootNode('sh:or ( ex:A ex:B )')} ex:A sh:path ex:a ; sh:minCount 1 . ex:B sh:path ex:b ; sh:minCount 1 .`,
    data: 'ex:root ex:b 1 .',
    conforms: true,
  },
  {
    name: 'or: no member',
    shapes: `${onRootNode('sh:or ( ex:A ex:B )')} ex:A sh:path ex:a ; sh:minCount 1 . ex:B sh:path ex:b ; sh:minCount 1 .`,
    data: 'ex:root ex:c 1 .',
    conforms: false,
  },
  {
    name: 'or: on the values of a property shape',
    shapes: `${onRoot('sh:path ex:p ; sh:or ( ex:A ex:B )')} ex:A sh:class ex:C . ex:B sh:nodeKind sh:Literal .`,
    data: 'ex:root ex:p 1, ex:x . ex:x a ex:C .',
    conforms: true,
  },
  {
    name: 'or: a member failing with a Warning still fails',
    shapes: `${onRootNode('sh:or ( ex:A )')} ex:A sh:path ex:a ; sh:minCount 1 ; sh:severity sh:Warning .`,
    data: 'ex:root ex:b 1 .',
    conforms: false,
  },
  {
    name: 'node: conforms',
    shapes: `${onRoot('sh:path ex:p ; sh:node ex:N')} ex:N sh:property [ sh:path ex:q ; sh:maxCount 0 ] .`,
    data: 'ex:root ex:p ex:a .',
    conforms: true,
  },
  {
    name: 'node: does not conform',
    shapes: `${onRoot('sh:path ex:p ; sh:node ex:N')} ex:N sh:property [ sh:path ex:q ; sh:maxCount 0 ] .`,
    data: 'ex:root ex:p ex:a . ex:a ex:q 1 .',
    conforms: false,
  },
  {
    name: 'node: a literal value against a property shape',
    shapes: `${onRoot('sh:path ex:p ; sh:node ex:N')} ex:N sh:path ex:q ; sh:minCount 1 .`,
    data: 'ex:root ex:p 1 .',
    conforms: false,
  },
  {
    name: 'not: the value is not of the shape',
    shapes: `${onRoot('sh:path ex:p ; sh:not ex:N')} ex:N sh:class ex:C .`,
    data: 'ex:root ex:p ex:a . ex:a a ex:D .',
    conforms: true,
  },
  {
    name: 'not: the value is of the shape',
    shapes: `${onRoot('sh:path ex:p ; sh:not ex:N')} ex:N sh:class ex:C .`,
    data: 'ex:root ex:p ex:a . ex:a a ex:C .',
    conforms: false,
  },
  {
    name: 'not of a property shape (hasValue) in an or',
    shapes: `${onRootNode('sh:or ( ex:NotK ex:Body )')} ex:NotK sh:not ex:K . ex:K sh:path ex:k ; sh:hasValue ex:v . ex:Body sh:path ex:b ; sh:minCount 1 .`,
    data: 'ex:root ex:k ex:v .',
    conforms: false,
  },
  {
    name: 'not of a property shape (hasValue) in an or: escape',
    shapes: `${onRootNode('sh:or ( ex:NotK ex:Body )')} ex:NotK sh:not ex:K . ex:K sh:path ex:k ; sh:hasValue ex:v . ex:Body sh:path ex:b ; sh:minCount 1 .`,
    data: 'ex:root ex:k ex:w .',
    conforms: true,
  },
  {
    name: 'not of a deactivated shape fails',
    shapes: `${onRoot('sh:path ex:p ; sh:not ex:N')} ex:N sh:class ex:C ; sh:deactivated true .`,
    data: 'ex:root ex:p ex:a .',
    conforms: false,
  },

  // sh:pattern
  {
    name: 'pattern: literal matches',
    shapes: onRoot('sh:path ex:p ; sh:pattern "^[0-9]{4}-"'),
    data: 'ex:root ex:p "1900-01-01" .',
    conforms: true,
  },
  {
    name: 'pattern: literal does not match',
    shapes: onRoot('sh:path ex:p ; sh:pattern "^[0-9]{4}-"'),
    data: 'ex:root ex:p "c. 1900" .',
    conforms: false,
  },
  {
    name: 'pattern: a typed literal, by its lexical form',
    shapes: onRoot('sh:path ex:p ; sh:pattern "^1900"'),
    data: 'ex:root ex:p "1900-01-01T00:00:00Z"^^xsd:dateTime .',
    conforms: true,
  },
  {
    name: 'pattern: an IRI, by its string',
    shapes: onRoot('sh:path ex:p ; sh:pattern "^https://"'),
    data: 'ex:root ex:p ex:a .',
    conforms: true,
  },
  {
    name: 'pattern: a blank node fails',
    shapes: onRoot('sh:path ex:p ; sh:pattern ".*"'),
    data: 'ex:root ex:p [] .',
    conforms: false,
  },
  {
    name: 'pattern: flags i',
    shapes: onRoot('sh:path ex:p ; sh:pattern "^ABC$" ; sh:flags "i"'),
    data: 'ex:root ex:p "abc" .',
    conforms: true,
  },
  {
    name: 'pattern: without flags, case matters',
    shapes: onRoot('sh:path ex:p ; sh:pattern "^ABC$"'),
    data: 'ex:root ex:p "abc" .',
    conforms: false,
  },
  {
    name: 'pattern: flags g keep no state',
    shapes: onRoot('sh:path ex:p ; sh:pattern "a" ; sh:flags "g"'),
    data: 'ex:root ex:p "a", "ba", "cca" .',
    conforms: true,
  },
  {
    name: 'pattern: on the root (node shape)',
    shapes: onRootNode('sh:pattern "^https?://[^/?#\\\\s]+" ; sh:flags "i" ; sh:nodeKind sh:IRI'),
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },
  {
    name: 'pattern: sh:flags alone makes no constraint',
    shapes: onRootNode('sh:flags "i"') + ' ex:T sh:targetClass svc:Document ; sh:class svc:Document .',
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },

  // sh:in
  {
    name: 'in: an IRI in the list',
    shapes: onRoot('sh:path rdf:type ; sh:in ( ex:C svc:Document )'),
    data: 'ex:root a ex:C .',
    conforms: true,
  },
  {
    name: 'in: an IRI not in the list',
    shapes: onRoot('sh:path rdf:type ; sh:in ( ex:C svc:Document )'),
    data: 'ex:root a ex:D .',
    conforms: false,
  },
  {
    name: 'in: "1"^^xsd:integer is not "01"^^xsd:integer',
    shapes: onRoot('sh:path ex:p ; sh:in ( 1 )'),
    data: 'ex:root ex:p "01"^^xsd:integer .',
    conforms: false,
  },
  {
    name: 'in: same literal',
    shapes: onRoot('sh:path ex:p ; sh:in ( 1 "a"@en )'),
    data: 'ex:root ex:p 1, "a"@en .',
    conforms: true,
  },
  {
    name: 'in: the language matters',
    shapes: onRoot('sh:path ex:p ; sh:in ( "a"@en )'),
    data: 'ex:root ex:p "a"@fr .',
    conforms: false,
  },
  { name: 'in: empty list', shapes: onRoot('sh:path ex:p ; sh:in ( )'), data: 'ex:root ex:p 1 .', conforms: false },
  {
    name: 'in: on a sequence path',
    shapes: 'ex:S sh:targetSubjectsOf ex:p ; sh:path ( ex:p rdf:type ) ; sh:in ( ex:C ) .',
    data: 'ex:root ex:p ex:a, ex:b . ex:a a ex:C . ex:b a ex:C .',
    conforms: true,
  },
  {
    name: 'in: on a sequence path, one wrong',
    shapes: 'ex:S sh:targetSubjectsOf ex:p ; sh:path ( ex:p rdf:type ) ; sh:in ( ex:C ) .',
    data: 'ex:root ex:p ex:a, ex:b . ex:a a ex:C . ex:b a ex:D .',
    conforms: false,
  },

  // sh:nodeKind
  {
    name: 'nodeKind IRI: IRI',
    shapes: onRoot('sh:path ex:p ; sh:nodeKind sh:IRI'),
    data: 'ex:root ex:p ex:a .',
    conforms: true,
  },
  {
    name: 'nodeKind IRI: blank node',
    shapes: onRoot('sh:path ex:p ; sh:nodeKind sh:IRI'),
    data: 'ex:root ex:p [] .',
    conforms: false,
  },
  {
    name: 'nodeKind IRI: literal',
    shapes: onRoot('sh:path ex:p ; sh:nodeKind sh:IRI'),
    data: 'ex:root ex:p "a" .',
    conforms: false,
  },
  {
    name: 'nodeKind BlankNodeOrIRI: blank node',
    shapes: onRoot('sh:path ex:p ; sh:nodeKind sh:BlankNodeOrIRI'),
    data: 'ex:root ex:p [] .',
    conforms: true,
  },
  {
    name: 'nodeKind IRIOrLiteral: blank node',
    shapes: onRoot('sh:path ex:p ; sh:nodeKind sh:IRIOrLiteral'),
    data: 'ex:root ex:p [] .',
    conforms: false,
  },
  {
    name: 'nodeKind: an unknown kind fails all',
    shapes: onRoot('sh:path ex:p ; sh:nodeKind ex:Kind'),
    data: 'ex:root ex:p ex:a .',
    conforms: false,
  },

  // sh:hasValue
  {
    name: 'hasValue: present among others',
    shapes: onRoot('sh:path ex:p ; sh:hasValue ex:v'),
    data: 'ex:root ex:p ex:w, ex:v .',
    conforms: true,
  },
  {
    name: 'hasValue: absent',
    shapes: onRoot('sh:path ex:p ; sh:hasValue ex:v'),
    data: 'ex:root ex:p ex:w .',
    conforms: false,
  },
  {
    name: 'hasValue: a literal',
    shapes: onRoot('sh:path ex:p ; sh:hasValue 5'),
    data: 'ex:root ex:p 5 .',
    conforms: true,
  },
  {
    name: 'hasValue: a literal of another datatype',
    shapes: onRoot('sh:path ex:p ; sh:hasValue 5'),
    data: 'ex:root ex:p "5" .',
    conforms: false,
  },
  {
    name: 'hasValue on a node shape: the focus node',
    shapes: 'ex:S sh:targetSubjectsOf ex:p ; sh:hasValue ex:root .',
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },
  {
    name: 'hasValue on a node shape: another node',
    shapes: 'ex:S sh:targetSubjectsOf ex:p ; sh:hasValue ex:root .',
    data: 'ex:root ex:q [ ex:p 1 ] .',
    conforms: false,
  },

  // sh:minInclusive and the other ranges against a number
  ...(
    [
      ['5', true],
      ['-5', false],
      ['-2', true],
      ['5.5', true],
      ['5.0E0', true],
      ['"7"^^xsd:long', true],
      ['"1.9"^^xsd:integer', true],
      ['"1e3"^^xsd:integer', true],
      ['"-3e3"^^xsd:integer', false],
      ['"abc"^^xsd:integer', false],
      ['"INF"^^xsd:double', false],
      ['"-1e309"^^xsd:double', false],
      ['"1e309"^^xsd:double', true],
      ['"12abc"^^xsd:decimal', true],
      ['"5"', false],
      ['"5"^^ex:number', false],
      ['ex:five', false],
      ['true', false],
      ['"2020-01-01T00:00:00Z"^^xsd:dateTime', false],
      ['"2020-01-01"^^xsd:date', false],
    ] as Array<[string, boolean]>
  ).map(([value, ok]): Case => ({
    name: `minInclusive -2: ${value}`,
    shapes: onRoot('sh:path ex:p ; sh:minInclusive "-2"^^xsd:double'),
    data: `ex:root ex:p ${value} .`,
    conforms: ok,
  })),
  {
    name: 'minInclusive 1.9: "1.9"^^xsd:integer is 1',
    shapes: onRoot('sh:path ex:p ; sh:minInclusive 1.9'),
    data: 'ex:root ex:p "1.9"^^xsd:integer .',
    conforms: false,
  },
  {
    name: 'minInclusive: equal passes',
    shapes: onRoot('sh:path ex:p ; sh:minInclusive 3'),
    data: 'ex:root ex:p 3 .',
    conforms: true,
  },
  {
    name: 'minExclusive: equal fails',
    shapes: onRoot('sh:path ex:p ; sh:minExclusive 3'),
    data: 'ex:root ex:p 3 .',
    conforms: false,
  },
  {
    name: 'maxInclusive: equal passes',
    shapes: onRoot('sh:path ex:p ; sh:maxInclusive 3'),
    data: 'ex:root ex:p 3.0 .',
    conforms: true,
  },
  {
    name: 'maxExclusive: less passes',
    shapes: onRoot('sh:path ex:p ; sh:maxExclusive 3'),
    data: 'ex:root ex:p 2.5 .',
    conforms: true,
  },
  {
    name: 'maxExclusive: more fails',
    shapes: onRoot('sh:path ex:p ; sh:maxExclusive 3'),
    data: 'ex:root ex:p 4 .',
    conforms: false,
  },

  // sh:closed
  {
    name: 'closed: only ignored properties',
    shapes: onRootNode('sh:closed true ; sh:ignoredProperties ( rdf:type ex:p )'),
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },
  {
    name: 'closed: another property',
    shapes: onRootNode('sh:closed true ; sh:ignoredProperties ( rdf:type ex:p )'),
    data: 'ex:root ex:p 1 ; ex:q 2 .',
    conforms: false,
  },
  {
    name: 'closed: rdf:type not ignored (the marker triple)',
    shapes: onRootNode('sh:closed true'),
    data: 'ex:root ex:p 1 .',
    conforms: false,
  },
  {
    name: 'closed: the paths of its property shapes are allowed',
    shapes: onRootNode('sh:closed true ; sh:ignoredProperties ( rdf:type ) ; sh:property [ sh:path ex:p ]'),
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },
  {
    name: 'closed: an inverse path allows nothing',
    shapes: onRootNode(
      'sh:closed true ; sh:ignoredProperties ( rdf:type ) ; sh:property [ sh:path [ sh:inversePath ex:p ] ]',
    ),
    data: 'ex:root ex:p 1 .',
    conforms: false,
  },
  {
    name: 'closed false: no constraint',
    shapes: onRootNode('sh:closed false'),
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },
  {
    name: 'closed "true" (a string): no constraint',
    shapes: onRootNode('sh:closed "true"'),
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },
  {
    name: 'closed: incoming properties do not count',
    shapes: `ex:S sh:targetObjectsOf ex:p ; sh:closed true .`,
    data: 'ex:root ex:p ex:a .',
    conforms: true,
  },
  {
    name: 'closed: a literal value passes',
    shapes: `ex:S sh:targetObjectsOf ex:p ; sh:closed true .`,
    data: 'ex:root ex:p 1 .',
    conforms: true,
  },

  // paths
  {
    name: 'inversePath: present',
    shapes: 'ex:S sh:targetClass ex:M ; sh:path [ sh:inversePath ex:p ] ; sh:class ex:C .',
    data: 'ex:root ex:m ex:x . ex:x a ex:M . ex:y ex:p ex:x . ex:y a ex:C .',
    conforms: true,
  },
  {
    name: 'inversePath: wrong class',
    shapes: 'ex:S sh:targetClass ex:M ; sh:path [ sh:inversePath ex:p ] ; sh:class ex:C .',
    data: 'ex:root ex:m ex:x . ex:x a ex:M . ex:y ex:p ex:x .',
    conforms: false,
  },
  {
    name: 'alternativePath of inverse paths: one',
    shapes:
      'ex:S sh:targetClass ex:M ; sh:path [ sh:alternativePath ( [ sh:inversePath ex:p ] [ sh:inversePath ex:q ] ) ] ; sh:minCount 1 .',
    data: 'ex:y ex:q ex:x . ex:x a ex:M .',
    conforms: true,
  },
  {
    name: 'alternativePath of inverse paths: none',
    shapes:
      'ex:S sh:targetClass ex:M ; sh:path [ sh:alternativePath ( [ sh:inversePath ex:p ] [ sh:inversePath ex:q ] ) ] ; sh:minCount 1 .',
    data: 'ex:x ex:q ex:y . ex:x a ex:M .',
    conforms: false,
  },
  {
    name: 'alternativePath: an IRI and an inverse path reaching one node',
    shapes:
      'ex:S sh:targetClass ex:M ; sh:path [ sh:alternativePath ( ex:p [ sh:inversePath ex:q ] ) ] ; sh:maxCount 1 .',
    data: 'ex:x a ex:M ; ex:p ex:y . ex:y ex:q ex:x .',
    conforms: true,
  },
  {
    name: 'alternativePath: an IRI and an inverse path reaching two',
    shapes:
      'ex:S sh:targetClass ex:M ; sh:path [ sh:alternativePath ( ex:p [ sh:inversePath ex:q ] ) ] ; sh:maxCount 1 .',
    data: 'ex:x a ex:M ; ex:p ex:y . ex:z ex:q ex:x .',
    conforms: false,
  },
  {
    name: 'sequence path of three steps, values distinct',
    shapes: onRoot('sh:path ( ex:p ex:q rdf:type ) ; sh:maxCount 1'),
    data: 'ex:root ex:p ex:a, ex:b . ex:a ex:q ex:c . ex:b ex:q ex:c . ex:c a ex:C .',
    conforms: true,
  },

  // targets
  {
    name: 'targetNode: a node of the data',
    shapes: 'ex:S sh:targetNode ex:a ; sh:class ex:C .',
    data: 'ex:a a ex:C .',
    conforms: true,
  },
  {
    name: 'targetNode: a node not in the data',
    shapes: 'ex:S sh:targetNode ex:zz ; sh:class ex:C .',
    data: 'ex:a a ex:C .',
    conforms: false,
  },
  {
    name: 'targetNode: a literal',
    shapes: 'ex:S sh:targetNode 5 ; sh:datatypeless 1 ; sh:nodeKind sh:Literal .',
    data: 'ex:a a ex:C .',
    conforms: true,
    precheck: false,
  },
  {
    name: 'targetSubjectsOf',
    shapes: 'ex:S sh:targetSubjectsOf ex:p ; sh:class ex:C .',
    data: 'ex:root ex:q [ ex:p 1 ] .',
    conforms: false,
  },
  {
    name: 'targetObjectsOf',
    shapes: 'ex:S sh:targetObjectsOf ex:p ; sh:nodeKind sh:IRI .',
    data: 'ex:root ex:p ex:a, [] .',
    conforms: false,
  },
  {
    name: 'targetClass: no subclass inference for targets... nor for sh:class',
    shapes: 'ex:S sh:targetClass ex:C ; sh:class ex:C .',
    data: 'ex:root a ex:D . ex:D rdfs:subClassOf ex:C .',
    conforms: true,
    precheck: false,
  },
  {
    name: 'a targeted shape without a required parameter is not validated',
    shapes: 'ex:S sh:targetClass svc:Document ; sh:flags "i" ; sh:property ex:P . ex:P sh:path ex:p ; sh:minCount 1 .',
    data: 'ex:root ex:q 1 .',
    conforms: false,
  },
  {
    name: 'a targeted shape with only optional parameters is not validated',
    shapes: 'ex:S sh:targetClass svc:Document ; sh:flags "i" ; sh:ignoredProperties ( ) .',
    data: 'ex:root ex:q 1 .',
    conforms: true,
  },
  {
    name: 'property shapes of property shapes',
    shapes: `${onRoot('sh:path ex:p ; sh:property ex:Q')} ex:Q sh:path ex:q ; sh:minCount 1 .`,
    data: 'ex:root ex:p ex:a, ex:b . ex:a ex:q 1 .',
    conforms: false,
  },

  // severity and deactivation
  {
    name: 'a Warning is a result',
    shapes: onRoot('sh:path ex:p ; sh:minCount 1 ; sh:severity sh:Warning'),
    data: 'ex:root ex:q 1 .',
    conforms: false,
  },
  {
    name: 'an Info is a result',
    shapes: onRoot('sh:path ex:p ; sh:minCount 1 ; sh:severity sh:Info'),
    data: 'ex:root ex:q 1 .',
    conforms: false,
  },
  {
    name: 'a deactivated shape',
    shapes: onRoot('sh:path ex:p ; sh:minCount 1 ; sh:deactivated true'),
    data: 'ex:root ex:q 1 .',
    conforms: true,
  },
  {
    name: 'sh:deactivated false',
    shapes: onRoot('sh:path ex:p ; sh:minCount 1 ; sh:deactivated false'),
    data: 'ex:root ex:q 1 .',
    conforms: false,
  },

  // data the precheck does not judge
  {
    name: 'a directional literal',
    shapes: onRoot('sh:path ex:p ; sh:minCount 1'),
    data: 'ex:root ex:p "a"@en--ltr .',
    conforms: true,
    precheck: false,
  },
];

describe('SHACL precheck: each constraint kind against the library', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { library, withPrecheck } = judges(c.shapes);
      const quads = turtle(c.data);
      expect(library.validate(ROOT, quads).length === 0, 'library').to.equal(c.conforms);
      if (c.precheck === undefined) expect(withPrecheck.precheck?.unsupported, 'unsupported').to.equal(undefined);
      expect(withPrecheck.precheck!.conforms(ROOT, quads), 'precheck').to.equal(c.precheck ?? c.conforms);
      expect(withPrecheck.validate(ROOT, quads).length === 0, 'validate with the precheck').to.equal(c.conforms);
    });
  }
});

interface Refused {
  name: string;
  shapes: string;
}

/** Shapes the precheck does not compile: it must then answer false for every document. */
const REFUSED: Refused[] = [
  { name: 'sh:datatype', shapes: onRoot('sh:path ex:p ; sh:datatype xsd:string') },
  { name: 'sh:languageIn', shapes: onRoot('sh:path ex:p ; sh:languageIn ( "en" )') },
  { name: 'sh:xone', shapes: `${onRootNode('sh:xone ( ex:A )')} ex:A sh:class ex:C .` },
  { name: 'sh:and', shapes: `${onRootNode('sh:and ( ex:A )')} ex:A sh:class ex:C .` },
  {
    name: 'sh:qualifiedValueShape',
    shapes: `${onRoot('sh:path ex:p ; sh:qualifiedValueShape ex:A ; sh:qualifiedMinCount 0')} ex:A sh:class ex:C .`,
  },
  { name: 'sh:zeroOrMorePath', shapes: onRoot('sh:path [ sh:zeroOrMorePath ex:p ] ; sh:maxCount 5') },
  { name: 'an inverse of a sequence', shapes: onRoot('sh:path [ sh:inversePath ( ex:p ex:q ) ] ; sh:maxCount 5') },
  { name: 'sh:target (SHACL-AF)', shapes: 'ex:S sh:target [ a ex:Target ] ; sh:class ex:C .' },
  { name: 'an implicit class target', shapes: 'ex:C a rdfs:Class, sh:NodeShape ; sh:nodeKind sh:IRI .' },
  {
    name: 'subclasses in the shapes graph',
    shapes: `${onRoot('sh:path ex:p ; sh:maxCount 5')} ex:D rdfs:subClassOf ex:C .`,
  },
  {
    name: 'a recursive shape',
    shapes: `${onRoot('sh:path ex:p ; sh:node ex:N')} ex:N sh:property [ sh:path ex:p ; sh:node ex:N ] .`,
  },
  { name: 'sh:minCount on a node shape', shapes: onRootNode('sh:minCount 1') },
  { name: 'a bad regular expression', shapes: onRoot('sh:path ex:p ; sh:pattern "(" ') },
  { name: 'two paths', shapes: onRoot('sh:path ex:p, ex:q ; sh:maxCount 5') },
  { name: 'a string bound', shapes: onRoot('sh:path ex:p ; sh:minInclusive "a"') },
  { name: 'an unknown sh: term', shapes: onRoot('sh:path ex:p ; sh:maxCount 5 ; sh:frobnicate 1') },
  { name: 'a malformed list', shapes: `${onRoot('sh:path ex:p ; sh:in ex:notAList')}` },
];

describe('SHACL precheck: data it does not judge', () => {
  it("an IRI written like a blank node label (the library's data index would confuse the two)", () => {
    const { library, withPrecheck } = judges(
      onRoot('sh:path ex:p ; sh:maxCount 0') +
        ' ex:T sh:targetObjectsOf ex:r ; sh:property [ sh:path ex:q ; sh:maxCount 0 ] .',
    );
    const quads = [
      df.quad(df.namedNode(ROOT), df.namedNode('https://example.org/r'), df.namedNode('_:x')),
      df.quad(df.blankNode('x'), df.namedNode('https://example.org/q'), df.literal('1')),
    ];
    expect(library.validate(ROOT, quads).length).to.be.greaterThan(0);
    expect(withPrecheck.precheck!.conforms(ROOT, quads)).to.equal(false);
  });
});

describe('SHACL precheck: shapes it does not compile make it answer "does not conform"', () => {
  for (const r of REFUSED) {
    it(r.name, () => {
      const { withPrecheck } = judges(r.shapes);
      expect(withPrecheck.precheck!.unsupported).to.be.a('string');
      expect(withPrecheck.precheck!.conforms(ROOT, turtle('ex:root ex:z 1 .'))).to.equal(false);
    });
  }

  it('but does compile shapes whose unsupported parts are never reached', () => {
    const { withPrecheck } = judges(
      `${onRoot('sh:path ex:p ; sh:maxCount 5')} ex:Unused sh:datatype xsd:string ; sh:path [ sh:zeroOrMorePath ex:p ] .`,
    );
    expect(withPrecheck.precheck!.unsupported).to.equal(undefined);
    expect(withPrecheck.precheck!.conforms(ROOT, turtle('ex:root ex:z 1 .'))).to.equal(true);
  });
});
