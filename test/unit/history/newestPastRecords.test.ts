/**
 * The newest past records a process keeps (src/history/newestPastRecords.ts): a write's numbered
 * documents are known at their new record; a document it touched without numbering, or a failed
 * write's, is forgotten (looked up in the store again), whatever else is known.
 */
import { expect } from 'chai';
import { NewestPastRecords } from '../../../src/history/newestPastRecords.js';
import type { VersionRecord } from '../../../src/history/versionRecord.js';

const record = (n: number): VersionRecord => ({
  n,
  kind: 'Update',
  time: '2026-11-28T12:00:00Z',
  actor: 'curator',
  digest: null,
});
const A = 'https://example.org/object/a';
const B = 'https://example.org/object/b';

describe('history: the newest past records kept in memory', () => {
  it('a document written again is known at its newest record, the one before replaced', () => {
    const known = new NewestPastRecords();
    known.wrote([A], new Map([[A, record(1)]]));
    known.wrote([A], new Map([[A, record(2)]]));
    expect(known.get(A)).to.deep.equal(record(2));
  });

  it('a document touched but not numbered is forgotten; the others stay known', () => {
    const known = new NewestPastRecords();
    known.wrote(
      [A, B],
      new Map([
        [A, record(3)],
        [B, record(7)],
      ]),
    );
    known.wrote([A], new Map());
    expect(known.get(A)).to.equal(undefined);
    expect(known.get(B)).to.deep.equal(record(7));
  });

  it('the only document known, touched but not numbered, is forgotten', () => {
    const known = new NewestPastRecords();
    known.wrote([A], new Map([[A, record(1)]]));
    known.wrote([A], new Map());
    expect(known.get(A)).to.equal(undefined);
    known.wrote([A], new Map([[A, record(2)]]));
    expect(known.get(A)).to.deep.equal(record(2));
  });

  it('a failed write forgets what it touched', () => {
    const known = new NewestPastRecords();
    known.wrote(
      [A, B],
      new Map([
        [A, record(1)],
        [B, record(1)],
      ]),
    );
    known.forget([B]);
    expect(known.get(A)).to.deep.equal(record(1));
    expect(known.get(B)).to.equal(undefined);
  });
});
