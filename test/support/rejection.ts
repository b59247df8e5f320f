/** The problems a check refuses a document with; fails the test when the document is accepted. */
import { expect } from 'chai';
import { DocumentRejected, type Problem } from '../../src/linkedart/Problem.js';

export function problemsOf(check: (doc: unknown) => unknown, doc: unknown): Problem[] {
  try {
    check(doc);
  } catch (e) {
    expect(e).to.be.instanceOf(DocumentRejected);
    return [...(e as DocumentRejected).problems];
  }
  throw new Error('expected the document to be rejected');
}
