// `npm ci`'s prepare step, and what `npx linkedart` runs first (npm installs the project's own
// package into its cache as a link to this folder and prepares it): compile with tsc only when a
// source is newer than the last build, so that the first `npx linkedart --help` on a built clone
// answers in about a second instead of recompiling the whole project.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.built');
const sources = ['src', 'test', 'tsconfig.json', 'package.json'];

/** The newest modification time under `path` of what tsc reads (.ts, .tsx, .json), in ms. */
function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(child));
    else if (/\.(tsx?|json)$/.test(entry.name)) latest = Math.max(latest, statSync(child).mtimeMs);
  }
  return latest;
}

const built =
  existsSync(stamp) && existsSync(join(root, 'dist', 'src', 'cli', 'main.js')) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(
  ...sources
    .map((s) => join(root, s))
    .filter(existsSync)
    .map(newest),
);
if (changed >= built) {
  const started = Date.now();
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', root], {
    stdio: 'inherit',
  });
  // Stamped with the time the build began: a source saved while tsc ran is newer, and builds next time.
  writeFileSync(stamp, new Date(started).toISOString() + '\n');
  utimesSync(stamp, started / 1000, started / 1000);
}
// The program npx and npm link run: tsc writes it without the execute bit, and a shell refuses it
// without ("linkedart: Permission denied").
const program = join(root, 'dist', 'src', 'cli', 'main.js');
if (existsSync(program) && (statSync(program).mode & 0o111) === 0) {
  chmodSync(program, 0o755);
}
