/**
 * A problem answered to a browser: the statuses a visitor meets by following or typing a link (400, 404, 406, 410)
 * come as a page in the site's layout when the Accept prefers text/html to JSON; everything else, and every
 * machine's request, stays problem+json (problems.ts).
 */
import type { Request, Response } from 'express';
import { problemPageHtml } from '../pages/ProblemPage.js';
import { activityStreamUrl } from '../render/activityStream.js';
import type { PageFrame } from '../render/html/Page.js';
import type { HttpError } from './HttpError.js';
import { sendHtml } from './htmlAnswer.js';
import { prefersHtml } from './prefersHtml.js';

const PAGE_STATUSES = new Set([400, 404, 406, 410]);

/** Whether this problem goes to this request as a page. */
export function wantsProblemPage(req: Request, problem: HttpError): boolean {
  return PAGE_STATUSES.has(problem.status) && prefersHtml(req);
}

export function sendProblemPage(req: Request, res: Response, problem: HttpError, frame: PageFrame): void {
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  const deleted = problem.extensions.deleted;
  const html = problemPageHtml({
    frame,
    status: problem.status,
    title: problem.title,
    detail: problem.message,
    deleted: typeof deleted === 'string' ? deleted : undefined,
    feedHref: new URL(activityStreamUrl(frame.baseUrl)).pathname,
  });
  sendHtml(req, res, html, 'no-store', problem.status);
}
