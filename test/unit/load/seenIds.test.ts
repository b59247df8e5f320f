import { expect } from 'chai';
import { SeenIds } from '../../../src/load/seenIds.js';

describe('SeenIds: the ids a load has seen, and where', () => {
  it('names the input and line where an id was last seen', () => {
    const seen = new SeenIds();
    seen.set('https://x/a', 'dump.nq', 'line 212 (graph 7 <https://x/a>)');
    seen.set('https://x/b', 'more.json', 'line 9 (record 2)');
    expect(seen.get('https://x/a')).to.equal('dump.nq line 212');
    expect(seen.get('https://x/b')).to.equal('more.json line 9');
    seen.set('https://x/a', 'more.json', 'line 4000000000 (record 3)');
    expect(seen.get('https://x/a')).to.equal('more.json line 4000000000');
    expect(seen.get('https://x/c')).to.equal(undefined);
    expect(seen.size).to.equal(2);
  });

  it('keeps the words of a place without a line number, or with one too large to pack', () => {
    const seen = new SeenIds();
    seen.set('https://x/a', 'dump.ttl', 'document 3 split from the triples with no graph');
    seen.set('https://x/b', 'huge.nq', 'line 99999999999 (graph 1 <https://x/b>)');
    expect(seen.get('https://x/a')).to.equal('dump.ttl document 3 split from the triples with no graph');
    expect(seen.get('https://x/b')).to.equal('huge.nq line 99999999999 (graph 1 <https://x/b>)');
  });
});
