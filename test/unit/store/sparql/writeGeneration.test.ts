import { expect } from 'chai';
import sparqljs from 'sparqljs';
import { REGISTRY_GRAPH } from '../../../../src/store/sparql/graphWrites.js';
import {
  GENERATION_QUERY,
  generationOf,
  newToken,
  withNewGeneration,
} from '../../../../src/store/sparql/writeGeneration.js';

const parse = (text: string): sparqljs.SparqlQuery => new sparqljs.Parser().parse(text);
const operations = (text: string): sparqljs.UpdateOperation[] => {
  const parsed = parse(text);
  if (parsed.type !== 'update') throw new Error(`not an update: ${text}`);
  return parsed.updates;
};

describe('writeGeneration: the store-wide token every update request replaces', () => {
  it("puts the replacement first, then the update, with the update's prologue and comments its own", () => {
    const update = 'PREFIX ex: <http://example.org/>\nINSERT DATA { GRAPH ex:g { ex:s ex:p "o" } } # trailing comment';
    const text = withNewGeneration(update, 'tok');
    const ops = operations(text);
    expect(ops).to.have.length(3);
    expect(ops[0]).to.include({ updateType: 'insertdelete' });
    expect(ops[1]).to.include({ updateType: 'insert' });
    expect(JSON.stringify(ops[1])).to.contain('"value":"tok"').and.contain(REGISTRY_GRAPH);
    expect(JSON.stringify(ops[2])).to.contain('http://example.org/g');
    expect(text.endsWith(update), 'the update unchanged').to.equal(true);
  });

  it('an empty update is the replacement alone', () => {
    expect(operations(withNewGeneration('', 'tok'))).to.have.length(2);
    expect(operations(withNewGeneration('  \n', 'tok'))).to.have.length(2);
  });

  it('removes every token it finds (a set left by concurrent writers) in the graph it reads', () => {
    const [removal] = operations(withNewGeneration('', 'tok')) as [sparqljs.InsertDeleteOperation];
    expect(JSON.stringify(removal)).to.contain('"termType":"Variable","value":"token"');
    const query = parse(GENERATION_QUERY);
    expect(query.type).to.equal('query');
    expect(JSON.stringify(query)).to.contain(REGISTRY_GRAPH);
  });

  it('reads the generation as its tokens, sorted: the same set is the same generation whatever order it comes in', () => {
    const row = (v: string) => ({ token: { t: 'L' as const, v } });
    expect(generationOf({ kind: 'bindings', variables: ['token'], rows: [row('b'), row('a')] })).to.equal(
      generationOf({ kind: 'bindings', variables: ['token'], rows: [row('a'), row('b')] }),
    );
    expect(generationOf({ kind: 'bindings', variables: ['token'], rows: [] })).to.equal('');
    expect(() => generationOf({ kind: 'boolean', value: true })).to.throw(
      /write generation query got a boolean answer/,
    );
  });

  it('makes tokens that do not repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).to.equal(1000);
    for (const t of tokens) expect(t).to.match(/^[A-Za-z0-9_-]{16}$/);
  });
});
