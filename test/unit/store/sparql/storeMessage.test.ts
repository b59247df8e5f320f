/**
 * A store's error is read from its message, not from the request it echoes (Virtuoso repeats the
 * whole request after "SPARQL query:"): every guarded request names the claim check's state, and a
 * document's literal may say "deadlock", so a failure for another reason must not read as either.
 */
import { expect } from 'chai';
import { isDeadlock, StoreRequestFailed } from '../../../../src/store/sparql/errors.js';
import { CLAIM_LOST, isClaimLost } from '../../../../src/store/sparql/writeTurn.js';

/** An error answer as Virtuoso writes it: its state and message, then the request. */
const answer = (state: string, message: string, request: string) =>
  `Virtuoso ${state} Error ${message}\n\nSPARQL query:\n${request}`;
const failed = (body: string) => new StoreRequestFailed('http://store.example/sparql', 500, body, 'update');
const GUARDED = `INSERT { … } WHERE { BIND (bif:signal("${CLAIM_LOST}", "linkedart: the claim did not hold") AS ?c) } ;\nINSERT DATA { <s> <p> "deadlock 40001" }`;

describe('a remote store error read from its message, not the request it echoes', () => {
  it('the claim check signalled: a lost claim', () => {
    expect(isClaimLost(answer(CLAIM_LOST, 'linkedart: the claim of ?claimed did not hold', GUARDED))).to.equal(true);
  });

  it('another failure of a guarded request (its text names the check): not a lost claim', () => {
    expect(isClaimLost(answer('HT001', 'the store failed after the claim', GUARDED))).to.equal(false);
    expect(isClaimLost(answer('42000', 'SR172: Transaction timed out', GUARDED))).to.equal(false);
  });

  it("a deadlock by the store's state or message; a request whose data say so is none", () => {
    expect(isDeadlock(failed(answer('40001', 'SR172: Transaction deadlocked', 'INSERT DATA {}')))).to.equal(true);
    expect(isDeadlock(failed(answer('22023', 'a failure', GUARDED)))).to.equal(false);
  });
});
