/**
 * The HTTP bench's baseline: a bare express 5 app answering each path with pre-rendered bytes
 * from a Map (the very bytes and Content-Type the service sent for it), 404 otherwise. What the
 * service would do with a free store and a free render: the ceiling for express on this machine.
 *
 *   node dist/test/bench/http/bareExpress.js RESPONSES.json
 *
 * RESPONSES.json is an array of {path, contentType, body (base64)}. Listens on 127.0.0.1, a free
 * port, and prints `listening on http://127.0.0.1:PORT/` on stderr, as `linkedart serve` does.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { bareExpressApp, type BareAnswer } from './bareExpressApp.js';

export interface PreRendered {
  path: string;
  contentType: string;
  body: string;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: bareExpress.js RESPONSES.json');
  process.exit(2);
}
const responses = new Map<string, BareAnswer>();
for (const r of JSON.parse(readFileSync(file, 'utf8')) as PreRendered[]) {
  responses.set(r.path, { contentType: r.contentType, body: Buffer.from(r.body, 'base64') });
}

const app = bareExpressApp(responses);

const server: Server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.error(`bare express listening on http://127.0.0.1:${port}/ (${responses.size} paths)`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
