/**
 * Metrics whose values live elsewhere and are read when /metrics is scraped: a running total
 * another part keeps (a counter, reset and then raised to the total: prom-client's counters
 * only go up), a figure as it is now, and figures by a label's value. A reading may come later
 * (the store's stats).
 */
import { Counter, Gauge, type Registry } from 'prom-client';

type Reading<T> = () => T | Promise<T>;

/** A counter of a total kept elsewhere. */
export function scrapedTotal(registry: Registry, name: string, help: string, total: Reading<number>): void {
  new Counter({
    name,
    registers: [registry],
    help,
    async collect() {
      this.reset();
      this.inc(await total());
    },
  });
}

/** A gauge of a figure as it is now. */
export function scrapedFigure(registry: Registry, name: string, help: string, figure: Reading<number>): void {
  new Gauge({
    name,
    registers: [registry],
    help,
    async collect() {
      this.set(await figure());
    },
  });
}

/** A gauge with one sample per value of `label` that `figures` names (none, for no sample now). */
export function scrapedFigures(
  registry: Registry,
  name: string,
  label: string,
  help: string,
  figures: Reading<Iterable<readonly [string, number]>>,
): void {
  new Gauge({
    name,
    registers: [registry],
    labelNames: [label],
    help,
    async collect() {
      this.reset();
      for (const [value, figure] of await figures()) this.set({ [label]: value }, figure);
    },
  });
}
