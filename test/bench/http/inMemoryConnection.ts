/**
 * A keep-alive HTTP/1.1 connection to a node:http server held in memory (a Duplex handed to the
 * server as a connection): the server's parser, express and the response's writing run as over a
 * socket, without the kernel. One request at a time; an answer must carry Content-Length.
 */
import type { Server } from 'node:http';
import { Duplex } from 'node:stream';

export interface InMemoryAnswer {
  readonly status: number;
  /** Header names lower-cased; a repeated header's last value. */
  readonly headers: ReadonlyMap<string, string>;
  readonly body: Buffer;
}

export interface InMemoryConnection {
  get(path: string, accept: string): Promise<InMemoryAnswer>;
}

const HEAD_END = Buffer.from('\r\n\r\n');

export function inMemoryConnection(server: Server): InMemoryConnection {
  let received: Buffer[] = [];
  let size = 0;
  let answered: ((answer: InMemoryAnswer) => void) | undefined;
  let failed: ((error: Error) => void) | undefined;
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk);
      size += chunk.length;
      whenComplete();
      done();
    },
  });
  socket.on('error', (error) => failed?.(error));
  server.emit('connection', socket);

  // An answer is complete when its head and Content-Length bytes of body have come.
  function whenComplete(): void {
    const all = received.length === 1 ? received[0] : Buffer.concat(received, size);
    received = [all];
    const end = all.indexOf(HEAD_END);
    if (end < 0) return;
    const head = all.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      failed?.(new Error(`an answer without Content-Length: ${head.slice(0, 200)}`));
      return;
    }
    const bodyEnd = end + HEAD_END.length + Number(length[1]);
    if (size < bodyEnd) return;
    if (size > bodyEnd) failed?.(new Error('more bytes than one answer'));
    received = [];
    size = 0;
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = new Map<string, string>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
    }
    answered?.({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: all.subarray(end + HEAD_END.length, bodyEnd),
    });
  }

  return {
    get: (path, accept) =>
      new Promise<InMemoryAnswer>((resolve, reject) => {
        answered = resolve;
        failed = reject;
        socket.push(`GET ${path} HTTP/1.1\r\nHost: bench\r\nAccept: ${accept}\r\n\r\n`);
      }),
  };
}
