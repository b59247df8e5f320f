/**
 * A stream of writes for the history's crash test: opens the store in DATA_DIR (or the remote
 * test store, when the suites run on it: as it is, not cleared: the test cleared it) and writes
 * version after version of a few documents — updates, a delete every 5th write, the id created
 * again after — printing `ack <n>` once write n is acknowledged (durable). The test kills this
 * process with SIGKILL mid-stream.
 */
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { SparqlStore } from '../../../src/store/sparql/SparqlStore.js';
import { REMOTE_STORE_URL, REMOTE_STORE_WRITER } from '../../support/testStore.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { HISTORY_CRASH_IDS } from './historyCrashIds.js';
import { application } from '../../../src/linkedart/Actor.js';

const dataDir = process.argv[2];
const store = REMOTE_STORE_URL
  ? await SparqlStore.open({ queryUrl: REMOTE_STORE_URL, ...REMOTE_STORE_WRITER })
  : await EmbeddedStore.open({ dataDir });
const documents = new DocumentService(store);
process.stdout.write('ready\n');
for (let n = 0; n < 100_000; n++) {
  const id = HISTORY_CRASH_IDS[n % HISTORY_CRASH_IDS.length];
  if (n % 5 === 4) await documents.delete(id, undefined, application('crash test'));
  else
    await documents.put({
      '@context': 'https://linked.art/ns/v1/linked-art.json',
      id,
      type: 'HumanMadeObject',
      _label: `write ${n}`,
    });
  process.stdout.write(`ack ${n}\n`);
}
await store.close();
