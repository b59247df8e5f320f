/** `linkedart serve`: open the store, optionally load the demo, answer HTTP until SIGINT/SIGTERM. */
import type { Server } from 'node:http';
import type { Config } from '../config/Config.js';
import { createApp } from '../http/createApp.js';
import { demoDocuments } from '../service/demoCollection.js';
import { DocumentService } from '../service/DocumentService.js';
import { EmbeddedStore } from '../store/embedded/EmbeddedStore.js';

export interface ServeOptions {
  /** Load (replace) the bundled demo collection before serving. */
  readonly demo: boolean;
}

export async function serve(config: Config, options: ServeOptions): Promise<Server> {
  const store = await EmbeddedStore.open({ dataDir: config.dataDir });
  const documents = new DocumentService(store);
  if (options.demo) {
    const demo = demoDocuments(config.baseUrl);
    await documents.putAll(demo);
    console.error(`Loaded the demo collection: ${demo.length} documents under ${config.baseUrl}`);
  }
  const app = createApp({
    config, documents,
    onWarning: (id, warning) => console.error(`warning: ${id}: ${warning}`),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  }).catch(async (error: NodeJS.ErrnoException) => {
    await store.close();
    throw new Error(error.code === 'EADDRINUSE' ? `port ${config.port} on ${config.host} is already in use; choose another with --port or LINKEDART_PORT` : error.message);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.error(`Linked Art service listening on http://${config.host}:${port}/ serving ids under ${config.baseUrl} (data in ${config.dataDir})`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal}: finishing requests and closing the store`);
    server.close(() => {
      store.close().then(() => process.exit(0), (e: Error) => { console.error(e.message); process.exit(1); });
    });
    server.closeIdleConnections?.();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return server;
}
