import { expect } from 'chai';
import { graphLimitsExceeded } from '../../../src/ingest/graphLimits.js';
import { df, type Quad } from '../../../src/rdf/terms.js';

const ROOT = 'https://example.org/object/1';
const P46 = 'http://www.cidoc-crm.org/cidoc-crm/P46_is_composed_of';
const P45 = 'http://www.cidoc-crm.org/cidoc-crm/P45_consists_of';
const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const LIMITS = { maxBytes: 100_000, maxDepth: 64, maxArrayItems: 100 };
const node = (i: number) => (i === 0 ? df.namedNode(ROOT) : df.blankNode(`b${i}`));
const quad = (s: Quad['subject'], p: string, o: Quad['object']) => df.quad(s, df.namedNode(p), o);

describe('Limits on one document, for a graph read from RDF', () => {
  it('a graph nested as deep as real records, with a cycle back to its root: within the limits', () => {
    const quads = Array.from({ length: 20 }, (_, i) => quad(node(i), P46, node(i + 1)));
    quads.push(quad(node(20), P46, node(0)), quad(node(20), LABEL, df.literal('last')));
    expect(graphLimitsExceeded(ROOT, quads, LIMITS)).to.equal(undefined);
  });

  it('a chain of 100,000 blank nodes: too deep, walked without recursion', () => {
    const quads = Array.from({ length: 100_000 }, (_, i) => quad(node(i), P46, node(i + 1)));
    quads.push(quad(node(100_000), LABEL, df.literal('end')));
    expect(graphLimitsExceeded(ROOT, quads, LIMITS)).to.deep.include({ rule: 'nested-too-deep', limit: 64 });
  });

  it('blank nodes that each reach the next twice (2^30 nodes rendered from 60 triples): too large, found in bounded time', () => {
    const quads = Array.from({ length: 30 }, (_, i) => [
      quad(node(i), P46, node(i + 1)),
      quad(node(i), P45, node(i + 1)),
    ]).flat();
    quads.push(quad(node(30), LABEL, df.literal('end')));
    expect(graphLimitsExceeded(ROOT, quads, LIMITS)).to.deep.include({ rule: 'document-too-large', limit: 100_000 });
  });

  it('more values of one predicate on one subject than an array may hold', () => {
    const quads = Array.from({ length: 101 }, (_, i) => quad(node(0), LABEL, df.literal(`name ${i}`)));
    const exceeded = graphLimitsExceeded(ROOT, quads, LIMITS)!;
    expect(exceeded).to.deep.include({ rule: 'array-too-long', limit: 100, found: 101 });
    expect(exceeded.message).to.contain(`<${ROOT}> has 101 values of <${LABEL}>`);
  });
});
