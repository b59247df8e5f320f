/**
 * A stream of writes for the crash test: opens the store in DATA_DIR and writes copies of
 * the corpus documents under new ids, printing `ack <id>` once each write is acknowledged
 * (durable). The test kills this process with SIGKILL mid-stream.
 */
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { crashCopies } from './crashCopies.js';

const dataDir = process.argv[2]!;
const store = await EmbeddedStore.open({ dataDir });
const documents = new DocumentService(store);
process.stdout.write('ready\n');
for (const copy of crashCopies()) {
  await documents.put(copy.json);
  process.stdout.write(`ack ${copy.id}\n`);
}
await store.close();
process.stdout.write('done\n');
