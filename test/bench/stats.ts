/** Timing helpers for the benchmarks: per-item samples to median, p95 and items per second. */
export interface Timing {
  median: number;
  p95: number;
  perSecond: number;
}

export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const total = samples.reduce((a, b) => a + b, 0);
  return { median: at(0.5), p95: at(0.95), perSecond: samples.length / (total / 1000) };
}

/** Time `fn` once per item, after `warmup` untimed passes over all items. */
export async function timeEach<T>(items: readonly T[], fn: (item: T) => unknown, warmup = 1): Promise<number[]> {
  for (let w = 0; w < warmup; w++) for (const item of items) await fn(item);
  const samples: number[] = [];
  for (const item of items) {
    const start = performance.now();
    await fn(item);
    samples.push(performance.now() - start);
  }
  return samples;
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const r of rows) console.log(line(r));
}

export const ms = (v: number) => v.toFixed(3);
