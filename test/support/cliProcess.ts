/**
 * The CLI (`linkedart ...`) run in a child process without blocking this one, so that a test
 * server in this process can answer it (a harvest of a feed served here).
 */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from './corpus.js';

export const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args]);
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
