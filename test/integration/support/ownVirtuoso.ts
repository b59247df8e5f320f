/**
 * A Virtuoso of a suite's own (test/virtuoso/start.sh), beside the one the remote pass shares:
 * for a suite that kills its store or sets it up otherwise. Its database lives in `dir`/db.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';

const SCRIPTS = `${PROJECT_ROOT}test/virtuoso/`;

export class OwnVirtuoso {
  /** A directory of the suite's own: the database in `db`, and room for its files. */
  readonly dir: string;

  constructor(
    name: string,
    private readonly env: Record<string, string>,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), `linkedart-${name}-`));
  }

  /** Starts it (`fresh`: a new database, else the one the last run left); its SPARQL endpoint URL. */
  start(fresh = true): string {
    return this.script('start', { VIRT_FRESH: fresh ? '1' : '0' });
  }

  /** Stops it and removes the directory. */
  remove(): void {
    this.script('stop', {});
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The server's process id (to kill it). */
  get pidFile(): string {
    return join(this.dir, 'db', 'virtuoso.pid');
  }

  private script(name: 'start' | 'stop', env: Record<string, string>): string {
    return execFileSync('bash', [`${SCRIPTS}${name}.sh`], {
      env: { ...process.env, ...this.env, ...env, VIRT_DIR: join(this.dir, 'db') },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  }
}
