/**
 * The lookup by identifier (service/resolve/): the scheme words, white space collapsed, the
 * content written as bound terms (escaped, one per tag), the tags kept as writes come, and which
 * entities hold a content — on quads written straight to a store, so a tag no JSON-LD document
 * could bring (a datatype) is matched too.
 */
import { expect } from 'chai';
import { df, type Quad } from '../../../src/rdf/terms.js';
import { ContentTags } from '../../../src/service/resolve/contentTags.js';
import {
  collapseWhiteSpace,
  entityClasses,
  identifierHolders,
} from '../../../src/service/resolve/identifierHolders.js';
import { CONTENT_IRI, contentTerms } from '../../../src/service/resolve/identifierQuery.js';
import { identifierSchemeNamed } from '../../../src/service/resolve/identifierSchemes.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { MemoryStore } from '../../support/memoryStore.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const ACCESSION = 'http://vocab.getty.edu/aat/300312355';
const n = (iri: string) => df.namedNode(iri);

/** The graph of `id`, an object whose own Identifier (or, `embedded`, that of a part) has `content`. */
function objectGraph(id: string, content: Quad['object'], options: { embedded?: boolean; scheme?: string } = {}) {
  const g = n(id);
  const identifier = n(`${id}#identifier`);
  const holder = options.embedded ? n(`${id}#part`) : g;
  const quads = [
    df.quad(g, n(RDF_TYPE), n(`${CRM}E22_Human-Made_Object`), g),
    df.quad(holder, n(`${CRM}P1_is_identified_by`), identifier, g),
    df.quad(identifier, n(RDF_TYPE), n(`${CRM}E42_Identifier`), g),
    df.quad(identifier, n(CONTENT_IRI), content, g),
  ];
  if (options.embedded) quads.push(df.quad(g, n(`${CRM}P46_is_composed_of`), holder, g));
  if (options.scheme) quads.push(df.quad(identifier, n(`${CRM}P2_has_type`), n(options.scheme), g));
  return quads;
}

describe('resolve: the lookup by identifier', () => {
  it('knows schemes by their words, as people type them', () => {
    for (const word of ['accession', 'Accession Number', 'accession numbers', ' ACCESSION_number '])
      expect(identifierSchemeNamed(word), word).to.equal(ACCESSION);
    expect(identifierSchemeNamed('System assigned number')).to.equal('http://vocab.getty.edu/aat/300435704');
    expect(identifierSchemeNamed('stamp')).to.equal(undefined);
    expect(identifierSchemeNamed('')).to.equal(undefined);
  });

  it('collapses white space: trimmed, each run one space', () => {
    expect(collapseWhiteSpace(' WHM \t 1923.4\u00a0\n')).to.equal('WHM 1923.4');
    expect(collapseWhiteSpace('WHM 1923.4')).to.equal('WHM 1923.4');
  });

  it('writes the content as one bound term per tag, escaped so that nothing in it ends the literal', () => {
    expect(contentTerms('a "b" \\ }', [])).to.deep.equal(['"a \\"b\\" \\\\ }"']);
    expect(contentTerms('x', [{ language: 'en' }, { datatype: `${XSD}token` }])).to.deep.equal([
      '"x"',
      '"x"@en',
      `"x"^^<${XSD}token>`,
    ]);
  });

  it('keeps the tags writes bring; plain strings and tags no query could carry are left out', () => {
    const tags = new ContentTags();
    const c = n(CONTENT_IRI);
    const s = n('https://example.org/1#identifier');
    tags.written(
      new Map([
        [
          'https://example.org/1',
          [
            df.quad(s, c, df.literal('a', 'en')),
            df.quad(s, c, df.literal('b', n(`${XSD}token`))),
            df.quad(s, c, df.literal('c')),
            df.quad(s, c, df.literal('d', n(`${XSD}string`))),
            df.quad(s, c, df.literal('e', 'not a tag!')),
            df.quad(s, n(`${CRM}P3_has_note`), df.literal('f', 'de')),
          ],
        ],
      ]),
    );
    expect(tags.list).to.deep.equal([{ language: 'en' }, { datatype: `${XSD}token` }]);
  });

  it("finds the entities whose own Identifier holds the content, whatever the literal's tag", async () => {
    const store = new MemoryStore();
    await store.replaceGraphs(
      new Map([
        ['https://example.org/a', objectGraph('https://example.org/a', df.literal('N 1', n(`${XSD}token`)))],
        ['https://example.org/b', objectGraph('https://example.org/b', df.literal('N 1'), { scheme: ACCESSION })],
        ['https://example.org/c', objectGraph('https://example.org/c', df.literal('N 1'), { embedded: true })],
        ['https://example.org/d', objectGraph('https://example.org/d', df.literal('N 1', 'en'))],
        ['https://example.org/e', objectGraph('https://example.org/e', df.literal('n 1'))],
      ]),
    );
    const documents = new DocumentService(store);
    const all = await identifierHolders(documents, { content: 'N 1', classifiedAs: [] });
    expect(all).to.deep.equal({
      content: 'N 1',
      ids: ['https://example.org/a', 'https://example.org/b', 'https://example.org/d'],
      total: 3,
    });
    expect(await identifierHolders(documents, { content: '  N   1 ', classifiedAs: [ACCESSION] })).to.deep.equal({
      content: 'N 1',
      ids: ['https://example.org/b'],
      total: 1,
    });
    expect(await identifierHolders(documents, { content: 'N 2', classifiedAs: [] })).to.deep.equal({
      content: 'N 2',
      ids: [],
      total: 0,
    });
    expect(await entityClasses(store, all.ids)).to.deep.equal(new Map(all.ids.map((id) => [id, 'HumanMadeObject'])));
  });
});
