/**
 * The wait before a deadlock's victim is sent again (errors.ts): it doubles with each attempt, and
 * two victims of the same deadlock wait differently, so they do not meet again in step.
 */
import { expect } from 'chai';
import { deadlockWait, DEADLOCK_RETRIES } from '../../../../src/store/sparql/errors.js';

describe('deadlockWait', () => {
  it('waits from half to one and a half of 20 ms × 2^attempt', () => {
    for (let attempt = 0; attempt < DEADLOCK_RETRIES; attempt++) {
      const base = 20 * 2 ** attempt;
      expect(deadlockWait(attempt, () => 0)).to.equal(base / 2);
      expect(deadlockWait(attempt, () => 0.999999)).to.be.within(base * 1.49, base * 1.5);
    }
  });

  it('gives two victims of one deadlock different waits', () => {
    expect(deadlockWait(2, () => 0.1)).not.to.equal(deadlockWait(2, () => 0.7));
    const waits = new Set(Array.from({ length: 20 }, () => deadlockWait(3)));
    expect(waits.size, 'waits drawn at random').to.be.greaterThan(1);
  });

  it('sends a victim again for about five seconds in all before it gives up', () => {
    const total = Array.from({ length: DEADLOCK_RETRIES }, (_, a) => 20 * 2 ** a).reduce((x, y) => x + y, 0);
    expect(total).to.be.within(4000, 6000);
  });
});
