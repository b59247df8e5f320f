/**
 * `linkedart load --server`: each input streamed, as it is on disk (gzip stays gzip), to the
 * server's bulk endpoint, which runs the load pipeline and answers its report; the reports
 * are added up. Strict mode first checks every input (dryRun) and only then loads.
 */
import { Readable, Transform } from 'node:stream';
import type { LoadInput } from './inputs.js';
import type { LoadOptions } from './Loader.js';
import { emptyReport, hasFailures, type LoadReport } from './LoadReport.js';

export async function loadIntoServer(server: string, token: string | undefined, inputs: readonly LoadInput[], options: LoadOptions): Promise<LoadReport> {
  if (token === undefined) throw new Error('loading into a server needs its curator token: --token or LINKEDART_TOKEN');
  if (options.strict && !options.dryRun) {
    if (inputs.some((i) => i.name === '-')) throw new Error('--strict with --server reads each input twice: give files, not standard input');
    const check = await send(server, token, inputs, { ...options, dryRun: true });
    if (hasFailures(check)) {
      check.aborted ??= `--strict: ${check.rejected} documents rejected; nothing was stored`;
      return check;
    }
  }
  return send(server, token, inputs, options);
}

async function send(server: string, token: string, inputs: readonly LoadInput[], options: LoadOptions): Promise<LoadReport> {
  const total = emptyReport(options.dryRun === true);
  const totalBytes = inputs.every((i) => i.size !== undefined) ? inputs.reduce((n, i) => n + i.size!, 0) : undefined;
  let bytes = 0;
  for (const input of inputs) {
    if (options.signal?.aborted) { total.aborted = 'interrupted'; break; }
    const params = new URLSearchParams({ format: input.format, source: input.name, batchSize: String(options.batchSize ?? 500) });
    if (options.dryRun) params.set('dryRun', 'true');
    if (options.baseUrl) params.set('baseUrl', options.baseUrl);
    if (options.repair) params.set('repair', options.repair);
    // The raw bytes (gzip stays gzip, Content-Encoding says so): counted as they leave, for progress.
    const raw = rawStream(input);
    const counted = raw.pipe(new Transform({
      transform(chunk: Buffer, _e, done) {
        bytes += chunk.length;
        options.onProgress?.({ documents: total.created + total.replaced + total.unchanged + total.rejected, bytes, totalBytes });
        done(null, chunk);
      },
    }));
    raw.on('error', (e) => counted.destroy(e));
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' };
    if (input.gzipped) headers['Content-Encoding'] = 'gzip';
    let response: Response;
    try {
      response = await fetch(new URL(`_bulk?${params}`, server.endsWith('/') ? server : server + '/'), {
        method: 'POST', headers, body: Readable.toWeb(counted) as ReadableStream<Uint8Array>, duplex: 'half', signal: options.signal,
      } as RequestInit);
    } catch (error) {
      throw new Error(`${server}: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`);
    }
    const text = await response.text();
    if (!response.ok) {
      let detail = text;
      try { detail = (JSON.parse(text) as { detail?: string }).detail ?? text; } catch { /* not problem+json */ }
      throw new Error(`${server} answered ${response.status} for ${input.name}: ${detail}`);
    }
    add(total, JSON.parse(text) as LoadReport);
  }
  return total;
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
  total.warnings += part.warnings;
  total.rejections.push(...part.rejections);
  total.warned.push(...part.warned);
  total.unreadable.push(...part.unreadable);
  total.leftovers.push(...part.leftovers);
  // A server older than repairs answers neither.
  total.repaired.push(...(part.repaired ?? []));
  for (const [name, count] of Object.entries(part.repairs ?? {})) total.repairs[name] = (total.repairs[name] ?? 0) + count;
  total.seconds += part.seconds;
  if (part.aborted) total.aborted = part.aborted;
}
