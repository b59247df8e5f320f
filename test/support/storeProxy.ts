/**
 * An HTTP proxy in front of a remote SPARQL store, for the tests and benchmarks of several
 * processes: it counts the requests the service sends the store (each one's query or update
 * text kept, to say which kind it was), and it can make the store fail at a chosen request —
 * answer an error without forwarding it, forward it (the store commits it) and then answer
 * an error or drop the connection, as a store or a network failing after the commit would, or
 * forward an update changed (an operation that fails put in it: the store failing mid-request).
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { storeMessage } from '../../src/store/sparql/errors.js';

/** What the proxy does with one request. */
export type Fault =
  /** Forward it and pass the answer on. */
  | 'pass'
  /** Answer 500 without forwarding it: the store never saw it. */
  | 'refuse'
  /** Forward it, let the store answer (it has committed), then answer 500 instead. */
  | 'fail-after'
  /** Forward it, let the store answer, then close the connection without any answer. */
  | 'drop-after'
  /** Forward this update text instead (a form-encoded update only). */
  | { readonly update: string };

/** One request the proxy saw: the form field that is the SPARQL text (query or update), decoded where it can be. */
export interface SeenRequest {
  readonly path: string;
  readonly kind: 'query' | 'update' | 'other';
  readonly text: string;
  /** The store answered it as a deadlock's victim (SQLSTATE 40001 in its message, not in the request it echoes): the service sends it again. */
  deadlock?: boolean;
  /** When the proxy had read it, and how long until the store's answer was read (ms; performance.now()). */
  readonly at: number;
  ms?: number;
}

export interface StoreProxy {
  /** The store's URL as seen through the proxy (same path). */
  readonly url: string;
  /** `url` (another endpoint of the same store: its update URL) as seen through the proxy. */
  through(url: string): string;
  /** Every request since the start or the last reset(). */
  readonly seen: SeenRequest[];
  /** Decides the fate of each request from now on (default: pass). */
  fault: (request: SeenRequest) => Fault;
  reset(): void;
  close(): Promise<void>;
}

/** Virtuoso's answer to a deadlock's victim (as src/store/sparql/errors.ts isDeadlock reads it). */
const DEADLOCK = /\b40001\b|deadlock/i;

/** Most characters of a request's text kept (the request itself is forwarded whole): a guarded write's check comes past 10,000. */
const KEPT_TEXT = 100_000;

/** A proxy on a free port of 127.0.0.1 in front of the store at `target` (its query URL: the proxy forwards to its origin). */
export async function startStoreProxy(target: string): Promise<StoreProxy> {
  const origin = new URL(target);
  const seen: SeenRequest[] = [];
  const fates: { fault: StoreProxy['fault'] } = { fault: () => 'pass' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const request: SeenRequest = { ...described(req, body), at: performance.now() };
      seen.push(request);
      const fault = fates.fault(request);
      if (fault === 'refuse') return fail(res, 'refused by the test proxy before the store saw it');
      if (typeof fault === 'object') return forward(origin, req, rewritten(body, fault.update), res, 'pass', request);
      forward(origin, req, body, res, fault, request);
    });
  });
  // Kept-alive connections closed with the server: close() does not wait for a client's idle pool.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const through = (endpoint: string) => {
    const url = new URL(endpoint);
    url.host = `127.0.0.1:${port}`;
    return url.toString();
  };
  return {
    url: through(target),
    through,
    seen,
    get fault() {
      return fates.fault;
    },
    set fault(decide) {
      fates.fault = decide;
    },
    reset: () => void seen.splice(0),
    close: () => closed(server),
  };
}

function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A form-encoded body with its update replaced. */
function rewritten(body: Buffer, update: string): Buffer {
  const form = new URLSearchParams(body.toString('utf8'));
  form.set('update', update);
  return Buffer.from(form.toString(), 'utf8');
}

function forward(
  origin: URL,
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
  fault: Fault,
  seen: SeenRequest,
): void {
  const headers = { ...req.headers, host: origin.host, 'content-length': String(body.length) };
  const out = httpRequest(
    { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers },
    (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        seen.ms = performance.now() - seen.at;
        if ((answer.statusCode ?? 200) >= 400 && DEADLOCK.test(storeMessage(Buffer.concat(chunks).toString('utf8'))))
          seen.deadlock = true;
        // A 401 (the Digest challenge) is the store asking for credentials, not the request run: passed on.
        if (fault === 'pass' || answer.statusCode === 401) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        } else if (fault === 'fail-after') fail(res, 'failed by the test proxy after the store answered');
        else res.socket?.destroy();
      });
    },
  );
  out.on('error', (error) => fail(res, `test proxy: the store did not answer (${error.message})`));
  out.end(body);
}

function fail(res: ServerResponse, message: string): void {
  if (res.headersSent) return void res.socket?.destroy();
  res.writeHead(500, { 'content-type': 'text/plain' });
  res.end(message);
}

/** The request's SPARQL text, from a form-encoded body or a multipart one (its `update`/`query` part). */
function described(req: IncomingMessage, body: Buffer): Omit<SeenRequest, 'at'> {
  const path = req.url ?? '';
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(body.toString('utf8'));
    const update = form.get('update');
    if (update !== null) return { path, kind: 'update', text: update.slice(0, KEPT_TEXT) };
    const query = form.get('query');
    if (query !== null) return { path, kind: 'query', text: query.slice(0, KEPT_TEXT) };
  }
  if (type.startsWith('multipart/form-data')) {
    const text = body.subarray(0, KEPT_TEXT).toString('utf8');
    const named = /name="(update|query)"\r\n\r\n([\s\S]*?)(\r\n--|$)/.exec(text);
    if (named) return { path, kind: named[1] as 'update' | 'query', text: named[2].slice(0, KEPT_TEXT) };
  }
  return { path, kind: 'other', text: body.subarray(0, KEPT_TEXT).toString('utf8') };
}
