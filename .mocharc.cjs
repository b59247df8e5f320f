// The embedded pass: test files in parallel worker processes (each file has its own stores and
// servers on ephemeral ports), one more than the cores (three on two): much of a file's time is
// spent waiting on child processes, worker threads and sockets. npm test runs the remote-store
// pass (test/virtuoso/mocharc.json) beside this one (test/bothPasses.sh), in the same waits.
const { availableParallelism } = require('node:os');

module.exports = {
  spec: ['dist/test/**/*.test.js'],
  ignore: ['dist/test/**/*.remote.test.js'],
  timeout: 120000,
  reporter: 'spec',
  exit: true,
  parallel: true,
  jobs: availableParallelism() + 1,
};
