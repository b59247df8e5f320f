/**
 * The bulk endpoint's streamed answer, for a client that asks for it with
 * `Accept: application/x-ndjson`: one line as each batch is stored,
 * `{"acknowledged":{"created":…,"replaced":…,"unchanged":…,"rejected":…}}` (those documents are
 * durable: a batch is one atomic, durable write), then `{"report":{…}}`, the load's report;
 * or, when the load fails after the answer began, `{"problem":{…}}` (problem+json's members).
 * So a client whose connection drops mid-load knows how much of its dump the server holds.
 */
import type { Response } from 'express';
import type { LoadReport } from '../load/LoadReport.js';
import { setCorsHeaders } from './cors.js';
import type { HttpError } from './HttpError.js';

export const BULK_PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

export interface Acknowledged {
  created: number;
  replaced: number;
  unchanged: number;
  rejected: number;
}

export class BulkProgress {
  constructor(private readonly res: Response) {}

  /** The answer's head, sent before the body is read so that the lines reach the client as they come. */
  start(): void {
    setCorsHeaders(this.res);
    this.res.status(200);
    this.res.setHeader('Content-Type', BULK_PROGRESS_MEDIA_TYPE);
    this.res.setHeader('Cache-Control', 'no-store');
    this.res.flushHeaders();
  }

  acknowledged({ created, replaced, unchanged, rejected }: Readonly<LoadReport>): void {
    this.line({ acknowledged: { created, replaced, unchanged, rejected } satisfies Acknowledged });
  }

  report(report: LoadReport): void {
    this.line({ report });
    this.res.end();
  }

  problem(error: HttpError): void {
    this.line({
      problem: {
        type: 'about:blank',
        title: error.title,
        status: error.status,
        detail: error.message,
        ...error.extensions,
      },
    });
    this.res.end();
  }

  private line(value: object): void {
    this.res.write(JSON.stringify(value) + '\n');
  }
}
