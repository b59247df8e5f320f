/**
 * What Node's HTTP parser refuses before any request reaches the app (a malformed request
 * line or header, headers over the size limit, a request too slow to arrive): answered as the
 * app answers, with a problem+json naming the problem, instead of Node's bare status line; and
 * logged, as the access log would.
 */
import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../log/logger.js';
import { PROBLEM_MEDIA_TYPE } from './problems.js';

/** Node's parser errors carry llhttp's reason ("Invalid header value char"...). */
type ParserError = NodeJS.ErrnoException & { reason?: string };

export function answerClientErrors(server: Server, logger: Logger): void {
  server.on('clientError', (error: ParserError, socket: Duplex & { bytesWritten?: number }) => {
    // A connection the client closed or reset has nobody to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, detail] = problemOf(error, server);
    logger.info({ status, error: error.code ?? error.message, detail }, 'request refused by the HTTP parser');
    // As Node does: only when nothing of an answer has been written on this connection yet.
    if ((socket.bytesWritten ?? 0) > 0) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_MEDIA_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n` +
        `Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** The status and detail for what the parser refused (Node's own choice of status, kept). */
function problemOf(error: ParserError, server: Server): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        `The request's header section is larger than ${(server as { maxHeaderSize?: number }).maxHeaderSize ?? maxHeaderSize} bytes, the most this server reads.`,
      ];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'The chunk extensions of the request body are too large.'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, `The request did not arrive in full within ${server.requestTimeout / 1000} s.`];
    default:
      return [
        400,
        `The request is malformed, not HTTP/1.1 as this server reads it: ${(error.reason ?? error.message).slice(0, 200)}.`,
      ];
  }
}
