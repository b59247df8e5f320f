/**
 * Plain terms (src/store/embedded/plainTerms.ts): a write whose IRIs and language tags are all
 * of the plain forms is loaded without Oxigraph's checks, so every term judged plain must be one
 * those checks accept; anything else is loaded with them, as before.
 */
import { expect } from 'chai';
import { Store } from 'oxigraph';
import { isPlainDatatype, isPlainIri, isPlainLanguageTag } from '../../../../src/store/embedded/plainTerms.js';
import { wireToCheckedNQuads } from '../../../../src/store/embedded/wire.js';
import { encodeGraphs } from '../../../../src/rdf/wireGraphs.js';
import { df, type Quad } from '../../../../src/rdf/terms.js';
import { documentGraphs } from '../fixtures.js';

const NQUADS = 'application/n-quads';
const EX = 'http://example.org/';

/** Whether Oxigraph's checked N-Quads parser accepts the line. */
function accepted(line: string): boolean {
  try {
    new Store().load(line, { format: NQUADS });
    return true;
  } catch {
    return false;
  }
}

const iriLine = (iri: string) => `<${iri}> <${EX}p> <${EX}o> .\n`;
const tagLine = (tag: string) => `<${EX}s> <${EX}p> "x"@${tag} .\n`;

/** A deterministic generator of strings from `pieces` (a fixed seed: the same cases every run). */
function* randomTexts(pieces: readonly string[], count: number, maxPieces: number): Generator<string> {
  let seed = 29;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 0; i < count; i++) {
    let text = '';
    for (let k = next(maxPieces) + 1; k > 0; k--) text += pieces[next(pieces.length)];
    yield text;
  }
}

describe('plain terms: what Oxigraph may load without its checks', () => {
  it('takes the common forms of IRIs and language tags as plain', () => {
    for (const iri of [
      'https://example.org/generated/5',
      'urn:linkedart-service:hints:https://example.org/generated/5',
      'http://vocab.getty.edu/aat/300054751',
      'http://www.w3.org/2001/XMLSchema#dateTime',
      'https://example.org/a%20b?q=1&r=(2)#frag/x?y',
      'http://localhost:8080/x',
      'mailto:someone@example.org',
    ])
      expect(isPlainIri(iri), iri).to.equal(true);
    for (const tag of ['en', 'de-CH', 'zh-Hant-TW', 'es-419', 'nld'])
      expect(isPlainLanguageTag(tag), tag).to.equal(true);
  });

  it('leaves to the checks what they may refuse', () => {
    for (const iri of [
      'relative/iri',
      '',
      'http://exa mple.org/',
      'http://example.org/%zz',
      'http://host:80x/',
      'http://[::1]/',
      'http://example.org/<x>',
      'http://example.org/\u00e9',
      'urn:/x',
      '1a:x',
    ])
      expect(isPlainIri(iri), iri).to.equal(false);
    for (const tag of ['en gb', 'not-a-tag!', 'abcdefghi', 'en-', 'en-US-x-private', 'i-klingon'])
      expect(isPlainLanguageTag(tag), tag).to.equal(false);
    expect(isPlainDatatype('http://www.w3.org/1999/02/22-rdf-syntax-ns#langString')).to.equal(false);
    expect(isPlainDatatype('http://www.w3.org/2001/XMLSchema#integer')).to.equal(true);
  });

  it('judges plain only IRIs and tags that the checks accept (20,000 generated cases)', () => {
    const iriPieces = [
      'http',
      'urn',
      'a',
      'Z9',
      'x+.-',
      ':',
      '//',
      '/',
      '?',
      '#',
      '@',
      '%',
      '%4a',
      '%g1',
      '[',
      ']',
      '::1',
      '80',
      ' ',
      '"',
      '<',
      '>',
      '{',
      '|',
      '\\',
      '^',
      '`',
      '~',
      '!',
      "'",
      '(',
      '*',
      ',',
      ';',
      '=',
      '&',
      '$',
      '.',
      '..',
      '-',
      '_',
      '\u00e9',
      '\u0000',
      '\n',
    ];
    let plain = 0;
    const schemes = ['http:', 'urn:', 'a:', 'x+.-:', ''];
    for (const [i, rest] of [...randomTexts(iriPieces, 15_000, 9)].entries()) {
      const iri = schemes[i % schemes.length] + rest;
      if (!isPlainIri(iri)) continue;
      plain++;
      expect(accepted(iriLine(iri)), iri).to.equal(true);
    }
    expect(plain, 'cases judged plain').to.be.greaterThan(1000);
    const tagPieces = ['en', 'x', 'abc', 'Hant', '-', '--', '419', '1', 'US', 'abcdefghi', ' ', '_'];
    let plainTags = 0;
    for (const tag of randomTexts(tagPieces, 5_000, 5)) {
      if (!isPlainLanguageTag(tag)) continue;
      plainTags++;
      expect(accepted(tagLine(tag)), tag).to.equal(true);
    }
    expect(plainTags, 'tags judged plain').to.be.greaterThan(100);
  });

  it('says whether a whole write is plain, and a plain write loads the same without the checks', () => {
    const fixtures = new Map([...documentGraphs(1), ...documentGraphs(2)]);
    // The fixtures hold an IRI outside ASCII: not plain. Without it, they are.
    expect(wireToCheckedNQuads(encodeGraphs(fixtures)).plain).to.equal(false);
    const ascii = (q: Quad) =>
      [q.subject, q.predicate, q.object].every((t) => !/[^\x20-\x7e]/.test(t.value) || t.termType === 'Literal');
    const graphs = new Map([...fixtures].map(([g, quads]) => [g, quads.filter(ascii)]));
    const { texts, plain } = wireToCheckedNQuads(encodeGraphs(graphs));
    expect(plain).to.equal(true);
    const checked = new Store();
    checked.load(texts.join(''), { format: NQUADS });
    const unchecked = new Store();
    unchecked.load(texts.join(''), { format: NQUADS, lenient: true });
    // The same quads (blank node labels are the store's own).
    const lines = (store: Store) => store.dump({ format: NQUADS }).replace(/_:\w+/g, '_:').split('\n').sort();
    expect(lines(unchecked)).to.deep.equal(lines(checked));

    const s = df.namedNode(EX + 's');
    const p = df.namedNode(EX + 'p');
    const notPlain: Array<[string, string, Quad]> = [
      [EX + 'g', 'a relative IRI', df.quad(s, p, df.namedNode('relative/iri'))],
      [EX + 'g', 'a private-use language tag', df.quad(s, p, df.literal('x', 'en-x-private'))],
      [
        EX + 'g',
        'rdf:langString without a tag',
        df.quad(s, p, df.literal('x', df.namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#langString'))),
      ],
      ['urn:x:\u00e9', 'a graph name outside ASCII', df.quad(s, p, df.literal('x'))],
    ];
    for (const [graph, what, quad] of notPlain)
      expect(wireToCheckedNQuads(encodeGraphs(new Map([[graph, [quad]]]))).plain, what).to.equal(false);
  });
});
