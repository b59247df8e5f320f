/**
 * `linkedart load --server`: each input streamed, as it is on disk (gzip stays gzip), to the
 * server's bulk endpoint, which runs the load pipeline and answers its report; the reports
 * are added up. Strict mode first checks every input (dryRun) and only then loads. The server
 * streams what it has stored as it goes, so a dropped connection is reported with how much of
 * the load the server acknowledged, and that running the same load again is safe.
 */
import { Readable, Transform } from 'node:stream';
import {
  BULK_ANSWER_ACCEPT,
  BulkInterrupted,
  BulkProblem,
  describeFailure,
  NOTHING_ACKNOWLEDGED,
  readBulkAnswer,
  type Acknowledged,
} from './bulkAnswer.js';
import type { LoadInput } from './inputs.js';
import type { LoadOptions } from './LoadOptions.js';
import { countWarning, emptyReport, hasFailures, recordWarned, type LoadReport } from './LoadReport.js';

export async function loadIntoServer(
  server: string,
  token: string | undefined,
  inputs: readonly LoadInput[],
  options: LoadOptions,
): Promise<LoadReport> {
  if (token === undefined) throw new Error('loading into a server needs its curator token: --token or LINKEDART_TOKEN');
  if (options.strict && !options.dryRun) {
    if (inputs.some((i) => i.name === '-'))
      throw new Error('--strict with --server reads each input twice: give files, not standard input');
    const check = await send(server, token, inputs, { ...options, dryRun: true });
    if (hasFailures(check)) {
      check.aborted ??= `--strict: ${check.rejected} documents rejected; nothing was stored`;
      return check;
    }
  }
  return send(server, token, inputs, options);
}

async function send(
  server: string,
  token: string,
  inputs: readonly LoadInput[],
  options: LoadOptions,
): Promise<LoadReport> {
  const total = emptyReport(options.dryRun === true);
  const totalBytes = inputs.every((i) => i.size !== undefined) ? inputs.reduce((n, i) => n + i.size!, 0) : undefined;
  let bytes = 0;
  for (const input of inputs) {
    if (options.signal?.aborted) {
      total.aborted = 'interrupted';
      break;
    }
    const params = new URLSearchParams({
      format: input.format,
      source: input.name,
      batchSize: String(options.batchSize ?? 500),
    });
    if (options.dryRun) params.set('dryRun', 'true');
    if (options.baseUrl) params.set('baseUrl', options.baseUrl);
    if (options.repair) params.set('repair', options.repair);
    if (options.conformance) params.set('conformance', options.conformance);
    if (options.conventions?.dateOrder) params.set('dateOrder', options.conventions.dateOrder);
    if (options.warningsListed === Number.POSITIVE_INFINITY) params.set('warnings', 'all');
    // The raw bytes (gzip stays gzip, Content-Encoding says so): counted as they leave, for progress.
    const raw = rawStream(input);
    const counted = raw.pipe(
      new Transform({
        transform(chunk: Buffer, _e, done) {
          bytes += chunk.length;
          options.onProgress?.({
            documents: total.created + total.replaced + total.unchanged + total.rejected,
            bytes,
            totalBytes,
          });
          done(null, chunk);
        },
      }),
    );
    raw.on('error', (e) => counted.destroy(e));
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/octet-stream',
      Accept: BULK_ANSWER_ACCEPT,
    };
    if (input.gzipped) headers['Content-Encoding'] = 'gzip';
    try {
      const response = await fetch(new URL(`_bulk?${params}`, server.endsWith('/') ? server : server + '/'), {
        method: 'POST',
        headers,
        body: Readable.toWeb(counted) as ReadableStream<Uint8Array>,
        duplex: 'half',
        signal: options.signal,
      } as RequestInit).catch((error: unknown) => {
        throw new BulkInterrupted(describeFailure(error), NOTHING_ACKNOWLEDGED);
      });
      if (!response.ok) {
        const text = await response.text();
        let detail = text;
        try {
          detail = (JSON.parse(text) as { detail?: string }).detail ?? text;
        } catch {
          /* not problem+json */
        }
        throw new Error(`${server} answered ${response.status} for ${input.name}: ${detail}`);
      }
      add(total, await readBulkAnswer(response));
    } catch (error) {
      if (error instanceof BulkInterrupted || error instanceof BulkProblem)
        throw new Error(interrupted(server, input.name, error, total, options.dryRun === true));
      throw error;
    }
  }
  return total;
}

/** Where an interrupted load stands: what the server acknowledged, of this input and before it. */
function interrupted(
  server: string,
  input: string,
  error: BulkInterrupted | BulkProblem,
  before: LoadReport,
  dryRun: boolean,
): string {
  const what =
    error instanceof BulkProblem
      ? `${server} answered ${error.status} while loading ${input}: ${error.message}`
      : `the connection to ${server} failed while loading ${input}: ${error.message}`;
  const verb = dryRun ? 'checked' : 'stored';
  const earlier = before.created + before.replaced + before.unchanged + before.rejected;
  return (
    `${what}.\n` +
    `The server had acknowledged ${counted(error.acknowledged)} of ${input}${earlier ? `, and every document of the inputs before it (${counted(before)})` : ''}; ` +
    `what it acknowledged is ${verb} whole.\n` +
    'Running the same load again is safe: documents stored unchanged are skipped, and the rest is written.'
  );
}

function counted(a: Acknowledged): string {
  const n = a.created + a.replaced + a.unchanged + a.rejected;
  return `${n} document${n === 1 ? '' : 's'} (${a.created} new, ${a.replaced} replaced, ${a.unchanged} unchanged, ${a.rejected} rejected)`;
}

/** The input's bytes as stored (no gunzip): what the server's Content-Encoding handling expects. */
function rawStream(input: LoadInput): Readable {
  return input.gzipped ? input.openRaw() : input.open();
}

function add(total: LoadReport, part: LoadReport): void {
  total.created += part.created;
  total.replaced += part.replaced;
  total.unchanged += part.unchanged;
  total.rejected += part.rejected;
  total.rejections.push(...part.rejections);
  // A server older than warningsByRule lists every warning: counted from its list.
  if (part.warningsByRule) {
    total.warnings += part.warnings;
    total.warned.push(...part.warned);
    total.warnedNotListed += part.warnedNotListed ?? 0;
    for (const [rule, { count, example }] of Object.entries(part.warningsByRule))
      countWarning(total.warningsByRule, rule, count, example);
  } else {
    for (const item of part.warned) recordWarned(total, item);
  }
  total.unreadable.push(...part.unreadable);
  total.leftovers.push(...part.leftovers);
  // A server older than superseded copies answers none.
  total.superseded.push(...(part.superseded ?? []));
  // A server older than repairs answers neither.
  total.repaired.push(...(part.repaired ?? []));
  for (const [name, count] of Object.entries(part.repairs ?? {}))
    total.repairs[name] = (total.repairs[name] ?? 0) + count;
  // A server older than the conformance policy answers none of these.
  total.violated += part.violated ?? 0;
  for (const [rule, count] of Object.entries(part.violationsByRule ?? {}))
    total.violationsByRule[rule] = (total.violationsByRule[rule] ?? 0) + count;
  total.violatedListed.push(...(part.violatedListed ?? []));
  total.seconds += part.seconds;
  if (part.aborted) total.aborted = part.aborted;
}
