/** Errors as `application/problem+json` (RFC 9457), with a short human message. */
import type { Response } from 'express';

export function sendProblem(res: Response, status: number, title: string, detail: string): void {
  res.status(status).type('application/problem+json').send(JSON.stringify({ type: 'about:blank', title, status, detail }));
}
