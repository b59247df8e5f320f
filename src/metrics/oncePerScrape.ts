/**
 * prom-client asks every metric's collect() at once when /metrics is scraped: several gauges
 * read from one source (the store's stats) share one read, the one in flight, rather than
 * each asking the store again.
 */
export function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    if (!inFlight) {
      inFlight = read();
      const clear = (): void => {
        inFlight = undefined;
      };
      inFlight.then(clear, clear);
    }
    return inFlight;
  };
}
