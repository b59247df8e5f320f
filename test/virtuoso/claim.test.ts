/**
 * The remote pass's workers each claim a Virtuoso of their own (claim.ts): workers starting at
 * the same moment never share one, and the claim of a worker that died is taken over.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { claimVirtuoso, type TestVirtuoso } from './claim.js';

const CLAIM_MODULE = pathToFileURL(join(import.meta.dirname, 'claim.js')).href;

/** `count` processes started together, each claiming one of `virtuosos`: the directories they got, each held until all have answered. */
async function claimsAtOnce(virtuosos: readonly TestVirtuoso[], count: number): Promise<string[]> {
  const script =
    `const { claimVirtuoso } = await import(${JSON.stringify(CLAIM_MODULE)});` +
    `let dir; try { dir = claimVirtuoso(${JSON.stringify(virtuosos)}).dir; } catch { dir = 'none'; }` +
    `process.stdout.write(dir + '\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const dirs = await Promise.all(
    children.map(
      (child) =>
        new Promise<string>((resolve) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (out.endsWith('\n')) resolve(out.trim());
          });
        }),
    ),
  );
  await Promise.all(
    children.map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      return exited;
    }),
  );
  return dirs;
}

describe('Test Virtuosos claimed by the remote pass workers', function () {
  this.timeout(60000);
  let root: string;
  let virtuosos: TestVirtuoso[];
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'linkedart-claims-'));
    virtuosos = [0, 1, 2].map((i) => ({ url: `http://127.0.0.1:${18000 + i}/sparql`, dir: join(root, `v${i}`) }));
    for (const v of virtuosos) mkdirSync(v.dir);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('workers starting together each get a Virtuoso of their own (ten rounds of three)', async () => {
    for (let round = 0; round < 10; round++) {
      const dirs = await claimsAtOnce(virtuosos, 3);
      expect(new Set(dirs).size, `round ${round}: ${dirs.join(', ')}`).to.equal(3);
      expect(dirs).to.not.include('none');
    }
  });

  it('a fourth worker is refused, naming why', async () => {
    const dirs = await claimsAtOnce(virtuosos, 4);
    expect(dirs.filter((d) => d === 'none')).to.have.length(1);
    expect(new Set(dirs.filter((d) => d !== 'none')).size).to.equal(3);
  });

  it("a dead worker's claim is taken over", () => {
    // A PID no process has (the kernel's ceiling is below 2^22).
    writeFileSync(join(virtuosos[0].dir, 'claimed-by'), String(2 ** 22 + 7));
    expect(claimVirtuoso(virtuosos.slice(0, 1)).dir).to.equal(virtuosos[0].dir);
  });
});
