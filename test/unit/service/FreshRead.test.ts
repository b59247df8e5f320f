import { expect } from 'chai';
import { FreshRead } from '../../../src/service/FreshRead.js';

/**
 * A store whose value the test sets, and whose reads end only when the test says: each read
 * takes the value at its start (as a query's snapshot would) and is held until released.
 */
class HeldStore {
  value = 'g0';
  readonly reads: Array<{ value: string; end: () => void; fail: (error: Error) => void }> = [];
  /** Reads started and not yet ended. */
  running = 0;
  maxRunning = 0;

  read = (): Promise<string> => {
    const value = this.value;
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    return new Promise<string>((resolve, reject) => {
      const settle = (): void => {
        this.running--;
      };
      this.reads.push({
        value,
        end: () => {
          settle();
          resolve(value);
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      });
    });
  };

  /** Ends read `i` and lets every callback it sets off run. */
  async end(i: number): Promise<void> {
    this.reads[i].end();
    await settled();
  }
}

/** Lets pending promise callbacks run (a macrotask turn comes after all microtasks). */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A promise's value so far: 'pending' until it settles. */
function watch<T>(promise: Promise<T>): { state: () => T | 'pending' } {
  let state: T | 'pending' = 'pending';
  void promise.then((v) => {
    state = v;
  });
  return { state: () => state };
}

describe('FreshRead: a shared read that started after the caller asked', () => {
  it('the first caller starts a read and gets its value', async () => {
    const store = new HeldStore();
    const fresh = new FreshRead(store.read);
    const a = watch(fresh.get());
    expect(store.reads).to.have.length(1);
    await store.end(0);
    expect(a.state()).to.equal('g0');
  });

  it('a caller arriving while a read runs waits for the next read, which starts when that one ends', async () => {
    const store = new HeldStore();
    const fresh = new FreshRead(store.read);
    const early = watch(fresh.get());
    const late = watch(fresh.get());
    expect(store.reads, 'no second read while one runs').to.have.length(1);
    await store.end(0);
    expect(early.state()).to.equal('g0');
    expect(late.state(), 'not given the read that started before it came').to.equal('pending');
    expect(store.reads).to.have.length(2);
    await store.end(1);
    expect(late.state()).to.equal('g0');
  });

  it('sees a write made while an earlier read was running', async () => {
    const store = new HeldStore();
    const fresh = new FreshRead(store.read);
    const before = watch(fresh.get()); // its read takes g0
    store.value = 'g1'; // a write ends; then a request comes
    const after = watch(fresh.get());
    await store.end(0);
    await store.end(1);
    expect(before.state()).to.equal('g0');
    expect(after.state()).to.equal('g1');
  });

  it('sees a write made between two reads', async () => {
    const store = new HeldStore();
    const fresh = new FreshRead(store.read);
    const first = watch(fresh.get());
    await store.end(0);
    store.value = 'g1';
    const second = watch(fresh.get());
    await store.end(1);
    expect([first.state(), second.state()]).to.deep.equal(['g0', 'g1']);
  });

  it('callers that arrive during one read share the next: one read for all of them, never two at once', async () => {
    const store = new HeldStore();
    const fresh = new FreshRead(store.read);
    const first = fresh.get();
    const waiting = Array.from({ length: 20 }, () => fresh.get());
    await store.end(0);
    const arrivingDuringSecond = Array.from({ length: 20 }, () => fresh.get());
    await store.end(1);
    await store.end(2);
    expect(await Promise.all([first, ...waiting, ...arrivingDuringSecond])).to.have.length(41);
    expect(store.reads).to.have.length(3);
    expect(store.maxRunning).to.equal(1);
  });

  it('after a quiet spell, the next caller starts a read at once', async () => {
    const store = new HeldStore();
    const fresh = new FreshRead(store.read);
    const a = fresh.get();
    await store.end(0);
    await a;
    store.value = 'g1';
    const b = watch(fresh.get());
    expect(store.reads).to.have.length(2);
    await store.end(1);
    expect(b.state()).to.equal('g1');
  });

  it('latest() is the value of the last read that ended, not of one still running', async () => {
    const store = new HeldStore();
    const fresh = new FreshRead(store.read);
    expect(fresh.latest()).to.equal(undefined);
    void fresh.get();
    expect(fresh.latest()).to.equal(undefined);
    await store.end(0);
    expect(fresh.latest()).to.equal('g0');
    store.value = 'g1';
    void fresh.get();
    expect(fresh.latest(), 'the read of g1 is still running').to.equal('g0');
    await store.end(1);
    expect(fresh.latest()).to.equal('g1');
  });

  it('a failed read fails its callers, and the next caller reads again', async () => {
    const store = new HeldStore();
    const fresh = new FreshRead(store.read);
    const failing = fresh.get();
    const queued = watch(fresh.get());
    store.reads[0].fail(new Error('store gone'));
    await settled();
    let failure: unknown;
    await failing.catch((error: unknown) => {
      failure = error;
    });
    expect((failure as Error).message).to.equal('store gone');
    expect(store.reads, 'the queued caller still gets a read of its own').to.have.length(2);
    await store.end(1);
    expect(queued.state()).to.equal('g0');
  });

  it('a read that throws before returning a promise fails its callers, not the one calling get()', async () => {
    const fresh = new FreshRead<string>(() => {
      throw new Error('no connection');
    });
    let failure: unknown;
    await fresh.get().catch((error: unknown) => {
      failure = error;
    });
    expect((failure as Error).message).to.equal('no connection');
  });
});
