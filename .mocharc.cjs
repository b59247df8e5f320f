// The embedded pass: test files in parallel worker processes (each file has its own stores and
// servers on ephemeral ports), one more than the cores (three on two): much of a file's time is
// spent waiting on child processes, worker threads and sockets. npm test runs the remote-store
// pass (test/virtuoso/mocharc.json) beside this one (test/bothPasses.sh), in the same waits.
// The longest files are handed out first (measured: CPU and wall of each file run alone), so that
// none starts last and runs alone on an otherwise idle machine; the rest follow in path order.
const { availableParallelism } = require('node:os');
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const LONGEST_FIRST = [
  'integration/cliQuery',
  'integration/load',
  'security/fullDisk',
  'integration/corpus',
  'unit/load/Loader',
  'unit/export/memory',
  'integration/pagesForPeopleBrowser',
  'integration/entityPagesBrowser',
  'security/largeDocument',
  'security/harvesterTrust',
  'security/documentLimits',
  'integration/reloadRepeatable',
  'integration/sparqlProtocolUpdates',
  'integration/httpCorpus',
  'integration/storeCeiling',
  'integration/harvestOurs',
  'integration/picturesSearchBrowser',
  'integration/deepZoomBrowser',
  'integration/rejectsLoop',
  'integration/demoRestart',
  'integration/exportLoadRoundTrip',
  'integration/feedCli',
  'integration/putRendersOnce',
  'integration/sparqlProtocol',
].map((name) => `dist/test/${name}.test.js`);

/** The test files under `dir`, in path order. */
const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((f) => f.endsWith('.test.js') && !f.endsWith('.remote.test.js'));

// Not built yet: no files, and mocha says it found none (npm test builds first).
const all = existsSync('dist/test') ? testFiles('dist/test') : [];
module.exports = {
  // A file of the list that is gone (renamed, removed) is left out, not an error.
  spec: [...LONGEST_FIRST.filter((f) => all.includes(f)), ...all.filter((f) => !LONGEST_FIRST.includes(f))],
  timeout: 120000,
  reporter: 'spec',
  exit: true,
  parallel: true,
  jobs: availableParallelism() + 1,
};
