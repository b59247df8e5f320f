/**
 * Switches that only the benchmarks set (in the environment of a service they start), to measure
 * the cost of one piece by its absence. Never set by the service: a store written with one on
 * lacks what it leaves out. Read here, with the rest of the configuration, so product code reads
 * no environment of its own.
 */

/** `npm run bench:discovery`: a load without the reverse-link index (a store loaded so needs `linkedart reindex`). */
export const WITHOUT_LINKS_FOR_BENCH = process.env.LINKEDART_BENCH_WITHOUT_LINKS === '1';

/** `npm run bench:feed`: writes without the change feed (a store written so has no feed of those writes). */
export const WITHOUT_FEED_FOR_BENCH = process.env.LINKEDART_BENCH_WITHOUT_FEED === '1';

/** `npm run bench:search`: a server without the name search index (its memory is the difference). */
export const WITHOUT_NAMES_FOR_BENCH = process.env.LINKEDART_BENCH_WITHOUT_NAMES === '1';
