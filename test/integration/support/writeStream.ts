/**
 * A stream of writes for the crash test: opens the store in DATA_DIR and writes copies of
 * the corpus documents under new ids, printing `ack <id>` once each write is acknowledged
 * (durable), and deleting every 7th write an earlier copy (`deleting <id>`, then `deleted <id>`
 * once durable). The test kills this process with SIGKILL mid-stream.
 */
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { crashCopies } from './crashCopies.js';

const dataDir = process.argv[2];
const store = await EmbeddedStore.open({ dataDir });
const documents = new DocumentService(store);
process.stdout.write('ready\n');
const copies = crashCopies();
for (const [i, copy] of copies.entries()) {
  await documents.put(copy.json);
  process.stdout.write(`ack ${copy.id}\n`);
  // Deletes too, so the change feed has them to agree on: every 7th write deletes an earlier copy.
  if (i % 7 === 6) {
    process.stdout.write(`deleting ${copies[i - 3].id}\n`);
    await documents.delete(copies[i - 3].id);
    process.stdout.write(`deleted ${copies[i - 3].id}\n`);
  }
}
await store.close();
process.stdout.write('done\n');
