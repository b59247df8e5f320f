/**
 * Hint comment lines read back: the quick reading of the lines hintCommentLines writes must give
 * the quad n3's N-Quads parser gives, on every document of the corpus and the demo and on
 * literals with every escape; other forms fall back to the parser.
 */
import { expect } from 'chai';
import { Parser } from 'n3';
import { hintCommentLines, parseHintComment, HINT_COMMENT_PREFIX } from '../../../src/export/hintComments.js';
import { HINT_GRAPH_PREFIX, SHAPE_PREDICATE } from '../../../src/hints/Skeleton.js';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import { df, type Quad } from '../../../src/rdf/terms.js';
import { CORPUS_DIR, DEMO_DIR, readDocuments } from '../../support/corpus.js';

const ID = 'https://example.org/object/1';
const hint = (value: string): Quad =>
  df.quad(df.namedNode(ID), df.namedNode(SHAPE_PREDICATE), df.literal(value), df.namedNode(HINT_GRAPH_PREFIX + ID));
const byParser = (line: string): Quad =>
  new Parser({ format: 'N-Quads' }).parse(line.slice(HINT_COMMENT_PREFIX.length))[0];

describe('hint comment lines', () => {
  it('every hint of the corpus and the demo comes back as written, as the N-Quads parser reads it', () => {
    let lines = 0;
    for (const dir of [CORPUS_DIR, DEMO_DIR]) {
      for (const { file, json } of readDocuments(dir)) {
        let hints: Quad[];
        try {
          hints = ingestDocument(json, file).hintQuads;
        } catch {
          continue;
        }
        for (const line of hintCommentLines(hints).split('\n').filter(Boolean)) {
          lines++;
          const quad = parseHintComment(line);
          expect(quad, `${file}: ${line.slice(0, 80)}`).to.not.equal(undefined);
          expect(quad!.equals(byParser(line)), file).to.equal(true);
        }
      }
    }
    expect(lines).to.be.greaterThan(150);
  });

  const literals: Array<[string, string]> = [
    ['quotes and backslashes', 'a "quoted" \\ back\\slash \\"'],
    ['line breaks, tabs, form feed, backspace', 'one\ntwo\r\nthree\tfour\f\b'],
    ['non-ASCII', 'Café – 東京 😀'],
    ['control characters', '\u0001\u001f'],
    ['empty', ''],
  ];
  for (const [name, value] of literals) {
    it(`a literal with ${name}`, () => {
      const line = hintCommentLines([hint(value)]).trimEnd();
      const quad = parseHintComment(line);
      expect(quad?.object.value).to.equal(value);
      expect(quad!.equals(byParser(line))).to.equal(true);
    });
  }

  it('other spellings of the quad go to the parser: \\u escapes, a datatype, a line ending', () => {
    const g = `<${HINT_GRAPH_PREFIX}${ID}>`;
    expect(
      parseHintComment(`${HINT_COMMENT_PREFIX}<${ID}> <${SHAPE_PREDICATE}> "caf\\u00E9" ${g} .`)?.object.value,
    ).to.equal('café');
    expect(
      parseHintComment(
        `${HINT_COMMENT_PREFIX}<${ID}> <${SHAPE_PREDICATE}> "x"^^<http://www.w3.org/2001/XMLSchema#string> ${g} .\r\n`,
      )?.object.value,
    ).to.equal('x');
  });

  it('is not a hint: another graph, a blank node subject, two quads, broken syntax, another comment', () => {
    const g = `<${HINT_GRAPH_PREFIX}${ID}>`;
    expect(parseHintComment(`${HINT_COMMENT_PREFIX}<${ID}> <${SHAPE_PREDICATE}> "x" <${ID}> .`)).to.equal(undefined);
    expect(parseHintComment(`${HINT_COMMENT_PREFIX}_:b <${SHAPE_PREDICATE}> "x" ${g} .`)).to.equal(undefined);
    expect(
      parseHintComment(
        `${HINT_COMMENT_PREFIX}<${ID}> <${SHAPE_PREDICATE}> "x" ${g} . <${ID}> <${SHAPE_PREDICATE}> "y" ${g} .`,
      ),
    ).to.equal(undefined);
    expect(parseHintComment(`${HINT_COMMENT_PREFIX}<${ID}> <${SHAPE_PREDICATE}> "x ${g} .`)).to.equal(undefined);
    expect(parseHintComment('# a comment')).to.equal(undefined);
  });
});
