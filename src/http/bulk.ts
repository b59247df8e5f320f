/**
 * The bulk endpoint `linkedart load --server` streams dumps to: `POST /_bulk?format=F`
 * (`strict`, `dryRun`, `baseUrl`, `batchSize`, `repair`, `dateOrder`, `conformance` as for the CLI; `conformance`
 * by default the server's, --conformance), the body a dump in that
 * format, gzipped when `Content-Encoding: gzip`. The server runs the same load pipeline as
 * the CLI and answers its report as JSON (strict mode's second pass reads the body from a
 * temporary file the Loader keeps). A client that accepts `application/x-ndjson` gets the
 * answer streamed instead: a line per stored batch, then the report (bulkProgress.ts).
 */
import { setCorsHeaders } from './cors.js';
import { once } from 'node:events';
import { Transform, type TransformCallback } from 'node:stream';
import type { Request, Response } from 'express';
import { DUMP_FORMATS, dumpFormatNamed, streamInput } from '../load/inputs.js';
import { Loader } from '../load/Loader.js';
import { WARNED_LISTED, type LoadReport } from '../load/LoadReport.js';
import { defaultCheckWorkers } from '../load/gate/CheckWorkers.js';
import type { Logger } from '../log/logger.js';
import type { LoadTally, LoadTracker } from '../metrics/loadMetrics.js';
import { REPAIR_POLICIES, repairPolicyNamed } from '../ingest/repairs/repairDocument.js';
import { DEFAULT_CONFORMANCE, type ConformancePolicy } from '../validate/conformance.js';
import { conformanceAsked } from './conformanceParameter.js';
import type { DocumentService } from '../service/DocumentService.js';
import { BULK_PROGRESS_MEDIA_TYPE, BulkProgress } from './bulkProgress.js';
import { asHttpError } from './problems.js';
import { BadRequest, HttpError, InsufficientStorage, PayloadTooLarge, UnsupportedMediaType } from './HttpError.js';
import { StoreFull } from '../store/StoreFull.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import { NotUtf8 } from '../ingest/utf8.js';
import { drainRefusedBody } from './drainRefusedBody.js';
import { urlParams } from './strictParams.js';
import { conventionsAsked } from './dateOrderParam.js';
import { actorOf } from './curatorAuth.js';

export interface BulkOptions {
  readonly documents: DocumentService;
  readonly maxBulkBytes: number;
  /** How much of a body refused part-way is read away before the connection is cut (--max-body-mb). */
  readonly maxBodyBytes: number;
  /** Where a failure inside a streamed answer is logged (the error handler cannot see it). */
  readonly logger: Logger;
  /** Told of each load's progress, for /metrics. */
  readonly loads?: LoadTally;
  /** The limits on one document: a document past them is one refusal in the report, the others go on. */
  readonly documentLimits?: DocumentLimits;
  /** The server's conformance policy (--conformance): a load's, unless it asks for another (`?conformance=`). */
  readonly conformance?: ConformancePolicy;
}

export function bulkLoad({
  documents,
  maxBulkBytes,
  maxBodyBytes,
  logger,
  loads,
  documentLimits,
  conformance: serverConformance = DEFAULT_CONFORMANCE,
}: BulkOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const { params, format, flag, batchSize, repair, conformance, conventions, encoding } = bulkRequest(
      req,
      maxBulkBytes,
      serverConformance,
    );
    const body = new CountedBody(maxBulkBytes);
    req.on('error', (e) => body.destroy(e));
    // The load may not be reading yet when the body goes past the limit: the error is its to see, and answerFor's.
    body.on('error', () => undefined);
    req.pipe(body);
    // JSON unless the client prefers the streamed lines (`*/*` or no Accept: JSON, as before).
    const progress =
      req.accepts(['application/json', BULK_PROGRESS_MEDIA_TYPE]) === BULK_PROGRESS_MEDIA_TYPE
        ? new BulkProgress(res)
        : undefined;
    progress?.start();
    // A dry run stores nothing: it is not a load's progress.
    const tracker = flag('dryRun') ? undefined : loads?.began();
    try {
      // Read once; with strict=true the Loader keeps it in a temporary file for its second pass.
      const input = streamInput(params.get('source') ?? 'request body', format, encoding === 'gzip', () => body);
      const report = await new Loader(documents, {
        strict: flag('strict'),
        dryRun: flag('dryRun'),
        documentLimits,
        baseUrl: params.get('baseUrl') ?? undefined,
        repair,
        conventions,
        batchSize,
        conformance,
        // Every warning counted by rule; each one listed only with ?warnings=all (a large load's would fill the answer).
        warningsListed: params.get('warnings') === 'all' ? Number.POSITIVE_INFINITY : WARNED_LISTED,
        // Checked in worker threads, never on the thread that answers readers meanwhile.
        checkWorkers: defaultCheckWorkers(),
        keepThreadFree: true,
        // Acknowledged batch by batch as stored: read once (a later copy of an id replaces an earlier one already stored).
        readOnce: true,
        onStored: storedTold(progress, tracker),
        actor: actorOf(req),
      }).load([input]);
      tracker?.progressed(report);
      // Stopped with the store full: 507, the report (how far the load got) beside the problem.
      if (report.storeFull) {
        await discardRest(req, body);
        throw new InsufficientStorage(new StoreFull(report.storeFull), { report }, report.aborted);
      }
      if (progress) return progress.report(report);
      const answer = Buffer.from(JSON.stringify(report));
      setCorsHeaders(res);
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Length', answer.length);
      res.end(answer);
    } catch (error) {
      if (progress) {
        const problem = asHttpError(answerFor(error, body.tooLarge, maxBulkBytes, encoding === 'gzip'));
        if (problem.status >= 500 && problem.status !== 507)
          logger.error({ err: error, path: req.originalUrl.slice(0, 500) }, 'bulk load failed');
        if (problem.status === 413) drainRefusedBody(req, maxBodyBytes);
        return progress.problem(problem);
      }
      throw answerFor(error, body.tooLarge, maxBulkBytes, encoding === 'gzip');
    } finally {
      tracker?.ended();
    }
  };
}

/** After each batch stored: the streamed answer acknowledges it, and /metrics counts it (either, both or none). */
function storedTold(
  progress: BulkProgress | undefined,
  tracker: LoadTracker | undefined,
): ((so: Readonly<LoadReport>) => void) | undefined {
  if (!progress && !tracker) return undefined;
  return (so) => {
    progress?.acknowledged(so);
    tracker?.progressed(so);
  };
}

/** A bulk load's request, checked: its parameters (strictly decoded) and headers. */
function bulkRequest(req: Request, maxBulkBytes: number, serverConformance: ConformancePolicy) {
  // Strictly decoded: a ?baseUrl= whose escapes are not UTF-8 is a 400, not ids with U+FFFD in them.
  const params = urlParams(req.url);
  const format = dumpFormatNamed(params.get('format') ?? '');
  if (!format) throw new BadRequest(`?format= names the dump's format: one of ${DUMP_FORMATS.join(', ')}.`);
  const flag = (name: string) => params.get(name) === 'true';
  const batchSize = Number(params.get('batchSize') ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new BadRequest('?batchSize= is a whole number of documents, at least 1.');
  const repair = repairPolicyNamed(params.get('repair') ?? 'all');
  if (!repair) throw new BadRequest(`?repair= is one of ${REPAIR_POLICIES.join(', ')}.`);
  const conformance = conformanceAsked(params, serverConformance);
  const conventions = conventionsAsked(params, repair);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBulkBytes) throw new PayloadTooLarge(declared, maxBulkBytes, '--max-bulk-mb');
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip')
    throw new UnsupportedMediaType(`Content-Encoding ${encoding}: only gzip is understood.`);
  return { params, format, flag, batchSize, repair, conformance, conventions, encoding };
}

/** The body, counted against the limit as it streams. */
class CountedBody extends Transform {
  /** The body went past the limit. */
  tooLarge = false;
  private size = 0;

  constructor(private readonly maxBulkBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBulkBytes) {
      this.tooLarge = true;
      done(new PayloadTooLarge(undefined, this.maxBulkBytes, '--max-bulk-mb'));
      return;
    }
    done(null, chunk);
  }
}

/**
 * The rest of a body the load stopped reading, read and dropped: a server that answers and
 * closes with the body unread resets the connection, and the client may never see the answer.
 */
async function discardRest(req: Request, body: Transform): Promise<void> {
  req.unpipe(body);
  if (req.readableEnded || req.destroyed) return;
  const ended = once(req, 'end');
  req.resume();
  await ended;
}

/** What a failed load answers: the client's fault (too large, unreadable body) or ours (as it was thrown). */
function answerFor(error: unknown, tooLarge: boolean, maxBulkBytes: number, gzipped: boolean): unknown {
  if (tooLarge) return new PayloadTooLarge(undefined, maxBulkBytes, '--max-bulk-mb');
  if (error instanceof HttpError) return error;
  // Bytes that are not UTF-8 (the load reads its text strictly): where, in the body as sent or as gunzipped.
  if (error instanceof NotUtf8)
    return new BadRequest(`The request body${gzipped ? ', gunzipped,' : ''} is ${error.problem}; send it as UTF-8.`);
  // A broken gzip stream or a dropped connection: the client's input, not our failure.
  const code = (error as NodeJS.ErrnoException).code;
  if (code?.startsWith('Z_') || code === 'ECONNRESET')
    return new BadRequest(`The body could not be read: ${(error as Error).message}.`);
  return error;
}
