/**
 * A page for people of the service's own (the landing page, search, lists): HTML with the pages'
 * headers (the strict CSP), a strong ETag of the bytes and 304 for a current copy, CORS, and
 * HEAD answered with GET's headers.
 */
import type { Request, Response } from 'express';
import { sendOwnBody } from './conditionalAnswer.js';
import { PAGE_HEADERS } from './pageHeaders.js';

export function sendHtml(req: Request, res: Response, html: string, cacheControl: string, status = 200): void {
  sendOwnBody(req, res, Buffer.from(html), {
    lead: PAGE_HEADERS,
    contentType: 'text/html;charset=utf-8',
    cacheControl: status === 200 ? cacheControl : 'no-store',
    status,
  });
}
