/** One autocannon run over a list of paths, with latency percentiles from every response's own time. */
import autocannon from 'autocannon';

export interface Measured {
  result: autocannon.Result;
  p50: number;
  p99: number;
}

/**
 * One autocannon run; each connection cycles over all paths, starting at its own offset. Latency
 * percentiles are taken from every response's own time (autocannon's histogram keeps whole ms only).
 */
export function load(
  url: string,
  paths: readonly string[],
  accept: string,
  connections: number,
  duration: number,
): Promise<Measured> {
  const requests: autocannon.Request[] = paths.map((path) => ({ method: 'GET', path }));
  const step = Math.max(1, Math.floor(requests.length / connections));
  let client = 0;
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        headers: { accept },
        requests,
        setupClient: (c) => {
          const k = (client++ * step) % requests.length;
          c.setRequests([...requests.slice(k), ...requests.slice(0, k)]);
        },
      },
      (error, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const sorted = Float64Array.from(times).sort();
        const at = (q: number) =>
          sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
        resolve({ result, p50: at(0.5), p99: at(0.99) });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
  });
}
