/**
 * Room for the write-ahead log (src/store/embedded/logRoom.ts): taken with zeros, as much as
 * wanted when the disk has it, else as much as needed, else nothing (the file as it was) and
 * the disk's ENOSPC; and the refusal's figures for the data directory.
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskFullDetails, extendWithZeros, isNoSpace } from '../../../../src/store/embedded/logRoom.js';

describe("the log's room on the disk (logRoom)", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkedart-logroom-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('extends a file with zeros to the room wanted, after what it holds', async () => {
    const path = join(dir, 'log');
    const fh = await open(path, 'w+');
    try {
      await fh.write(Buffer.from('records'), 0, 7, 0);
      expect(await extendWithZeros(fh, 7, 100, 3000)).to.equal(3000);
    } finally {
      await fh.close();
    }
    const bytes = await readFile(path);
    expect(bytes.length).to.equal(3000);
    expect(bytes.subarray(0, 7).toString()).to.equal('records');
    expect(bytes.subarray(7).every((b) => b === 0)).to.equal(true);
  });

  // /dev/full: every write fails with ENOSPC, as on a full disk.
  (existsSync('/dev/full') ? it : it.skip)('on a full disk: throws its ENOSPC, taking nothing', async () => {
    const fh = await open('/dev/full', 'r+');
    try {
      const err = await extendWithZeros(fh, 0, 10, 1 << 20).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isNoSpace(err), String(err)).to.equal(true);
    } finally {
      await fh.close();
    }
  });

  it('a refusal names the data directory, the room needed and the space free there', async () => {
    const d = await diskFullDetails(dir, 4242, 7);
    expect(d).to.include({ limitSetBy: 'disk', dataDir: dir, neededBytes: 4242, quads: 7 });
    expect(d.limitBytes).to.be.greaterThan(0);
    expect(d.availableBytes).to.be.at.most(d.limitBytes);
  });
});
