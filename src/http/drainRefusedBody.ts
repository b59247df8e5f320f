/**
 * After a body was refused part-way (413), the rest of it is read and dropped, up to a bound,
 * rather than the connection cut: a server that closes with the client's bytes unread resets
 * the connection, and the client, still sending, may never read the answer. Past the bound the
 * connection is cut after all; a body that ends within it leaves the connection usable.
 */
import type { Request } from 'express';

/** `limit`: how much of the refused body is read away before the connection is cut (the service gives --max-body-mb). */
export function drainRefusedBody(req: Request, limit: number): void {
  if (req.readableEnded || req.destroyed) return;
  req.unpipe();
  req.removeAllListeners('data');
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limit) req.socket.destroy();
  });
  req.resume();
}
