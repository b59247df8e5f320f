/**
 * The client's side of the bulk endpoint's streamed answer (src/http/bulkProgress.ts): the
 * acknowledged counts as they come, then the report. When the connection fails, or the answer
 * ends without its report, the error says what the server had acknowledged by then.
 */
import type { LoadReport } from './LoadReport.js';

export const BULK_ANSWER_ACCEPT = 'application/x-ndjson, application/json;q=0.5';

export interface Acknowledged {
  readonly created: number;
  readonly replaced: number;
  readonly unchanged: number;
  readonly rejected: number;
}

export const NOTHING_ACKNOWLEDGED: Acknowledged = { created: 0, replaced: 0, unchanged: 0, rejected: 0 };

/** The load's connection failed: `acknowledged` is what the server had stored (durably) by then. */
export class BulkInterrupted extends Error {
  constructor(
    failure: string,
    readonly acknowledged: Acknowledged,
  ) {
    super(failure);
    this.name = 'BulkInterrupted';
  }
}

/** A failure the server itself reported in the stream (problem+json's members). */
export class BulkProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly acknowledged: Acknowledged,
  ) {
    super(detail);
    this.name = 'BulkProblem';
  }
}

type Line = { acknowledged: Acknowledged } | { report: LoadReport } | { problem: { status: number; detail: string } };

export async function readBulkAnswer(response: Response): Promise<LoadReport> {
  // A server from before the streamed answer sends its report as one JSON object.
  if (!(response.headers.get('content-type') ?? '').includes('ndjson'))
    return JSON.parse(await response.text()) as LoadReport;
  let acknowledged = NOTHING_ACKNOWLEDGED;
  let buffered = '';
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffered.slice(0, end)) as Line;
        buffered = buffered.slice(end + 1);
        if ('acknowledged' in line) acknowledged = line.acknowledged;
        else if ('report' in line) return line.report;
        else throw new BulkProblem(line.problem.status, line.problem.detail, acknowledged);
      }
    }
  } catch (error) {
    if (error instanceof BulkProblem) throw error;
    throw new BulkInterrupted(describeFailure(error), acknowledged);
  }
  throw new BulkInterrupted("the answer ended before the load's report", acknowledged);
}

/** fetch's error and its cause (`fetch failed (read ECONNRESET)`, `terminated (other side closed)`). */
export function describeFailure(error: unknown): string {
  const cause = (error as { cause?: Error }).cause;
  return `${(error as Error).message}${cause ? ` (${cause.message})` : ''}`;
}
