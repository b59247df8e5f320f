// A CLI stand-in for the readers' bench (test/bench/scale/bulkReaders.ts `main`): `serve` runs under
// --cpu-prof (every thread, 0.5 ms) with probe.mjs loaded; any other command as it is.
// TURNS_MAIN: the build's dist/src/cli/main.js; TURNS_DIR: where profiles and delays go.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = process.env.TURNS_MAIN ?? fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
const dir = process.env.TURNS_DIR ?? '/tmp/turns';
const args = process.argv.slice(2);
const probe = fileURLToPath(new URL('./probe.mjs', import.meta.url));
const flags =
  args[0] === 'serve'
    ? ['--cpu-prof', `--cpu-prof-dir=${dir}/prof`, '--cpu-prof-interval', '500', '--import', probe]
    : [];
const child = spawn(process.execPath, [...flags, main, ...args], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
