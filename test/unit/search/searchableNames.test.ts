/**
 * What name search knows of a document, read from its entity graph in one walk
 * (searchableNamesOf): the document's own names, labels, identifiers, statements, classifications
 * and year, never those of what it embeds, whatever the order of its quads; and the same entry,
 * graph for graph, as the derivation first written (test/support/searchableNamesReference.ts).
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inThreadGate } from '../../../src/load/gate/Gate.js';
import { df, RDF_TYPE, type Quad } from '../../../src/rdf/terms.js';
import {
  BEGIN_OF_THE_BEGIN,
  CLASSIFIED_AS,
  CONTENT,
  IDENTIFIED_BY,
  IDENTIFIER_CLASS,
  NAME_CLASS,
  PRIMARY_NAME,
  RDFS_LABEL,
  REFERRED_TO_BY,
  searchableNamesOf,
  TIMESPAN,
} from '../../../src/search/searchableNames.js';
import { isInternalGraph } from '../../../src/store/internalGraphs.js';
import { richCollection } from '../../bench/scale/richCollection.js';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { seededRandom } from '../../support/random.js';
import { referenceSearchableNamesOf } from '../../support/searchableNamesReference.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const DOC = 'https://example.org/object/1';
/** An IRI, or a blank node for `_:label`. */
const node = (v: string) => (v.startsWith('_:') ? df.blankNode(v.slice(2)) : df.namedNode(v));
const quad = (s: string, p: string, o: string | ReturnType<typeof df.literal>) =>
  df.quad(node(s), df.namedNode(p), typeof o === 'string' ? node(o) : o, df.namedNode(DOC));
const text = (v: string) => df.literal(v);

/** A painting's graph with a node's quads apart from each other, an embedded person with names of its own, and tags on the rules' edges. */
const PAINTING: Quad[] = [
  quad(DOC, RDF_TYPE, `${CRM}E22_Human-Made_Object`),
  quad(DOC, RDFS_LABEL, text('Harbour at Dusk')),
  // An IRI as a _label is not one of its labels.
  quad(DOC, RDFS_LABEL, 'https://example.org/not-a-label'),
  quad(DOC, IDENTIFIED_BY, '_:name1'),
  quad('_:name1', RDF_TYPE, NAME_CLASS),
  quad(DOC, IDENTIFIED_BY, '_:name2'),
  quad('_:name2', RDF_TYPE, NAME_CLASS),
  quad('_:name2', CONTENT, text('Dusk')),
  quad('_:name2', CONTENT, text('Harbour at Dusk')),
  // The primary name's quads, split by the other name's.
  quad('_:name1', CONTENT, text('Harbour at Dusk')),
  quad('_:name1', CLASSIFIED_AS, PRIMARY_NAME),
  quad(DOC, IDENTIFIED_BY, '_:id1'),
  quad('_:id1', RDF_TYPE, IDENTIFIER_CLASS),
  quad('_:id1', CONTENT, text('WHM 1923.4')),
  // An appellation of no class, and a content that is not a literal: neither is read.
  quad(DOC, IDENTIFIED_BY, '_:other'),
  quad('_:other', CONTENT, text('Nothing')),
  quad('_:id1', CONTENT, 'https://example.org/not-a-content'),
  quad(DOC, CLASSIFIED_AS, 'http://vocab.getty.edu/aat/300033618'),
  quad(DOC, REFERRED_TO_BY, '_:statement'),
  quad('_:statement', CONTENT, text('A view of the harbour.')),
  quad(DOC, `${CRM}P108i_was_produced_by`, '_:production'),
  quad('_:production', TIMESPAN, '_:when'),
  quad('_:when', BEGIN_OF_THE_BEGIN, text('1887-01-01T00:00:00Z')),
  quad(DOC, `${CRM}P94i_was_created_by`, '_:creation'),
  quad('_:creation', TIMESPAN, '_:earlier'),
  quad('_:earlier', BEGIN_OF_THE_BEGIN, text('-0300-01-01T00:00:00Z')),
  // The classification's label comes after the document says it is classified so.
  quad('http://vocab.getty.edu/aat/300033618', RDFS_LABEL, text('paintings')),
  // An embedded person: its names and label are not the painting's.
  quad('_:production', `${CRM}P14_carried_out_by`, 'https://example.org/person/1'),
  quad('https://example.org/person/1', RDF_TYPE, `${CRM}E21_Person`),
  quad('https://example.org/person/1', RDFS_LABEL, text('A painter')),
  quad('https://example.org/person/1', IDENTIFIED_BY, '_:painter'),
  quad('_:painter', RDF_TYPE, NAME_CLASS),
  quad('_:painter', CONTENT, text('A painter')),
];

/** Every entity graph of the demo and of some rich generated documents, as a load stores them. */
async function entityGraphs(): Promise<Array<[string, readonly Quad[]]>> {
  const batch = inThreadGate.batch();
  const demo = join(PROJECT_ROOT, 'data/demo');
  for (const file of readdirSync(demo))
    batch.add({ kind: 'json', location: file, json: JSON.parse(readFileSync(join(demo, file), 'utf8')) }, file);
  const rich = richCollection(300);
  for (let i = 0; i < rich.size; i++)
    batch.add({ kind: 'json', location: `rich ${i}`, json: JSON.parse(rich.documentAt(i)) }, `rich ${i}`);
  const { graphs } = await batch.check([], new Date(0), true);
  return [...(graphs as ReadonlyMap<string, readonly Quad[]>)].filter(([graph]) => !isInternalGraph(graph));
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

describe('searchableNamesOf (what name search knows of a document)', () => {
  const expected = {
    id: DOC,
    type: 'HumanMadeObject',
    names: ['Harbour at Dusk', 'Dusk'],
    labels: ['Harbour at Dusk'],
    identifiers: ['WHM 1923.4'],
    statements: ['A view of the harbour.'],
    classifications: ['paintings'],
    year: -300,
  };

  it("reads the document's own names, labels, identifiers, statement, classification and earliest year", () => {
    expect(searchableNamesOf(DOC, PAINTING)).to.deep.equal(expected);
  });

  it('reads the same whatever the order of the quads', () => {
    const random = seededRandom(35);
    for (let round = 0; round < 20; round++)
      expect(searchableNamesOf(DOC, shuffled(PAINTING, random))).to.deep.equal(expected);
  });

  it('no year, no type: nothing said of either (a blank node spelled as the id types nothing)', () => {
    const undated = PAINTING.filter((q) => q.predicate.value !== BEGIN_OF_THE_BEGIN && q.predicate.value !== RDF_TYPE);
    const entry = searchableNamesOf(DOC, [...undated, quad(`_:${DOC}`, RDF_TYPE, `${CRM}E21_Person`)]);
    expect(entry).to.not.have.property('year');
    expect(entry.type).to.equal(undefined);
    // Without their rdf:type, the appellations are neither names nor identifiers.
    expect(entry.names).to.deep.equal([]);
    expect(entry.identifiers).to.deep.equal([]);
  });

  it('the same entry as the derivation first written, for every demo and rich document, in order and shuffled', async () => {
    const graphs = await entityGraphs();
    expect(graphs.length).to.be.greaterThan(300);
    const random = seededRandom(29);
    let dated = 0;
    for (const [id, quads] of graphs) {
      const reference = referenceSearchableNamesOf(id, quads);
      if (reference.year !== undefined) dated++;
      expect(JSON.stringify(searchableNamesOf(id, quads)), id).to.equal(JSON.stringify(reference));
      expect(JSON.stringify(searchableNamesOf(id, shuffled(quads, random))), id).to.equal(JSON.stringify(reference));
    }
    // The comparison bites: the documents have years, statements, classifications and identifiers.
    expect(dated).to.be.greaterThan(100);
  });
});
