/**
 * How many query replicas `--query-replicas auto` (the default) keeps: one from the start, and a
 * second, the standby, once a query has timed out or waited behind another (ReplicaPool.ts, which
 * gives it back once idle), where the machine has two cores or more and its memory holds the
 * process with both.
 *
 * Why one at first (issue 35): each replica costs about the store's own memory again and a
 * seeding as long as the store's own load, so two from the start kept peak memory at 3.2x a
 * bare Oxigraph load of the same documents (20,000 rich documents: the store 0.48 GB, each
 * replica 0.48-0.51 GB, the rest 0.40 GB; bench scale/memoryTimeline.js) and every replica
 * seeded at about twice the first. What the standby buys is a query after a timed-out one
 * answered at once instead of after a reseeding (52 s at 20,000 documents on a busy machine),
 * and two queries at once: worth its memory where queries time out, which the first timeout
 * shows; until then a service pays for one.
 *
 * The estimate is per quad of the store as opened, measured at 100,000 documents (3.74M quads
 * with the internal graphs): the process with its indexes and no replica peaked at 2.5 GB, each
 * replica (its graphs and their union, 4.98M quads) added 1.43 to 1.49 GB.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';

/** Bytes the process takes per stored quad without a replica (store, indexes, heap). */
export const PROCESS_BYTES_PER_QUAD = 700;
/** Bytes one replica adds per stored quad. */
export const REPLICA_BYTES_PER_QUAD = 400;
/** The share of the machine's memory the service may plan to use (the rest: the OS, page cache, spikes). */
export const MEMORY_SHARE = 0.8;
/** Cores a second replica needs: on one core its seeding would stop documents being served. */
export const CORES_FOR_TWO = 2;
/** What the estimate never goes below: an empty store's process and replica. */
const PROCESS_FLOOR = 300 * 1024 * 1024;
const REPLICA_FLOOR = 60 * 1024 * 1024;

export interface ReplicaChoice {
  /** Kept seeded from the start. */
  readonly replicas: number;
  /** Kept once a query has timed out or waited behind another: with the standby, where memory and cores allow (until it is idle). */
  readonly withStandby: number;
  /** Why, in words, for the start-up log. */
  readonly reason: string;
  /** Set when even one replica is more than the memory allows. */
  readonly warning?: string;
}

const gb = (bytes: number): string => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

export function chooseQueryReplicas(
  storeQuads: number,
  machineBytes: number,
  cores = availableParallelism(),
): ReplicaChoice {
  const base = Math.max(PROCESS_FLOOR, storeQuads * PROCESS_BYTES_PER_QUAD);
  const replica = Math.max(REPLICA_FLOOR, storeQuads * REPLICA_BYTES_PER_QUAD);
  const budget = machineBytes * MEMORY_SHARE;
  const need = (n: number): number => base + n * replica;
  const facts =
    `${storeQuads.toLocaleString('en')} quads: about ${gb(base)} for the store and its indexes, ${gb(replica)} a replica; ` +
    `${gb(machineBytes)} of memory, ${Math.round(MEMORY_SHARE * 100)}% planned`;
  if (need(2) <= budget && cores >= CORES_FOR_TWO)
    return {
      replicas: 1,
      withStandby: 2,
      reason: `auto: ${facts}, ${cores} cores: one, and a standby while queries time out or wait`,
    };
  const short = need(2) <= budget ? `${cores} cores (two want ${CORES_FOR_TWO})` : 'two do not fit';
  const reason = `auto: ${facts}: one, no standby: ${short} (a query after a timed-out one waits for its reseeding; --query-replicas 2 to keep a standby)`;
  if (need(1) <= budget) return { replicas: 1, withStandby: 1, reason };
  return {
    replicas: 1,
    withStandby: 1,
    reason,
    warning:
      `the store (${storeQuads.toLocaleString('en')} quads) with one query replica needs about ${gb(need(1))}, more than ${Math.round(MEMORY_SHARE * 100)}% of this machine's ${gb(machineBytes)}: ` +
      'give the service more memory, or move to a remote SPARQL store (--store sparql)',
  };
}

/** The memory this process may use: the machine's, or its control group's limit when lower (a container). */
export function machineMemoryBytes(): number {
  let limit = totalmem();
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    try {
      const value = Number(readFileSync(file, 'utf8').trim());
      if (Number.isFinite(value) && value > 0) limit = Math.min(limit, value);
    } catch {
      // Not there (another OS, or cgroup v1/v2 not mounted): the machine's memory it is.
    }
  }
  return limit;
}
