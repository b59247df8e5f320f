/**
 * Run as a child of `npm run bench:history`: opens the embedded store in the data directory given
 * as the first argument, prints the seconds the open took, and closes it. In a process of its own
 * so that the restart's peak RSS is the open's alone (measured from outside, with peakAtExit).
 */
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: openStoreChild.js DATA_DIR');
const start = process.hrtime.bigint();
const store = await EmbeddedStore.open({ dataDir });
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
await store.close();
console.log(JSON.stringify({ seconds }));
