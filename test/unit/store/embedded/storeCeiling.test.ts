import { expect } from 'chai';
import { WRITE_FACTOR, refusal, storeCeiling } from '../../../../src/store/embedded/storeCeiling.js';
import {
  GROWTH_RESERVE_BYTES,
  REPLICA_FACTOR,
  WASM_CEILING_BYTES,
  WASM_MAX_BYTES,
  WORK_RESERVE_BYTES,
} from '../../../../src/config/wasmCeiling.js';
import { StoreFull } from '../../../../src/store/StoreFull.js';

const MIB = 1024 * 1024;

describe("the embedded store's ceiling (storeCeiling)", () => {
  it('is 4 GiB less the reserves, shared with the query replica: 2,756 MiB', () => {
    expect(WASM_MAX_BYTES).to.equal(65536 * 65536);
    expect(WASM_CEILING_BYTES).to.equal(2756 * MIB);
    // The replica, at REPLICA_FACTOR times the store's memory, still keeps both reserves under 4 GiB.
    expect(WASM_CEILING_BYTES * REPLICA_FACTOR + GROWTH_RESERVE_BYTES + WORK_RESERVE_BYTES).to.be.at.most(
      WASM_MAX_BYTES,
    );
  });

  it('takes --max-store-mb when lower than the safe ceiling, never higher', () => {
    expect(storeCeiling()).to.deep.equal({ limitBytes: WASM_CEILING_BYTES, setBy: 'wasm-ceiling' });
    expect(storeCeiling(200 * MIB)).to.deep.equal({ limitBytes: 200 * MIB, setBy: 'max-store-mb' });
    expect(storeCeiling(WASM_CEILING_BYTES + MIB)).to.deep.equal({
      limitBytes: WASM_CEILING_BYTES,
      setBy: 'wasm-ceiling',
    });
  });

  const limit = storeCeiling(200 * MIB);
  const cases: Array<[string, number, { recordBytes: number; quads: number; replacedQuads: number }, boolean]> = [
    [
      'a write with room for its record three times over',
      150 * MIB,
      { recordBytes: 10 * MIB, quads: 100_000, replacedQuads: 0 },
      true,
    ],
    ['a write exactly filling the limit', 170 * MIB, { recordBytes: 10 * MIB, quads: 100_000, replacedQuads: 0 }, true],
    [
      'a write one byte short of room',
      170 * MIB + 1,
      { recordBytes: 10 * MIB, quads: 100_000, replacedQuads: 0 },
      false,
    ],
    [
      'any growing write once the memory is past the limit',
      323 * MIB,
      { recordBytes: 100, quads: 2, replacedQuads: 1 },
      false,
    ],
    [
      'a DELETE past the limit (stores less than it replaces)',
      323 * MIB,
      { recordBytes: 300, quads: 2, replacedQuads: 400 },
      true,
    ],
    [
      'a same-size replacement past the limit',
      323 * MIB,
      { recordBytes: 40_000, quads: 400, replacedQuads: 400 },
      true,
    ],
    [
      'even a DELETE past the safe ceiling',
      WASM_CEILING_BYTES,
      { recordBytes: 300, quads: 2, replacedQuads: 400 },
      false,
    ],
  ];
  for (const [what, used, write, admitted] of cases) {
    it(`${admitted ? 'admits' : 'refuses'} ${what}`, () => {
      const refused = refusal(limit, used, write);
      if (admitted) {
        expect(refused).to.equal(null);
        return;
      }
      expect(refused).to.deep.equal({
        usedBytes: used,
        neededBytes: WRITE_FACTOR * write.recordBytes,
        ...(write.quads > write.replacedQuads
          ? { limitBytes: 200 * MIB, setBy: 'max-store-mb' }
          : { limitBytes: WASM_CEILING_BYTES, setBy: 'wasm-ceiling' }),
      });
    });
  }

  it('says in its refusal the limit, how full the store is, and the way beyond', () => {
    const full = new StoreFull({
      usedBytes: 323 * MIB,
      limitBytes: 200 * MIB,
      limitSetBy: 'max-store-mb',
      neededBytes: 3 * MIB,
      quads: 3803,
    });
    expect(full.name).to.equal('StoreFull');
    expect(full.message).to.equal(
      'The embedded store is full: it uses 323.0 MB of its limit of 200.0 MB (--max-store-mb), holding 3803 quads, ' +
        'and the write needed 3.0 MB more; nothing of it was stored. Writes that store no more than they replace (a DELETE, a smaller version) ' +
        'still go through; to hold more, move to the remote store: --store sparql --sparql-url URL (e.g. Virtuoso).',
    );
    expect(
      new StoreFull({
        usedBytes: 2800 * MIB,
        limitBytes: WASM_CEILING_BYTES,
        limitSetBy: 'wasm-ceiling',
        neededBytes: MIB,
        quads: 7_700_000,
      }).message,
    ).to.contain("its safe ceiling of 2756.0 MB (the embedded store's WebAssembly memory is 4096 MB at most)");
  });
});
