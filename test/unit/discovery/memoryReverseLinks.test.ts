/**
 * The in-memory reverse-link index keeps one string a relation and a target, not one a row
 * (issue 35): rows parsed one document at a time (the kept file, each write) each bring their own
 * copies, which the index must not hold on to.
 */
import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryReverseLinks } from '../../../src/discovery/MemoryReverseLinks.js';
import { RELATIONS } from '../../../src/discovery/relations/index.js';
import type { DocumentLinks } from '../../../src/discovery/reverseLinksOf.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('MemoryReverseLinks memory', () => {
  it('shares a target id and a relation name among the rows naming them', () => {
    const relation = RELATIONS.find((r) => !r.internal)!.name;
    // 50 targets with long ids, 20,000 documents of 5 rows each: each row's strings a copy of their own.
    const targets = Array.from({ length: 50 }, (_, i) => `https://example.org/place/${'x'.repeat(200)}-${i}`);
    const docs = 20_000;
    const index = new MemoryReverseLinks();
    const before = heapUsed();
    for (let d = 0; d < docs; d++) {
      const rows = Array.from({ length: 5 }, (_, k) => ({ relation, target: targets[(d + k * 7) % targets.length] }));
      const links = JSON.parse(JSON.stringify({ type: 'HumanMadeObject', links: rows })) as DocumentLinks;
      index.replace(`https://example.org/object/${d}`, links);
    }
    const perDocument = (heapUsed() - before) / docs;
    // Each row's own copy of a target id is about 240 bytes: 5 a document are 1.2 KB on their own (measured: about 2,000 bytes a document without sharing, 600 with).
    expect(perDocument).to.be.below(1200);
    expect(index.size).to.equal(docs);
  });
});
